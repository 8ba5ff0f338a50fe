import Foundation
import StringsDict

/// A `.stringsdict` entry as a plain tree, the one input of `LeafEquivalence`: built from what
/// PropertyListSerialization returns for the legacy file (each Foundation container cast once,
/// here), and from the `.stringsdict` rule the compiler gives back for the catalog side.
indirect enum PlistNode {
    case string(String)
    case dictionary([String: PlistNode])
    case array([PlistNode])
    /// Any other value, described (a number, a date, data, a boolean).
    case other(String)

    init(foundation value: Any) {
        switch value {
        case let text as String:
            self = .string(text)
        case let dictionary as [AnyHashable: Any]:
            // What PropertyListSerialization returns on Linux: no bridging (twice as fast as
            // casting to `[String: Any]`, which copies every dictionary). Plist keys are strings.
            var members: [String: PlistNode] = [:]
            members.reserveCapacity(dictionary.count)
            for (key, member) in dictionary { members[(key.base as? String) ?? "\(key)"] = PlistNode(foundation: member) }
            self = .dictionary(members)
        case let dictionary as [String: Any]:
            var members: [String: PlistNode] = [:]
            members.reserveCapacity(dictionary.count)
            for (key, member) in dictionary { members[key] = PlistNode(foundation: member) }
            self = .dictionary(members)
        case let array as [Any]:
            self = .array(array.map(PlistNode.init(foundation:)))
        default:
            self = .other("<\(type(of: value)) \(value)>")
        }
    }

    /// The rule as `StringsDictWriter` would write it, without going through Foundation.
    init(_ rule: StringsDictRule) {
        switch rule {
        case .plural(let plural): self = PlistNode(plural)
        case .device(let device): self = .dictionary([DeviceRule.ruleTypeKey: PlistNode(device.cases)])
        case .width(let width): self = .dictionary([WidthRule.ruleTypeKey: PlistNode(width.cases)])
        }
    }

    private init(_ cases: [RuleCase]) {
        var members: [String: PlistNode] = [:]
        for item in cases {
            switch item.value {
            case .string(let text): members[item.key] = .string(text)
            case .plural(let rule): members[item.key] = PlistNode(rule)
            }
        }
        self = .dictionary(members)
    }

    private init(_ rule: PluralRule) {
        var members: [String: PlistNode] = ["NSStringLocalizedFormatKey": .string(rule.formatKey)]
        for variable in rule.variables {
            var fields: [String: PlistNode] = [:]
            if !variable.specType.isEmpty { fields["NSStringFormatSpecTypeKey"] = .string(variable.specType) }
            if let valueType = variable.valueType { fields["NSStringFormatValueTypeKey"] = .string(valueType) }
            for (category, text) in variable.forms { fields[category.rawValue] = .string(text) }
            members[variable.name] = .dictionary(fields)
        }
        self = .dictionary(members)
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var dictionary: [String: PlistNode]? {
        if case .dictionary(let members) = self { return members }
        return nil
    }
}
