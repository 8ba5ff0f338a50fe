import Foundation

/// A property list value as the decoder sees it: strings and dictionaries, everything else by the
/// name messages give its type. Built once per file from PropertyListSerialization's result, so
/// the decoder casts nothing.
indirect enum PlistValue {
    case string(String)
    case dictionary(PlistDictionary)
    /// Any other value, by its kind as messages name it ("a boolean", "an array", "a number", …).
    case other(kind: String)

    /// Converts Foundation's reading, casting each value once (the decoder used to cast the same
    /// `NSDictionary` to `[String: Any]` again at every level: bridging was a third of the read).
    init(foundation value: Any) {
        if let s = value as? String {
            self = .string(s)
        } else if let d = value as? [String: Any] {
            var members: [String: PlistValue] = [:]
            members.reserveCapacity(d.count)
            for (key, member) in d {
                members[key] = PlistValue(foundation: member)
            }
            self = .dictionary(PlistDictionary(members: members))
        } else {
            self = .other(kind: Self.kind(ofFoundation: value))
        }
    }

    /// The kind of value, as messages name it.
    var kind: String {
        switch self {
        case .string: return "a string"
        case .dictionary: return "a dictionary"
        case .other(let kind): return kind
        }
    }

    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    var dictionary: PlistDictionary? {
        if case .dictionary(let d) = self { return d }
        return nil
    }

    /// A short name for a Foundation plist value's type, for messages.
    static func kind(ofFoundation value: Any) -> String {
        if type(of: value) == Bool.self { return "a boolean" }
        switch value {
        case is String: return "a string"
        case is [String: Any]: return "a dictionary"
        case is [Any]: return "an array"
        case is Data: return "data"
        case is Date: return "a date"
        case is NSNumber: return "a number"
        default: return "a \(type(of: value))"
        }
    }
}

/// A `<dict>`: its members by key.
struct PlistDictionary {
    var members: [String: PlistValue]

    subscript(key: String) -> PlistValue? { members[key] }

    var keys: Dictionary<String, PlistValue>.Keys { members.keys }
}
