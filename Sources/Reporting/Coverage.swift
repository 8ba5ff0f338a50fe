/// The coverage section: per language, the keys the catalogs give a value in it out of all their
/// keys, with a text bar, sorted from the most to the least covered.
///
/// A catalog's own source language is left out of its counts: its text for a key is the
/// catalog's value, or the key itself, or (for a storyboard's catalog) the storyboard's, so a
/// share of it says nothing about translation.
struct Coverage: Sendable, Equatable {
    struct Row: Sendable, Equatable {
        var language: String
        var translated: Int
        var total: Int
    }

    /// Sorted: the most covered first, then by language code.
    var rows: [Row]
    /// The source languages of the catalogs, sorted.
    var sourceLanguages: [String]

    init(_ catalogs: [CatalogFacts]) {
        var languages: Set<String> = []
        for catalog in catalogs { languages.formUnion(catalog.translated.keys) }
        sourceLanguages = Set(catalogs.map(\.sourceLanguage)).sorted()
        rows = languages.compactMap { language in
            let counted = catalogs.filter { $0.sourceLanguage != language }
            let total = counted.reduce(0) { $0 + $1.keyCount }
            guard total > 0 else { return nil }
            return Row(
                language: language, translated: counted.reduce(0) { $0 + ($1.translated[language] ?? 0) }, total: total)
        }.sorted(by: Self.moreCovered)
    }

    /// Compared as fractions in integers, so that equal shares tie exactly.
    static func moreCovered(_ a: Row, _ b: Row) -> Bool {
        let left = a.translated * b.total, right = b.translated * a.total
        return left != right ? left > right : a.language < b.language
    }

    /// The least covered first, then by language code.
    static func lessCovered(_ a: Row, _ b: Row) -> Bool {
        let left = a.translated * b.total, right = b.translated * a.total
        return left != right ? left < right : a.language < b.language
    }

    var isComplete: Bool { rows.allSatisfy { $0.translated == $0.total } }

    /// `de  ████████░░  81%  (1,012 / 1,250)`, aligned.
    func lines() -> [String] {
        let width = rows.map(\.language.count).max() ?? 0
        let percents = rows.map { "\(NumberText.percent($0.translated, of: $0.total))%" }
        let percentWidth = percents.map(\.count).max() ?? 0
        return zip(rows, percents).map { row, percent in
            let label = row.language.padding(toLength: width, withPad: " ", startingAt: 0)
            let share = String(repeating: " ", count: percentWidth - percent.count) + percent
            return
                "\(label)  \(NumberText.bar(row.translated, of: row.total))  \(share)  "
                + "(\(NumberText.grouped(row.translated)) / \(NumberText.grouped(row.total)))"
        }
    }

    /// `fr 81% (1,012 / 1,250)`: one language, inline.
    static func inline(_ row: Row) -> String {
        "\(row.language) \(NumberText.percent(row.translated, of: row.total))% (\(NumberText.grouped(row.translated)) "
            + "/ \(NumberText.grouped(row.total)))"
    }
}
