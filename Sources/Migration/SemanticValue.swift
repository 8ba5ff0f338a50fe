import StringsDict

/// What a localized value means, with the spellings that do not change its meaning removed, so a
/// legacy value and its round-tripped form compare equal exactly when nothing was lost:
/// variable names are dropped (a variable is known by the argument it formats: `%#@v@` and
/// `%1$#@arg1@` are the same thing), `%arg` is spelled as the variable's own specifier, and a value
/// type is known by the kind of argument it takes (`d` and `lld` both format an integer).
indirect enum SemanticValue: Equatable {
    case text(String)
    case plural(SemanticRule)
    case device([String: SemanticValue])

    var kindName: String {
        switch self {
        case .text: return "a plain string"
        case .plural: return "a plural rule"
        case .device: return "a device rule"
        }
    }
}

/// A plural rule: the format key as parts, and one variable per argument it references.
struct SemanticRule: Equatable {
    enum Part: Equatable {
        case literal(String)
        case variable(VariableKey)
    }

    /// How a variable is identified: by the argument it formats, or (malformed spellings such as
    /// `%1#@count@`, kept verbatim by the migration) by its name.
    enum VariableKey: Hashable, Comparable, CustomStringConvertible {
        case argument(Int)
        case named(String)

        var description: String {
            switch self {
            case .argument(let index): return "argument \(index)"
            case .named(let name): return "variable \(name)"
            }
        }

        static func < (a: VariableKey, b: VariableKey) -> Bool { a.description < b.description }
    }

    struct Variable: Equatable {
        /// The value type as written (`lld`), for messages.
        var valueType: String?
        var kind: FormatArgumentKind?
        var forms: [PluralCategory: String]

        static func == (a: Variable, b: Variable) -> Bool { a.kind == b.kind && a.forms == b.forms }
    }

    var parts: [Part]
    var variables: [VariableKey: Variable]

    init(_ rule: PluralRule) {
        let tokens = FormatStringParser.parse(rule.formatKey)
        let defined = Set(rule.variables.map(\.name))
        let referenced = Set(tokens.compactMap { token -> String? in
            if case .variable(let reference) = token { return reference.name }
            return nil
        })
        // The migration resolves a reference to a missing dictionary to the one unused dictionary,
        // as Xcode does; the meaning of the legacy rule at run time is the same resolution.
        var unused = rule.variables.map(\.name).filter { !referenced.contains($0) }
        var parts: [Part] = []
        var variables: [VariableKey: Variable] = [:]
        var nextArgument = 1
        var literal = ""
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
        }
        for token in tokens {
            switch token {
            case .variable(let reference):
                let key: VariableKey
                if reference.isMalformed {
                    key = .named(reference.name)
                } else if let position = reference.position {
                    key = .argument(position)
                    nextArgument = position + 1
                } else {
                    key = .argument(nextArgument)
                    nextArgument += 1
                }
                var name = reference.name
                if !defined.contains(name), unused.count == 1 { name = unused.removeFirst() }
                flush()
                parts.append(.variable(key))
                if let variable = rule.variable(named: name) {
                    variables[key] = Self.variable(variable)
                }
            case .specifier(let spec) where !spec.isPercentLiteral:
                literal += token.raw
                nextArgument = (spec.position ?? nextArgument) + 1
            default:
                literal += token.raw
            }
        }
        flush()
        self.parts = parts
        self.variables = variables
    }

    private static func variable(_ variable: PluralVariable) -> Variable {
        let type = variable.normalizedValueType
        let kind = type.flatMap { type -> FormatArgumentKind? in
            for token in FormatStringParser.parse("%" + type) {
                if case .specifier(let spec) = token { return spec.argumentKind }
            }
            return nil
        }
        var forms: [PluralCategory: String] = [:]
        for (category, text) in variable.forms {
            // `%arg` stands for the variable's own specifier.
            forms[category] = type.map { text.replacingOccurrences(of: "%arg", with: "%" + $0) } ?? text
        }
        return Variable(valueType: type, kind: kind, forms: forms)
    }
}

extension SemanticValue {
    init(_ rule: StringsDictRule) {
        switch rule {
        case .plural(let plural):
            self = .plural(SemanticRule(plural))
        case .device(let device):
            self = .device(Self.cases(device.cases))
        case .width(let width):
            self = .device(Self.cases(width.cases).reduce(into: [:]) { $0["width " + $1.key] = $1.value })
        }
    }

    private static func cases(_ cases: [RuleCase]) -> [String: SemanticValue] {
        var result: [String: SemanticValue] = [:]
        for item in cases {
            switch item.value {
            case .string(let text): result[item.key] = .text(text)
            case .plural(let rule): result[item.key] = .plural(SemanticRule(rule))
            }
        }
        return result
    }
}
