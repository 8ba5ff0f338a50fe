import Foundation
import StringcatSupport

/// One `stringcat` subcommand. Each lives in its own file, named after it.
protocol Subcommand: Sendable {
    static var name: String { get }
    /// One line for `stringcat --help`.
    static var summary: String { get }
    /// The usage line(s) and option list for `stringcat NAME --help` (the list is `optionTable.help`).
    static var help: String { get }
    /// Every option the command takes: what it parses, checks and lists in its help.
    static var optionTable: OptionTable { get }
    /// Runs the command; returns the exit code (0 ok, 1 the work found errors).
    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32
}

enum StringcatTool {
    static let version = "0.1.0"

    static let subcommands: [any Subcommand.Type] = [
        MigrateCommand.self,
        CompileCommand.self,
        VerifyCommand.self,
        LintCommand.self,
        PrintCommand.self,
        NormalizeCommand.self,
        StatusCommand.self,
        ExportCommand.self,
        ImportCommand.self,
    ]

    static var overview: String {
        var lines = [
            "stringcat \(version): migrate .strings/.stringsdict to String Catalogs (.xcstrings), and back.",
            "",
            "usage: stringcat SUBCOMMAND [OPTIONS] ...",
            "",
            "subcommands:",
        ]
        for command in subcommands {
            lines.append("  " + command.name.padding(toLength: 11, withPad: " ", startingAt: 0) + command.summary)
        }
        lines.append("")
        lines.append(
            "Run `stringcat SUBCOMMAND --help` (or `stringcat help SUBCOMMAND`) for its options and exit statuses.")
        lines.append("Exit status: 0 success, 1 the work found an error, 2 usage error.")
        return lines.joined(separator: "\n")
    }

    /// Runs the tool; returns the process exit code (0 ok, 1 errors found, 2 usage error).
    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.err(overview)
            return 2
        }
        if first == "--help" || first == "-h" {
            console.out(overview)
            return 0
        }
        if first == "help" {
            // `stringcat help migrate` is `stringcat migrate --help`.
            guard let name = arguments.dropFirst().first else {
                console.out(overview)
                return 0
            }
            guard let command = subcommands.first(where: { $0.name == name }) else {
                return unknownSubcommand(name, console: console)
            }
            console.out(command.help)
            return 0
        }
        if first == "--version" {
            console.out("stringcat \(version)")
            return 0
        }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            return unknownSubcommand(first, console: console)
        }
        let rest = Array(arguments.dropFirst())
        if ParsedArguments.asksForHelp(rest) {
            console.out(command.help)
            return 0
        }
        do {
            let parsed = try ParsedArguments(rest, options: command.optionTable)
            var console = console
            console.verbosity = try Verbosity(parsed)
            return try command.run(parsed, console: console)
        } catch let error as UsageError {
            console.endProgress()
            console.err("error: \(error.message)")
            console.err(
                command.help.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "")
            return 2
        } catch let diagnostic as Diagnostic {
            console.endProgress()
            console.err(DiagnosticLine.text(diagnostic))
            return 1
        } catch {
            console.endProgress()
            console.err("error: \(error)")
            return 1
        }
    }

    private static func unknownSubcommand(_ name: String, console: Console) -> Int32 {
        console.err("error: unknown subcommand '\(DiagnosticLine.escaped(name))'")
        console.err("usage: stringcat SUBCOMMAND [OPTIONS] ... (see stringcat --help)")
        return 2
    }
}
