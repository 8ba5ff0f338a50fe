import Languages
import XcodeProject

/// A migration's project edit by what each change is to the migration: the one reading of a
/// `ProjectChanges` that `migrate`'s summary line, the review page and `--json` all render (none
/// classifies objects again).
public struct EditSummary: Sendable, Hashable, Encodable {
    public typealias Object = ProjectChanges.Object

    /// Variant groups a catalog replaced (docs/spec/project-edit.md#the-variant-group-goes), and plain files folded
    /// into one.
    public var replacedGroups: [Object] = []
    /// The catalogs' new references (docs/spec/project-edit.md#one-file-reference-per-table).
    public var catalogReferences: [Object] = []
    /// `mul` references added to Interface Builder groups
    /// (docs/spec/project-edit.md#the-mul-child-of-an-interface-builder-group), and those groups.
    public var mulReferences: [Object] = []
    public var interfaceBuilderGroups: [Object] = []
    /// Build files added for the catalogs (docs/spec/project-edit.md#one-build-file-per-target).
    public var catalogBuildFiles: [Object] = []
    /// The legacy files' references and build files removed with their groups.
    public var legacyFileReferences: [Object] = []
    public var legacyBuildFiles: [Object] = []
    /// Groups and build phases whose lists changed (the catalogs in place of the legacy files).
    public var changedLists: [Object] = []
    /// Exception sets added or removed for synchronized folders.
    public var exceptionSets: [Object] = []
    /// Anything else removed or added.
    public var otherRemoved: [Object] = []
    public var otherAdded: [Object] = []
    public var settingsAdded: [ProjectChanges.Setting] = []
    /// `objectVersion` before and after, when it changed (docs/spec/project-edit.md#objectversion-becomes-60).
    public var objectVersion: (from: Int, to: Int)?
    /// Legacy files kept in synchronized folders that left their targets, and the entries of
    /// deleted ones removed: paths as the exception sets name them.
    public var excludedFiles: [String] = []
    public var exceptionsAdded = 0
    public var reincludedFiles: [String] = []
    public var exceptionsRemoved = 0

    public init(_ changes: ProjectChanges) {
        for object in changes.removedObjects {
            switch object.kind {
            case .variantGroup: replacedGroups.append(object)
            case .fileReference: legacyFileReferences.append(object)
            case .buildFile: legacyBuildFiles.append(object)
            case .synchronizedExceptionSet: exceptionSets.append(object)
            default: otherRemoved.append(object)
            }
        }
        for object in changes.addedObjects {
            switch object.kind {
            case .fileReference where object.comment == LprojFolderName.multilingual: mulReferences.append(object)
            case .fileReference where (object.comment ?? "").hasSuffix(".xcstrings"):
                catalogReferences.append(object)
            case .buildFile: catalogBuildFiles.append(object)
            case .synchronizedExceptionSet: exceptionSets.append(object)
            default: otherAdded.append(object)
            }
        }
        for object in changes.changedLists {
            if object.kind == .variantGroup {
                interfaceBuilderGroups.append(object)
            } else {
                changedLists.append(object)
            }
        }
        settingsAdded = changes.settingsAdded
        objectVersion = changes.objectVersion
        excludedFiles = Set(changes.exceptionsAdded.map(\.path)).sorted()
        exceptionsAdded = changes.exceptionsAdded.count
        reincludedFiles = Set(changes.exceptionsRemoved.map(\.path)).sorted()
        exceptionsRemoved = changes.exceptionsRemoved.count
    }

    public static func == (a: EditSummary, b: EditSummary) -> Bool {
        a.replacedGroups == b.replacedGroups && a.catalogReferences == b.catalogReferences
            && a.settingsAdded == b.settingsAdded
            && a.objectVersion?.from == b.objectVersion?.from && a.objectVersion?.to == b.objectVersion?.to
            && a.excludedFiles == b.excludedFiles && a.reincludedFiles == b.reincludedFiles
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(replacedGroups)
        hasher.combine(catalogReferences)
    }

    private enum CodingKeys: String, CodingKey {
        case replacedGroups, catalogReferences, mulReferences, interfaceBuilderGroups, catalogBuildFiles,
            legacyFileReferences
        case legacyBuildFiles, changedLists, exceptionSets, otherRemoved, otherAdded, settingsAdded, objectVersion
        case excludedFiles, exceptionsAdded, reincludedFiles, exceptionsRemoved
    }

    private struct VersionChange: Encodable { var from: Int; var to: Int }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(replacedGroups, forKey: .replacedGroups)
        try container.encode(catalogReferences, forKey: .catalogReferences)
        try container.encode(mulReferences, forKey: .mulReferences)
        try container.encode(interfaceBuilderGroups, forKey: .interfaceBuilderGroups)
        try container.encode(catalogBuildFiles, forKey: .catalogBuildFiles)
        try container.encode(legacyFileReferences, forKey: .legacyFileReferences)
        try container.encode(legacyBuildFiles, forKey: .legacyBuildFiles)
        try container.encode(changedLists, forKey: .changedLists)
        try container.encode(exceptionSets, forKey: .exceptionSets)
        try container.encode(otherRemoved, forKey: .otherRemoved)
        try container.encode(otherAdded, forKey: .otherAdded)
        try container.encode(settingsAdded, forKey: .settingsAdded)
        try container.encode(objectVersion.map { VersionChange(from: $0.from, to: $0.to) }, forKey: .objectVersion)
        try container.encode(excludedFiles, forKey: .excludedFiles)
        try container.encode(exceptionsAdded, forKey: .exceptionsAdded)
        try container.encode(reincludedFiles, forKey: .reincludedFiles)
        try container.encode(exceptionsRemoved, forKey: .exceptionsRemoved)
    }
}
