/// Checks a plural rule for the mistakes that make Foundation print the wrong text or read the
/// wrong argument. Everything here is a warning: the rule is still migrated as written.
///
/// Both routes of `StringsDictReader` check with it: the one-pass reader on each entry as it is
/// read (its keys' byte offsets at hand), and the route through PropertyListSerialization on the
/// decoded model (its keys' paths at hand). So a finding names the key it is about (`Place`) and
/// each route places it. Forms are scanned in place (`FormatArgumentScan`), names compared
/// without sets, and a message is made only for a finding: parsing every form into tokens and
/// building key paths for every variable made the checks a third of the reading. The checker it
/// replaced is kept in the tests as their oracle (`ReferencePluralRuleChecker`).
struct PluralRuleChecker {
    /// The key of the rule a finding is about.
    enum Place {
        case formatKey
        /// The variable's own key (`variables[k]`).
        case variable(Int)
        /// Its `NSStringFormatSpecTypeKey`, its `NSStringFormatValueTypeKey`.
        case specType(Int)
        case valueType(Int)
        /// `forms[form]`, a form of `variables[variable]`.
        case form(variable: Int, form: Int)
    }

    /// A warning, without the path of the rule's key (each route writes its own).
    struct Finding {
        var message: String
        var place: Place
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

    /// A checker for the rules of one file in `language` (an `.lproj` name; nil: no category checks).
    init(language: String?) {
        self.language = language
        categories = language.flatMap { PluralRules.categories(for: $0) }
        categoryBits = categories.map { $0.reduce(0) { $0 | 1 << UInt8($1.rank) } } ?? 0
    }

    /// The path under the rule's key that a finding at `place` shows: `[]`, `[variable]` or
    /// `[variable, category]`.
    static func shownPath(_ place: Place, variables: [DecodedVariable], forms: [DecodedForm]) -> [String] {
        switch place {
        case .formatKey: return []
        case .variable(let v), .specType(let v), .valueType(let v): return [variables[v].name]
        case .form(let v, let k): return [variables[v].name, forms[k].category.rawValue]
        }
    }

    /// Appends the findings of the rule with `formatKey` and `variables` (sorted by name; their
    /// forms in `forms`, in category order), in the order a reader reports them.
    mutating func check(
        formatKey: String, variables: [DecodedVariable], forms: [DecodedForm], into findings: inout [Finding]
    ) {
        func warn(_ message: String, _ place: Place) {
            findings.append(Finding(message: message, place: place))
        }
        func isDefined(_ name: String) -> Bool { variables.contains { $0.name == name } }
        let formatKeyName = StringsDictKeys.formatKey

        // The format key's variable references and the argument each reads (FormatStringParser.arguments).
        tokens.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
        uses.removeAll(keepingCapacity: true)
        FormatArgumentScan.scan(formatKey, into: &tokens, names: &names)
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
            warn(
                "malformed variable reference '\(FormatArgumentScan.raw(use.token, in: formatKey))' in "
                    + "\(formatKeyName) (expected %#@\(name)@ or %N$#@\(name)@)",
                .formatKey)
        }
        referenced.removeAll(keepingCapacity: true)
        for use in uses { referenced.append(names[use.token.nameIndex]) }
        for use in uses where !isDefined(names[use.token.nameIndex]) {
            warn("\(formatKeyName) references variable '\(names[use.token.nameIndex])' that is not defined", .formatKey)
        }

        // Every form's tokens, scanned once; forms may nest references to other variables.
        tokens.removeAll(keepingCapacity: true)
        formTokens.removeAll(keepingCapacity: true)
        formTokens.append(contentsOf: repeatElement(0..<0, count: forms.count))
        for (v, variable) in variables.enumerated() {
            for k in variable.forms {
                let start = tokens.count
                FormatArgumentScan.scan(forms[k].text, into: &tokens, names: &names)
                formTokens[k] = start..<tokens.count
                for t in start..<tokens.count where tokens[t].kind == .variable {
                    let token = tokens[t]
                    let name = names[token.nameIndex]
                    referenced.append(name)
                    if token.isMalformed {
                        warn(
                            "malformed variable reference '\(FormatArgumentScan.raw(token, in: forms[k].text))'",
                            .form(variable: v, form: k))
                    } else if !isDefined(name) {
                        warn("form references variable '\(name)' that is not defined", .form(variable: v, form: k))
                    }
                }
            }
        }
        if uses.isEmpty {
            warn("\(formatKeyName) '\(formatKey)' references no variable", .formatKey)
        }
        for (v, variable) in variables.enumerated() {
            if !referenced.contains(variable.name) {
                warn("variable is defined but never referenced", .variable(v))
            }
            let argument = uses.first { !$0.token.isMalformed && names[$0.token.nameIndex] == variable.name }?.argument
            check(variable, v, forms: forms, argument: argument, warn: warn)
        }
    }

    /// One variable's checks (`variables[v]`).
    private mutating func check(
        _ variable: DecodedVariable, _ v: Int, forms: [DecodedForm], argument: Int?,
        warn: (String, Place) -> Void
    ) {
        if variable.specType.isEmpty {
            warn("missing \(StringsDictKeys.specType) (expected \(PluralVariable.pluralRuleType))", .variable(v))
        } else if variable.specType != PluralVariable.pluralRuleType {
            warn(
                "\(StringsDictKeys.specType) is '\(variable.specType)', expected \(PluralVariable.pluralRuleType)",
                .specType(v))
        }
        var valueKind: FormatArgumentKind?
        var normalizedValueType = ""
        if let written = variable.valueType {
            normalizedValueType = PluralVariable.normalized(valueType: written)
            if written != normalizedValueType {
                warn(
                    "\(StringsDictKeys.valueType) '\(written)' starts with '%'; read as '\(normalizedValueType)'",
                    .valueType(v))
            }
            if let kind = rememberedArgumentKind(ofValueType: normalizedValueType) {
                valueKind = kind
            } else {
                warn(
                    "\(StringsDictKeys.valueType) '\(written)' is not a printf conversion (e.g. d, ld, lld, @, f)",
                    .valueType(v))
            }
        } else {
            warn("missing \(StringsDictKeys.valueType)", .variable(v))
        }
        if forms[variable.forms].last?.category != .other {
            warn("missing required 'other' form", .variable(v))
        }
        if let language, categories != nil {
            // `zero` is not one of CLDR's categories in most languages, yet Apple's plural rules
            // use it for the number 0 in every language (Foundation's documentation of the plural
            // rule type): it is a form like any other, carried as is, and no warning.
            for k in variable.forms
            where categoryBits & 1 << UInt8(forms[k].category.rank) == 0 && forms[k].category != .zero {
                warn(
                    "category '\(forms[k].category.rawValue)' is not used by language '\(language)' (CLDR "
                        + "\(PluralRules.cldrVersion): \(categoryListText())); kept",
                    .form(variable: v, form: k))
            }
        }
        guard let valueKind else { return }
        for k in variable.forms {
            let form = forms[k]
            for t in formTokens[k] where tokens[t].kind == .specifier {
                let token = tokens[t]
                // Unpositioned specifiers in a form read the variable's value; positional ones only
                // when they name the variable's own argument (`%2$@` in a form of argument 1 is another argument).
                let readsVariable = token.position == nil || (argument != nil && token.position == argument)
                let kind = token.argumentKind
                guard readsVariable, kind != valueKind else { continue }
                warn(
                    "form uses \(FormatArgumentScan.raw(token, in: form.text)) (\(kind.rawValue)) but "
                        + "\(StringsDictKeys.valueType) is '\(normalizedValueType)' (\(valueKind.rawValue))",
                    .form(variable: v, form: k))
            }
        }
    }

    /// `argumentKind(ofValueType:)`, remembered for ASCII value types (whose equal strings are
    /// equal bytes, so the answer is the same).
    private mutating func rememberedArgumentKind(ofValueType normalized: String) -> FormatArgumentKind? {
        let isASCII = normalized.utf8.allSatisfy { $0 < 0x80 }
        if isASCII, let known = valueKinds.first(where: { $0.valueType == normalized }) { return known.kind }
        let kind = Self.argumentKind(ofValueType: normalized)
        if isASCII { valueKinds.append((normalized, kind)) }
        return kind
    }

    /// The kind of argument a value type (`d`, `lld`, `@`; without `%`) reads; nil when it is not
    /// one printf conversion.
    static func argumentKind(ofValueType normalized: String) -> FormatArgumentKind? {
        let specs = FormatStringParser.parse("%" + normalized)
        if specs.count == 1, case .specifier(let spec) = specs[0], !spec.isPercentLiteral, spec.position == nil {
            return spec.argumentKind
        }
        return nil
    }

    /// The language's categories as the message lists them: `one, few, many, other`.
    private mutating func categoryListText() -> String {
        if let categoryList { return categoryList }
        let text = (categories ?? []).sorted().map(\.rawValue).joined(separator: ", ")
        categoryList = text
        return text
    }
}

/// A variable of a plural rule as the checks read it: the model's fields, and where each of its
/// keys starts (byte offsets of `<key>`, -1 when absent or unknown) for the one-pass reader.
struct DecodedVariable {
    var name: String
    var keyOffset: Int
    var specType = ""
    var specTypeOffset = -1
    var valueType: String?
    var valueTypeOffset = -1
    /// Its forms in the forms array it comes with, in category order.
    var forms: Range<Int>
}

/// One form of a variable and where its `<key>` starts (-1 when unknown).
struct DecodedForm {
    var category: PluralCategory
    var text: String
    var keyOffset: Int
}
