import StringCatalog
import StringcatSupport
import StringsDict

/// Turns one catalog localization that has variations or substitutions into a `.stringsdict`
/// rule: the inverse of `StringsDictConverter` (docs/spec/migration.md#entries-of-a-stringsdict-table,
/// docs/spec/compile-output.md#stringsdict-output).
///
/// - Plain plural variations (shape (a)) become `NSStringLocalizedFormatKey` `%#@arg1@` with one
///   variable `arg1` holding the forms verbatim. Its `NSStringFormatValueTypeKey` is the type of
///   the specifier that prints argument 1 in the forms (`other` first), else in the key, else
///   `lld` (what Swift passes an `Int` as).
/// - A string unit plus substitutions (shapes (b), (c)) becomes a format key equal to the unit's
///   value, `%#@name@` written `%N$#@name@` when the substitution has `argNum` N, and one variable
///   per substitution: `NSStringFormatValueTypeKey` = `formatSpecifier` (without a leading `%`),
///   forms with `%arg` replaced by `%` + the specifier (`%N$` + specifier when `argNum` is set,
///   because specifiers inside forms count the arguments of the whole call,
/// docs/spec/strings-grammar.md#the-stringsdict-structure).
/// - Device variations become `NSStringDeviceSpecificRuleType`; a device case with plural
///   variations or substitutions becomes a nested plural rule.
///
/// Units with state `new` are left out (docs/spec/compile-output.md#strings-output). Shapes a `.stringsdict` cannot
/// hold are left out with a warning naming the key, never silently.
struct CompileRuleBuilder {
    let key: String
    let language: String
    private(set) var warnings: [String] = []

    init(key: String, language: String) {
        self.key = key
        self.language = language
    }

    /// The rule for `localization`, or nil when nothing in it is emitted.
    mutating func rule(for localization: CatalogLocalization) -> StringsDictRule? {
        if let device = localization.variations?.device {
            if localization.variations?.plural != nil {
                warn("has both device and plural variations at the same level; only the device variations are compiled")
            }
            return deviceRule(device)
        }
        return pluralRule(for: localization).map(StringsDictRule.plural)
    }

    private mutating func deviceRule(_ device: [String: CatalogLocalization]) -> StringsDictRule? {
        var cases: [RuleCase] = []
        for name in device.keys.sorted() {
            let value = device[name]!
            if !DeviceRule.knownDevices.contains(name) {
                warn("device variation \"\(name)\" is not a device Apple documents; it is written as is")
            }
            if value.variations?.device != nil {
                warn(
                    "device variation \"\(name)\" nests device variations, which a .stringsdict cannot hold; it is "
                        + "left out"
                )
                continue
            }
            if value.variations?.plural != nil || !value.substitutions.isEmpty {
                if let nested = pluralRule(for: value) { cases.append(RuleCase(key: name, value: .plural(nested))) }
            } else if let unit = value.stringUnit {
                if CompileSelection.emits(unit) { cases.append(RuleCase(key: name, value: .string(unit.value))) }
            } else {
                warn("device variation \"\(name)\" has no value; it is left out")
            }
        }
        return cases.isEmpty ? nil : .device(DeviceRule(cases: cases))
    }

    private mutating func pluralRule(for localization: CatalogLocalization) -> PluralRule? {
        var substitutions = localization.substitutions
        var variables: [PluralVariable] = []
        let formatKey: String
        if let plural = localization.variations?.plural {
            if localization.stringUnit != nil {
                warn("has both a string unit and plural variations; the variations are compiled")
            }
            var forms: [PluralCategory: String] = [:]
            for name in plural.keys.sorted() {
                let value = plural[name]!
                guard let category = PluralCategory(rawValue: name) else {
                    warn(
                        "plural variation \"\(name)\" is not a CLDR category (zero one two few many other); it is left "
                            + "out"
                    )
                    continue
                }
                guard let unit = value.stringUnit, value.variations == nil else {
                    warn(
                        "plural variation \"\(name)\" has no plain value (nested variations are not supported); it is "
                            + "left out"
                    )
                    continue
                }
                guard CompileSelection.emits(unit) else { continue }
                forms[category] = unit.value
                // A form may use its own `%#@name@`: the variable goes beside `arg1` in the rule.
                // In name order: a dictionary's order changes from run to run, and so would the
                // order of these warnings.
                for subName in value.substitutions.keys.sorted() {
                    let substitution = value.substitutions[subName]!
                    if let existing = substitutions[subName], existing != substitution {
                        warn(
                            "substitution \"\(subName)\" is defined differently in several plural forms; the first is "
                                + "compiled"
                        )
                        continue
                    }
                    substitutions[subName] = substitution
                }
            }
            guard !forms.isEmpty else { return nil }
            var name = "arg1"
            while substitutions[name] != nil { name += "_" }
            let valueType = Self.argumentOneType(forms: forms, key: key)
            variables.append(PluralVariable(name: name, valueType: valueType, forms: forms))
            formatKey = "%#@\(name)@"
        } else if let unit = localization.stringUnit, !substitutions.isEmpty {
            guard CompileSelection.emits(unit) else { return nil }
            formatKey = Self.positioned(unit.value, substitutions: substitutions)
        } else if !substitutions.isEmpty {
            warn("has substitutions but no string unit to hold the format key; it is left out")
            return nil
        } else {
            warn(
                "has variations of a kind a .stringsdict cannot hold (\(Self.kinds(localization.variations))); it is "
                    + "left out"
            )
            return nil
        }
        // A format key naming a variable the rule lacks would print garbage: without every
        // variable, the localization is left out.
        for name in substitutions.keys.sorted() {
            guard let variable = variable(named: name, substitutions[name]!) else { return nil }
            variables.append(variable)
        }
        for variable in variables where variable.forms[.other] == nil {
            warn(
                "variable \(variable.name) has no \"other\" form, which Foundation requires; it is written without one")
        }
        return PluralRule(formatKey: formatKey, variables: variables)
    }

    private mutating func variable(named name: String, _ substitution: Substitution) -> PluralVariable? {
        guard let plural = substitution.variations?.plural else {
            warn(
                "substitution \"\(name)\" has no plural variations, which a .stringsdict variable needs; this language "
                    + "of the entry is left out"
            )
            return nil
        }
        let valueType = substitution.formatSpecifier.map(Self.withoutPercent)
        let position = substitution.argNum.map { "\($0)$" } ?? ""
        var forms: [PluralCategory: String] = [:]
        var replacedWithoutType = false
        for caseName in plural.keys.sorted() {
            let value = plural[caseName]!
            guard let category = PluralCategory(rawValue: caseName) else {
                warn(
                    "plural variation \"\(caseName)\" of substitution \"\(name)\" is not a CLDR category; it is left "
                        + "out"
                )
                continue
            }
            guard let unit = value.stringUnit else {
                warn("plural variation \"\(caseName)\" of substitution \"\(name)\" has no plain value; it is left out")
                continue
            }
            guard CompileSelection.emits(unit) else { continue }
            if valueType == nil && TextSearch.containsBytes(unit.value, "%arg") && unit.value.contains("%arg") {
                replacedWithoutType = true
            }
            forms[category] = Self.replacingArg(in: unit.value, with: "%" + position + (valueType ?? "lld"))
        }
        if replacedWithoutType {
            warn("substitution \"\(name)\" has no formatSpecifier; %arg is written as %\(position)lld")
        }
        guard !forms.isEmpty else { return nil }
        return PluralVariable(name: name, valueType: valueType, forms: forms)
    }

    private mutating func warn(_ message: String) {
        warnings.append("\"\(key)\" [\(language)]: \(message)")
    }

    // MARK: - Text rewriting

    /// `%#@name@` becomes `%N$#@name@` for substitutions with `argNum` N; everything else is kept.
    static func positioned(_ value: String, substitutions: [String: Substitution]) -> String {
        guard substitutions.values.contains(where: { $0.argNum != nil }) else { return value }
        var out = ""
        for token in FormatStringParser.parse(value) {
            if case .variable(let reference) = token, reference.position == nil, !reference.isMalformed,
                let argNum = substitutions[reference.name]?.argNum
            {
                out += "%\(argNum)$#@\(reference.name)@"
            } else {
                out += token.raw
            }
        }
        return out
    }

    /// Replaces `%arg` (not `%%arg`, which prints the text `%arg`) by `specifier`.
    static func replacingArg(in text: String, with specifier: String) -> String {
        // The byte test first: most forms have no `%arg`, and the character-level test (kept,
        // so that what is replaced does not change) costs a search of its own.
        guard TextSearch.containsBytes(text, "%arg"), text.contains("%arg") else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        let percent = UInt8(ascii: "%")
        let arg = Array("arg".utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == percent, i + 1 < bytes.count, bytes[i + 1] == percent {
                out.append(percent); out.append(percent)
                i += 2
            } else if bytes[i] == percent, bytes[(i + 1)...].starts(with: arg) {
                out.append(contentsOf: specifier.utf8)
                i += 4
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The type (`lld`, `d`, `@`) of the specifier that prints argument 1, looked for in the
    /// forms (`other` first, then zero … many), then in the key; `lld` when there is none.
    static func argumentOneType(forms: [PluralCategory: String], key: String) -> String {
        let ordered = [PluralCategory.other] + PluralCategory.allCases.filter { $0 != .other }
        for text in ordered.compactMap({ forms[$0] }) + [key] {
            for argument in FormatStringParser.arguments(in: text) where argument.index == 1 {
                if case .specifier(let specifier) = argument.token { return specifier.typeKey }
            }
        }
        return "lld"
    }

    /// `%ld` -> `ld`: real catalogs copied from `.stringsdict` files sometimes keep the `%`.
    static func withoutPercent(_ specifier: String) -> String {
        var result = Substring(specifier)
        while result.hasPrefix("%") { result = result.dropFirst() }
        return String(result)
    }

    private static func kinds(_ variations: CatalogVariations?) -> String {
        let names = variations?.extraFields.keys.sorted() ?? []
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
