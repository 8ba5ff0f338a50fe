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

    /// The edited project.
    public var project: ProjectEdit
    /// The facts the rules read.
    public var facts: EditFacts
    /// What each rule did, in the order they ran.
    public var ruleChanges: [RuleChange]

    /// Replaces the variant groups of `tables` (any subset of `LocalizedTables.find`'s) by
    /// catalogs, and applies the project rules.
    /// - Throws: a `Diagnostic` when a table's group is not a variant group of this project, or a
    ///   synchronized folder cannot be listed.
    public static func apply(
        _ tables: [LocalizedTable], to graph: ProjectGraph, projectFolder: String,
        options: Options = Options()
    ) throws(Diagnostic) -> ProjectEdit {
        try run(tables, on: graph, projectFolder: projectFolder, options: options).project
    }

    /// `apply`, with the facts and what each rule did; `rules` in the order given.
    public static func run(
        _ tables: [LocalizedTable], on graph: ProjectGraph, projectFolder: String, options: Options = Options(),
        rules: EditRules = .standard
    ) throws(Diagnostic) -> MigrationEdit {
        var editor = ProjectEditor(graph: graph, projectFolder: projectFolder)
        let facts = try EditFacts(tables, editor: &editor, options: options, factRules: rules.factRules)
        var changes: [RuleChange] = []
        for table in facts.tables {
            for rule in rules.tableRules { changes += rule.apply(to: table, facts, &editor) }
        }
        for rule in rules.projectRules { changes += rule.apply(facts, &editor) }
        return MigrationEdit(project: editor.finish(), facts: facts, ruleChanges: changes)
    }
}
