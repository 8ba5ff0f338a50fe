import StringcatSupport

@testable import StringsDict

/// The plural checks as they were written before the one-pass reader's checker became the only
/// one (`PluralRuleChecker`), kept as the oracle of the tests' reference reader
/// (`ReferenceStringsDictReader`): on the decoded model, with sets and key paths, every form
/// parsed into tokens by the reference parser. The same checks in the same order with the same
/// messages, each at its key's path.
extension StringsDictDecoder {
    mutating func referenceCheck(_ entries: [StringsDictEntry], language: String?) {
        let languageCategories = language.flatMap { PluralRules.categories(for: $0) }
        for entry in entries {
            let context = Context(plistPath: [entry.key], shownPath: [entry.key])
            switch entry.rule {
            case .plural(let rule):
                referenceCheck(rule, context, languageCategories, language)
            case .device(let device):
                referenceCheckCases(
                    device.cases, context.appendingPlistOnly(DeviceRule.ruleTypeKey), languageCategories, language)
            case .width(let width):
                referenceCheckCases(
                    width.cases, context.appendingPlistOnly(WidthRule.ruleTypeKey), languageCategories, language)
            }
        }
    }

    private mutating func referenceCheckCases(
        _ cases: [RuleCase], _ context: Context, _ categories: Set<PluralCategory>?, _ language: String?
    ) {
        for c in cases {
            if case .plural(let rule) = c.value { referenceCheck(rule, context.appending(c.key), categories, language) }
        }
    }

    /// A form of a variable with its tokens, parsed once for every check.
    private typealias ParsedForm = (category: PluralCategory, text: String, tokens: [FormatToken])

    private mutating func referenceCheck(
        _ rule: PluralRule, _ context: Context, _ categories: Set<PluralCategory>?, _ language: String?
    ) {
        // Contexts are built only for a warning (allocating key paths for every value was a
        // fifth of the read).
        let uses = Self.referenceUses(rule.formatKey)
        for use in uses where use.reference.isMalformed {
            warn(
                "malformed variable reference '\(use.reference.raw)' in \(StringsDictKeys.formatKey) (expected "
                    + "%#@\(use.reference.name)@ or %N$#@\(use.reference.name)@)",
                context.appendingPlistOnly(StringsDictKeys.formatKey))
        }
        var referenced = Set(uses.map(\.reference.name))
        for use in uses where rule.variable(named: use.reference.name) == nil {
            warn(
                "\(StringsDictKeys.formatKey) references variable '\(use.reference.name)' that is not defined",
                context.appendingPlistOnly(StringsDictKeys.formatKey))
        }
        let parsedForms: [[ParsedForm]] = rule.variables.map { variable in
            variable.sortedForms.map { ($0.category, $0.text, ReferenceFormatStringParser.parse($0.text)) }
        }
        // Forms may nest references to other variables of the same rule.
        for (variable, forms) in zip(rule.variables, parsedForms) {
            for (category, _, tokens) in forms {
                for case .variable(let reference) in tokens {
                    referenced.insert(reference.name)
                    let formContext = context.appending(variable.name).appending(category.rawValue)
                    if reference.isMalformed {
                        warn("malformed variable reference '\(reference.raw)'", formContext)
                    } else if rule.variable(named: reference.name) == nil {
                        warn("form references variable '\(reference.name)' that is not defined", formContext)
                    }
                }
            }
        }
        if uses.isEmpty {
            warn(
                "\(StringsDictKeys.formatKey) '\(rule.formatKey)' references no variable",
                context.appendingPlistOnly(StringsDictKeys.formatKey))
        }
        for (variable, forms) in zip(rule.variables, parsedForms) {
            let variableContext = context.appending(variable.name)
            if !referenced.contains(variable.name) {
                warn("variable is defined but never referenced", variableContext)
            }
            let argument = uses.first { $0.reference.name == variable.name && !$0.reference.isMalformed }?.argumentIndex
            referenceCheck(variable, forms, variableContext, argument: argument, categories, language)
        }
    }

    private mutating func referenceCheck(
        _ variable: PluralVariable, _ forms: [ParsedForm], _ context: Context, argument: Int?,
        _ categories: Set<PluralCategory>?, _ language: String?
    ) {
        if variable.specType.isEmpty {
            warn("missing \(StringsDictKeys.specType) (expected \(PluralVariable.pluralRuleType))", context)
        } else if variable.specType != PluralVariable.pluralRuleType {
            warn(
                "\(StringsDictKeys.specType) is '\(variable.specType)', expected \(PluralVariable.pluralRuleType)",
                context.appendingPlistOnly(StringsDictKeys.specType))
        }
        var valueKind: FormatArgumentKind?
        if let written = variable.valueType, let normalized = variable.normalizedValueType {
            if written != normalized {
                warn(
                    "\(StringsDictKeys.valueType) '\(written)' starts with '%'; read as '\(normalized)'",
                    context.appendingPlistOnly(StringsDictKeys.valueType))
            }
            if let kind = Self.referenceArgumentKind(ofValueType: normalized) {
                valueKind = kind
            } else {
                warn(
                    "\(StringsDictKeys.valueType) '\(written)' is not a printf conversion (e.g. d, ld, lld, @, f)",
                    context.appendingPlistOnly(StringsDictKeys.valueType))
            }
        } else {
            warn("missing \(StringsDictKeys.valueType)", context)
        }
        if variable.forms[.other] == nil {
            warn("missing required 'other' form", context)
        }
        if let categories, let language {
            // `zero` is not one of CLDR's categories in most languages, yet Apple's plural rules use
            // it for the number 0 in every language (Foundation's documentation of the plural
            // rule type): it is a form like any other, carried as is, and no warning.
            let unused = variable.forms.keys.filter { !categories.contains($0) && $0 != .zero }.sorted()
            for category in unused {
                warn(
                    "category '\(category.rawValue)' is not used by language '\(language)' (CLDR "
                        + "\(PluralRules.cldrVersion): "
                        + "\(categories.sorted().map(\.rawValue).joined(separator: ", "))); kept",
                    context.appending(category.rawValue))
            }
        }
        guard let valueKind, let valueType = variable.normalizedValueType else { return }
        for (category, _, tokens) in forms {
            for case .specifier(let spec) in tokens where !spec.isPercentLiteral {
                // Unpositioned specifiers in a form read the variable's value; positional ones only
                // when they name the variable's own argument (`%2$@` in a form of argument 1 is another argument).
                let readsVariable = spec.position == nil || (argument != nil && spec.position == argument)
                guard readsVariable, spec.argumentKind != valueKind else { continue }
                warn(
                    "form uses \(spec.raw) (\(spec.argumentKind.rawValue)) but \(StringsDictKeys.valueType) is "
                        + "'\(valueType)' (\(valueKind.rawValue))",
                    context.appending(category.rawValue))
            }
        }
    }

    /// The kind of argument a value type (`d`, `lld`, `@`; without `%`) reads; nil when it is not
    /// one printf conversion.
    static func referenceArgumentKind(ofValueType normalized: String) -> FormatArgumentKind? {
        let specs = ReferenceFormatStringParser.parse("%" + normalized)
        if specs.count == 1, case .specifier(let spec) = specs[0], !spec.isPercentLiteral, spec.position == nil {
            return spec.argumentKind
        }
        return nil
    }

    /// The variable references of a format key and the argument each reads
    /// (`PluralRule.referencedVariables`, on the reference parser's tokens).
    static func referenceUses(_ formatKey: String) -> [VariableUse] {
        var next = 1
        var uses: [VariableUse] = []
        for token in ReferenceFormatStringParser.parse(formatKey) {
            switch token {
            case .specifier(let spec) where !spec.isPercentLiteral:
                if spec.position == nil { next += 1 }
            case .variable(let reference):
                if reference.isMalformed {
                    uses.append(VariableUse(reference: reference, argumentIndex: nil))
                } else if let p = reference.position {
                    uses.append(VariableUse(reference: reference, argumentIndex: p))
                } else {
                    uses.append(VariableUse(reference: reference, argumentIndex: next))
                    next += 1
                }
            default:
                break
            }
        }
        return uses
    }
}
