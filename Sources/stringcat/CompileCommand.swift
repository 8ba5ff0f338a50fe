import StringcatSupport

/// `stringcat compile` (not built yet).
enum CompileCommand: Subcommand {
    static let name = "compile"
    static let summary = "(not available yet)"
    static let help = "usage: stringcat compile"
    static let spec = ArgumentSpec()

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        console.err("error: stringcat compile is not available yet")
        return 2
    }
}
