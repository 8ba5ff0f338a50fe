import Foundation
import LegacyTables
import Migration
import StringcatSupport
import XcodeRules

/// `stringcat migrate --json` (docs/json.md#migrate).
struct MigrateJSON: Encodable {
    struct Project: Encodable {
        var project: String
        var output: String
        var written: Bool
        @Nullable var notWrittenBecause: String?
        var catalogs: [String]
        /// The edit by what each change is to the migration.
        var changes: EditSummary
    }

    struct Record: Encodable {
        var record: String
        var written: Bool
        var files: Int
        var catalogs: Int
        var bundles: Int
    }

    struct DroppedLanguages: Encodable {
        var target: String
        var languages: [String]
    }

    struct Generator: Encodable {
        var kind: String
        var evidence: String
        var checklist: [String]
    }

    struct Package: Encodable {
        var package: String
        /// `own`, `third-party` or `unused`.
        var owner: String
        var evidence: String
        /// Why its tables are read, or null when they are not.
        @Nullable var readBecause: String?
    }

    struct MergeDifference: Encodable {
        var key: String
        var languages: [String]
    }

    struct Table: Encodable {
        var table: String
        var catalog: String
        var outcome: String
        var languages: [String]
        var entries: Int
        var pluralEntries: Int
        var comments: Int
        var otherLanguageComments: Int
        var warnings: Int
        var errors: Int
        var files: [String]
        var skippedFiles: [String]
        /// `deletedFiles`, or `wouldDeleteFiles` in a dry run.
        var deletedFiles: [String]
        var dryRun: Bool
        var keptFiles: [FileReasonJSON]
        var mergeDifferences: [MergeDifference]
        var diagnostics: [DiagnosticJSON]

        init(_ table: TableReport, dryRun: Bool, extraDiagnostics: [Diagnostic]) {
            self.table = table.table.name
            catalog = DisplayPath.of(table.catalogPath)
            outcome = table.outcome.rawValue
            languages = table.languages
            entries = table.entryCount
            pluralEntries = table.pluralEntryCount
            comments = table.commentCount
            otherLanguageComments = table.otherLanguageCommentCount
            warnings = table.warningCount
            errors = table.errorCount
            files = table.table.allFiles.map { DisplayPath.of($0.path) }
            skippedFiles = table.skippedFiles.map(DisplayPath.of)
            deletedFiles = table.deletedFiles.map(DisplayPath.of)
            self.dryRun = dryRun
            keptFiles = table.keptFiles.map { FileReasonJSON($0.path, $0.reason) }
            mergeDifferences = table.mergeDifferences.map { MergeDifference(key: $0.key, languages: $0.languages) }
            diagnostics = (table.diagnostics + extraDiagnostics.filter { $0.location.path == table.catalogPath }).map(
                DiagnosticJSON.init)
        }

        private enum CodingKeys: String, CodingKey {
            case table, catalog, outcome, languages, entries, pluralEntries, comments, otherLanguageComments, warnings,
                errors, files
            case skippedFiles, deletedFiles, wouldDeleteFiles, keptFiles, mergeDifferences, diagnostics
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(table, forKey: .table)
            try container.encode(catalog, forKey: .catalog)
            try container.encode(outcome, forKey: .outcome)
            try container.encode(languages, forKey: .languages)
            try container.encode(entries, forKey: .entries)
            try container.encode(pluralEntries, forKey: .pluralEntries)
            try container.encode(comments, forKey: .comments)
            try container.encode(otherLanguageComments, forKey: .otherLanguageComments)
            try container.encode(warnings, forKey: .warnings)
            try container.encode(errors, forKey: .errors)
            try container.encode(files, forKey: .files)
            try container.encode(skippedFiles, forKey: .skippedFiles)
            try container.encode(deletedFiles, forKey: dryRun ? .wouldDeleteFiles : .deletedFiles)
            try container.encode(keptFiles, forKey: .keptFiles)
            try container.encode(mergeDifferences, forKey: .mergeDifferences)
            try container.encode(diagnostics, forKey: .diagnostics)
        }
    }

    struct EarlierDeletions: Encodable {
        var goneFiles: [String]
        var removedFolders: [String]
    }

    var sourceLanguage: String
    var sourceLanguageOrigin: String
    var dryRun: Bool
    var ok: Bool
    /// True when the safety gate refused the run: nothing was written or deleted.
    var refused: Bool
    var diagnostics: [DiagnosticJSON]
    var projects: [Project]
    var filesLeftAlone: [FileReasonJSON]
    var skippedFolders: [String]
    var skippedPackages: [String]
    var packages: [Package]
    var records: [Record]
    @Nullable var generator: Generator?
    var tables: [Table]
    var leftovers: [Table]
    var earlierDeletions: EarlierDeletions
    var droppedLanguages: [DroppedLanguages]

    init(_ report: MigrationReport, options: MigrationOptions, sourceLanguageWarnings: [Diagnostic]) {
        sourceLanguage = report.sourceLanguage.code
        sourceLanguageOrigin = report.sourceLanguage.origin
        dryRun = options.dryRun
        ok = !report.hasErrors
        refused = report.isRefused
        diagnostics = report.diagnostics.map(DiagnosticJSON.init)
        projects = report.projectEdits.map { edit in
            Project(
                project: DisplayPath.of(edit.projectPath), output: DisplayPath.of(edit.outputPath),
                written: edit.written,
                notWrittenBecause: edit.notWritten?.description, catalogs: edit.catalogPaths.map(DisplayPath.of),
                changes: EditSummary(edit.changes))
        }
        filesLeftAlone = report.filesLeftAlone.map { FileReasonJSON($0.path, $0.reason) }
        skippedFolders = report.skippedFolders.map(DisplayPath.of)
        skippedPackages = report.skippedPackages.map(DisplayPath.of)
        packages = report.packages.map { package in
            Package(
                package: DisplayPath.of(package.manifest.folder), owner: package.ownership.kind.rawValue,
                evidence: package.ownership.evidence,
                readBecause: package.readBecause?.description)
        }
        records = report.recordWrites.map {
            Record(
                record: DisplayPath.of($0.path), written: $0.written, files: $0.fileCount, catalogs: $0.catalogCount,
                bundles: $0.bundleCount)
        }
        generator = report.generator.map {
            Generator(kind: $0.kind.rawValue, evidence: $0.evidence, checklist: $0.checklist)
        }
        tables = report.tables.map { Table($0, dryRun: options.dryRun, extraDiagnostics: sourceLanguageWarnings) }
        leftovers = report.leftovers.map { Table($0, dryRun: options.dryRun, extraDiagnostics: []) }
        earlierDeletions = EarlierDeletions(
            goneFiles: report.earlierDeletions.goneFiles.map(DisplayPath.of),
            removedFolders: report.earlierDeletions.removedFolders.map(DisplayPath.of))
        droppedLanguages = report.droppedLanguages.map { DroppedLanguages(target: $0.target, languages: $0.languages) }
    }
}
