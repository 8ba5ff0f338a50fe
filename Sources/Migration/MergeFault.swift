import StringCatalog

/// A fault injected into the merger where it builds each localization and each comment: the
/// injection point through which a test makes the converter lose something (see
/// `Tests/MigrationTests`), to prove that `verify`, which shares no code with the converter, sees
/// a loss made inside it. The product never sets one: `MergePlan` and `MigrationOptions` take it
/// as an optional, nil by default, reachable only through `@testable import`.
protocol MergeFault: Sendable {
    /// Called on the localization built for (`key`, `language`) before it is placed; it may change
    /// it. False leaves it out whole.
    func apply(to localization: inout CatalogLocalization, key: String, language: String) -> Bool
    /// True when the catalog is to get no comment for `key`.
    func dropsComment(of key: String) -> Bool
}
