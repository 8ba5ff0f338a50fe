import Foundation
import StringcatSupport

/// Turns the untyped property list of a `.stringsdict` into the typed model, reporting anything
/// it cannot place (unknown keys, non-string forms) instead of dropping it silently.
struct StringsDictDecoder {
    let path: String
    let lines: PlistKeyLines
    var diagnostics: [Diagnostic] = []
    /// Parts of entries left out (see `drop`).
    var dropped: [DroppedPart] = []

    init(path: String, lines: PlistKeyLines) {
        self.path = path
        self.lines = lines
    }

    /// Where a value sits: its key path in the plist (for the line) and the path shown to users.
    struct Context {
        var plistPath: [String]
        var shownPath: [String]

        func appending(_ plistKey: String, shown: String? = nil) -> Context {
            Context(plistPath: plistPath + [plistKey], shownPath: shownPath + [shown ?? plistKey])
        }

        func appendingPlistOnly(_ plistKey: String) -> Context {
            Context(plistPath: plistPath + [plistKey], shownPath: shownPath)
        }

        /// `"key" > variable > category`.
        var description: String {
            guard let first = shownPath.first else { return "" }
            return (["\"\(first)\""] + shownPath.dropFirst()).joined(separator: " > ")
        }
    }

    func location(_ context: Context) -> SourceLocation {
        if let p = lines.nearestPosition(of: context.plistPath) {
            return SourceLocation(path: path, line: p.line, column: p.column)
        }
        return .file(path)
    }

    mutating func warn(_ message: String, _ context: Context) {
        diagnostics.append(.warning("\(context.description): \(message)", at: location(context)))
    }

    /// A part of an entry the model cannot hold, left out with a warning. It is also recorded by
    /// entry key in `dropped`, so a migration can refuse the key instead of losing the part.
    mutating func drop(_ message: String, _ context: Context) {
        warn(message, context)
        if let key = context.plistPath.first {
            dropped.append(
                DroppedPart(key: key, message: "\(context.description): \(message)", location: location(context)))
        }
    }

    mutating func error(_ message: String, _ context: Context) {
        diagnostics.append(.error("\(context.description): \(message)", at: location(context)))
    }

    // MARK: - Entries

    mutating func entries(_ top: PlistDictionary) -> [StringsDictEntry] {
        var entries: [StringsDictEntry] = []
        entries.reserveCapacity(top.members.count)
        for key in top.keys.sorted() {
            let context = Context(plistPath: [key], shownPath: [key])
            let value = top[key]!
            guard let dict = value.dictionary else {
                error("value is \(value.kind), not a dictionary; entry skipped", context)
                continue
            }
            guard let rule = rule(dict, context) else { continue }
            entries.append(StringsDictEntry(key: key, rule: rule, line: lines.position(of: [key])?.line))
        }
        return entries
    }

    private mutating func rule(_ dict: PlistDictionary, _ context: Context) -> StringsDictRule? {
        if dict[DeviceRule.ruleTypeKey] != nil {
            return deviceOrWidth(dict, typeKey: DeviceRule.ruleTypeKey, context).map { .device(DeviceRule(cases: $0)) }
        }
        if dict[WidthRule.ruleTypeKey] != nil {
            return deviceOrWidth(dict, typeKey: WidthRule.ruleTypeKey, context).map { .width(WidthRule(cases: $0)) }
        }
        return plural(dict, context).map { .plural($0) }
    }

    private mutating func deviceOrWidth(_ dict: PlistDictionary, typeKey: String, _ context: Context) -> [RuleCase]? {
        for other in dict.keys.sorted() where other != typeKey {
            drop("unexpected key '\(other)' next to \(typeKey); ignored", context.appending(other))
        }
        let ruleContext = context.appendingPlistOnly(typeKey)
        guard let cases = dict[typeKey]!.dictionary else {
            drop("\(typeKey) is \(dict[typeKey]!.kind), not a dictionary; entry skipped", context.appending(typeKey))
            return nil
        }
        let isDevice = typeKey == DeviceRule.ruleTypeKey
        var result: [RuleCase] = []
        for key in cases.keys.sorted() {
            let caseContext = ruleContext.appending(key)
            if isDevice && !DeviceRule.knownDevices.contains(key) {
                warn(
                    "unknown device '\(key)' (known: \(DeviceRule.knownDevices.sorted().joined(separator: ", "))); kept",
                    caseContext)
            }
            if !isDevice && (Int(key) == nil || key.hasPrefix("-") || key.hasPrefix("+")) {
                warn("width '\(key)' is not a whole number; kept", caseContext)
            }
            switch cases[key]! {
            case .string(let s):
                result.append(RuleCase(key: key, value: .string(s)))
            case .dictionary(let nested):
                if let rule = plural(nested, caseContext) {
                    result.append(RuleCase(key: key, value: .plural(rule)))
                }
            case let other:
                drop("value is \(other.kind), not a string or a plural rule; ignored", caseContext)
            }
        }
        return result
    }

    // MARK: - Plural rules

    private mutating func plural(_ dict: PlistDictionary, _ context: Context) -> PluralRule? {
        guard let raw = dict[StringsDictKeys.formatKey] else {
            if dict[DeviceRule.ruleTypeKey] != nil || dict[WidthRule.ruleTypeKey] != nil {
                drop("device and width rules cannot be nested here; entry skipped", context)
            } else {
                drop("missing \(StringsDictKeys.formatKey); entry skipped", context)
            }
            return nil
        }
        guard let formatKey = raw.string else {
            drop(
                "\(StringsDictKeys.formatKey) is \(raw.kind), not a string; entry skipped",
                context.appending(StringsDictKeys.formatKey))
            return nil
        }
        var variables: [PluralVariable] = []
        for name in dict.keys.sorted() where name != StringsDictKeys.formatKey {
            let variableContext = context.appending(name)
            guard let variableDict = dict[name]!.dictionary else {
                drop("value is \(dict[name]!.kind), not a variable dictionary; ignored", variableContext)
                continue
            }
            variables.append(variable(name, variableDict, variableContext))
        }
        return PluralRule(formatKey: formatKey, variables: variables)
    }

    private mutating func variable(_ name: String, _ dict: PlistDictionary, _ context: Context) -> PluralVariable {
        var specType = ""
        var valueType: String?
        var forms: [PluralCategory: String] = [:]
        for key in dict.keys.sorted() {
            let value = dict[key]!
            // The key's context is built only for a warning.
            switch key {
            case StringsDictKeys.specType:
                if let s = value.string {
                    specType = s
                } else {
                    drop("\(key) is \(value.kind), not a string; ignored", context.appending(key))
                }
            case StringsDictKeys.valueType:
                if let s = value.string {
                    valueType = s
                } else {
                    drop("\(key) is \(value.kind), not a string; ignored", context.appending(key))
                }
            default:
                guard let category = PluralCategory(rawValue: key) else {
                    drop(
                        "unknown key '\(key)' (not a plural category: zero, one, two, few, many, other); ignored",
                        context.appending(key))
                    continue
                }
                if let s = value.string {
                    forms[category] = s
                } else {
                    drop("form is \(value.kind), not a string; ignored", context.appending(key))
                }
            }
        }
        return PluralVariable(name: name, specType: specType, valueType: valueType, forms: forms)
    }
}

// MARK: - Checks

extension StringsDictDecoder {
    /// The plural checks (`PluralRuleChecker`) of every plural rule of `entries`, those inside
    /// device and width rules too, each warning at its key's path. `language` is an `.lproj` name.
    mutating func check(_ entries: [StringsDictEntry], language: String?) {
        var checker = PluralRuleChecker(language: language)
        for entry in entries {
            let context = Context(plistPath: [entry.key], shownPath: [entry.key])
            switch entry.rule {
            case .plural(let rule):
                check(rule, context, &checker)
            case .device(let device):
                checkCases(device.cases, context.appendingPlistOnly(DeviceRule.ruleTypeKey), &checker)
            case .width(let width):
                checkCases(width.cases, context.appendingPlistOnly(WidthRule.ruleTypeKey), &checker)
            }
        }
    }

    private mutating func checkCases(_ cases: [RuleCase], _ context: Context, _ checker: inout PluralRuleChecker) {
        for c in cases {
            if case .plural(let rule) = c.value { check(rule, context.appending(c.key), &checker) }
        }
    }

    private mutating func check(_ rule: PluralRule, _ context: Context, _ checker: inout PluralRuleChecker) {
        var variables: [DecodedVariable] = []
        var forms: [DecodedForm] = []
        for variable in rule.variables {
            let start = forms.count
            for (category, text) in variable.sortedForms {
                forms.append(DecodedForm(category: category, text: text, keyOffset: -1))
            }
            variables.append(
                DecodedVariable(
                    name: variable.name, keyOffset: -1, specType: variable.specType,
                    valueType: variable.valueType, forms: start..<forms.count))
        }
        var findings: [PluralRuleChecker.Finding] = []
        checker.check(formatKey: rule.formatKey, variables: variables, forms: forms, into: &findings)
        for finding in findings {
            let place: Context
            switch finding.place {
            case .formatKey:
                place = context.appendingPlistOnly(StringsDictKeys.formatKey)
            case .variable(let v):
                place = context.appending(variables[v].name)
            case .specType(let v):
                place = context.appending(variables[v].name).appendingPlistOnly(StringsDictKeys.specType)
            case .valueType(let v):
                place = context.appending(variables[v].name).appendingPlistOnly(StringsDictKeys.valueType)
            case .form(let v, let k):
                place = context.appending(variables[v].name).appending(forms[k].category.rawValue)
            }
            warn(finding.message, place)
        }
    }
}
