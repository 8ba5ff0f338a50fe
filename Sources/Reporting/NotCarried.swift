/// What a catalog does not carry of its table's legacy files, in the words the migration page and
/// the verification page both use.
enum NotCarried {
    /// Where the comments in other languages than the source end up.
    enum CommentFate {
        /// In the legacy files, which the run keeps.
        case stay
        /// With the legacy files a `--dry-run --delete-legacy` would delete.
        case wouldGo
        /// With the legacy files the run deleted.
        case went
    }

    /// `2 comments in other languages than the source: a catalog holds one comment per key; they
    /// stay in the legacy files only`; nil for none.
    static func otherLanguageComments(_ count: Int, _ fate: CommentFate) -> String? {
        guard count > 0 else { return nil }
        let they = count == 1 ? "it" : "they"
        let end: String
        switch fate {
        case .stay: end = "\(they) \(count == 1 ? "stays" : "stay") in the legacy files only"
        case .wouldGo: end = "\(they) would go with the deleted legacy files"
        case .went: end = "\(they) went with the deleted legacy files"
        }
        return "\(NumberText.counted(count, "comment")) in other languages than the source: a catalog holds one "
            + "comment per key; \(end)"
    }

    /// The values the app never shows (`ShadowedValues`), and that the catalog holds the one it
    /// shows; nil for none.
    static func shadowedValues(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        return "\(NumberText.counted(count, "shadowed value")) the app never shows (a `.strings` value whose key the "
            + "`.stringsdict` also has, or a second folder of a language that gives a key differently): the catalog "
            + "holds the value the app shows"
    }
}
