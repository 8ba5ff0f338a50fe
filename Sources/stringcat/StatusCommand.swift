import Foundation
import LegacyTables
import Migration
import Reporting
import StringcatSupport

/// `stringcat status`: where a table-by-table migration stands.
enum StatusCommand: Subcommand {
    static let name = "status"
    static let summary = "show, table by table, what is migrated and whether the project agrees"
    static let help = """
        usage: stringcat status [PATH] [--all-files] [--report FILE.md] [--json] [--verbose]

        One line per table under PATH (found as migrate finds them): legacy only, half-migrated
        (a catalog and legacy files both on disk), migrated (the catalog is referenced by the
        project and no legacy file is left), or catalog only (no project references it); and what
        the Xcode project references for it. Project references to localization files that are
        gone are listed too.

        \(optionTable.help)
        exit status: 0 read, 1 the project could not be read or a project reference points at a missing file, 2 usage error
        """
    /// The options of `status`, as its help lists them.
    enum Arg {
        static let report = CommandOption.report(
            "also write the status as a Markdown page for a pull request (docs/ci.md);",
            "FILE.md is replaced if it exists (the page is the tool's own output)")
        static let verbose = CommandOption.flag(
            "--verbose", "one line per kept file, skipped package and missing file (by default,",
            "those of one reason are one line with a count)")
    }

    static let optionTable = OptionTable([.allFiles, Arg.report, .json, Arg.verbose])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count <= 1 else { throw UsageError("status takes one PATH") }
        let reportPath = try ReportOption.path(arguments)
        var search = TableSearch(requireTables: false)
        search.allFiles = arguments.has(.allFiles)
        let report = MigrationStatus.status(arguments.positionals.first ?? ".", search: search)
        let verbose = arguments.has(Arg.verbose)
        for diagnostic in report.diagnostics { console.err(DiagnosticLine.text(diagnostic)) }
        if arguments.has(.json) {
            console.out(JSONText.of(StatusJSON(report)))
        } else {
            for table in report.tables {
                var line = "\(DisplayPath.of(table.catalogPath)): \(table.state.rawValue)"
                if !table.legacyFiles.isEmpty { line += ", \(counted(table.legacyFiles.count, "legacy file"))" }
                if let reference = table.projectReference { line += "; \(reference.rawValue)" }
                if !table.leftAlone.isEmpty {
                    line +=
                        "; \(counted(table.leftAlone.count, "legacy file")) of its name beside it "
                        + "\(table.leftAlone.count == 1 ? "is" : "are") not its own (\(table.leftAlone[0].reason))"
                }
                console.out(line)
                for (reason, paths) in grouped(table.kept.map { ($0.reason, $0.path) }, verbose: verbose) {
                    console.out("  kept by --delete-legacy: \(listed(paths, "file", one: "")): \(reason)")
                }
            }
            LeftAloneLines.print(report.filesLeftAlone, verbose: false, console: console)
            if !report.skippedFolders.isEmpty {
                console.out(
                    "skipped: \(counted(report.skippedFolders.count, ".lproj folder")) inside bundles, frameworks, "
                        + "apps, dependency folders or packages not read, or excluded "
                        + "(\(report.skippedFolders.prefix(2).map(DisplayPath.of).joined(separator: ", "))\(report.skippedFolders.count > 2 ? ", …" : ""))"
                )
            }
            let packages = report.skippedPackages.map { ($0.skippedBecause ?? "", $0.manifest.folder) }
            for (reason, folders) in grouped(packages, verbose: verbose) {
                console.out("skipped: \(listed(folders, "package", one: "package")): \(reason)")
            }
            for target in report.targets {
                var line =
                    "\(target.title): \(counted(target.languages.count, "language"))"
                    + (target.languages.isEmpty ? "" : " (\(target.languages.joined(separator: ", ")))")
                    + ", \(counted(target.tables.count, "table")) (\(target.tables.joined(separator: ", ")))"
                if !target.failures.isEmpty {
                    line += "; does not build: \(target.failures.map(\.description).joined(separator: "; "))"
                }
                console.out(line)
            }
            for (project, paths) in grouped(report.missingReferences.map { ($0.project, $0.path) }, verbose: verbose) {
                console.out(
                    "\(DisplayPath.of(project)): references \(listed(paths, "missing file", one: "a missing file:"))")
            }
            let counts = Dictionary(grouping: report.tables, by: \.state).mapValues(\.count)
            let parts = [TableState.legacyOnly, .halfMigrated, .migrated, .catalogOnly].compactMap { state in
                counts[state].map { "\($0) \(state.rawValue)" }
            }
            console.out(
                "status: \(counted(report.tables.count, "table"))"
                    + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
                    + (report.missingReferences.isEmpty
                        ? "" : "; \(counted(report.missingReferences.count, "project reference")) to missing files"))
        }
        if let reportPath, !ReportOption.write(ReviewPage.status(report), to: reportPath, console: console) { return 1 }
        return report.diagnostics.containsError || !report.missingReferences.isEmpty ? 1 : 0
    }

    /// Items of one reason together, in the order their reasons first appear (each alone with
    /// `--verbose`), as the README promises for repeated diagnostics.
    static func grouped(_ items: [(reason: String, path: String)], verbose: Bool) -> [(String, [String])] {
        guard !verbose else { return items.map { ($0.reason, [$0.path]) } }
        var order: [String] = []
        var paths: [String: [String]] = [:]
        for item in items {
            if paths[item.reason] == nil { order.append(item.reason) }
            paths[item.reason, default: []].append(item.path)
        }
        return order.map { ($0, paths[$0]!) }
    }

    /// One path after `one` (`package App/Kit`), or a count and the first two
    /// (`3 packages (App/Kit, App/Core, …; --verbose lists each)`).
    static func listed(_ paths: [String], _ noun: String, one: String) -> String {
        guard paths.count > 1 else { return (one.isEmpty ? "" : one + " ") + DisplayPath.of(paths[0]) }
        let shown = paths.prefix(2).map(DisplayPath.of).joined(separator: ", ")
        return "\(counted(paths.count, noun)) (\(shown)\(paths.count > 2 ? ", …" : ""); --verbose lists each)"
    }
}
