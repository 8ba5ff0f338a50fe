/// Typed, read-only views of the objects a migration looks at. Each is a snapshot of the fields
/// (decoded strings and ID lists); `ProjectGraph` builds them on demand.

/// The `PBXProject` (root object).
public struct PBXProjectView: Sendable, Hashable {
    public var id: String
    /// The file's top-level `objectVersion` (`46`, `56`, `77`…).
    public var objectVersion: ObjectVersion?
    public var developmentRegion: String?
    public var knownRegions: [String]
    public var mainGroup: String?
    public var targets: [String]
    public var buildConfigurationList: String?
}

/// A `PBXGroup`, `PBXVariantGroup` or `XCVersionGroup`.
public struct PBXGroupView: Sendable, Hashable {
    public var id: String
    public var isa: String
    public var name: String?
    public var path: String?
    public var sourceTree: String?
    public var children: [String]
    /// `name`, else the last component of `path`: what Xcode shows.
    public var displayName: String { name ?? path.map { String($0.split(separator: "/").last ?? "") } ?? "" }
}

/// A `PBXFileReference`.
public struct PBXFileReferenceView: Sendable, Hashable {
    public var id: String
    public var name: String?
    public var path: String?
    public var sourceTree: String?
    public var lastKnownFileType: String?
    public var explicitFileType: String?
}

/// A `PBXBuildFile`: one file (or package product) in one build phase.
public struct PBXBuildFileView: Sendable, Hashable {
    public var id: String
    public var fileRef: String?
    public var productRef: String?
}

/// Any build phase (`PBXResourcesBuildPhase`, `PBXSourcesBuildPhase`, …).
public struct PBXBuildPhaseView: Sendable, Hashable {
    public var id: String
    public var isa: String
    public var name: String?
    public var files: [String]
}

/// A target (`PBXNativeTarget`, `PBXAggregateTarget`, `PBXLegacyTarget`).
public struct PBXTargetView: Sendable, Hashable {
    public var id: String
    public var isa: String
    public var name: String?
    public var productType: String?
    public var buildPhases: [String]
    public var buildConfigurationList: String?
}

/// An `XCConfigurationList`.
public struct XCConfigurationListView: Sendable, Hashable {
    public var id: String
    public var buildConfigurations: [String]
    public var defaultConfigurationName: String?
}

/// An `XCBuildConfiguration` (its settings: `ProjectGraph.buildSettings(of:)`).
public struct XCBuildConfigurationView: Sendable, Hashable {
    public var id: String
    public var name: String?
    public var baseConfigurationReference: String?
}

/// An Xcode 16 `PBXFileSystemSynchronizedRootGroup`: a folder whose files are not listed.
public struct PBXSynchronizedRootGroupView: Sendable, Hashable {
    public var id: String
    public var name: String?
    public var path: String?
    public var sourceTree: String?
    public var exceptions: [String]
}

/// A `PBXFileSystemSynchronizedBuildFileExceptionSet` (or the build-phase membership kind):
/// paths, relative to the synchronized folder, that a target treats differently.
public struct PBXSynchronizedExceptionSetView: Sendable, Hashable {
    public var id: String
    public var isa: String
    public var target: String?
    public var membershipExceptions: [String]
}

/// Target isas: what a `PBXProject.targets` entry can be.
let targetISAs: Set<String> = ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"]

extension ProjectGraph {
    /// The root `PBXProject`.
    public var project: PBXProjectView? {
        guard let id = rootObjectID, let object = object(id), object.kind == .project else { return nil }
        var version: ObjectVersion?
        if let root = document.rootDictionary {
            version = document.string("objectVersion", in: root).flatMap { ObjectVersion(field: $0) }
        }
        return PBXProjectView(
            id: id, objectVersion: version, developmentRegion: string("developmentRegion", of: id),
            knownRegions: strings("knownRegions", of: id), mainGroup: string("mainGroup", of: id),
            targets: strings("targets", of: id), buildConfigurationList: string("buildConfigurationList", of: id))
    }

    public func group(_ id: String) -> PBXGroupView? {
        guard let object = object(id),
            object.kind == .group || object.kind == .variantGroup || object.kind == .versionGroup
        else { return nil }
        return PBXGroupView(
            id: id, isa: object.isa, name: string("name", of: id), path: string("path", of: id),
            sourceTree: string("sourceTree", of: id), children: strings("children", of: id))
    }

    public func fileReference(_ id: String) -> PBXFileReferenceView? {
        guard object(id)?.kind == .fileReference else { return nil }
        return PBXFileReferenceView(
            id: id, name: string("name", of: id), path: string("path", of: id),
            sourceTree: string("sourceTree", of: id),
            lastKnownFileType: string("lastKnownFileType", of: id), explicitFileType: string("explicitFileType", of: id)
        )
    }

    public func buildFile(_ id: String) -> PBXBuildFileView? {
        guard object(id)?.kind == .buildFile else { return nil }
        return PBXBuildFileView(id: id, fileRef: string("fileRef", of: id), productRef: string("productRef", of: id))
    }

    public func buildPhase(_ id: String) -> PBXBuildPhaseView? {
        guard let object = object(id), object.isa.hasSuffix("BuildPhase") else { return nil }
        return PBXBuildPhaseView(id: id, isa: object.isa, name: string("name", of: id), files: strings("files", of: id))
    }

    public func target(_ id: String) -> PBXTargetView? {
        guard let object = object(id), targetISAs.contains(object.isa) else { return nil }
        return PBXTargetView(
            id: id, isa: object.isa, name: string("name", of: id), productType: string("productType", of: id),
            buildPhases: strings("buildPhases", of: id),
            buildConfigurationList: string("buildConfigurationList", of: id))
    }

    public func configurationList(_ id: String) -> XCConfigurationListView? {
        guard object(id)?.kind == .configurationList else { return nil }
        return XCConfigurationListView(
            id: id, buildConfigurations: strings("buildConfigurations", of: id),
            defaultConfigurationName: string("defaultConfigurationName", of: id))
    }

    public func buildConfiguration(_ id: String) -> XCBuildConfigurationView? {
        guard object(id)?.kind == .buildConfiguration else { return nil }
        return XCBuildConfigurationView(
            id: id, name: string("name", of: id),
            baseConfigurationReference: string("baseConfigurationReference", of: id))
    }

    public func synchronizedRootGroup(_ id: String) -> PBXSynchronizedRootGroupView? {
        guard object(id)?.kind == .synchronizedRootGroup else { return nil }
        return PBXSynchronizedRootGroupView(
            id: id, name: string("name", of: id), path: string("path", of: id),
            sourceTree: string("sourceTree", of: id), exceptions: strings("exceptions", of: id))
    }

    public func synchronizedExceptionSet(_ id: String) -> PBXSynchronizedExceptionSetView? {
        guard let object = object(id), object.isa.hasPrefix("PBXFileSystemSynchronized"),
            object.isa.hasSuffix("ExceptionSet")
        else { return nil }
        return PBXSynchronizedExceptionSetView(
            id: id, isa: object.isa, target: string("target", of: id),
            membershipExceptions: strings("membershipExceptions", of: id))
    }

    /// The project's targets, in `PBXProject.targets` order.
    public var targets: [PBXTargetView] { (project?.targets ?? []).compactMap { target($0) } }

    /// The target owning a build phase.
    public func target(owningPhase phaseID: String) -> PBXTargetView? {
        targets.first { $0.buildPhases.contains(phaseID) }
    }
}
