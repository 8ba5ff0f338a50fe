import AppBundles
import Compilation
import Foundation
import LegacyTables
import Migration
import Reporting
import StringcatSupport
import Verification

/// `stringcat verify`: legacy -> catalog -> legacy, compared key by key.
enum VerifyCommand: Subcommand {
    static let name = "verify"
    static let summary = "prove, key by key, that migrating a project loses nothing"
    static let help = """
        usage: stringcat verify [PATH] [--table NAME]... [--source-language CODE] [--all-files] [--report FILE.md] [--json] [--verbose | --quiet]

        For each table under PATH (found as migrate finds them), proves that its catalog holds
        everything the legacy files say: the legacy files as their readers see them against the
        catalog on disk compiled back, leaf by leaf (every value, plural form, variable, device
        case, specifier kind and source-language comment). A table with no catalog on disk yet is
        checked against the catalog migrate would write. Catalogs whose legacy files are all gone
        (a finished migration) are listed; they have nothing left to compare.

        Each loss and error is a diagnostic on stderr (path:line:column: error: message); the
        table lines and the summary go to stdout.

        \(optionTable.help)
        exit status: 0 nothing lost, 1 a loss or an error, 2 usage error
        """
    /// The options of `verify`, as its help lists them.
    enum Arg {
        static let table = CommandOption.option("--table", "NAME", "only this table (repeatable)")
        static let sourceLanguage = CommandOption.option(
            "--source-language", "CODE", "the development language, a BCP 47 code (default: as migrate finds it)")
        static let report = CommandOption.report(
            "also write the proof as a Markdown page for a pull request (docs/ci.md);",
            "FILE.md is replaced if it exists (the page is the tool's own output)")
    }

    static let optionTable = OptionTable([
        Arg.table, Arg.sourceLanguage, .allFiles, .json, Arg.report, .verbose, .quiet,
    ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count <= 1 else { throw UsageError("verify takes one PATH") }
        let path = arguments.positionals.first ?? "."
        let sourceLanguage = try arguments.value(Arg.sourceLanguage).map { try LanguageTagArgument.parse($0) }
        let asJSON = arguments.has(.json)
        let reportPath = try ReportOption.path(arguments)
        // A migration changing the tree now (deleting the legacy files verify reads) would show
        // as losses that are not: said instead, before and after the comparison.
        if let running = TreeLock.runInProgress(over: [path]) {
            console.err(DiagnosticLine.text(.error(runningMessage(running), at: running.location)))
            return 1
        }
        if !asJSON { console.phase("verify: finding the tables of \(DisplayPath.of(path))…") }
        var search = TableSearch(
            tables: arguments.values(Arg.table), sourceLanguage: sourceLanguage, requireTables: false)
        search.allFiles = arguments.has(.allFiles)
        let project = ProjectTables.find(path, search)
        // The projects and tables found: a run on a project nested in PATH holds a lock there.
        let found = [path] + project.projects.map(\.path) + (project.tables + project.leftoverTables).map(\.catalogPath)
        // Found once, tested now and again after the comparison.
        let watched = TreeLock.watchedFolders(over: found)
        if let running = TreeLock.runInProgress(watching: watched) {
            console.endProgress()
            console.err(DiagnosticLine.text(.error(runningMessage(running), at: running.location)))
            return 1
        }
        let files =
            project.tables.reduce(0) { $0 + $1.allFiles.count }
            + project.leftoverTables.reduce(0) { $0 + $1.allFiles.count }
        // (Catalogs are read a window at a time.)
        let inputs = (project.tables + project.leftoverTables).flatMap { $0.allFiles.map(\.path) }
        if let problem = MemoryBudget.check(largest: MemoryBudget.largest(of: inputs)) {
            console.endProgress()
            console.err(DiagnosticLine.text(problem))
            return 1
        }
        if !asJSON {
            console.phase(
                "verify: building the catalogs migrate would write for \(counted(project.tables.count, "table"))…")
        }
        // Streamed to temporary files, and read back a window at a time like catalogs on disk.
        let planned = ProjectMigrator.plannedCatalogFiles(project)
        defer { for file in planned.values { try? FileManager.default.removeItem(atPath: file) } }
        FreedMemory.giveBack()
        if !asJSON {
            console.phase(
                "verify: comparing \(counted(files, "legacy file")) with "
                    + "\(counted(project.tables.count + project.leftoverTables.count, "catalog"))…"
            )
        }
        let report = ProjectVerifier.verify(project, plannedFiles: planned)
        console.endProgress()
        if let running = TreeLock.runInProgress(watching: watched) {
            let message =
                runningMessage(running) + " (it started while verify read the tree: this report is not printed)"
            console.err(DiagnosticLine.text(.error(message, at: running.location)))
            return 1
        }
        if asJSON {
            console.out(JSONText.of(VerifyJSON(report)))
        } else {
            printReport(report, console: console)
        }
        if let reportPath {
            // The page counts the planned catalogs' coverage from their bytes (only for --report).
            let catalogs = planned.compactMapValues { FileManager.default.contents(atPath: $0) }
            if !ReportOption.write(ReviewPage.verification(report, planned: catalogs), to: reportPath, console: console)
            {
                return 1
            }
        }
        return report.isLossless ? 0 : 1
    }

    /// `another stringcat run (pid …) is changing this tree; …` for verify.
    static func runningMessage(_ busy: Diagnostic) -> String {
        busy.message.replacingOccurrences(
            of: "; nothing was done. Run again when it has finished",
            with: "; verify compares nothing while a migration changes the files. Run verify again when it has finished"
        )
    }

    private static func printReport(_ report: VerificationReport, console: Console) {
        var diagnostics = DiagnosticGroups()
        diagnostics.add(contentsOf: report.diagnostics.filter { $0.severity != .note })
        for table in report.tables {
            diagnostics.add(
                contentsOf: table.notes + table.errors + table.unreadableFiles, scope: .table(table.catalogPath))
            for loss in table.losses {
                diagnostics.add(loss.diagnostic, scope: .table(table.catalogPath), kind: "loss: " + loss.kind.rawValue)
            }
        }
        for target in report.targets {
            guard case .differs(let changes, _) = target.verdict else { continue }
            for change in BundleChange.summarized(changes) {
                diagnostics.add(
                    .error(
                        "target \(target.title) \(change); no stringcat run does that (its gate refuses it): the "
                            + "project or a catalog changed after the migration",
                        at: .file(target.declaredIn)))
            }
        }
        diagnostics.print(on: console)
        for table in report.tables {
            var line =
                "\(DisplayPath.of(table.catalogPath)): \(table.catalog.rawValue): "
                + "\(counted(table.languageCount, "language")), \(counted(table.keyCount, "key")), "
            // What was compared is the legacy side; when the catalog builds more (its legacy files
            // partly deleted), both are said.
            if let output = table.catalogOutput {
                let languages = output.keys.values.filter { $0 > 0 }.count
                let keys = output.keys.values.max() ?? 0
                if languages > table.languageCount || keys > table.keyCount {
                    line +=
                        "compared with the legacy files left (the catalog builds \(counted(keys, "key")) in "
                        + "\(counted(languages, "language"))), "
                }
            }
            line +=
                table.lossCount == 0
                ? "no loss" : "\(table.lossCount) loss\(table.lossCount == 1 ? "" : "es")" + summary(table.losses)
            if table.otherLanguageCommentCount > 0 {
                line +=
                    "; \(counted(table.otherLanguageCommentCount, "comment")) in other languages cannot be held by a "
                    + "catalog"
            }
            console.result(line)
        }
        for catalog in report.catalogsOnly {
            console.result("\(DisplayPath.of(catalog)): catalog only, no legacy files left: nothing to compare")
        }
        for target in report.targets { console.result(target.line()) }
        console.out("verify: " + report.verdict(notComparedHint: ": see the warnings"))
    }

    private static func summary(_ losses: [Loss]) -> String {
        guard !losses.isEmpty else { return "" }
        let counts = Dictionary(grouping: losses, by: \.kind).mapValues(\.count)
        let parts = LossKind.allCases.compactMap { kind in counts[kind].map { "\($0) \(kind.rawValue)" } }
        return " (" + parts.joined(separator: ", ") + ")"
    }
}
