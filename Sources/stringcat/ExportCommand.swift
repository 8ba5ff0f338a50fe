import Foundation
import Reporting
import StringCatalog
import StringcatSupport
import XLIFF
import Xcloc
import XclocExport
import XclocImport
import XclocProof
import XcodeRules

/// `stringcat export`: the project's catalogs as `<lang>.xcloc` packages for translators, as
/// Xcode's Product ▸ Export Localizations writes them.
enum ExportCommand: Subcommand {
    static let name = "export"
    static let summary = "write <lang>.xcloc packages (XLIFF) for translators, as Xcode's Export Localizations"
    static let help = """
        usage: stringcat export [PATH] --output DIR [--language CODE]... [--xcode-version VERSION] [--force] [--dry-run] [--skip-invalid] [--report FILE.md] [--json] [--verbose | --quiet]

        Writes DIR/<lang>.xcloc for each language of the String Catalogs under PATH (default: the
        current folder; found as migrate finds tables: the Xcode project's, the package's, or a bare
        folder's), the source language included: contents.json, Localized Contents/<lang>.xliff
        (XLIFF 1.2, every <file> byte for byte as Xcode writes it) and Source Contents/. Legacy
        .strings tables still in the project go into the same XLIFF. Before anything is written,
        each language's XLIFF is proven to hold every value of every catalog in that language, and
        importing it back untouched to change no catalog. See docs/user-guide.md.

        \(optionTable.help)
        exit status: 0 exported (or unchanged), 1 nothing written (bad input, a value XML cannot hold, an edited earlier export, a failed proof), 2 usage error
        """
    /// The options of `export`, as its help lists them.
    enum Arg {
        static let output = CommandOption.option("--output", "DIR", "where the <lang>.xcloc packages go (required)")
        static let language = CommandOption.option(
            "--language", "CODE", "export only this language (repeatable; default: every language)")
        static let xcodeVersion = CommandOption.option(
            "--xcode-version", "VERSION", "the Xcode the files say wrote them: a release whose build is known",
            "(\(XcodeVersion.knownBuilds.keys.sorted().joined(separator: ", ")); default \(XcodeVersion.exportDefault)), a major",
            "version (its latest release of these: 16 is 16.4), or VERSION/BUILD")
        static let force = CommandOption.flag(
            "--force", "replace files of an earlier export that differ (a translator's edits)")
        static let dryRun = CommandOption.flag("--dry-run", "write nothing; list the packages that would be written")
        static let skipInvalid = CommandOption.flag(
            "--skip-invalid", "leave out values XML cannot hold (U+0000-U+001F but tab and line",
            "breaks), each with a warning, instead of exporting nothing")
        static let report = CommandOption.report(
            "also write the run as a Markdown page; FILE.md is replaced if it exists")
    }

    static let optionTable = OptionTable([
        Arg.output, Arg.language, Arg.xcodeVersion, Arg.force, Arg.dryRun, Arg.skipInvalid, .json, Arg.report,
        .verboseByKind, .quiet,
    ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count <= 1 else { throw UsageError("export takes one PATH") }
        guard let output = arguments.value(Arg.output) else {
            throw UsageError("--output DIR is required: where the .xcloc packages go")
        }
        let version = try XcodeVersionArgument.parse(arguments, Arg.xcodeVersion) ?? XcodeVersion.exportDefault
        guard let tool = version.tool else {
            throw UsageError("--xcode-version \(version): no known build; give it as \(version)/BUILD (e.g. 16.4/16F6)")
        }
        var options = ExportOptions(outputDirectory: output, tool: XLIFFTool(version: tool.version, build: tool.build))
        options.languages = try arguments.values(Arg.language).map { try LanguageTagArgument.parse($0) }
        options.force = arguments.has(Arg.force)
        options.dryRun = arguments.has(Arg.dryRun)
        options.skipInvalid = arguments.has(Arg.skipInvalid)
        let proofs = ProofLog()
        options.check = { input in proofs.check(input, output: output) }
        let reportPath = try ReportOption.path(arguments)
        let path = arguments.positionals.first ?? "."
        let json = arguments.has(.json)
        if !json { console.phase("export: reading \(DisplayPath.of(path))…") }
        let report = ProjectExporter.export(path, options: options)
        console.endProgress()
        let proof = proofs.summary
        if json {
            console.out(JSONText.of(ExportJSON(report, proof: proof, dryRun: options.dryRun)))
        } else {
            printReport(report, proof: proof, options: options, console: console)
        }
        if let reportPath,
            !ReportOption.write(
                ExchangePage.export(report, proof: proof, dryRun: options.dryRun), to: reportPath, console: console)
        {
            return 1
        }
        return report.hasErrors ? 1 : 0
    }

    private static func printReport(
        _ report: ExportReport, proof: ExportProofSummary, options: ExportOptions, console: Console
    ) {
        var diagnostics = DiagnosticGroups()
        diagnostics.add(contentsOf: report.diagnostics)
        diagnostics.print(on: console)
        for package in report.packages {
            console.result(
                "\(DisplayPath.of(package.path)): \(package.outcome), \(counted(package.units, "unit")), "
                    + "\(package.targets) with a translation"
            )
        }
        // Written, but something after it failed (a file left behind): the summary says what
        // was written, the exit status says the errors.
        if report.hasErrors && !report.written {
            console.out(
                "nothing written: fix the errors above"
                    + (report.diagnostics.contains { $0.message.contains("--force") } ? " or pass --force" : ""))
            return
        }
        let catalogs = report.files.filter { $0.kind != .legacyStrings }.count
        let legacy = report.files.count - catalogs
        console.result(
            "proof: every value of \(counted(catalogs, "catalog"))"
                + (legacy > 0 ? " and \(counted(legacy, "legacy table"))" : "") + " is in its language's XLIFF "
                + "(\(counted(proof.checked, "value")) compared"
                + (proof.checked == 0 ? ": no catalog or table holds a value in the languages exported" : "")
                + (proof.notXML > 0 ? ", \(proof.notXML) XML cannot hold left out" : "")
                + "); importing the files back changes no catalog")
        let changed = report.packages.filter { $0.outcome != .unchanged }.count
        let verb = options.dryRun ? "would write" : "wrote"
        var summary =
            "\(verb) \(changed) of \(counted(report.packages.count, "package")) (\(counted(catalogs, "catalog"))"
            + (legacy > 0 ? ", \(counted(legacy, "legacy table"))" : "")
            + ") into \(DisplayPath.of(report.outputDirectory))"
        let unchanged = report.packages.count - changed
        if unchanged > 0 { summary += "; \(unchanged) unchanged" }
        console.out(summary)
    }
}

/// The results of the checks run on each language's XLIFF, gathered from the export's threads.
final class ProofLog: @unchecked Sendable {
    private let lock = NSLock()
    private var checked = 0
    private var notXML = 0
    private var languages = 0

    /// The independent proof (`ExportProof`) and the round trip through import (`RoundTripCheck`)
    /// on one language's XLIFF; their failures as errors.
    func check(_ input: ExportCheckInput, output: String) -> [Diagnostic] {
        let (catalogs, language, xliff) = (input.catalogs, input.language, input.xliff)
        let path = output + "/" + XclocLayout.packageName(language) + "/" + XclocLayout.xliffPath(language)
        // Read once; both checks look at what was read.
        let files: [XLIFFFile]
        do {
            files = try XLIFFReader.files(xliff, path: path)
        } catch {
            return [.error("proof: the export cannot be read back: \(error.message)", at: error.location)]
        }
        var problems: [Diagnostic] = []
        let result = ExportProof.check(
            files, language: language, catalogs: catalogs.map { ($0.original, $0.catalog) },
            legacyTables: input.legacyTables.map {
                ExportProof.LegacyTable(original: $0.original, sourceLanguage: $0.sourceLanguage, files: $0.files)
            })
        for problem in result.problems { problems.append(.error("proof: \(problem)", at: .file(path))) }
        if result.failures > result.problems.count {
            problems.append(
                .error(
                    "proof: and \(result.failures - result.problems.count) more values missing or different",
                    at: .file(path)))
        }
        lock.withLock {
            checked += result.checked
            notXML += result.notXML
            languages += 1
        }
        problems += RoundTripCheck.problems(
            files, path: path, catalogs: catalogs.map { ($0.path, $0.original, $0.catalog) },
            otherOriginals: input.otherOriginals)
        return problems
    }

    var summary: ExportProofSummary {
        lock.withLock { ExportProofSummary(checked: checked, notXML: notXML, languages: languages) }
    }
}
