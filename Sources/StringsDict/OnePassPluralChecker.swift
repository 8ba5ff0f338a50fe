/// The warnings `PluralRuleChecker` gives a plural rule, for an entry the one-pass reader has
/// just decoded: the same checks in the same order with the same messages, each at the `<key>`
/// today's reader points at (the deepest key of its path), kept as a byte offset until the file
/// is done.
///
/// Why a second implementation: the checker on the model parsed every form into a token array
/// and built key paths for every variable; here forms are scanned in place
/// (`FormatArgumentScan`), names compared without sets, and a message and its place are made only
/// for a warning. The tree path keeps `PluralRuleChecker`, and the differential tests hold the
/// two to the same output.
struct OnePassPluralChecker {
    /// A warning before its line and column are known.
    struct PendingWarning {
        var message: String
        var keyOffset: Int
    }

    private let categories: Set<PluralCategory>?
    private let language: String?
    /// `categories` as bits by rank, and as the message lists them (made once, when needed).
    private let categoryBits: UInt8
    private var categoryList: String?
    /// Argument kinds of the ASCII value types seen (`d`, `lld`, `@`: a handful per file).
    private var valueKinds: [(valueType: String, kind: FormatArgumentKind?)] = []
    /// Reused: the format key's tokens, then every form's (`formTokens[k]`: those of `forms[k]`),
    /// the names of their variable references, and the format key's references with the
    /// argument each reads.
    private var tokens: [FormatArgumentScan.Token] = []
    private var formTokens: [Range<Int>] = []
    private var names: [String] = []
    private var uses: [(token: FormatArgumentScan.Token, argument: Int?)] = []
    private var referenced: [String] = []

    init(language: String?) {
        self.language = language
        categories = language.flatMap { PluralRules.categories(for: $0) }
        categoryBits = categories.map { $0.reduce(0) { $0 | 1 << UInt8($1.rank) } } ?? 0
    }

    /// Appends the warnings of the entry `head` (variables sorted by name, forms in category order).
    mutating func check(_ head: OnePassEntryScanner.EntryHead, variables: [DecodedVariable], forms: [DecodedForm],
                        into warnings: inout [PendingWarning]) {
        func warn(_ message: String, _ shown: [String], at offset: Int) {
            let path = (["\"\(head.key)\""] + shown).joined(separator: " > ")
            warnings.append(PendingWarning(message: "\(path): \(message)", keyOffset: offset))
        }
        func isDefined(_ name: String) -> Bool { variables.contains { $0.name == name } }
        let formatKey = StringsDictKeys.formatKey

        // The format key's variable references and the argument each reads (FormatStringParser.arguments).
        tokens.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
        uses.removeAll(keepingCapacity: true)
        FormatArgumentScan.scan(head.formatKey, into: &tokens, names: &names)
        var next = 1
        for token in tokens {
            switch token.kind {
            case .specifier:
                if token.position == nil { next += 1 }
            case .variable:
                if token.isMalformed {
                    uses.append((token, nil))
                } else if let p = token.position {
                    uses.append((token, p))
                } else {
                    uses.append((token, next))
                    next += 1
                }
            case .percentLiteral:
                break
            }
        }
        for use in uses where use.token.isMalformed {
            let name = names[use.token.nameIndex]
            warn("malformed variable reference '\(FormatArgumentScan.raw(use.token, in: head.formatKey))' in \(formatKey) (expected %#@\(name)@ or %N$#@\(name)@)", [], at: head.formatKeyOffset)
        }
        referenced.removeAll(keepingCapacity: true)
        for use in uses { referenced.append(names[use.token.nameIndex]) }
        for use in uses where !isDefined(names[use.token.nameIndex]) {
            warn("\(formatKey) references variable '\(names[use.token.nameIndex])' that is not defined", [], at: head.formatKeyOffset)
        }

        // Every form's tokens, scanned once; forms may nest references to other variables.
        tokens.removeAll(keepingCapacity: true)
        formTokens.removeAll(keepingCapacity: true)
        formTokens.append(contentsOf: repeatElement(0..<0, count: forms.count))
        for variable in variables {
            for k in variable.forms {
                let start = tokens.count
                FormatArgumentScan.scan(forms[k].text, into: &tokens, names: &names)
                formTokens[k] = start..<tokens.count
                for t in start..<tokens.count where tokens[t].kind == .variable {
                    let token = tokens[t]
                    let name = names[token.nameIndex]
                    referenced.append(name)
                    let shown = [variable.name, forms[k].category.rawValue]
                    if token.isMalformed {
                        warn("malformed variable reference '\(FormatArgumentScan.raw(token, in: forms[k].text))'", shown, at: forms[k].keyOffset)
                    } else if !isDefined(name) {
                        warn("form references variable '\(name)' that is not defined", shown, at: forms[k].keyOffset)
                    }
                }
            }
        }
        if uses.isEmpty {
            warn("\(formatKey) '\(head.formatKey)' references no variable", [], at: head.formatKeyOffset)
        }
        for variable in variables {
            if !referenced.contains(variable.name) {
                warn("variable is defined but never referenced", [variable.name], at: variable.keyOffset)
            }
            let argument = uses.first { !$0.token.isMalformed && names[$0.token.nameIndex] == variable.name }?.argument
            check(variable, forms: forms, argument: argument) { message, category, offset in
                warn(message, category.map { [variable.name, $0.rawValue] } ?? [variable.name], at: offset)
            }
        }
    }

    /// One variable's checks (`PluralRuleChecker.check(_:_:_:argument:_:_:)`); `warn` takes the
    /// message, the form's category when the path shows it, and the key's offset.
    private mutating func check(_ variable: DecodedVariable, forms: [DecodedForm], argument: Int?,
                                warn: (String, PluralCategory?, Int) -> Void) {
        if variable.specType.isEmpty {
            warn("missing \(StringsDictKeys.specType) (expected \(PluralVariable.pluralRuleType))", nil, variable.keyOffset)
        } else if variable.specType != PluralVariable.pluralRuleType {
            warn("\(StringsDictKeys.specType) is '\(variable.specType)', expected \(PluralVariable.pluralRuleType)", nil, variable.specTypeOffset)
        }
        var valueKind: FormatArgumentKind?
        var normalizedValueType = ""
        if let written = variable.valueType {
            normalizedValueType = PluralVariable.normalized(valueType: written)
            if written != normalizedValueType {
                warn("\(StringsDictKeys.valueType) '\(written)' starts with '%'; read as '\(normalizedValueType)'", nil, variable.valueTypeOffset)
            }
            if let kind = argumentKind(ofValueType: normalizedValueType) {
                valueKind = kind
            } else {
                warn("\(StringsDictKeys.valueType) '\(written)' is not a printf conversion (e.g. d, ld, lld, @, f)", nil, variable.valueTypeOffset)
            }
        } else {
            warn("missing \(StringsDictKeys.valueType)", nil, variable.keyOffset)
        }
        if forms[variable.forms].last?.category != .other {
            warn("missing required 'other' form", nil, variable.keyOffset)
        }
        if let language, categories != nil {
            // `zero` is Apple's form for 0 in every language (PluralRuleChecker says more).
            for form in forms[variable.forms] where categoryBits & 1 << UInt8(form.category.rank) == 0 && form.category != .zero {
                warn("category '\(form.category.rawValue)' is not used by language '\(language)' (CLDR \(PluralRules.cldrVersion): \(categoryListText())); kept", form.category, form.keyOffset)
            }
        }
        guard let valueKind else { return }
        for k in variable.forms {
            let form = forms[k]
            for t in formTokens[k] where tokens[t].kind == .specifier {
                let token = tokens[t]
                // Unpositioned specifiers read the variable's value; positional ones only when
                // they name the variable's own argument.
                let readsVariable = token.position == nil || (argument != nil && token.position == argument)
                let kind = token.argumentKind
                guard readsVariable, kind != valueKind else { continue }
                warn("form uses \(FormatArgumentScan.raw(token, in: form.text)) (\(kind.rawValue)) but \(StringsDictKeys.valueType) is '\(normalizedValueType)' (\(valueKind.rawValue))", form.category, form.keyOffset)
            }
        }
    }

    /// `PluralRuleChecker.argumentKind(ofValueType:)`, remembered for ASCII value types (whose
    /// equal strings are equal bytes, so the answer is the same).
    private mutating func argumentKind(ofValueType normalized: String) -> FormatArgumentKind? {
        let isASCII = normalized.utf8.allSatisfy { $0 < 0x80 }
        if isASCII, let known = valueKinds.first(where: { $0.valueType == normalized }) { return known.kind }
        let kind = StringsDictDecoder.argumentKind(ofValueType: normalized)
        if isASCII { valueKinds.append((normalized, kind)) }
        return kind
    }

    /// The language's categories as the message lists them: `one, few, many, other`.
    private mutating func categoryListText() -> String {
        if let categoryList { return categoryList }
        let text = (categories ?? []).sorted().map(\.rawValue).joined(separator: ", ")
        categoryList = text
        return text
    }
}
