import Migration
import StringcatSupport

/// `stringcat lint`: reports every problem of `.strings`, `.stringsdict` and `.xcstrings` files.
enum LintCommand: Subcommand {
    static let name = "lint"
    static let summary = "check .strings, .stringsdict and .xcstrings files; report path:line:column problems"
    static let help = """
        usage: stringcat lint FILE_OR_FOLDER... [--strict] [--verbose | --quiet]

        Parses each file as Apple's runtime would and prints every problem on stderr as
        path:line:column: error|warning: message; the count of files, errors and warnings goes
        to stdout. A folder is searched for .strings, .stringsdict and .xcstrings files.

        \(optionTable.help)
        exit status: 0 no errors (warnings allowed), 1 an error was found, 2 usage error
        """
    /// The options of `lint`, as its help lists them.
    enum Arg {
        static let strict = CommandOption.flag(
            "--strict", "junk where a key should start in a .strings is an error (Apple's reader and",
            "Xcode end the table there, keeping the entries before it: a warning)")
    }

    static let optionTable = OptionTable([Arg.strict, .verbose, .quiet])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("no file given") }
        var diagnostics = DiagnosticGroups()
        var files = 0, errors = 0, warnings = 0
        for argument in arguments.positionals {
            console.phase("lint: looking for files in \(DisplayPath.of(argument))…")
            let paths = FileLinter.files(for: argument)
            if paths.isEmpty {
                diagnostics.add(
                    .warning("no .strings, .stringsdict or .xcstrings file in this folder", at: .file(argument)))
                warnings += 1
            }
            for (index, path) in paths.enumerated() {
                console.progress("lint: [\(index + 1)/\(paths.count)] \(DisplayPath.of(path))")
                files += 1
                // A file too large for this process is an error of its own; the others are linted.
                let found = MemoryBudget.check(largest: MemoryBudget.largest(of: [path])).map { [$0] }
                for diagnostic in found ?? FileLinter.lint(path: path, strict: arguments.has(Arg.strict)) {
                    diagnostics.add(diagnostic)
                    if diagnostic.severity == .error { errors += 1 }
                    if diagnostic.severity == .warning { warnings += 1 }
                }
            }
        }
        console.endProgress()
        diagnostics.print(on: console)
        console.out(
            "\(files) file\(files == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) "
                + "warning\(warnings == 1 ? "" : "s")"
        )
        return errors > 0 ? 1 : 0
    }
}
