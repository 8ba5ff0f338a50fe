import Foundation
import StringsDict

/// A `.stringsdict` entry as a plain tree, the one input of `LeafEquivalence`: built from what
/// PropertyListSerialization returns for the legacy file (each Foundation container cast once,
/// here), and from the `.stringsdict` rule the compiler gives back for the catalog side.
enum PlistNode {
    case string(String)
    case dictionary(PlistMembers)
    case array([PlistNode])
    /// Any other value, described (a number, a date, data, a boolean).
    case other(String)

    init(foundation value: Any) {
        // What PropertyListSerialization returns on Linux is known by its exact type first: a
        // failed cast (a dictionary tried as a `String`) searches the runtime's conformances
        // and cost more than the node it makes.
        let dynamicType = type(of: value)
        if dynamicType == String.self {
            self = .string(value as! String)
            return
        }
        if dynamicType == [AnyHashable: Any].self {
            self = PlistNode(members: value as! [AnyHashable: Any])
            return
        }
        switch value {
        case let text as String:
            self = .string(text)
        case let dictionary as [AnyHashable: Any]:
            self = PlistNode(members: dictionary)
        case let dictionary as [String: Any]:
            var members: [PlistMember] = []
            members.reserveCapacity(dictionary.count)
            for (key, member) in dictionary { members.append(PlistMember(key, PlistNode(foundation: member))) }
            self = .dictionary(PlistMembers(members))
        case let array as [Any]:
            self = .array(array.map(PlistNode.init(foundation:)))
        default:
            self = .other("<\(type(of: value)) \(value)>")
        }
    }

    /// What PropertyListSerialization returns on Linux for a dictionary: no bridging (twice as
    /// fast as casting to `[String: Any]`, which copies every dictionary). Plist keys are strings.
    private init(members dictionary: [AnyHashable: Any]) {
        var members: [PlistMember] = []
        members.reserveCapacity(dictionary.count)
        for (key, member) in dictionary {
            members.append(PlistMember((key.base as? String) ?? "\(key)", PlistNode(foundation: member)))
        }
        self = .dictionary(PlistMembers(members))
    }

    /// The rule as `StringsDictWriter` would write it, without going through Foundation.
    init(_ rule: StringsDictRule) {
        switch rule {
        case .plural(let plural): self = PlistNode(plural)
        case .device(let device):
            self = .dictionary(PlistMembers([PlistMember(DeviceRule.ruleTypeKey, PlistNode(device.cases))]))
        case .width(let width):
            self = .dictionary(PlistMembers([PlistMember(WidthRule.ruleTypeKey, PlistNode(width.cases))]))
        }
    }

    private init(_ cases: [RuleCase]) {
        var members: [PlistMember] = []
        members.reserveCapacity(cases.count)
        for item in cases {
            switch item.value {
            case .string(let text): members.append(PlistMember(item.key, .string(text)))
            case .plural(let rule): members.append(PlistMember(item.key, PlistNode(rule)))
            }
        }
        self = .dictionary(PlistMembers(members))
    }

    private init(_ rule: PluralRule) {
        var members: [PlistMember] = [PlistMember("NSStringLocalizedFormatKey", .string(rule.formatKey))]
        members.reserveCapacity(rule.variables.count + 1)
        for variable in rule.variables {
            var fields: [PlistMember] = []
            fields.reserveCapacity(variable.forms.count + 2)
            if !variable.specType.isEmpty {
                fields.append(PlistMember("NSStringFormatSpecTypeKey", .string(variable.specType)))
            }
            if let valueType = variable.valueType {
                fields.append(PlistMember("NSStringFormatValueTypeKey", .string(valueType)))
            }
            for (category, text) in variable.forms { fields.append(PlistMember(category.rawValue, .string(text))) }
            members.append(PlistMember(variable.name, .dictionary(PlistMembers(fields))))
        }
        self = .dictionary(PlistMembers(members))
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var dictionary: PlistMembers? {
        if case .dictionary(let members) = self { return members }
        return nil
    }
}

/// One member of a property list dictionary.
struct PlistMember {
    var key: String
    var value: PlistNode

    init(_ key: String, _ value: PlistNode) {
        self.key = key
        self.value = value
    }
}

/// A property list dictionary's members, sorted by key (Swift's `<`: the order the leaves are
/// walked in), each key once, as a dictionary keyed by `String` holds them.
///
/// An array, not a `Dictionary`: a `.stringsdict` entry's dictionaries have a few members, which
/// are walked in key order and looked up a handful of times; building, hashing and sorting a
/// dictionary's keys for each of them took a third of the time `verify` spent on an entry.
struct PlistMembers {
    /// The members in key order.
    let items: [PlistMember]

    init(_ members: [PlistMember]) {
        var members = members
        if members.count > 1 {
            members.sort { $0.key < $1.key }
            // Keys Swift calls equal (canonically equivalent spellings) are one dictionary key:
            // keep one member, the last, as assigning them one by one into a dictionary would.
            if members.indices.dropFirst().contains(where: { members[$0 - 1].key == members[$0].key }) {
                var kept: [PlistMember] = []
                for member in members {
                    if let last = kept.last, last.key == member.key {
                        kept[kept.count - 1] = member
                    } else {
                        kept.append(member)
                    }
                }
                members = kept
            }
        }
        items = members
    }

    /// The member named `key` (`==`, as a dictionary compares its keys).
    subscript(key: String) -> PlistNode? {
        for member in items where member.key == key { return member.value }
        return nil
    }

    var count: Int { items.count }
}
