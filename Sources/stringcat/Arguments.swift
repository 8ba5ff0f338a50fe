/// A usage mistake: printed with the command's usage line, exit code 2.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// One option of a command, declared once: the parser, the help's option list and the usage
/// errors all come from it, and the command reads its value through it (`arguments.has(.dryRun)`).
struct CommandOption: Sendable, Hashable {
    /// `--output`.
    let name: String
    /// The value as the help shows it (`DIR`); nil for a flag. A missing value's usage error says
    /// it in lower case (`missing value for '--output <dir>'`).
    let value: String?
    /// Its description in the help, one string per line as the help wraps it.
    let help: [String]
    /// The only values it takes (`--prefer catalog|legacy`), checked while parsing; nil when the
    /// command checks the value itself (a path, a language code, an Xcode version).
    let choices: [String]?

    /// An option without a value.
    static func flag(_ name: String, _ help: String...) -> CommandOption {
        CommandOption(name: name, value: nil, help: help, choices: nil)
    }

    /// An option with one value (given once, or repeated: `values(_:)` has them all).
    static func option(_ name: String, _ value: String, _ help: String..., choices: [String]? = nil)
        -> CommandOption
    {
        CommandOption(name: name, value: value, help: help, choices: choices)
    }

    /// `--output DIR`, as the help and the usage line write it.
    var spelled: String { value.map { "\(name) \($0)" } ?? name }

    /// `catalog or legacy`, `text, xml or binary`.
    var choicesInWords: String? {
        guard let choices, let last = choices.last else { return nil }
        return choices.count == 1 ? last : choices.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// The options of one command, in the order its help lists them.
struct OptionTable: Sendable {
    let options: [CommandOption]

    init(_ options: [CommandOption]) { self.options = options }

    /// The widest option that shares its line with its description; a wider one has a line of its
    /// own (`--delete-empty-languages`).
    private static let widestOnItsLine = 23

    /// The help's option list: `options:`, one entry per option, then `-h, --help`.
    var help: String {
        let entries = options.map { ($0.spelled, $0.help) } + [("-h, --help", ["show this help"])]
        let widest = entries.map(\.0.count).filter { $0 <= Self.widestOnItsLine }.max() ?? 0
        // Two spaces of indent, the name, at least one space.
        let column = min(2 + widest + 2, 2 + Self.widestOnItsLine + 1)
        let indent = String(repeating: " ", count: column)
        var lines = ["options:"]
        for (spelled, help) in entries {
            var rest = help[...]
            let name = "  " + spelled
            if name.count < column, let first = rest.popFirst() {
                lines.append(name + String(repeating: " ", count: column - name.count) + first)
            } else {
                lines.append(name)
            }
            lines += rest.map { indent + $0 }
        }
        return lines.joined(separator: "\n")
    }

    func option(named name: String) -> CommandOption? { options.first { $0.name == name } }
}

extension CommandOption {
    // The options several commands share, said the same way in each.
    static let verbose = flag(
        "--verbose", "print every diagnostic (default: one line per kind and table, with a count)")
    static let quiet = flag("--quiet", "print only errors and the summary line")
    /// `export` and `import` group diagnostics by kind only (they have no tables).
    static let verboseByKind = flag("--verbose", "print every diagnostic (default: one line per kind, with a count)")
    static let json = flag("--json", "print the report as JSON")
    static let allFiles = flag("--all-files", "every .lproj on disk, as migrate --all-files reads them")
}

/// Parsed command-line arguments. Unknown options, and values an option does not take, are
/// rejected while parsing.
///
/// An option's value is the next argument unless it is written `--option=value`. The next
/// argument is never taken as the value when it is empty or starts with `--`: in
/// `migrate --output --dry-run` the user forgot the folder, and running a migration into a folder
/// named `--dry-run` would be the worst reading of it. `--output=--odd` gives such a value.
struct ParsedArguments {
    private(set) var flags: Set<String> = []
    private(set) var optionValues: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    init(_ arguments: [String], options table: OptionTable) throws {
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
            guard let option = table.option(named: name) else { throw UsageError("unknown option \(name)") }
            guard let valueName = option.value else {
                if inlineValue != nil { throw UsageError("\(name) takes no value") }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if i < arguments.count, !arguments[i].hasPrefix("--") {
                value = arguments[i]
                i += 1
            } else {
                value = ""
            }
            guard !value.isEmpty else { throw UsageError("missing value for '\(name) <\(valueName.lowercased())>'") }
            if let choices = option.choices, !choices.contains(value), let words = option.choicesInWords {
                throw UsageError("\(name) must be \(words)")
            }
            optionValues[name, default: []].append(value)
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

    func has(_ flag: CommandOption) -> Bool { flags.contains(flag.name) }

    /// The last value given for an option.
    func value(_ option: CommandOption) -> String? { optionValues[option.name]?.last }

    /// Every value given for a repeatable option, in order.
    func values(_ option: CommandOption) -> [String] { optionValues[option.name] ?? [] }
}
