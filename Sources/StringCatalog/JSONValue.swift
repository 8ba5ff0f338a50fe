/// A JSON value, used for the fields of a catalog that the typed model does not know.
///
/// A field added by a future Xcode is kept as a `JSONValue` and written back unchanged, so a
/// read + write never drops it. Integers and booleans stay distinct (`"argNum" : 2`, `true`).
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short description of the kind of value, for diagnostics ("a string", "an object").
    public var kindDescription: String {
        switch self {
        case .string: return "a string"
        case .int, .double: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
