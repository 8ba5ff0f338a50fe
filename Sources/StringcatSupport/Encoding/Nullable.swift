/// An optional written as `null` when absent, where a `--json` schema says the field is always
/// there (Swift's synthesized encoding leaves an absent optional out). Equality and hashing are
/// the value's, so a type that wraps a field still synthesizes its own.
@propertyWrapper
public struct Nullable<Value: Encodable>: Encodable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension Nullable: Equatable where Value: Equatable {}
extension Nullable: Hashable where Value: Hashable {}
extension Nullable: Sendable where Value: Sendable {}
