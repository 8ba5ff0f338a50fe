/// A project file's top-level `objectVersion` (`46`, `56`, `60`, `77`): the oldest Xcode format
/// that can read the file. Compared as a number; written back as its digits.
public struct ObjectVersion: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByIntegerLiteral
{
    public var rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ value: Int) { self.rawValue = value }
    public init(integerLiteral value: Int) { self.rawValue = value }

    /// The digits of the field, or nil when it is not a number.
    public init?(field: String) {
        guard let value = Int(field) else { return nil }
        self.rawValue = value
    }

    public var description: String { String(rawValue) }

    public static func < (a: ObjectVersion, b: ObjectVersion) -> Bool { a.rawValue < b.rawValue }
}
