/// A usage mistake: printed with the command's usage line, exit code 2.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// What a subcommand accepts: flags (no value) and options (one value each, may repeat).
struct ArgumentSpec {
    var flags: Set<String> = []
    var options: Set<String> = []
}

/// Parsed command-line arguments. Unknown options are rejected while parsing.
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
            } else if spec.options.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < arguments.count else { throw UsageError("\(name) needs a value") }
                    value = arguments[i]
                    i += 1
                }
                optionValues[name, default: []].append(value)
            } else {
                throw UsageError("unknown option \(name)")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for an option.
    func value(_ option: String) -> String? { optionValues[option]?.last }

    /// Every value given for a repeatable option, in order.
    func values(_ option: String) -> [String] { optionValues[option] ?? [] }
}
