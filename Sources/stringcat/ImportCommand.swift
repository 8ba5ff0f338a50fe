import Foundation
import Reporting
import StringcatSupport
import XclocImport

/// `stringcat import`: translated XLIFF back into the project's catalogs, as Xcode's Product ▸
/// Import Localizations does.
enum ImportCommand: Subcommand {
    static let name = "import"
    static let summary =
        "write translated XLIFF (.xcloc or .xliff) back into the catalogs, as Xcode's Import Localizations"
    static let help = """
        usage: stringcat import XCLOC_OR_XLIFF... [--project PATH] [--dry-run] [--report FILE.md] [--json] [--verbose | --quiet]

        Reads each .xcloc package (its Localized Contents/*.xliff) or .xliff file and writes its
        translations into the String Catalogs of the project at PATH (default: the current folder),
        as Xcode does: units are matched by their file's original and their id; each target is
        written in the state the XLIFF gives (no state: translated; needs-translation: not
        imported); a unit without a target writes nothing; units of keys or files the project does
        not have are reported and skipped; only the XLIFF's target language changes. The catalogs
        are rewritten in Xcode's exact form, all or none. See docs/user-guide.md.

        \(optionTable.help)
        exit status: 0 imported (or nothing to change), 1 nothing written (bad XLIFF, another project's file, a failed write), 2 usage error
        """
    /// The options of `import`, as its help lists them.
    enum Arg {
        static let project = CommandOption.option(
            "--project", "PATH", "the project whose catalogs receive the translations (default: .)")
        static let dryRun = CommandOption.flag("--dry-run", "write nothing; report what would change")
        static let report = CommandOption.report(
            "also write the run as a Markdown page; FILE.md is replaced if it exists")
    }

    static let optionTable = OptionTable([Arg.project, Arg.dryRun, .json, Arg.report, .verboseByKind, .quiet])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("no .xcloc package or .xliff file given") }
        var options = ImportOptions(projectPath: arguments.value(Arg.project) ?? ".")
        options.dryRun = arguments.has(Arg.dryRun)
        let reportPath = try ReportOption.path(arguments)
        let json = arguments.has(.json)
        if !json { console.phase("import: reading \(counted(arguments.positionals.count, "input"))…") }
        let report = ProjectImporter.run(arguments.positionals, options: options)
        console.endProgress()
        if json {
            console.out(JSONText.of(ImportJSON(report, dryRun: options.dryRun)))
        } else {
            printReport(report, options: options, console: console)
        }
        if let reportPath,
            !ReportOption.write(ExchangePage.import(report, dryRun: options.dryRun), to: reportPath, console: console)
        {
            return 1
        }
        return report.hasErrors ? 1 : 0
    }

    private static func printReport(_ report: ImportReport, options: ImportOptions, console: Console) {
        var diagnostics = DiagnosticGroups()
        diagnostics.add(contentsOf: report.diagnostics)
        diagnostics.print(on: console)
        let changed = Set(report.changedCatalogs)
        for language in report.languages {
            var line =
                "\(DisplayPath.of(language.catalog)) [\(language.language)]: \(language.imported) imported, "
                + "\(language.unchanged) unchanged"
            if language.skippedCount > 0 {
                let reasons = language.skipped.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map {
                    "\($0.value) \($0.key)"
                }
                line += ", \(language.skippedCount) skipped (" + reasons.joined(separator: "; ") + ")"
            }
            console.result(line)
        }
        // Written, but something after it failed (a file left behind): the summary says what
        // was written, the exit status says the errors.
        if report.hasErrors && !report.written {
            console.out("nothing written: fix the errors above")
            return
        }
        let verb = options.dryRun ? "would write" : "wrote"
        let imported = report.languages.reduce(0) { $0 + $1.imported }
        let catalogs = Set(report.languages.map(\.catalog)).count
        let skipped =
            report.languages.reduce(0) { $0 + $1.skippedCount } + report.skippedFiles.reduce(0) { $0 + $1.units }
            + report.unlistedSkippedUnits
        let skippedText = skipped > 0 ? "; \(counted(skipped, "unit")) skipped" : ""
        if changed.isEmpty {
            console.out(
                "nothing to write: "
                    + "\(catalogs == 1 ? "the catalog already holds" : "the \(catalogs) catalogs already hold") every "
                    + "value of \(counted(report.inputs.count, "XLIFF file"))"
                    + skippedText)
        } else {
            console.out(
                "\(verb) \(counted(changed.count, "catalog")) (\(counted(imported, "value")) imported from "
                    + "\(counted(report.inputs.count, "XLIFF file")))"
                    + skippedText)
        }
    }
}
