import StringcatSupport

/// `stringcat verify` (not built yet).
enum VerifyCommand: Subcommand {
    static let name = "verify"
    static let summary = "(not available yet)"
    static let help = "usage: stringcat verify"
    static let spec = ArgumentSpec()

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        console.err("error: stringcat verify is not available yet")
        return 2
    }
}
