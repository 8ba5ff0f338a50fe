import LegacyTables
import StringCatalog
import StringcatSupport
import StringsDict

/// Turns one `.stringsdict` rule of one language into a catalog localization, as Xcode's
/// migration does (docs/spec/migration.md#entries-of-a-stringsdict-table). The shape is decided per language and key:
///
/// (a) the format key is exactly `%#@v@`, every specifier of `v`'s forms is its own plain one (the
///     value type's, unpositioned or `%1$…`, no flags, width or precision) and at least one form
///     has one: plain plural `variations`; the variable name and its value type are dropped, the
///     forms are copied verbatim;
/// (b) the format key is exactly `%#@v@` otherwise: no form prints the count (`"hat favorisiert"`,
///     `"%2$@ follower"`), or some form holds another specifier (another type, or the same type with
///     a width: `%1d`): a `stringUnit` holding the format key plus one substitution without `argNum`,
///     the variable's own plain unpositioned specifiers written `%arg`, the others verbatim
///     (docs/spec/migration-rules.md, "When a plural stays a substitution");
/// (c) anything else (text around the variable, several variables, positional `%N$#@v@`): the
///     format key with `%N$#@v@` written `%#@v@` and `argNum` N on that substitution. In the forms
///     of unpositioned references, when the key has no positional reference, the variable's own
///     plain specifier becomes `%arg` (IceCubesApp `de`: `"%lld Beitrag"` -> `"%arg Beitrag"`); forms of
///     positional keys keep theirs (IceCubesApp `eu`). Malformed references (`%1#@count@`) are
///     kept verbatim with no `argNum` (Cork).
enum StringsDictConverter {
    struct Conversion {
        var localization: CatalogLocalization?
        var diagnostics: [Diagnostic]
    }

    static func convert(_ entry: StringsDictEntry, path: String) -> Conversion {
        let location = SourceLocation(path: path, line: entry.line, column: entry.line == nil ? nil : 1)
        switch entry.rule {
        case .plural(let rule):
            var diagnostics: [Diagnostic] = []
            let localization = convert(rule, key: entry.key, location: location, diagnostics: &diagnostics)
            return Conversion(localization: localization, diagnostics: diagnostics)
        case .device(let rule):
            var diagnostics: [Diagnostic] = []
            var cases: [String: CatalogLocalization] = [:]
            for item in rule.cases {
                switch item.value {
                case .string(let text):
                    cases[item.key] = CatalogLocalization(stringUnit: translated(text))
                case .plural(let nested):
                    cases[item.key] = convert(nested, key: entry.key, location: location, diagnostics: &diagnostics)
                }
            }
            return Conversion(
                localization: CatalogLocalization(variations: CatalogVariations(device: cases)),
                diagnostics: diagnostics)
        case .width:
            // String Catalogs have no width variations (Apple: "use Dynamic Type instead"); any
            // choice of one width would silently lose the others.
            return Conversion(
                localization: nil,
                diagnostics: [
                    .error(
                        "\"\(entry.key)\" uses NSStringVariableWidthRuleType, which a String Catalog cannot hold; keep "
                            + "this key in a .stringsdict or reduce it to one string, then migrate again",
                        at: location)
                ])
        }
    }

    static func translated(_ value: String) -> StringUnit {
        StringUnit(state: .translated, value: value)
    }

    private static func pluralCases(_ variable: PluralVariable, rewriteToArg: Bool) -> [String: CatalogLocalization] {
        var cases: [String: CatalogLocalization] = [:]
        for (category, form) in variable.forms {
            let text = rewriteToArg ? replacingOwnSpecifier(in: form, valueType: variable.normalizedValueType) : form
            cases[category.rawValue] = CatalogLocalization(stringUnit: translated(text))
        }
        return cases
    }

    /// Replaces the variable's own plain unpositioned specifiers by `%arg`; a width, flags or a
    /// precision keep a specifier as written (`%arg` would lose them), and so does one followed by
    /// a combining mark (`%d\u{301}`), which would join the `g` of `%arg` into one character that
    /// compiling back does not read as `%arg`.
    private static func replacingOwnSpecifier(in form: String, valueType: String?) -> String {
        var out = ""
        let tokens = FormatStringParser.parse(form)
        for (index, token) in tokens.enumerated() {
            switch token {
            case .specifier(let spec)
            where spec.position == nil && isOwnPlain(spec, valueType: valueType)
                && (index + 1 == tokens.count || ("g" + tokens[index + 1].raw).first == "g"):
                out += "%arg"
            default:
                out += token.raw
            }
        }
        return out
    }

    /// The variable's own plain specifier: its value type's (any type when it declares none),
    /// printing the count (unpositioned or `%1$`), with no flags, width or precision.
    private static func isOwnPlain(_ spec: FormatSpecifier, valueType: String?) -> Bool {
        !spec.isPercentLiteral && (spec.position == nil || spec.position == 1) && spec.flags.isEmpty
            && spec.width == nil && spec.precision == nil && (valueType == nil || spec.typeKey == valueType)
    }

    /// Shape (a): every specifier of the forms is the variable's own plain one, and some form
    /// prints the count. Only then can the value type be dropped: the compiler takes it back from
    /// the forms. Anything else (`%1$@` for type `ld`, `%1d`, a reference to another variable)
    /// keeps the substitution, which holds the type and the forms as written.
    private static func printsOnlyTheCount(_ variable: PluralVariable) -> Bool {
        let valueType = variable.normalizedValueType
        var printsIt = false
        for form in variable.forms.values {
            for token in FormatStringParser.parse(form) {
                switch token {
                case .specifier(let spec) where spec.isPercentLiteral:
                    continue
                case .specifier(let spec):
                    guard isOwnPlain(spec, valueType: valueType) else { return false }
                    printsIt = true
                case .variable:
                    return false
                case .literal, .invalid:
                    continue
                }
            }
        }
        return printsIt
    }

    private static func convert(
        _ rule: PluralRule, key: String, location: SourceLocation, diagnostics: inout [Diagnostic]
    ) -> CatalogLocalization {
        let tokens = FormatStringParser.parse(rule.formatKey)
        let references = tokens.compactMap { token -> VariableReference? in
            if case .variable(let reference) = token { return reference }
            return nil
        }
        let names = resolvedNames(references, rule: rule, key: key, location: location, diagnostics: &diagnostics)
        // Variables the format key does not name: referenced inside another variable's forms
        // (`passwords.one = "… %2$#@accounts@."`), or by nothing at all. Each is carried as one
        // more substitution (docs/spec/migration.md#entries-of-a-stringsdict-table, "Common to all shapes"), so the key
        // takes shape (c).
        let others = otherVariables(rule, named: Set(names))

        // (a) and (b): the format key is one well-formed, unpositioned reference.
        if tokens.count == 1, others.isEmpty, let only = references.first, only.position == nil, !only.isMalformed,
            let variable = rule.variable(named: names[0])
        {
            if printsOnlyTheCount(variable) {
                return CatalogLocalization(
                    variations: CatalogVariations(plural: pluralCases(variable, rewriteToArg: false)))
            }
            return CatalogLocalization(
                stringUnit: translated("%#@\(variable.name)@"),
                substitutions: [
                    variable.name: Substitution(
                        argNum: nil, formatSpecifier: variable.valueType,
                        variations: CatalogVariations(plural: pluralCases(variable, rewriteToArg: true)))
                ])
        }

        // (c)
        let hasPositional = references.contains { $0.position != nil && !$0.isMalformed }
        var value = ""
        var substitutions: [String: Substitution] = [:]
        var referenceIndex = 0
        for token in tokens {
            guard case .variable(let reference) = token else {
                value += token.raw
                continue
            }
            let name = names[referenceIndex]
            referenceIndex += 1
            if reference.isMalformed {
                value += reference.raw
            } else {
                value += "%#@\(name)@"
            }
            guard let variable = rule.variable(named: name) else { continue }
            let rewrite = reference.position == nil && !reference.isMalformed && !hasPositional && others.isEmpty
            substitutions[name] = Substitution(
                argNum: reference.isMalformed ? nil : reference.position,
                formatSpecifier: variable.valueType,
                variations: CatalogVariations(plural: pluralCases(variable, rewriteToArg: rewrite)))
        }
        for (variable, argNum) in others where substitutions[variable.name] == nil {
            // Forms are copied verbatim: a nested reference keeps its `%N$#@name@` spelling.
            substitutions[variable.name] = Substitution(
                argNum: argNum, formatSpecifier: variable.valueType,
                variations: CatalogVariations(plural: pluralCases(variable, rewriteToArg: false)))
        }
        if substitutions.isEmpty {
            return CatalogLocalization(stringUnit: translated(rule.formatKey))
        }
        return CatalogLocalization(stringUnit: translated(value), substitutions: substitutions)
    }

    /// The variables of `rule` not in `named`, each with the argument its first positional
    /// reference inside another variable's forms gives it (nil when referenced unpositioned or
    /// not at all), in name order.
    static func otherVariables(_ rule: PluralRule, named: Set<String>) -> [(PluralVariable, Int?)] {
        let rest = rule.variables.filter { !named.contains($0.name) }
        guard !rest.isEmpty else { return [] }
        var argNums: [String: Int] = [:]
        for variable in rule.variables {
            for (_, form) in variable.sortedForms {
                for reference in variableReferences(in: form)
                where !reference.isMalformed && argNums[reference.name] == nil {
                    if let position = reference.position { argNums[reference.name] = position }
                }
            }
        }
        return rest.map { ($0, argNums[$0.name]) }
    }

    /// `FormatStringParser.variableReferences(in:)`, without parsing a form that holds no `#`
    /// (nearly every plural form: `%lld files`): every spelling of a reference has one.
    private static func variableReferences(in form: String) -> [VariableReference] {
        let hasHash =
            form.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "#")) }
            ?? form.utf8.contains(UInt8(ascii: "#"))
        guard hasHash else { return [] }
        return FormatStringParser.variableReferences(in: form)
    }

    /// The variable name each reference stands for. A reference to a variable that has no
    /// dictionary takes the name of the one dictionary no reference uses, as Xcode does
    /// (IceCubesApp `de`: `%#@count_posts@ von %#@count_voters@` with `count_votes`, `count_voters`).
    private static func resolvedNames(
        _ references: [VariableReference], rule: PluralRule, key: String,
        location: SourceLocation, diagnostics: inout [Diagnostic]
    ) -> [String] {
        let defined = Set(rule.variables.map(\.name))
        var referenced = Set(references.map(\.name))
        // A variable referenced inside another variable's forms is in use (nested), not spare.
        for variable in rule.variables {
            for form in variable.forms.values { referenced.formUnion(variableReferences(in: form).map(\.name)) }
        }
        var unused = rule.variables.map(\.name).filter { !referenced.contains($0) }
        return references.map { reference in
            if defined.contains(reference.name) { return reference.name }
            if unused.count == 1 {
                let replacement = unused.removeFirst()
                diagnostics.append(
                    .warning(
                        "\"\(key)\": the format key names %#@\(reference.name)@, which has no dictionary; the unused "
                            + "variable \(replacement) is used in its place, as Xcode does",
                        at: location))
                return replacement
            }
            diagnostics.append(
                .warning(
                    "\"\(key)\": the format key names %#@\(reference.name)@, which has no dictionary; it is kept as "
                        + "text",
                    at: location))
            return reference.name
        }
    }
}
