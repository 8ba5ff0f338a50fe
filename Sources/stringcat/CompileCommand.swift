import Compilation
import Foundation
import StringCatalog
import StringcatSupport

/// `stringcat compile`: String Catalogs back to `<lang>.lproj/<Table>.strings` and `.stringsdict`.
enum CompileCommand: Subcommand {
    static let name = "compile"
    static let summary = "regenerate <lang>.lproj/<Table>.strings and .stringsdict from catalogs"
    static let help = """
        usage: stringcat compile CATALOG_OR_FOLDER... [--output DIR] [--language CODE]... [--strings-format text|xml|binary] [--force] [--dry-run] [--verbose | --quiet]

        Writes, for each language of each String Catalog, DIR/<lang>.lproj/<Table>.strings (plain
        units) and DIR/<lang>.lproj/<Table>.stringsdict (plural and device variations,
        substitutions). The folder is named after the catalog's language code (zh-Hans.lproj).
        Units in state "new" are not written; a language with nothing to write gets no file.
        See docs/compile.md.

        \(optionTable.help)
        exit status: 0 written (or unchanged), 1 a catalog could not be read or a file exists with other bytes (nothing written), 2 usage error
        """
    /// The options of `compile`, as its help lists them.
    enum Arg {
        static let output = CommandOption.option(
            "--output", "DIR", "write the .lproj folders under DIR (default: the catalog's folder;",
            "for CATALOG in X/mul.lproj, X); catalogs found in a FOLDER keep", "their path relative to it under DIR")
        static let language = CommandOption.option("--language", "CODE", "compile only this language (repeatable)")
        static let stringsFormat = CommandOption.option(
            "--strings-format", "FORMAT", "text (default): readable UTF-8 with the catalog comments;",
            "xml: what xcstringstool compile writes; binary: binary plists",
            choices: StringsOutputFormat.allCases.map(\.rawValue))
        static let force = CommandOption.flag("--force", "replace existing files")
        static let dryRun = CommandOption.flag("--dry-run", "write nothing; list the files that would be written")
    }

    static let optionTable = OptionTable([
        Arg.output, Arg.language, Arg.stringsFormat, Arg.force, Arg.dryRun, .verbose, .quiet,
    ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("no catalog given") }
        var options = CompileOptions()
        options.outputDirectory = arguments.value(Arg.output)
        options.languages = try arguments.values(Arg.language).map { code in
            try LanguageTagArgument.checked(code, option: "--language")
        }
        options.force = arguments.has(Arg.force)
        options.dryRun = arguments.has(Arg.dryRun)
        // (The table checks the value.)
        if let format = arguments.value(Arg.stringsFormat).flatMap(StringsOutputFormat.init(rawValue:)) {
            options.stringsFormat = format
        }

        let catalogs = CatalogFiles.expand(arguments.positionals)
        var diagnostics = DiagnosticGroups()
        if catalogs.isEmpty {
            for argument in arguments.positionals {
                diagnostics.add(.error("no .xcstrings file in this folder", at: .file(argument)))
            }
            diagnostics.print(on: console)
            return 1
        }
        if let problem = MemoryBudget.check(largest: MemoryBudget.largest(of: catalogs.map(\.path))) {
            diagnostics.add(problem)
            diagnostics.print(on: console)
            return 1
        }
        console.phase(
            "compile: \(options.dryRun ? "planning" : "compiling") \(catalogs.count) "
                + "catalog\(catalogs.count == 1 ? "" : "s")…"
        )
        let report = CatalogCompiler.run(catalogs, options: options)
        console.endProgress()
        diagnostics.add(contentsOf: report.diagnostics)
        diagnostics.print(on: console)
        if report.hasErrors {
            console.err(
                "nothing written: fix the errors above"
                    + (report.files.contains { $0.existed } && !options.force ? " or pass --force" : ""))
            return 1
        }
        let verb = options.dryRun ? "would write" : "wrote"
        for file in report.files {
            let unit = file.kind == .strings ? "strings" : "plural/device rules"
            if file.unchanged {
                console.result(
                    "unchanged \(DisplayPath.of(file.path)) (\(file.entryCount) \(unit), the same bytes as this run's)")
            } else {
                console.result(
                    "\(verb) \(DisplayPath.of(file.path)) (\(file.entryCount) "
                        + "\(unit)\(file.existed ? ", replacing the existing file" : ""))"
                )
            }
        }
        let languages = Set(report.files.map(\.language)).count
        let unchanged = report.files.filter(\.unchanged).count
        console.out(
            "\(verb) \(counted(report.files.count - unchanged, "file")) for "
                + "\(counted(report.catalogs.count, "catalog")) (\(counted(languages, "language")))"
                + (unchanged > 0 ? "; \(unchanged) unchanged" : ""))
        return 0
    }
}
