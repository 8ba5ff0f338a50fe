import StringcatSupport

/// `stringcat normalize` (not built yet).
enum NormalizeCommand: Subcommand {
    static let name = "normalize"
    static let summary = "(not available yet)"
    static let help = "usage: stringcat normalize"
    static let spec = ArgumentSpec()

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        console.err("error: stringcat normalize is not available yet")
        return 2
    }
}
