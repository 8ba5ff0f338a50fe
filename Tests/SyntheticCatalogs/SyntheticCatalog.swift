import StringCatalog

/// Made-up catalogs of any size: what `stringcat-bench catalog` times the writer and reader on,
/// and what the writer's tests check large and streamed catalogs with (WriterEquivalenceTests).
public enum SyntheticCatalog {
    /// Forty language codes, in no particular order.
    public static let languages = [
        "en", "de", "fr", "fr-CA", "es", "es-419", "it", "pt-BR", "pt-PT", "nl", "sv", "da", "nb", "fi", "pl",
        "cs", "sk", "hu", "ro", "hr", "sl", "uk", "ru", "tr", "el", "he", "ar", "hi", "th", "vi",
        "id", "ms", "ja", "ko", "zh-Hans", "zh-Hant", "zh-HK", "ca", "bg", "lt",
    ]

    /// A catalog of `entries` migrated entries translated into the first `languageCount` of
    /// `languages`; every `pluralEvery`-th entry is a plural (`one`/`few`/`many`/`other`).
    public static func make(entries: Int, languageCount: Int = 40, pluralEvery: Int = 10) -> StringCatalog {
        let codes = Array(languages.prefix(languageCount))
        var strings: [String: CatalogEntry] = [:]
        strings.reserveCapacity(entries)
        for index in 0..<entries {
            let isPlural = pluralEvery > 0 && index % pluralEvery == 0
            let key = isPlural ? "%lld files in folder \(index)" : "settings.section\(index % 97).item\(index) Title"
            var localizations: [String: CatalogLocalization] = [:]
            localizations.reserveCapacity(codes.count)
            for code in codes {
                if isPlural {
                    var plural: [String: CatalogLocalization] = [:]
                    for category in ["one", "few", "many", "other"] {
                        plural[category] = CatalogLocalization(
                            stringUnit: StringUnit(state: .translated, value: "%lld \(category) files \(code) \(index)")
                        )
                    }
                    localizations[code] = CatalogLocalization(variations: CatalogVariations(plural: plural))
                } else {
                    localizations[code] = CatalogLocalization(
                        stringUnit: StringUnit(
                            state: .translated, value: "Translated \(code) text number \(index) “quoted”"))
                }
            }
            strings[key] = CatalogEntry(
                comment: index % 3 == 0 ? "Comment for item \(index)" : nil,
                extractionState: .migrated, localizations: localizations)
        }
        return StringCatalog(sourceLanguage: "en", strings: strings)
    }
}
