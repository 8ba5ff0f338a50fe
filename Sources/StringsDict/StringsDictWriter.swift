import Foundation

/// Writes entries back as an XML `.stringsdict` (keys sorted, tab-indented, as
/// PropertyListSerialization writes them).
public enum StringsDictWriter {
    public static func data(_ entries: [StringsDictEntry]) -> Data {
        // Serialising a dictionary of strings and dictionaries cannot fail.
        (try? PropertyListSerialization.data(fromPropertyList: propertyList(entries), format: .xml, options: 0))
            ?? Data()
    }

    /// The entries as the untyped dictionary PropertyListSerialization reads and writes.
    public static func propertyList(_ entries: [StringsDictEntry]) -> [String: Any] {
        var top: [String: Any] = [:]
        for entry in entries { top[entry.key] = propertyList(entry.rule) }
        return top
    }

    public static func propertyList(_ rule: StringsDictRule) -> [String: Any] {
        switch rule {
        case .plural(let plural): return propertyList(plural)
        case .device(let device): return [DeviceRule.ruleTypeKey: propertyList(device.cases)]
        case .width(let width): return [WidthRule.ruleTypeKey: propertyList(width.cases)]
        }
    }

    private static func propertyList(_ cases: [RuleCase]) -> [String: Any] {
        var dict: [String: Any] = [:]
        for c in cases {
            switch c.value {
            case .string(let s): dict[c.key] = s
            case .plural(let rule): dict[c.key] = propertyList(rule)
            }
        }
        return dict
    }

    private static func propertyList(_ rule: PluralRule) -> [String: Any] {
        var dict: [String: Any] = [StringsDictKeys.formatKey: rule.formatKey]
        for variable in rule.variables {
            var v: [String: Any] = [:]
            if !variable.specType.isEmpty { v[StringsDictKeys.specType] = variable.specType }
            if let valueType = variable.valueType { v[StringsDictKeys.valueType] = valueType }
            for (category, text) in variable.forms { v[category.rawValue] = text }
            dict[variable.name] = v
        }
        return dict
    }
}
