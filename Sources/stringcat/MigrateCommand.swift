import Compilation
import Foundation
import InfoPlistStrings
import LegacyTables
import Migration
import Reporting
import StringcatSupport
import Verification
import XcodeRules

/// `stringcat migrate`: every table of a project's `.lproj` folders becomes a String Catalog.
enum MigrateCommand: Subcommand {
    static let name = "migrate"
    static let summary = "turn a project's .lproj folders into String Catalogs, as Xcode would"
    static let help = """
        usage: stringcat migrate [PATH] [--table NAME]... [--source-language CODE] [--output DIR] [--dry-run] [--merge [--prefer catalog|legacy] | --force] [--delete-legacy] [--delete-empty-languages] [--skip-invalid] [--strict] [--no-project] [--all-files] [--exclude GLOB]... [--include PATH]... [--include-base-only] [--xcode-version VERSION] [--format-version 1.0|1.1] [--report FILE.md] [--json] [--verbose | --quiet]

        Does what Xcode's "Migrate to String Catalog" does. When PATH (default: the current folder)
        is or contains an Xcode project, its tables are the project's localized variant groups:
        only their files are read, one .xcstrings per table is written where Xcode writes it, and
        project.pbxproj is edited as Xcode edits it (the variant group becomes a catalog
        reference). .lproj files in no variant group are left alone. A folder inside a project's
        folder gets that project's tables under it. A Swift package's tables get catalogs beside
        their .lproj folders; a bare folder of .lproj is read whole (--all-files). Generated
        projects (XcodeGen, Tuist, an ignored .xcodeproj) are not edited: a checklist is printed.

        \(optionTable.help)
        exit status: 0 every table migrated (or, in a Swift package, left for --delete-legacy), 1 a table could not
        be migrated or the run was refused (nothing written), 2 usage error
        """
    /// The options of `migrate`, as its help lists them.
    enum Arg {
        static let table = CommandOption.option(
            "--table", "NAME", "migrate only this table (repeatable); the others are left alone. NAME",
            "may name its folder too (Share/InfoPlist) when several tables share a name")
        static let sourceLanguage = CommandOption.option(
            "--source-language", "CODE", "the development language, a BCP 47 code such as en, de-DE or zh-Hans",
            "(default: the project's developmentRegion, else Package.swift's", "defaultLocalization, else en)")
        static let output = CommandOption.option(
            "--output", "DIR", "write catalogs under DIR at their path relative to PATH")
        static let dryRun = CommandOption.flag(
            "--dry-run", "write nothing; print the plan (--verbose lists every file read)")
        static let merge = CommandOption.flag(
            "--merge", "add to an existing catalog what it lacks; values it has stay (--prefer)")
        static let prefer = CommandOption.option(
            "--prefer", MergePreference.allCases.map(\.rawValue).joined(separator: "|"),
            "with --merge, which side wins where a value differs (default: catalog)",
            choices: MergePreference.allCases.map(\.rawValue))
        static let force = CommandOption.flag("--force", "replace existing catalogs")
        static let deleteLegacy = CommandOption.flag(
            "--delete-legacy", "delete the migrated .strings/.stringsdict once the catalog is proven to hold them")
        static let deleteEmptyLanguages = CommandOption.flag(
            "--delete-empty-languages",
            "migrate the tables whose files hold no entry in a language they are the only",
            "declaration of (left alone without it: a catalog makes no .lproj for a",
            "language without a value); each target's dropped languages are named")
        static let skipInvalid = CommandOption.flag(
            "--skip-invalid", "leave out files that do not parse (with a warning), as Xcode does")
        static let strict = CommandOption.flag(
            "--strict", "junk where a key should start is an error (Apple's reader and Xcode",
            "end the table there, keeping the entries before it: a warning)")
        static let noProject = CommandOption.flag(
            "--no-project", "leave project.pbxproj alone; print the edits it would have had")
        static let allFiles = CommandOption.flag(
            "--all-files", "also read the .lproj files no project references (by folder, as in a bare",
            "folder; files of a variant group's table join its catalog)")
        static let exclude = CommandOption.option(
            "--exclude", "GLOB", "leave these .lproj folders or files alone (repeatable; relative to PATH)")
        static let include = CommandOption.option(
            "--include", "PATH", "migrate the package at PATH too (repeatable): a package the tree does not use",
            "by path, or one in a dependency folder or a git submodule, is left alone",
            "(--verbose says whose each package is, and why)")
        static let includeBaseOnly = CommandOption.flag(
            "--include-base-only", "also give each storyboard or xib with no .strings an empty",
            "mul.lproj catalog (a choice Xcode's dialog offers)")
        static let xcodeVersion = CommandOption.option(
            "--xcode-version", "VERSION", "the Xcode whose migration to reproduce: 15 (SWIFT_EMIT_LOC_STRINGS on",
            "each target that receives a catalog), 16 (default: in the project's",
            "configurations) or 26 (as 16, catalogs \"version\" : \"1.1\"); a release (16.4)",
            "or VERSION/BUILD, as export takes them, counts by its major version")
        static let formatVersion = CommandOption.option(
            "--format-version", "VERSION", "the catalogs' version whatever --xcode-version says: 1.0 (Xcode 15/16,",
            "which every Xcode since 15 opens) or 1.1 (Xcode 26)", choices: ["1.0", "1.1"])
        static let report = CommandOption.report(
            "also write the run as a Markdown page for a pull request, with verify's",
            "proof as its verdict (docs/ci.md); FILE.md is replaced if it exists",
            "(the page is the tool's own output)")
    }

    static let optionTable = OptionTable([
        Arg.table, Arg.sourceLanguage, Arg.output, Arg.dryRun, Arg.merge, Arg.prefer, Arg.force, Arg.deleteLegacy,
        Arg.deleteEmptyLanguages, Arg.skipInvalid, Arg.strict, Arg.noProject, Arg.allFiles, Arg.exclude, Arg.include,
        Arg.includeBaseOnly, Arg.xcodeVersion, Arg.formatVersion, .json, Arg.report, .verbose, .quiet,
    ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count <= 1 else { throw UsageError("migrate takes one PATH") }
        var options = MigrationOptions()
        options.tables = arguments.values(Arg.table)
        options.sourceLanguage = try arguments.value(Arg.sourceLanguage).map { try LanguageTagArgument.parse($0) }
        options.outputDirectory = arguments.value(Arg.output)
        options.dryRun = arguments.has(Arg.dryRun)
        options.merge = arguments.has(Arg.merge)
        options.force = arguments.has(Arg.force)
        options.deleteLegacy = arguments.has(Arg.deleteLegacy)
        options.deleteEmptyLanguages = arguments.has(Arg.deleteEmptyLanguages)
        options.skipInvalid = arguments.has(Arg.skipInvalid)
        options.strict = arguments.has(Arg.strict)
        options.noProject = arguments.has(Arg.noProject)
        options.allFiles = arguments.has(Arg.allFiles)
        options.excludes = arguments.values(Arg.exclude)
        options.includes = arguments.values(Arg.include)
        options.includeBaseOnly = arguments.has(Arg.includeBaseOnly)
        if let version = try XcodeVersionArgument.parse(arguments, Arg.xcodeVersion) {
            guard version.reproducesMigration else {
                throw UsageError(
                    "--xcode-version must be 15, 16 or 26, or a release of them (16.4, 26.3/17C529); use 26 for a "
                        + "later Xcode")
            }
            options.xcodeVersion = version
        }
        options.formatVersionOverride = arguments.value(Arg.formatVersion)
        if options.merge && options.force { throw UsageError("--merge and --force cannot be used together") }
        // (The table checks the value.)
        if let prefer = arguments.value(Arg.prefer).flatMap(MergePreference.init(rawValue:)) {
            guard options.merge else { throw UsageError("--prefer only applies with --merge") }
            options.prefer = prefer
        }
        if options.outputDirectory != nil && options.deleteLegacy {
            throw UsageError(
                "--output and --delete-legacy cannot be used together: the catalogs go elsewhere, so the legacy files "
                    + "they replace must stay"
            )
        }
        let reportPath = try ReportOption.path(arguments)
        let path = arguments.positionals.first ?? "."
        let json = arguments.has(.json)
        let report = ProjectMigrator.migrate(path, options: options) { index, count, table in
            if !json { console.progress("[\(index + 1)/\(count)] \(table.name) in \(DisplayPath.of(table.folder))") }
        }
        console.endProgress()
        if json {
            console.out(
                JSONText.of(
                    MigrateJSON(report, options: options, sourceLanguageWarnings: sourceLanguageWarnings(report))))
        } else {
            printReport(report, options: options, console: console)
        }
        if let reportPath,
            !ReportOption.write(ReviewPage.migration(report, options: options), to: reportPath, console: console)
        {
            return 1
        }
        return report.hasErrors ? 1 : 0
    }

    /// How many files of a table, or file references of a project edit, `--dry-run` lists one
    /// by one before it counts them in one line instead.
    static let listedLimit = 12

    private static func printReport(_ report: MigrationReport, options: MigrationOptions, console: Console) {
        printDiagnostics(report, console: console)
        guard !report.stopped else { return }
        printSourceLanguage(report, console: console)
        printCatalogs(report, options: options, console: console)
        printEarlierDeletions(report, console: console)
        printProjectEdits(report, options: options, console: console)
        printRecords(report, console: console)
        LeftAloneLines.print(report.filesLeftAlone, verbose: console.verbosity == .verbose, console: console)
        printSkipped(report, console: console)
        printGenerator(report, console: console)
        console.out(summaryLine(report, options: options))
    }

    /// Every diagnostic of the run, grouped (a table's notes only when it has no error).
    private static func printDiagnostics(_ report: MigrationReport, console: Console) {
        var diagnostics = DiagnosticGroups()
        diagnostics.add(contentsOf: report.diagnostics)
        for table in report.tables {
            diagnostics.add(
                contentsOf: table.diagnostics.filter { $0.severity != .note || !table.diagnostics.containsError },
                scope: .table(table.catalogPath))
        }
        for leftover in report.leftovers {
            diagnostics.add(contentsOf: leftover.diagnostics, scope: .table(leftover.catalogPath))
        }
        diagnostics.add(contentsOf: sourceLanguageWarnings(report), scope: .run)
        diagnostics.print(on: console)
    }

    /// The source language, and the tables that take another one from their own project or package.
    private static func printSourceLanguage(_ report: MigrationReport, console: Console) {
        console.result("source language: \(report.sourceLanguage.code) (\(report.sourceLanguage.origin))")
        for (language, count) in otherSourceLanguages(report) {
            console.result(
                "  \(counted(count, "table")) \(count == 1 ? "takes" : "take") the source language \(language) of "
                    + "\(count == 1 ? "its" : "their") own project or package"
            )
        }
    }

    /// One line per catalog (and per table already migrated), then what became of its files.
    private static func printCatalogs(_ report: MigrationReport, options: MigrationOptions, console: Console) {
        for table in report.tables {
            var line = "\(DisplayPath.of(table.catalogPath)): \(table.outcome.rawValue)"
            if table.outcome == .waiting || table.outcome == .leftAlone {
                line +=
                    ", \(counted(table.languages.count, "language"))"
                    + (table.languages.isEmpty ? "" : " (\(table.languages.joined(separator: ", ")))")
            } else if table.outcome != .failed {
                line +=
                    ", \(counted(table.languages.count, "language"))"
                    + (table.languages.isEmpty ? "" : " (\(table.languages.joined(separator: ", ")))")
                    + ", \(counted(table.entryCount, "entry", "entries")), \(table.pluralEntryCount) plural, "
                    + "\(counted(table.commentCount, "comment"))"
                if table.otherLanguageCommentCount > 0 {
                    line +=
                        " (\(counted(table.otherLanguageCommentCount, "comment")) in other languages cannot be held by "
                        + "a catalog)"
                }
            }
            line += ", \(counted(table.warningCount, "warning"))"
            if !table.skippedFiles.isEmpty { line += ", \(counted(table.skippedFiles.count, "file")) skipped" }
            console.result(line)
            if options.dryRun { printFilesRead(table, options: options, console: console) }
            printFates(table, options: options, console: console)
        }
        for leftover in report.leftovers {
            var line =
                "\(DisplayPath.of(leftover.catalogPath)): \(leftover.outcome.rawValue); "
                + "\(counted(leftover.table.allFiles.count, "legacy file")) of it "
                + "\(leftover.table.allFiles.count == 1 ? "is" : "are") still on disk"
            if !options.deleteLegacy { line += " (--delete-legacy deletes those it provably holds)" }
            console.result(line)
            printFates(leftover, options: options, console: console)
        }
    }

    /// What an earlier `--delete-legacy` run that stopped during its deletions left, finished now.
    private static func printEarlierDeletions(_ report: MigrationReport, console: Console) {
        let earlier = report.earlierDeletions
        if !earlier.goneFiles.isEmpty || !earlier.removedFolders.isEmpty {
            var parts: [String] = []
            if !earlier.goneFiles.isEmpty {
                parts.append(
                    "\(counted(earlier.goneFiles.count, "legacy file")) it deleted "
                        + "\(earlier.goneFiles.count == 1 ? "leaves" : "leave") stringcat's record"
                )
            }
            if !earlier.removedFolders.isEmpty {
                parts.append("removed \(counted(earlier.removedFolders.count, "emptied .lproj folder"))")
            }
            console.result(
                "finished an earlier --delete-legacy run that stopped during its deletions: "
                    + parts.joined(separator: ", "))
        }
    }

    /// The migration records written, unchanged or not written (and why).
    private static func printRecords(_ report: MigrationReport, console: Console) {
        for record in report.recordWrites {
            var what =
                record.fileCount == 0
                ? "no legacy file of a migrated table is left"
                : "records the \(counted(record.fileCount, "legacy file")) kept beside "
                    + "\(counted(record.catalogCount, "catalog")) (status, verify and --delete-legacy read it)"
            if record.bundleCount > 0 {
                what +=
                    "; keeps what \(counted(record.bundleCount, "target's bundle", "targets' bundles")) held before "
                    + "the migration (verify compares the app with it)"
            }
            if record.written {
                console.result(
                    "\(DisplayPath.of(record.path)): \(record.isRemoval ? "removed" : "written"); \(what)")
            } else if record.notWritten == .unchanged {
                console.result("\(DisplayPath.of(record.path)): unchanged; \(what)")
            } else {
                // Nothing is kept by a record that is not written: say only why.
                console.result("\(DisplayPath.of(record.path)): not written (\(record.notWritten?.description ?? ""))")
            }
        }
    }

    /// The `.lproj` folders and packages the run did not read (each package's reason with `--verbose`).
    private static func printSkipped(_ report: MigrationReport, console: Console) {
        if !report.skippedFolders.isEmpty {
            console.result(
                "skipped: \(counted(report.skippedFolders.count, ".lproj folder")) inside bundles, frameworks, apps, "
                    + "dependency folders or third-party packages, or excluded "
                    + "(\(report.skippedFolders.prefix(2).map(DisplayPath.of).joined(separator: ", "))\(report.skippedFolders.count > 2 ? ", …" : ""))"
            )
        }
        if console.verbosity == .verbose {
            for package in report.packages {
                let folder = DisplayPath.of(package.manifest.folder)
                if let read = package.readBecause {
                    console.result(
                        "package \(folder): \(package.ownership.kind.rawValue), read (\(read))"
                    )
                } else {
                    console.result(
                        "package \(folder): \(package.ownership.kind.rawValue), skipped "
                            + "(\(package.skippedBecause ?? ""))"
                    )
                }
            }
        }
        if !report.skippedPackages.isEmpty {
            let shown = report.skippedPackages.prefix(3).map {
                DisplayPath.of(($0 as NSString).deletingLastPathComponent)
            }.joined(separator: ", ")
            console.result(
                "skipped: \(counted(report.skippedPackages.count, "package")) inside the tree that "
                    + "\(report.skippedPackages.count == 1 ? "is" : "are") third-party or unused "
                    + "(\(shown)\(report.skippedPackages.count > 3 ? ", …" : "")); --verbose says why, --include "
                    + "PATH migrates one"
            )
        }
    }

    /// A generated project: its files are left alone, and what to do to finish.
    private static func printGenerator(_ report: MigrationReport, console: Console) {
        if let generator = report.generator {
            console.result(
                "The project is generated (\(generator.kind.rawValue), \(generator.evidence)): its files were left "
                    + "alone. To finish:"
            )
            for (index, line) in generator.checklist.enumerated() { console.result("  \(index + 1). \(line)") }
        }
    }

    /// The last line: catalogs written, unchanged, waiting or failed; files deleted and kept.
    private static func summaryLine(_ report: MigrationReport, options: MigrationOptions) -> String {
        let failed = report.tables.filter { $0.outcome == .failed }.count
        let unchanged = report.tables.filter { $0.outcome == .unchanged }.count
        let waiting = report.tables.filter { $0.outcome == .waiting }.count
        let leftAlone = report.tables.filter { $0.outcome == .leftAlone }.count
        let done = report.tables.count - failed - unchanged - waiting - leftAlone
        let built = report.tables.filter(\.hasCatalog)
        let entries = built.reduce(0) { $0 + $1.entryCount }
        let languages = Set(built.flatMap(\.languages)).count
        let verb = options.dryRun ? "would write" : "wrote"
        var summary =
            "\(verb) \(done) of \(counted(report.tables.count, "catalog")) (\(counted(entries, "entry", "entries")), "
            + "\(counted(languages, "language")))"
        if unchanged > 0 { summary += "; \(unchanged) unchanged" }
        if waiting > 0 { summary += "; \(waiting) left for --delete-legacy (in Swift packages)" }
        if leftAlone > 0 {
            summary +=
                "; \(leftAlone) left alone (\(leftAlone == 1 ? "its files are" : "their files are") what puts "
                + "languages in an app's bundle)"
        }
        for dropped in report.droppedLanguages {
            summary +=
                "; \(dropped.target) no longer offers \(dropped.languages.joined(separator: ", ")) "
                + "(--delete-empty-languages)"
        }
        if report.tables.isEmpty && !report.leftovers.isEmpty {
            summary =
                "nothing left to migrate: \(counted(report.leftovers.count, "table")) "
                + "\(report.leftovers.count == 1 ? "is" : "are") already migrated"
        } else if report.tables.isEmpty && !report.hasErrors {
            summary = "nothing left to migrate: every table has its catalog"
        }
        let deleted = (report.tables + report.leftovers).reduce(0) { $0 + $1.deletedFiles.count }
        let kept = (report.tables + report.leftovers).reduce(0) { $0 + $1.keptFiles.count }
        if options.deleteLegacy {
            summary +=
                "; \(options.dryRun ? "would delete" : "deleted") \(counted(deleted, "legacy file"))"
                + (kept > 0 ? ", \(options.dryRun ? "would keep" : "kept") \(kept)" : "")
        }
        if failed > 0 { summary += "; \(failed) failed, see the errors above" }
        if report.isRefused { summary = "refused: nothing was written or deleted; see the errors above" }
        return summary
    }

    /// `--delete-legacy`: what became of a table's legacy files, one line with the counts (each
    /// deleted file with `--verbose`), then each kept file with its reason.
    private static func printFates(_ table: TableReport, options: MigrationOptions, console: Console) {
        let verb = options.dryRun ? "would delete" : "deleted"
        if !table.deletedFiles.isEmpty && !(options.dryRun && table.outcome != .leftover) {
            if console.verbosity == .verbose {
                for deleted in table.deletedFiles { console.result("  \(verb) \(DisplayPath.of(deleted))") }
                for folder in table.removedFolders {
                    console.result("  removed the emptied folder \(DisplayPath.of(folder))")
                }
            } else {
                let folders =
                    table.removedFolders.isEmpty
                    ? "" : ", removed \(counted(table.removedFolders.count, "emptied .lproj folder"))"
                console.result(
                    "  \(verb) \(counted(table.deletedFiles.count, "legacy file"))\(folders); --verbose lists each")
            }
        }
        for kept in table.keptFiles.prefix(console.verbosity == .verbose ? table.keptFiles.count : listedLimit) {
            console.result("  \(options.dryRun ? "would keep" : "kept") \(DisplayPath.of(kept.path)): \(kept.reason)")
        }
        if table.keptFiles.count > listedLimit && console.verbosity != .verbose {
            console.result(
                "  and \(counted(table.keptFiles.count - listedLimit, "more file")) kept; --verbose lists each")
        }
    }

    /// Development languages of projects other than the one the report names, with how many
    /// tables take each (docs/spec/languages.md#the-source-language: each table takes that of the project that lists
    /// it).
    static func otherSourceLanguages(_ report: MigrationReport) -> [(String, Int)] {
        let counts = Dictionary(
            grouping: (report.tables + report.leftovers).map(\.table.sourceLanguage).filter {
                $0 != report.sourceLanguage.code
            }, by: { $0 }
        ).mapValues(\.count)
        return counts.sorted { $0.key < $1.key }
    }

    /// `--dry-run`: the files a table reads. Up to `listedLimit` files are listed; more are one
    /// line (the languages are on the table's line), unless `--verbose`.
    private static func printFilesRead(_ table: TableReport, options: MigrationOptions, console: Console) {
        let files = table.table.files.filter { !table.skippedFiles.contains($0.path) }
        if console.verbosity == .verbose || files.count <= listedLimit {
            for file in files {
                let fate =
                    !options.deleteLegacy
                    ? "" : table.deletedFiles.contains(file.path) ? " (would delete)" : " (would keep)"
                console.result("  reads \(DisplayPath.of(file.path))" + fate)
            }
            return
        }
        let names = Set(files.map { ($0.path as NSString).lastPathComponent }).sorted()
        let folders = Set(files.map { ($0.path as NSString).deletingLastPathComponent }).count
        var line =
            "  reads \(counted(files.count, "file")) (\(names.joined(separator: ", "))) in "
            + "\(counted(folders, ".lproj folder")) under \(DisplayPath.of(table.table.folder))"
        if options.deleteLegacy {
            line += "; would delete \(table.deletedFiles.count), keep \(files.count - table.deletedFiles.count)"
        }
        console.result(line + "; --verbose lists each")
    }

    /// A warning for each table with strings but none in the source language (a wrong
    /// `--source-language`, or a developmentRegion that is not the language of the strings).
    /// Interface Builder and InfoPlist tables are left out: their source strings are in the
    /// storyboard or the Info.plist, not in a `.strings` file.
    static func sourceLanguageWarnings(_ report: MigrationReport) -> [Diagnostic] { SourceLanguageWarnings.of(report) }

    /// What happens to each project file: written, or the edits it would have had.
    private static func printProjectEdits(_ report: MigrationReport, options: MigrationOptions, console: Console) {
        for edit in report.projectEdits {
            let summary = EditSummary(edit.changes)
            var parts: [String] = []
            let removed = edit.changes.removedObjects.count, added = edit.changes.addedObjects.count
            if removed > 0 || added > 0 { parts.append("\(counted(removed, "object")) removed, \(added) added") }
            if !summary.settingsAdded.isEmpty {
                parts.append("\(counted(summary.settingsAdded.count, "setting")) added")
            }
            if let version = summary.objectVersion { parts.append("objectVersion \(version.from) -> \(version.to)") }
            if !summary.excludedFiles.isEmpty {
                parts.append(
                    "the kept legacy files of \(counted(summary.excludedFiles.count, "synchronized table")) leave "
                        + "their targets' membership until --delete-legacy deletes them"
                )
            }
            if !summary.reincludedFiles.isEmpty {
                parts.append(
                    "\(counted(summary.reincludedFiles.count, "membership exception")) of deleted files removed")
            }
            let counts = parts.joined(separator: ", ")
            if edit.written {
                console.result("\(DisplayPath.of(edit.outputPath)): edited (\(counts))")
            } else if edit.notWritten == .unchanged {
                console.result("\(DisplayPath.of(edit.outputPath)): unchanged (it already holds these edits)")
            } else {
                console.result(
                    "\(DisplayPath.of(edit.projectPath)): not edited (\(edit.notWritten?.description ?? "")); the edits it "
                        + "would have:"
                )
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
        guard verbosity != .verbose, removedFiles.count > listedLimit,
            let first = lines.firstIndex(where: { $0.hasPrefix(prefix) })
        else { return lines }
        var result = lines.filter { !$0.hasPrefix(prefix) }
        result.insert(
            "- \(removedFiles.count) PBXFileReference (the variant groups' legacy files; --verbose lists each)",
            at: first)
        return result
    }
}
