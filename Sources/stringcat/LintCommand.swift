import StringcatSupport

/// `stringcat lint` (not built yet).
enum LintCommand: Subcommand {
    static let name = "lint"
    static let summary = "(not available yet)"
    static let help = "usage: stringcat lint"
    static let spec = ArgumentSpec()

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        console.err("error: stringcat lint is not available yet")
        return 2
    }
}
