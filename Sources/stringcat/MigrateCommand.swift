import StringcatSupport

/// `stringcat migrate` (not built yet).
enum MigrateCommand: Subcommand {
    static let name = "migrate"
    static let summary = "(not available yet)"
    static let help = "usage: stringcat migrate"
    static let spec = ArgumentSpec()

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        console.err("error: stringcat migrate is not available yet")
        return 2
    }
}
