import StringcatSupport

/// The comment of each key of a `.strings` file, as Xcode's migration attaches it
/// (docs/spec/migration.md#comments): the reader's comment of the entry, without the comments Xcode drops; a key
/// written several times gets the comments of every occurrence joined with nothing between them
/// (owncloud `en`: `"Single Account"` twice -> `"Single AccountSingle Account"`).
extension StringsFile {
    /// Comments Xcode's migration drops: placeholders (`No comment provided by engineer.`, which
    /// genstrings writes, and `(No Comment)`, which translation tools write: GoMap's
    /// `InfoPlist.strings`; docs/spec/migration.md#comments), and empty comments. (Xcode's new-file template header is
    /// not given to the first key in the first place: `StringsLexer.isXcodeTemplateHeader`.)
    public static let droppedComments: Set<String> = ["No comment provided by engineer.", "(No Comment)", ""]

    /// Each key of `entries` with its comment (nil when it has none), keys in any order.
    public static func commentsByKey<Entries: Sequence>(_ entries: Entries) -> [String: String?]
    where Entries.Element == StringsEntry {
        var comments: [String: String?] = [:]
        comments.reserveCapacity(entries.underestimatedCount)
        for entry in entries {
            comments[entry.key] = .some(joinedComment(comments[entry.key], usableComment(of: entry)))
        }
        return comments
    }

    /// The entry's comment unless Xcode's migration drops it (`droppedComments`).
    public static func usableComment(of entry: StringsEntry) -> String? {
        guard let comment = entry.comment else { return nil }
        return isDropped(comment) ? nil : comment
    }

    /// `droppedComments.contains(comment)` without hashing the comment (asked for every entry of
    /// every language by migrate): only a comment of one of their lengths in UTF-8 can be one of
    /// them, as none of their characters has another canonically equivalent spelling (only `K`,
    /// `;` and `` ` `` among ASCII characters do).
    static func isDropped(_ comment: String) -> Bool {
        droppedLengths.contains(comment.utf8.count) && droppedComments.contains { $0 == comment }
    }

    private static let droppedLengths = droppedComments.map(\.utf8.count)

    /// A key's comment after one more occurrence with comment `next`, given its comment so far
    /// (`nil`: the key was not seen yet): a comment joins the earlier one with nothing between
    /// them; an occurrence without one keeps the earlier; the first occurrence gives its own.
    public static func joinedComment(_ earlier: String??, _ next: String?) -> String? {
        switch (earlier, next) {
        case (.some(.some(let earlier)), .some(let next)): return earlier + next
        case (.some(.some(let earlier)), nil): return earlier
        default: return next
        }
    }

    /// True for a comment Interface Builder generates for each key of a storyboard's or xib's
    /// `.strings` (`Class = "NSMenuItem"; title = "Quit"; ObjectID = "ab1-c2-d3e";`): it says
    /// nothing a translator wrote, and the next export writes it again, so a catalog that keeps
    /// one language's drops nothing when the other languages' differ (iina's `MainMenu.strings`).
    public static func isInterfaceBuilderComment(_ comment: String) -> Bool {
        // Bytes, not Foundation's `contains` (which cost as much as the rest of verify's
        // comparison of a comment): Interface Builder writes these parts in ASCII, and migrate
        // and verify ask this one function.
        comment.utf8.count < 4096 && TextSearch.containsBytes(comment, "Class = \"")
            && TextSearch.containsBytes(comment, "ObjectID = \"")
    }
}
