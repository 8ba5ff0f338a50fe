import Compilation
import LegacyTables
import Migration
import Verification
import StringcatSupport

/// `stringcat lint`: reports every problem of `.strings`, `.stringsdict` and `.xcstrings` files.
enum LintCommand: Subcommand {
    static let name = "lint"
    static let summary = "check .strings, .stringsdict and .xcstrings files; report path:line:column problems"
    static let help = """
        usage: stringcat lint FILE_OR_FOLDER... [--strict]

        Parses each file as Apple's runtime would and prints every problem as
        path:line:column: error|warning: message. A folder is searched for .strings, .stringsdict
        and .xcstrings files.

        options:
          --strict    junk where a key should start in a .strings is an error (Apple's reader and
                      Xcode end the table there, keeping the entries before it: a warning)
          -h, --help  show this help
        exit status: 0 no errors (warnings allowed), 1 an error was found, 2 usage error
        """
    static let spec = ArgumentSpec(flags: ["--strict"])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("no file given") }
        var files = 0, errors = 0, warnings = 0
        for argument in arguments.positionals {
            let paths = FileLinter.files(for: argument)
            if paths.isEmpty {
                console.out(Diagnostic.warning("no .strings, .stringsdict or .xcstrings file in this folder", at: .file(argument)).description)
                warnings += 1
            }
            for path in paths {
                files += 1
                for diagnostic in FileLinter.lint(path: path, strict: arguments.has("--strict")) {
                    console.out(diagnostic.description)
                    if diagnostic.severity == .error { errors += 1 }
                    if diagnostic.severity == .warning { warnings += 1 }
                }
            }
        }
        console.out("\(files) file\(files == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        return errors > 0 ? 1 : 0
    }
}
