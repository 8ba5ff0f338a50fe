import StringCatalog

@testable import Migration

/// A fault in the merger (`MergeFault`, given through `MigrationOptions.mergeFault` or to
/// `MergePlan`): makes it lose one thing of one key, at the place where the converter builds it,
/// so that a test can prove that `verify`, which shares no code with the converter, sees a loss
/// made inside the converter (`ZeroLossProofTests`), and that the plan and the reference merger
/// lose the same (`MergePlanDifferentialTests`).
struct MergeSabotage: MergeFault, Hashable {
    enum Kind: String, Sendable, CaseIterable {
        /// One form of a variable that the localization's value does not name (nested or spare).
        case nestedVariableForm
        /// A whole substitution.
        case variable
        /// The key's localization in `language`.
        case language
        /// The key's comment.
        case comment
        /// One plural category (of the variations, else of the first substitution).
        case pluralCategory
    }

    var kind: Kind
    var key: String
    var language: String

    /// Applies the fault to the localization built for (key, language); false drops it whole.
    func apply(to localization: inout CatalogLocalization, key: String, language: String) -> Bool {
        guard key == self.key, language == self.language else { return true }
        switch kind {
        case .language:
            return false
        case .comment:
            return true
        case .variable:
            if let name = localization.substitutions.keys.sorted().first { localization.substitutions[name] = nil }
        case .nestedVariableForm:
            let named = Set(localization.stringUnit.map { Self.references(in: $0.value) } ?? [])
            if let name = localization.substitutions.keys.sorted().first(where: { !named.contains($0) }),
                let category = localization.substitutions[name]?.variations?.plural?.keys.sorted().first
            {
                localization.substitutions[name]!.variations!.plural![category] = nil
            }
        case .pluralCategory:
            if let category = localization.variations?.plural?.keys.sorted().first {
                localization.variations!.plural![category] = nil
            } else if let name = localization.substitutions.keys.sorted().first,
                let category = localization.substitutions[name]?.variations?.plural?.keys.sorted().first
            {
                localization.substitutions[name]!.variations!.plural![category] = nil
            }
        }
        return true
    }

    /// True when the fault removes the comment of `key`.
    func dropsComment(of key: String) -> Bool { kind == .comment && key == self.key }

    /// Names of `%#@name@` references in `text`.
    private static func references(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "#@") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "@") else { break }
            names.append(String(after[..<end]))
            rest = after[after.index(after: end)...]
        }
        return names
    }
}
