import Foundation
import Compilation
import InfoPlistStrings
import LegacyTables
import Migration
import Verification
import StringcatSupport

/// `stringcat migrate`: every table of a project's `.lproj` folders becomes a String Catalog.
enum MigrateCommand: Subcommand {
    static let name = "migrate"
    static let summary = "turn a project's .lproj folders into String Catalogs, as Xcode would"
    static let help = """
        usage: stringcat migrate [PATH] [--table NAME]... [--source-language CODE] [--output DIR] [--dry-run] [--merge [--prefer catalog|legacy] | --force] [--delete-legacy] [--skip-invalid] [--strict] [--no-project] [--all-files] [--exclude GLOB]... [--format-version 1.0|1.1] [--json] [--verbose | --quiet]

        Does what Xcode's "Migrate to String Catalog" does. When PATH (default: the current folder)
        is or contains an Xcode project, its tables are the project's localized variant groups:
        only their files are read, one .xcstrings per table is written where Xcode writes it, and
        project.pbxproj is edited as Xcode edits it (the variant group becomes a catalog
        reference). .lproj files in no variant group are left alone. A Swift package's tables get
        catalogs beside their .lproj folders; a bare folder of .lproj is read whole. Generated
        projects (XcodeGen, Tuist, an ignored .xcodeproj) are not edited: a checklist is printed.

        options:
          --table NAME            migrate only this table (repeatable); the others are left alone
          --source-language CODE  the development language, a BCP 47 code such as en, de-DE or zh-Hans
                                  (default: the project's developmentRegion, else Package.swift's
                                  defaultLocalization, else en)
          --output DIR            write catalogs under DIR at their path relative to PATH
          --dry-run               write nothing; print the plan (--verbose lists every file read)
          --merge                 add to an existing catalog what it lacks; values it has stay (--prefer)
          --prefer catalog|legacy with --merge, which side wins where a value differs (default: catalog)
          --force                 replace existing catalogs
          --delete-legacy         delete the migrated .strings/.stringsdict once the catalog is proven to hold them
          --skip-invalid          leave out files that do not parse (with a warning), as Xcode does
          --strict                junk where a key should start is an error (Apple's reader and Xcode
                                  end the table there, keeping the entries before it: a warning)
          --no-project            leave project.pbxproj alone; print the edits it would have had
          --all-files             read every .lproj on disk, as for a bare folder, even in a project
          --exclude GLOB          leave these .lproj folders or files alone (repeatable; relative to PATH)
          --format-version V      1.0 (Xcode 15/16, default) or 1.1 (Xcode 26)
          --json                  print the report as JSON
          --verbose               print every diagnostic (default: one line per kind and table, with a count)
          --quiet                 print only errors and the summary line
          -h, --help              show this help
        exit status: 0 all tables migrated, 1 a table could not be migrated, 2 usage error
        """
    static let spec = ArgumentSpec(
        flags: Set(["--dry-run", "--merge", "--force", "--delete-legacy", "--skip-invalid", "--json", "--no-project", "--all-files", "--strict"])
            .union(ArgumentSpec.verbosityFlags),
        options: ["--table": "name", "--source-language": "code", "--output": "dir", "--format-version": "version", "--exclude": "glob", "--prefer": "catalog|legacy"])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count <= 1 else { throw UsageError("migrate takes one PATH") }
        var options = MigrationOptions()
        options.tables = arguments.values("--table")
        options.sourceLanguage = try arguments.value("--source-language").map { try LanguageTagArgument.parse($0) }
        options.outputDirectory = arguments.value("--output")
        options.dryRun = arguments.has("--dry-run")
        options.merge = arguments.has("--merge")
        options.force = arguments.has("--force")
        options.deleteLegacy = arguments.has("--delete-legacy")
        options.skipInvalid = arguments.has("--skip-invalid")
        options.strict = arguments.has("--strict")
        options.noProject = arguments.has("--no-project")
        options.allFiles = arguments.has("--all-files")
        options.excludes = arguments.values("--exclude")
        options.formatVersion = arguments.value("--format-version") ?? "1.0"
        if options.merge && options.force { throw UsageError("--merge and --force cannot be used together") }
        if let prefer = arguments.value("--prefer") {
            guard let parsed = MergePreference(rawValue: prefer) else { throw UsageError("--prefer must be catalog or legacy") }
            guard options.merge else { throw UsageError("--prefer only applies with --merge") }
            options.prefer = parsed
        }
        if options.outputDirectory != nil && options.deleteLegacy {
            throw UsageError("--output and --delete-legacy cannot be used together: the catalogs go elsewhere, so the legacy files they replace must stay")
        }
        guard ["1.0", "1.1"].contains(options.formatVersion) else { throw UsageError("--format-version must be 1.0 or 1.1") }
        let path = arguments.positionals.first ?? "."
        let json = arguments.has("--json")
        let report = ProjectMigrator.migrate(path, options: options) { index, count, table in
            if !json { console.progress("[\(index + 1)/\(count)] \(table.name) in \(DisplayPath.of(table.folder))") }
        }
        console.endProgress()
        if json {
            console.out(JSONOutput.text(jsonObject(report, options: options)))
        } else {
            printReport(report, options: options, console: console)
        }
        return report.hasErrors ? 1 : 0
    }

    /// How many files of a table, or file references of a project edit, `--dry-run` lists one
    /// by one before it counts them in one line instead.
    static let listedLimit = 12

    private static func printReport(_ report: MigrationReport, options: MigrationOptions, console: Console) {
        var diagnostics = DiagnosticGroups()
        diagnostics.add(contentsOf: report.diagnostics)
        for table in report.tables {
            diagnostics.add(contentsOf: table.diagnostics.filter { $0.severity != .note || !table.diagnostics.containsError }, scope: .table(table.catalogPath))
        }
        for leftover in report.leftovers {
            diagnostics.add(contentsOf: leftover.diagnostics, scope: .table(leftover.catalogPath))
        }
        diagnostics.add(contentsOf: sourceLanguageWarnings(report), scope: .run)
        diagnostics.print(on: console)

        console.result("source language: \(report.sourceLanguage.code) (\(report.sourceLanguage.origin))")
        for table in report.tables {
            var line = "\(DisplayPath.of(table.catalogPath)): \(table.outcome.rawValue)"
            if table.outcome != .failed && table.outcome != .empty {
                line += ", \(table.languages.count) languages (\(table.languages.joined(separator: ", "))), \(table.entryCount) entries, \(table.pluralEntryCount) plural, \(table.commentCount) comments"
            }
            line += ", \(table.warningCount) warnings"
            if !table.skippedFiles.isEmpty { line += ", \(table.skippedFiles.count) files skipped" }
            console.result(line)
            if options.dryRun { printFilesRead(table, options: options, console: console) }
            for deleted in table.deletedFiles where !options.dryRun { console.result("  deleted \(DisplayPath.of(deleted))") }
            for folder in table.removedFolders { console.result("  removed the emptied folder \(DisplayPath.of(folder))") }
            for kept in table.keptFiles { console.result("  \(options.dryRun ? "would keep" : "kept") \(DisplayPath.of(kept.path)): \(kept.reason)") }
        }
        for leftover in report.leftovers {
            var line = "\(DisplayPath.of(leftover.catalogPath)): \(leftover.outcome.rawValue); \(leftover.table.allFiles.count) legacy files are still beside it"
            if !options.deleteLegacy { line += " (--delete-legacy deletes those it provably holds)" }
            console.result(line)
            for deleted in leftover.deletedFiles { console.result("  \(options.dryRun ? "would delete" : "deleted") \(DisplayPath.of(deleted))") }
            for folder in leftover.removedFolders { console.result("  removed the emptied folder \(DisplayPath.of(folder))") }
            for kept in leftover.keptFiles { console.result("  \(options.dryRun ? "would keep" : "kept") \(DisplayPath.of(kept.path)): \(kept.reason)") }
        }
        printProjectEdits(report, options: options, console: console)
        if !report.filesLeftAlone.isEmpty {
            let folders = Set(report.filesLeftAlone.map { ($0 as NSString).deletingLastPathComponent }).count
            console.result("left alone: \(report.filesLeftAlone.count) legacy files in \(folders) .lproj folders are in no variant group of the project (Xcode's migration does not read them; --all-files takes them too)")
        }
        if !report.skippedFolders.isEmpty {
            console.result("skipped: \(report.skippedFolders.count) .lproj folders inside bundles, frameworks, apps or dependency folders, or excluded (\(report.skippedFolders.prefix(2).map(DisplayPath.of).joined(separator: ", "))\(report.skippedFolders.count > 2 ? ", …" : ""))")
        }
        if let generator = report.generator {
            console.result("The project is generated (\(generator.kind.rawValue), \(generator.evidence)): its files were left alone. To finish:")
            for (index, line) in generator.checklist.enumerated() { console.result("  \(index + 1). \(line)") }
        }
        let failed = report.tables.filter { $0.outcome == .failed }.count
        let unchanged = report.tables.filter { $0.outcome == .unchanged }.count
        let empty = report.tables.filter { $0.outcome == .empty }.count
        let done = report.tables.count - failed - unchanged - empty
        let entries = report.tables.filter { $0.outcome != .failed }.reduce(0) { $0 + $1.entryCount }
        let languages = Set(report.tables.filter { $0.outcome != .failed }.flatMap(\.languages)).count
        let verb = options.dryRun ? "would write" : "wrote"
        var summary = "\(verb) \(done) of \(report.tables.count) catalogs (\(entries) entries, \(languages) languages)"
        if unchanged > 0 { summary += "; \(unchanged) unchanged" }
        if empty > 0 { summary += "; \(empty) empty table\(empty == 1 ? "" : "s") (no entries), no catalog written" }
        if report.tables.isEmpty && !report.leftovers.isEmpty {
            summary = "nothing left to migrate: \(report.leftovers.count) tables are already migrated"
        }
        if failed > 0 { summary += "; \(failed) failed, see the errors above" }
        console.out(summary)
    }

    /// `--dry-run`: the files a table reads. Up to `listedLimit` files are listed; more are one
    /// line (the languages are on the table's line), unless `--verbose`.
    private static func printFilesRead(_ table: TableReport, options: MigrationOptions, console: Console) {
        let files = table.table.files.filter { !table.skippedFiles.contains($0.path) }
        if console.verbosity == .verbose || files.count <= listedLimit {
            for file in files {
                let fate = !options.deleteLegacy ? "" : table.deletedFiles.contains(file.path) ? " (would delete)" : " (would keep)"
                console.result("  reads \(DisplayPath.of(file.path))" + fate)
            }
            return
        }
        let names = Set(files.map { ($0.path as NSString).lastPathComponent }).sorted()
        let folders = Set(files.map { ($0.path as NSString).deletingLastPathComponent }).count
        var line = "  reads \(files.count) files (\(names.joined(separator: ", "))) in \(folders) .lproj folders under \(DisplayPath.of(table.table.folder))"
        if options.deleteLegacy { line += "; would delete \(table.deletedFiles.count), keep \(files.count - table.deletedFiles.count)" }
        console.result(line + "; --verbose lists each")
    }

    /// A warning for each table with strings but none in the source language (a wrong
    /// `--source-language`, or a developmentRegion that is not the language of the strings).
    /// Interface Builder and InfoPlist tables are left out: their source strings are in the
    /// storyboard or the Info.plist, not in a `.strings` file.
    static func sourceLanguageWarnings(_ report: MigrationReport) -> [Diagnostic] {
        let source = report.sourceLanguage.code
        return report.tables.filter { table in
            table.outcome != .failed && table.entryCount > 0 && !table.languages.contains(source)
                && !table.table.isInterfaceBuilder && !InfoPlistTable.isInfoPlistTable(fileName: table.table.name + ".strings")
        }.map { table in
            .warning("no strings in the source language '\(source)'; if the development language is another, pass it with --source-language",
                     at: .file(table.catalogPath))
        }
    }

    /// What happens to each project file: written, or the edits it would have had.
    private static func printProjectEdits(_ report: MigrationReport, options: MigrationOptions, console: Console) {
        for edit in report.projectEdits {
            let counts = "\(edit.changes.removedObjects.count) objects removed, \(edit.changes.addedObjects.count) added, \(edit.changes.settingsAdded.count) settings added"
                + (edit.changes.objectVersion.map { ", objectVersion \($0.from) -> \($0.to)" } ?? "")
            if edit.written {
                console.result("\(DisplayPath.of(edit.outputPath)): edited (\(counts))")
            } else if edit.notWrittenBecause == "unchanged" {
                console.result("\(DisplayPath.of(edit.outputPath)): unchanged (it already holds these edits)")
            } else {
                console.result("\(DisplayPath.of(edit.projectPath)): not edited (\(edit.notWrittenBecause ?? "")); the edits it would have:")
                for line in compacted(edit.changes.lines, verbosity: console.verbosity) { console.result("  " + line) }
            }
        }
    }

    /// The edit lines of a project, with the legacy file references it removes counted in one
    /// line when there are more than `listedLimit` (a project in 30 languages has thousands),
    /// unless `--verbose`.
    private static func compacted(_ lines: [String], verbosity: Verbosity) -> [String] {
        let prefix = "- PBXFileReference "
        let removedFiles = lines.filter { $0.hasPrefix(prefix) }
        guard verbosity != .verbose, removedFiles.count > listedLimit, let first = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return lines }
        var result = lines.filter { !$0.hasPrefix(prefix) }
        result.insert("- \(removedFiles.count) PBXFileReference (the variant groups' legacy files; --verbose lists each)", at: first)
        return result
    }

    private static func jsonObject(_ report: MigrationReport, options: MigrationOptions) -> [String: Any] {
        let sourceLanguageWarnings = sourceLanguageWarnings(report)
        return [
            "sourceLanguage": report.sourceLanguage.code,
            "sourceLanguageOrigin": report.sourceLanguage.origin,
            "dryRun": options.dryRun,
            "ok": !report.hasErrors,
            "diagnostics": report.diagnostics.map(DisplayPath.json),
            "projects": report.projectEdits.map { edit -> [String: Any] in
                [
                    "project": DisplayPath.of(edit.projectPath),
                    "output": DisplayPath.of(edit.outputPath),
                    "written": edit.written,
                    "notWrittenBecause": edit.notWrittenBecause ?? NSNull(),
                    "catalogs": edit.catalogPaths.map(DisplayPath.of),
                    "changes": edit.changes.lines,
                ]
            },
            "filesLeftAlone": report.filesLeftAlone.map(DisplayPath.of),
            "skippedFolders": report.skippedFolders.map(DisplayPath.of),
            "generator": report.generator.map { ["kind": $0.kind.rawValue, "evidence": $0.evidence, "checklist": $0.checklist] as [String: Any] } ?? NSNull(),
            "tables": report.tables.map { table -> [String: Any] in
                [
                    "table": table.table.name,
                    "catalog": DisplayPath.of(table.catalogPath),
                    "outcome": table.outcome.rawValue,
                    "languages": table.languages,
                    "entries": table.entryCount,
                    "pluralEntries": table.pluralEntryCount,
                    "comments": table.commentCount,
                    "warnings": table.warningCount,
                    "errors": table.errorCount,
                    "files": table.table.files.map { DisplayPath.of($0.path) },
                    "skippedFiles": table.skippedFiles.map(DisplayPath.of),
                    (options.dryRun ? "wouldDeleteFiles" : "deletedFiles"): table.deletedFiles.map(DisplayPath.of),
                    "keptFiles": table.keptFiles.map { ["file": DisplayPath.of($0.path), "reason": $0.reason] },
                    "mergeDifferences": table.mergeDifferences.map { ["key": $0.key, "languages": $0.languages] as [String: Any] },
                    "diagnostics": (table.diagnostics + sourceLanguageWarnings.filter { $0.location.path == table.catalogPath }).map(DisplayPath.json),
                ]
            },
        ]
    }
}
