/// How an entry got into the catalog (`extractionState`). Unknown values are kept as they are.
///
/// Absent (`nil` in `CatalogEntry`) means "extracted automatically from code".
public struct ExtractionState: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Came from a legacy `.strings` / `.stringsdict` file (what a migration writes).
    public static let migrated = ExtractionState(rawValue: "migrated")
    /// Added by hand; Xcode neither removes nor synchronises it.
    public static let manual = ExtractionState(rawValue: "manual")
    /// Was extracted, no longer found in code.
    public static let stale = ExtractionState(rawValue: "stale")
    /// Extracted together with a default value (Info.plist values, IB texts, `defaultValue:`).
    public static let extractedWithValue = ExtractionState(rawValue: "extracted_with_value")

    public var description: String { rawValue }
}

/// The state of a translated value (`stringUnit.state`). Unknown values are kept as they are.
public struct TranslationState: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let translated = TranslationState(rawValue: "translated")
    public static let new = TranslationState(rawValue: "new")
    public static let needsReview = TranslationState(rawValue: "needs_review")
    public static let stale = TranslationState(rawValue: "stale")

    public var description: String { rawValue }
}
