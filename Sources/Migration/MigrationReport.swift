import AppBundles
import Foundation
import LegacyTables
import StringcatSupport
import XcodeProject

/// What `migrate` did, or would do, with one table.
public enum TableOutcome: String, Sendable {
    /// The catalog was written.
    case written
    /// `--dry-run`: the catalog would be written.
    case planned = "would write"
    /// `--merge`: entries and languages were added to the existing catalog.
    case merged
    /// The catalog on disk already holds exactly what this run would write (with `--merge`:
    /// everything the legacy files add): not touched, mtime kept.
    case unchanged
    /// Not written: a file did not parse, a catalog exists, or the write failed.
    case failed
    /// Legacy files beside a catalog already on disk that the project no longer lists (a table
    /// migrated by an earlier run): the catalog is not touched, as for `unchanged`;
    /// `--delete-legacy` deletes the files it provably holds.
    case leftover = "unchanged (already migrated)"
    /// Not written in this run, and not an error: a Swift package's table, whose catalog is
    /// written only by a run that also deletes its legacy files (`--delete-legacy`).
    case waiting = "left for --delete-legacy"
    /// Not migrated: a language of its files holds no value, and those files are what puts the
    /// language in a target's bundle; a catalog makes no `.lproj` for a language it has no value
    /// in, so the table stays as it is (`BundleKeeping`; `--delete-empty-languages` migrates it).
    case leftAlone = "left alone"
}

/// One table's line in the migration report.
public struct TableReport: Sendable {
    public var table: LegacyTable
    /// Where the catalog goes (under `--output` when given).
    public var catalogPath: String
    public var outcome: TableOutcome
    public var languages: [String]
    public var entryCount: Int
    public var pluralEntryCount: Int
    public var commentCount: Int
    /// Comments of other languages that differ from their key's catalog comment: a catalog holds
    /// one comment per key, so they stay in the legacy files only (and go with them).
    public var otherLanguageCommentCount = 0
    /// Errors, warnings and notes of this table's files and of the merge.
    public var diagnostics: [Diagnostic]
    /// Legacy files skipped because they did not parse (`--skip-invalid`).
    public var skippedFiles: [String]
    /// Legacy files deleted (`--delete-legacy`), or that would be (`--dry-run`).
    public var deletedFiles: [String]
    /// `--delete-legacy`: legacy files of the table that stay, each with its reason.
    public var keptFiles: [KeptFile] = []
    /// `.lproj` folders removed because the deletion emptied them.
    public var removedFolders: [String] = []
    /// `--merge`: the keys whose value the catalog and the legacy files give differently.
    public var mergeDifferences: [MergeDifference] = []
    /// `--delete-legacy`: the languages in which the legacy files hold a key, as the proof read
    /// them (the catalog, proven, holds a value in each).
    public var provenLanguages: [String] = []
    /// What the catalog this run builds puts in a bundle, and the keys each language's legacy
    /// files give, from the merge: what the gate compares (nil when no catalog is built).
    public var bundleOutput: PlannedBundleOutput?

    /// True when the table has a catalog after this run (or would, for `--dry-run`): written,
    /// merged, unchanged, or planned.
    public var hasCatalog: Bool { [.written, .planned, .merged, .unchanged].contains(outcome) }

    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
}

/// What a table's planned catalog puts in a bundle, and what its legacy files gave (from the merge).
public struct PlannedBundleOutput: Sendable {
    public var catalog: CatalogOutput
    /// Language key (as the table spells it) -> the distinct keys its legacy files give.
    public var legacyKeys: [String: Int]
}

/// A key `--merge` found with a different value in the catalog and in the legacy files.
public struct MergeDifference: Sendable, Hashable {
    public var key: String
    public var languages: [String]
}

/// A legacy file `--delete-legacy` did not delete, and why.
public struct KeptFile: Sendable, Hashable {
    public var path: String
    public var reason: String
}

/// Everything `migrate` did.
public struct MigrationReport: Sendable {
    public var root: String
    public var sourceLanguage: SourceLanguage
    /// Scan-level findings: plain files named `*.lproj`, language clashes, unreadable folders.
    public var diagnostics: [Diagnostic]
    public var tables: [TableReport]
    /// The project files found (`project.pbxproj`), and what was done to each.
    public var projectPaths: [String] = []
    public var projectEdits: [ProjectEditReport] = []
    /// Legacy files on disk that no table takes, each with the reason
    /// (docs/spec/project-edit.md#only-the-children-of-a-variant-group-are-read: in no variant group).
    public var filesLeftAlone: [LeftAloneFile] = []
    /// `.lproj` folders skipped: inside a bundle, framework, app, dependency folder or
    /// third-party package, or excluded.
    public var skippedFolders: [String] = []
    /// `Package.swift` of packages inside the tree whose tables are not read: skipped.
    public var skippedPackages: [String] = []
    /// Every package of the tree, whose it is and why (`PackageOwnership`).
    public var packages: [TreePackage] = []
    /// What was done to each project's migration record (`MigrationRecord`).
    public var recordWrites: [RecordWrite] = []
    /// Tables already migrated whose legacy files are still on disk beside their catalog.
    public var leftovers: [TableReport] = []
    /// What a `--delete-legacy` run finished for an earlier one killed during its deletions:
    /// legacy files the record still listed but that were gone, and `.lproj` folders they left empty.
    public var earlierDeletions = EarlierDeletions()
    /// A generated project: its files are left alone and the user gets a checklist.
    public var generator: ProjectGenerator?

    /// True when the run stopped before reading the project (no lock could be held): only its
    /// diagnostics say anything.
    public var stopped = false

    /// Why the safety gate (`MigrationGate`) refused the run's plan; empty when it did not.
    public var refusals: [Diagnostic] = []
    /// True when the gate refused the run's plan: nothing was written or deleted.
    public var isRefused: Bool { !refusals.isEmpty }
    /// Languages the run takes out of a target's bundle because the user asked
    /// (`--delete-empty-languages`), by target.
    public var droppedLanguages: [DroppedLanguages] = []

    /// True when something went wrong: exit status 1.
    public var hasErrors: Bool {
        diagnostics.containsError || isRefused
            || (tables + leftovers).contains { $0.outcome == .failed || $0.errorCount > 0 }
    }
}

/// The end of an earlier `--delete-legacy` run that was killed after deleting files: they leave
/// the record, and the `.lproj` folders they emptied go (`LegacyDeletion.finishEarlierDeletions`).
public struct EarlierDeletions: Sendable {
    /// Legacy files the migration record listed that were no longer on disk.
    public var goneFiles: [String] = []
    /// Empty `.lproj` folders beside catalogs, removed.
    public var removedFolders: [String] = []
}

/// A migration record (`MigrationRecord`) written, updated or removed by a run.
public struct RecordWrite: Sendable {
    /// Where it goes (under `--output` when given).
    public var path: String
    /// Legacy files it lists after the run (0: the record is removed).
    public var fileCount: Int
    /// Catalogs it lists after the run.
    public var catalogCount: Int
    /// Targets whose bundle before the migration it keeps (`MigrationRecord.bundles`).
    public var bundleCount = 0
    /// True when it lists nothing after the run: it is removed.
    public var isRemoval: Bool { fileCount == 0 && bundleCount == 0 }
    public var written = false
    /// Why it is not written, when it is not.
    public var notWritten: NotWritten?
    /// The project file whose edit it goes with (its output path): it is written only with it.
    var projectOutputPath: String?
    /// True when the record was on disk before the run.
    var existedBefore = true
    var data: Data?
}

/// Languages `--delete-empty-languages` takes out of one target's bundle.
public struct DroppedLanguages: Sendable {
    /// Whose bundle.
    public var owner: BundleOwner
    /// `Mattermost (iOS app)`.
    public var target: String
    /// Canonical codes, sorted.
    public var languages: [String]
}
