import StringcatSupport

/// `stringcat print` (not built yet).
enum PrintCommand: Subcommand {
    static let name = "print"
    static let summary = "(not available yet)"
    static let help = "usage: stringcat print"
    static let spec = ArgumentSpec()

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        console.err("error: stringcat print is not available yet")
        return 2
    }
}
