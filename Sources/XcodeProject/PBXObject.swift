/// One entry of the project's `objects` dictionary: `ID /* comment */ = { isa = X; … };`.
public struct PBXObject: Sendable, Hashable {
    /// The object's ID as written, unquoted (24 or 32 hex digits, or a hand-made UUID).
    public let id: String
    /// The `isa` value (`PBXGroup`, `PBXFileReference`, …); empty when missing.
    public let isa: String
    /// The reference comment Xcode writes after the ID (`Localizable.strings`), if any.
    public let comment: String?
    /// The object's dictionary node in the document.
    public let dictionary: Int
    /// The entry's index in the `objects` dictionary (file order).
    public let entryIndex: Int
}

/// A build setting's value: a string, or a list (`LOCALIZED_STRING_MACRO_NAMES = (…)`).
public enum PBXSettingValue: Sendable, Hashable {
    case string(String)
    case list([String])
}
