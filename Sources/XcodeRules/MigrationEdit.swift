import StringcatSupport
import XcodeProject

/// The `project.pbxproj` edit of a migration (docs/spec/project-edit.md), made by `EditRules`:
/// the variant groups of the tables migrated become catalogs, the settings a catalog needs are
/// added, and the legacy files of synchronized folders leave or come back to their targets.
public struct MigrationEdit: Sendable {
    /// Where the migration puts `SWIFT_EMIT_LOC_STRINGS = YES`: it depends on the Xcode that
    /// migrates, and nothing in the project file tells (docs/spec/migration-rules.md, "Which Xcode").
    public enum EmitLocStringsPlacement: Sendable, Hashable {
        /// Xcode 15: in each configuration of each target that received a catalog, where the
        /// target does not already evaluate to YES.
        case eachReceivingTarget
        /// Xcode 16 and later: in every project-level configuration that does not set it yet
        /// (even when the targets say YES); targets are left alone, an explicit `NO` included.
        case projectConfigurations
    }

    /// What the edit is asked to do beyond the tables.
    public struct Options: Sendable {
        /// Legacy files (absolute) kept beside their catalogs in synchronized folders: they leave
        /// the targets that build their folder.
        public var keptSynchronizedFiles: [String] = []
        /// Legacy files (absolute) deleted in synchronized folders: the exception entries that stood
        /// for them go once no language of them is left.
        public var deletedFiles: [String] = []
        /// Also remove the exception entries of tables whose files are all gone while their catalog
        /// is on disk (what a run killed between its deletions and this edit left).
        public var staleSynchronizedEntries = false
        public var emitLocStrings: EmitLocStringsPlacement = .projectConfigurations

        public init(
            keptSynchronizedFiles: [String] = [], deletedFiles: [String] = [], staleSynchronizedEntries: Bool = false,
            emitLocStrings: EmitLocStringsPlacement = .projectConfigurations
        ) {
            self.keptSynchronizedFiles = keptSynchronizedFiles
            self.deletedFiles = deletedFiles
            self.staleSynchronizedEntries = staleSynchronizedEntries
            self.emitLocStrings = emitLocStrings
        }
    }

    /// The project being changed.
    public var editor: ProjectEditor
    public let options: Options
    /// Targets that received a catalog (`SWIFT_EMIT_LOC_STRINGS` for Xcode 15), by ID.
    public var receivingTargets: Set<String> = []
    /// True once an Interface Builder table got its `mul` catalog (`objectVersion` 60).
    public var addedMul = false
    /// The variant groups migrated so far: a table is migrated once.
    public var handledGroups: Set<String> = []
    /// The reference each table's catalog got, by catalog path.
    public var catalogReferences: [String: String] = [:]
    /// Where a table's new reference points, when a rule decided it before the reference is made
    /// (by catalog path); otherwise relative to the group that takes it.
    public var referenceLocations: [String: ReferenceLocation] = [:]

    /// Where a file reference points: `path` from its `sourceTree`, with `name` when the path has folders.
    public struct ReferenceLocation: Sendable, Hashable {
        public var name: String?
        public var path: String
        public var sourceTree: String

        public init(name: String?, path: String, sourceTree: String) {
            self.name = name
            self.path = path
            self.sourceTree = sourceTree
        }
    }

    public var graph: ProjectGraph { editor.graph }

    init(graph: ProjectGraph, projectFolder: String, options: Options) {
        editor = ProjectEditor(graph: graph, projectFolder: projectFolder)
        self.options = options
    }

    /// The key new IDs of a table are derived from: the catalog's path below the project folder,
    /// so that migrating tables one call at a time gives the bytes of one call with all of them.
    public func idKey(_ table: LocalizedTable) -> String {
        PathResolver.relative(table.catalogPath, from: editor.resolver.projectFolder)
    }

    /// Replaces the variant groups of `tables` (any subset of `LocalizedTables.find`'s) by
    /// catalogs, and applies the project rules.
    /// - Throws: a `Diagnostic` when a table's group is not a variant group of this project.
    public static func apply(
        _ tables: [LocalizedTable], to graph: ProjectGraph, projectFolder: String,
        options: Options = Options()
    ) throws(Diagnostic) -> ProjectEdit {
        var edit = MigrationEdit(graph: graph, projectFolder: projectFolder, options: options)
        for table in tables where try edit.begin(table) {
            for rule in EditRules.tableRules { try rule.apply(to: table, in: &edit) }
        }
        for rule in EditRules.projectRules { rule.apply(to: &edit) }
        return edit.editor.finish()
    }

    /// Checks a table's groups are this project's, once: false for a table already migrated in
    /// this edit (two tables of one group) or with no group.
    private mutating func begin(_ table: LocalizedTable) throws(Diagnostic) -> Bool {
        guard !table.variantGroupIDs.isEmpty else { return false }
        // docs/spec/project-edit.md#a-strings-file-outside-any-lproj: a plain `.strings` file's reference stands where
        // a variant group would.
        let plainFiles = Set(table.files.map(\.referenceID))
        for id in table.variantGroupIDs
        where graph.object(id)?.isa != "PBXVariantGroup"
            && !(graph.object(id)?.isa == "PBXFileReference" && plainFiles.contains(id))
        {
            throw Diagnostic.error(
                "table \(table.name): \(id) is not a variant group of this project (was the project changed since its "
                    + "tables were listed?)",
                at: .file(graph.document.path))
        }
        guard !table.variantGroupIDs.contains(where: handledGroups.contains) else { return false }
        handledGroups.formUnion(table.variantGroupIDs)
        return true
    }
}
