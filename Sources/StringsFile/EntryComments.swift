/// The comment of each key of a `.strings` file, as Xcode's migration attaches it
/// (formats.md 5.3): the reader's comment of the entry, without the comments Xcode drops; a key
/// written several times gets the comments of every occurrence joined with nothing between them
/// (owncloud `en`: `"Single Account"` twice -> `"Single AccountSingle Account"`).
extension StringsFile {
    /// Comments Xcode's migration drops: Xcode's own placeholder, and empty comments.
    public static let droppedComments: Set<String> = ["No comment provided by engineer.", ""]

    /// Each key of `entries` with its comment (nil when it has none), keys in any order.
    public static func commentsByKey<Entries: Sequence>(_ entries: Entries) -> [String: String?] where Entries.Element == StringsEntry {
        var comments: [String: String?] = [:]
        comments.reserveCapacity(entries.underestimatedCount)
        for entry in entries {
            let usable = entry.comment.flatMap { droppedComments.contains($0) ? nil : $0 }
            switch (comments[entry.key], usable) {
            case (.some(.some(let earlier)), .some(let comment)): comments[entry.key] = .some(earlier + comment)
            case (.some(.some), nil): break
            default: comments[entry.key] = .some(usable)
            }
        }
        return comments
    }
}
