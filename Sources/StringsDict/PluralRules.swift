import Languages

/// CLDR cardinal plural categories per language.
///
/// Transcribed from CLDR `supplemental/plurals.xml` and checked, for every language the JDK 25
/// ships locale data for, against the CLDR v47 rules in that JDK (`LocaleResources.getRules()`);
/// languages the JDK has no locale data for (e.g. `ars`, `lld`, `iu`) were taken from the CLDR
/// file alone. Only the category *sets* are kept: they decide which forms a language uses.
///
/// `pt` and `pt-PT` have different rules in CLDR (`pt` one: i = 0..1; `pt-PT` one: i = 1 and
/// v = 0) but the same categories (one, many, other); `pt-PT` is kept as its own entry so the
/// difference stays visible here.
public enum PluralRules {
    /// The CLDR release the table follows.
    public static let cldrVersion = "47"

    /// The cardinal categories `languageCode` uses, or nil when the language is unknown.
    ///
    /// Accepts folder-style codes: `pt-BR`, `pt_PT`, `zh-Hans`, `sr-Latn`, `en-GB`, case-insensitive,
    /// and the legacy names Xcode projects still carry (`English.lproj`). A region or script is
    /// dropped unless the table has an entry for the whole tag (`pt-PT`).
    public static func categories(for languageCode: String) -> Set<PluralCategory>? {
        // CLDR's own names first (`root`, which is no language tag), then the tag's canonical form.
        if let set = table[languageCode.lowercased()] { return set }
        guard let tag = LanguageTag(languageCode) else { return nil }
        let canonical = tag.canonical.lowercased()
        if let set = table[canonical] { return set }
        let subtags = canonical.split(separator: "-").map(String.init)
        let language = subtags[0]
        // pt-PT, also spelled pt-Latn-PT.
        if language == "pt", subtags.dropFirst().contains("pt") { return table["pt-pt"] }
        if let set = table[language] { return set }
        if let alias = aliases[language] { return table[alias] }
        return nil
    }

    /// Codes CLDR files under another code: Kurmanji (`kmr`, an Xcode/Weblate code) is CLDR `ku`.
    private static let aliases: [String: String] = ["kmr": "ku"]

    private static let rows: [(categories: [PluralCategory], languages: String)] = [
        (
            [.other],
            "bm bo dz hnj id ig ii in ja jbo jv jw kde kea km ko lkt lo ms my nqo osa root sah ses sg su th to tpi vi "
                + "wo yo yue zh"
        ),
        (
            [.one, .other],
            """
            am as bn doi fa gu hi kn pcm zu ff hy kab ast de en et fi fy gl ia io ji lij nl sc sv sw ur yi \
            si ak bho guw ln mg nso pa ti wa tzm af an asa az bal bem bez bg brx ce cgg chr ckb dv ee el eo \
            eu fo fur gsw ha haw hu jgo jmc ka kaj kcg kk kkj kl ks ksb ku ky lb lg mas mgo ml mn mr nah nb \
            nd ne nn nnh no nr ny nyn om or os pap ps rm rof rwk saq sd sdh seh sn so sq ss ssy st syr ta te \
            teo tig tk tn tr ts ug uz ve vo vun wae xh xog da is mk ceb fil tl
            """
        ),
        ([.zero, .one, .other], "lv prg lag ksh blo"),
        ([.one, .two, .other], "iu naq sat se sma smi smj smn sms he iw"),
        ([.one, .few, .other], "shi mo ro bs hr sh sr"),
        ([.one, .two, .few, .other], "gd sl dsb hsb"),
        ([.one, .few, .many, .other], "cs sk pl be lt ru uk"),
        ([.one, .two, .few, .many, .other], "br ga gv mt"),
        ([.one, .many, .other], "fr es it pt pt-pt ca lld scn vec"),
        ([.zero, .one, .two, .few, .many, .other], "ar ars cy kw"),
    ]

    private static let table: [String: Set<PluralCategory>] = {
        var table: [String: Set<PluralCategory>] = [:]
        for row in rows {
            for language in row.languages.split(separator: " ") where !language.isEmpty {
                table[String(language)] = Set(row.categories)
            }
        }
        return table
    }()

    /// Every language code the table knows (lower-case, `pt-pt` for European Portuguese).
    public static var knownLanguages: [String] { table.keys.sorted() }
}
