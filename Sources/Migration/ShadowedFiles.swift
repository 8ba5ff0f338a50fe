import LegacyTables
import Foundation
import StringcatSupport
import StringsDict
import StringsFile

/// Two folders of one language (`Base.lproj` and `en.lproj`, `English.lproj` and `en.lproj`): the
/// winning file keeps its values; keys only the other file has are added, so nothing is dropped.
/// iina, mastodon and home-assistant ship such pairs with different content.
enum ShadowedFiles {
    /// The combined file, and the note that reports the fold.
    struct Folded<File> {
        var file: File
        var note: Diagnostic
    }

    static func fold(_ shadowed: StringsFile, into winner: StringsFile) -> Folded<StringsFile> {
        let have = winner.dictionary
        var combined = winner
        var added = 0
        var differing: [String] = []
        var seen: Set<String> = []
        for entry in shadowed.entries where seen.insert(entry.key).inserted || have[entry.key] == nil {
            if let value = have[entry.key] {
                if value != shadowed.dictionary[entry.key] { differing.append(entry.key) }
            } else {
                combined.entries.append(entry)
                added += 1
            }
        }
        // Keys added from another file: whether they are all distinct is no longer known.
        if added > 0 { combined.keysAreDistinct = false }
        return Folded(file: combined, note: note(shadowed.path, winner.path, added: added, differing: differing))
    }

    static func fold(_ shadowed: StringsDictFile, into winner: StringsDictFile) -> Folded<StringsDictFile> {
        var byKey: [String: StringsDictEntry] = [:]
        for entry in winner.entries { byKey[entry.key] = entry }
        var combined = winner
        var added = 0
        var differing: [String] = []
        for entry in shadowed.entries {
            if let have = byKey[entry.key] {
                if have.rule != entry.rule { differing.append(entry.key) }
            } else {
                combined.entries.append(entry)
                added += 1
            }
        }
        // What the reader could not place in an added entry must still refuse that key.
        combined.droppedParts += shadowed.droppedParts.filter { byKey[$0.key] == nil }
        return Folded(file: combined, note: note(shadowed.path, winner.path, added: added, differing: differing))
    }

    private static func note(_ shadowed: String, _ winner: String, added: Int, differing: [String]) -> Diagnostic {
        let winnerName = URL(fileURLWithPath: winner).deletingLastPathComponent().lastPathComponent
        var message = "holds the same language as \(winnerName); \(counted(added, "key")) only this file has \(added == 1 ? "is" : "are") migrated"
        if differing.isEmpty {
            return .note(message + ", the others agree", at: .file(shadowed))
        }
        let shown = differing.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
        message += "; \(counted(differing.count, "key")) \(differing.count == 1 ? "differs" : "differ") and \(winnerName)'s values are kept: \(shown)" + (differing.count > 5 ? ", ..." : "")
        return .warning(message, at: .file(shadowed))
    }
}
