import Foundation
import StringcatSupport

/// One `stringcat` subcommand. Each lives in its own file, named after it.
protocol Subcommand: Sendable {
    static var name: String { get }
    /// One line for `stringcat --help`.
    static var summary: String { get }
    /// The usage line(s) and option list for `stringcat NAME --help`.
    static var help: String { get }
    static var spec: ArgumentSpec { get }
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
        lines.append("Run `stringcat SUBCOMMAND --help` for its options.")
        return lines.joined(separator: "\n")
    }

    /// Runs the tool; returns the process exit code (0 ok, 1 errors found, 2 usage error).
    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.err(overview)
            return 2
        }
        if first == "--help" || first == "-h" || first == "help" {
            console.out(overview)
            return 0
        }
        if first == "--version" {
            console.out("stringcat \(version)")
            return 0
        }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            console.err("error: unknown subcommand '\(first)'")
            console.err("usage: stringcat SUBCOMMAND [OPTIONS] ... (see stringcat --help)")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help)
            return 0
        }
        do {
            let parsed = try ParsedArguments(rest, spec: command.spec)
            return try command.run(parsed, console: console)
        } catch let error as UsageError {
            console.err("error: \(error.message)")
            console.err(command.help.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "")
            return 2
        } catch let diagnostic as Diagnostic {
            console.err(diagnostic.description)
            return 1
        } catch {
            console.err("error: \(error)")
            return 1
        }
    }
}
