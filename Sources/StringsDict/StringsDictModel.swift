import StringcatSupport

/// One variable of a plural rule: the dictionary named by `%#@name@` in the format key.
public struct PluralVariable: Sendable, Hashable {
    public var name: String
    /// `NSStringFormatSpecTypeKey` as written; `NSStringPluralRuleType` is the only documented value.
    /// "" when the key is missing (a warning is reported).
    public var specType: String
    /// `NSStringFormatValueTypeKey` as written (`d`, `lld`, `@`, and in real files `%ld`).
    public var valueType: String?
    /// The forms per category. Categories the language does not use are kept (Xcode keeps them).
    public var forms: [PluralCategory: String]

    public init(
        name: String, specType: String = PluralVariable.pluralRuleType, valueType: String?,
        forms: [PluralCategory: String]
    ) {
        self.name = name
        self.specType = specType
        self.valueType = valueType
        self.forms = forms
    }

    public static let pluralRuleType = "NSStringPluralRuleType"

    /// The value type without a leading `%` (`%ld` → `ld`), the spelling catalogs use.
    public var normalizedValueType: String? {
        valueType.map(Self.normalized(valueType:))
    }

    /// `valueType` without its leading `%`s (characters: a `%` that a combining mark joins stays).
    static func normalized(valueType: String) -> String {
        // Nearly always: no `%` (a first character `%` needs a first byte `%`).
        guard valueType.utf8.first == UInt8(ascii: "%") else { return valueType }
        var v = valueType
        while v.hasPrefix("%") { v.removeFirst() }
        return v
    }

    /// The forms in CLDR category order.
    public var sortedForms: [(category: PluralCategory, text: String)] {
        forms.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

/// A plural rule: `NSStringLocalizedFormatKey` plus its variables.
public struct PluralRule: Sendable, Hashable {
    /// `NSStringLocalizedFormatKey`.
    public var formatKey: String
    /// The variables, sorted by name.
    public var variables: [PluralVariable]

    public init(formatKey: String, variables: [PluralVariable]) {
        self.formatKey = formatKey
        self.variables = variables.sorted { $0.name < $1.name }
    }

    /// For variables already sorted by name (the one-pass reader sorts them to find a name
    /// twice): the same value without sorting them again.
    init(formatKey: String, sortedVariables: [PluralVariable]) {
        self.formatKey = formatKey
        self.variables = sortedVariables
    }

    public func variable(named name: String) -> PluralVariable? {
        variables.first { $0.name == name }
    }

    /// The variable references of the format key in order, with the argument each one reads
    /// (nil for malformed spellings).
    public var referencedVariables: [VariableUse] {
        FormatStringParser.arguments(in: formatKey).compactMap { argument in
            if case .variable(let reference) = argument.token {
                return VariableUse(reference: reference, argumentIndex: argument.index)
            }
            return nil
        }
    }
}

/// A variable reference in a format key and the argument it reads.
public struct VariableUse: Sendable, Hashable {
    public var reference: VariableReference
    /// 1-based; nil for malformed references.
    public var argumentIndex: Int?
}

/// A value of a device or width variant: plain text, or a nested plural rule.
public enum DeviceValue: Sendable, Hashable {
    case string(String)
    case plural(PluralRule)
}

/// One variant of a device or width rule.
public struct RuleCase: Sendable, Hashable {
    /// Device name (`iphone`, `mac`, …) or width (`"1"`, `"22"`, …) as written.
    public var key: String
    public var value: DeviceValue

    public init(key: String, value: DeviceValue) {
        self.key = key
        self.value = value
    }
}

/// `NSStringDeviceSpecificRuleType`: one value per device.
public struct DeviceRule: Sendable, Hashable {
    /// Sorted by device name.
    public var cases: [RuleCase]

    public init(cases: [RuleCase]) { self.cases = cases.sorted { $0.key < $1.key } }

    /// The device names Apple documents.
    public static let knownDevices: Set<String> = [
        "appletv", "applevision", "applewatch", "ipad", "iphone", "ipod", "mac", "other",
    ]

    public static let ruleTypeKey = "NSStringDeviceSpecificRuleType"
}

/// `NSStringVariableWidthRuleType`: one value per width (`"1"`, `"22"`, `"53"`, …).
public struct WidthRule: Sendable, Hashable {
    /// Sorted by width key (plain string order).
    public var cases: [RuleCase]

    public init(cases: [RuleCase]) { self.cases = cases.sorted { $0.key < $1.key } }

    public static let ruleTypeKey = "NSStringVariableWidthRuleType"
}

/// What one `.stringsdict` key holds.
public enum StringsDictRule: Sendable, Hashable {
    case plural(PluralRule)
    case device(DeviceRule)
    case width(WidthRule)
}

/// One top-level key of a `.stringsdict`.
public struct StringsDictEntry: Sendable, Hashable {
    public var key: String
    public var rule: StringsDictRule
    /// Line of `<key>…</key>` in an XML file; nil for binary plists or when not found.
    public var line: Int?

    public init(key: String, rule: StringsDictRule, line: Int? = nil) {
        self.key = key
        self.rule = rule
        self.line = line
    }
}

/// A part of an entry that the reader could not place in the model (an unknown key in a
/// variable, a form that is not a string, a rule without a format key): left out of the entry,
/// with a warning. A migration must refuse such a key rather than lose the part silently.
public struct DroppedPart: Sendable, Hashable {
    /// The top-level key of the entry.
    public var key: String
    public var message: String
    public var location: SourceLocation
}

/// A parsed `.stringsdict`, entries sorted by key.
public struct StringsDictFile: Sendable, Hashable {
    public var path: String
    public var entries: [StringsDictEntry]
    /// Parts of entries the model does not hold (see `DroppedPart`), in file order.
    public var droppedParts: [DroppedPart]

    public init(path: String, entries: [StringsDictEntry], droppedParts: [DroppedPart] = []) {
        self.path = path
        self.entries = entries.sorted { $0.key < $1.key }
        self.droppedParts = droppedParts
    }

    public func entry(forKey key: String) -> StringsDictEntry? {
        entries.first { $0.key == key }
    }
}

/// The result of reading a `.stringsdict`: the file (nil when unusable) and every finding.
public struct StringsDictReadResult: Sendable {
    public var file: StringsDictFile?
    public var diagnostics: [Diagnostic]

    public init(file: StringsDictFile?, diagnostics: [Diagnostic]) {
        self.file = file
        self.diagnostics = diagnostics
    }
}

/// Dictionary key names of the `.stringsdict` format.
enum StringsDictKeys {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specType = "NSStringFormatSpecTypeKey"
    static let valueType = "NSStringFormatValueTypeKey"
}
