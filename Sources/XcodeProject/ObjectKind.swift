/// The kinds of object (`isa`) the migration reads and writes: one place names them, so that a
/// rule or a report asks `object.kind == .variantGroup`, never compares a string of its own.
/// Kinds the migration does not look at stay strings (`PBXObject.isa`).
public enum ObjectKind: String, Sendable, Hashable, CaseIterable {
    case project = "PBXProject"
    case group = "PBXGroup"
    case variantGroup = "PBXVariantGroup"
    case versionGroup = "XCVersionGroup"
    case fileReference = "PBXFileReference"
    case buildFile = "PBXBuildFile"
    case resourcesBuildPhase = "PBXResourcesBuildPhase"
    case configurationList = "XCConfigurationList"
    case buildConfiguration = "XCBuildConfiguration"
    /// Xcode 16's folder whose files are not listed (docs/spec/project-edit.md#synchronized-folders).
    case synchronizedRootGroup = "PBXFileSystemSynchronizedRootGroup"
    /// The files of a synchronized folder that a target does not build.
    case synchronizedExceptionSet = "PBXFileSystemSynchronizedBuildFileExceptionSet"
    case localSwiftPackageReference = "XCLocalSwiftPackageReference"
    case swiftPackageProductDependency = "XCSwiftPackageProductDependency"
}

extension PBXObject {
    /// The object's kind, when it is one the migration knows.
    public var kind: ObjectKind? { ObjectKind(rawValue: isa) }
}

extension ProjectChanges.Object {
    /// The object's kind, when it is one the migration knows.
    public var kind: ObjectKind? { ObjectKind(rawValue: isa) }
}

extension ProjectGraph {
    /// The objects of one kind, in file order.
    public func objects(_ kind: ObjectKind) -> [PBXObject] { objects(isa: kind.rawValue) }

    /// True when `id` is an object of `kind`.
    public func object(_ id: String, is kind: ObjectKind) -> Bool { object(id)?.isa == kind.rawValue }
}

extension ProjectEditor {
    /// Adds an object of a known kind (`addObject(_:isa:comment:text:)`).
    public mutating func addObject(_ id: String, kind: ObjectKind, comment: String, text: String) {
        addObject(id, isa: kind.rawValue, comment: comment, text: text)
    }
}

extension PBXBuildPhaseView {
    /// The phase's kind, when it is one the migration knows (the Resources phase).
    public var kind: ObjectKind? { ObjectKind(rawValue: isa) }
}

extension PBXGroupView {
    /// The group's kind: `.group`, `.variantGroup` or `.versionGroup`.
    public var kind: ObjectKind? { ObjectKind(rawValue: isa) }
}
