/// A usage mistake: printed with the command's usage line, exit code 2.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// What a subcommand accepts: flags (no value) and options (one value each, may repeat), each
/// option with the name of its value as the usage error shows it (`--output <dir>`).
struct ArgumentSpec {
    var flags: Set<String> = []
    var options: [String: String] = [:]

    /// `--verbose` and `--quiet`, for the commands that print diagnostics at scale.
    static let verbosityFlags: Set<String> = ["--verbose", "--quiet"]
}

/// Parsed command-line arguments. Unknown options are rejected while parsing.
///
/// An option's value is the next argument unless it is written `--option=value`. The next
/// argument is never taken as the value when it is empty or starts with `--`: in
/// `migrate --output --dry-run` the user forgot the folder, and running a migration into a folder
/// named `--dry-run` would be the worst reading of it. `--output=--odd` gives such a value.
struct ParsedArguments {
    private(set) var flags: Set<String> = []
    private(set) var optionValues: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    init(_ arguments: [String], spec: ArgumentSpec) throws {
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
                positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            var name = arg
            var inlineValue: String? = nil
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            if spec.flags.contains(name) {
                if inlineValue != nil { throw UsageError("\(name) takes no value") }
                flags.insert(name)
            } else if let valueName = spec.options[name] {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if i < arguments.count, !arguments[i].hasPrefix("--") {
                    value = arguments[i]
                    i += 1
                } else {
                    value = ""
                }
                guard !value.isEmpty else { throw UsageError("missing value for '\(name) <\(valueName)>'") }
                optionValues[name, default: []].append(value)
            } else {
                throw UsageError("unknown option \(name)")
            }
        }
    }

    /// True when `arguments` ask for help: `-h` or `--help` before any `--`.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for an option.
    func value(_ option: String) -> String? { optionValues[option]?.last }

    /// Every value given for a repeatable option, in order.
    func values(_ option: String) -> [String] { optionValues[option] ?? [] }
}
