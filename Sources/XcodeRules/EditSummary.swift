import Languages
import StringcatSupport
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
    /// `--json` says `null` when it did not change.
    @Nullable public var objectVersion: ProjectChanges.VersionChange?
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
}
