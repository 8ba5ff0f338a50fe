import Languages
import StringsDict

/// Which plural categories Xcode gives a language (docs/spec/xliff.md §2.5, Q5 settled there).
public enum PluralCategories {
    /// Languages whose exports have `one/other` where CLDR also has `many` (es and it observed;
    /// fr, pt and ca inferred to follow them; pt-PT, ca-ES… by their language).
    static let withoutMany: Set<String> = ["fr", "es", "it", "pt", "ca"]

    /// The categories a key without a translation in `language` gets in the export, in CLDR
    /// order; nil for a language the CLDR table does not know (the source's categories are kept).
    public static func exported(for language: String) -> [String]? {
        guard var set = PluralRules.categories(for: language) else { return nil }
        if let tag = LanguageTag(language), withoutMany.contains(tag.language) { set.remove(.many) }
        return set.sorted().map(\.rawValue)
    }

    /// The categories a plural value in `language` may have on import: the language's CLDR
    /// categories, `zero` (Xcode keeps an explicit zero in every language) and `other`. Every
    /// category for a language the table does not know.
    public static func allowed(for language: String) -> Set<String> {
        guard let set = PluralRules.categories(for: language) else {
            return Set(PluralCategory.allCases.map(\.rawValue))
        }
        return Set(set.map(\.rawValue)).union(["zero", "other"])
    }

    /// Every CLDR category name.
    public static let names: Set<String> = Set(PluralCategory.allCases.map(\.rawValue))
}
