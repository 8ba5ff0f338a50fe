import Foundation
import LegacyTables
import StringcatSupport
import StringsDict
import StringsFile

/// Two folders of one language (`Base.lproj` and `en.lproj`, `English.lproj` and `en.lproj`): the
/// winning file keeps its values; keys only the other file has are added, so nothing is dropped.
/// iina, mastodon and home-assistant ship such pairs with different content.
///
/// Except `Base.lproj` beside the source language's own folder: Xcode's migration takes the source
/// language from that folder only, so a key only `Base.lproj` has gets no source value (its other
/// languages stay); the app reads the source language's table from that folder too
/// (docs/spec/migration-rules.md, "Base.lproj beside the source language's folder"). The keys
/// left out are named; the file is kept by `--delete-legacy` (`verify` knows the rule).
enum ShadowedFiles {
    /// The combined file, and the note that reports the fold.
    struct Folded<File> {
        var file: File
        var note: Diagnostic
    }

    /// - Parameter addsKeys: false for `Base.lproj` beside the source language's folder.
    static func fold(_ shadowed: StringsFile, into winner: StringsFile, addsKeys: Bool = true) -> Folded<StringsFile> {
        let have = winner.dictionary
        var combined = winner
        var only: [String] = []
        var differing: [String] = []
        var seen: Set<String> = []
        for entry in shadowed.entries where seen.insert(entry.key).inserted || have[entry.key] == nil {
            if let value = have[entry.key] {
                if value != shadowed.dictionary[entry.key] { differing.append(entry.key) }
            } else {
                if addsKeys { combined.entries.append(entry) }
                if !only.contains(entry.key) { only.append(entry.key) }
            }
        }
        // Keys added from another file: whether they are all distinct is no longer known.
        if addsKeys && !only.isEmpty { combined.keysAreDistinct = false }
        return Folded(
            file: combined, note: note(shadowed.path, winner.path, only: only, added: addsKeys, differing: differing))
    }

    /// - Parameter addsKeys: false for `Base.lproj` beside the source language's folder.
    static func fold(_ shadowed: StringsDictFile, into winner: StringsDictFile, addsKeys: Bool = true) -> Folded<
        StringsDictFile
    > {
        var byKey: [String: StringsDictEntry] = [:]
        for entry in winner.entries { byKey[entry.key] = entry }
        var combined = winner
        var only: [String] = []
        var differing: [String] = []
        for entry in shadowed.entries {
            if let have = byKey[entry.key] {
                if have.rule != entry.rule { differing.append(entry.key) }
            } else {
                if addsKeys { combined.entries.append(entry) }
                only.append(entry.key)
            }
        }
        // What the reader could not place in an added entry must still refuse that key.
        if addsKeys { combined.droppedParts += shadowed.droppedParts.filter { byKey[$0.key] == nil } }
        return Folded(
            file: combined, note: note(shadowed.path, winner.path, only: only, added: addsKeys, differing: differing))
    }

    private static func note(_ shadowed: String, _ winner: String, only: [String], added: Bool, differing: [String])
        -> Diagnostic
    {
        let winnerName = URL(fileURLWithPath: winner).deletingLastPathComponent().lastPathComponent
        var message =
            "holds the same language as \(winnerName); \(counted(only.count, "key")) only this file has "
            + "\(only.count == 1 ? "is" : "are") "
        let dropped = !added && !only.isEmpty
        if dropped {
            let named = only.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ") + (only.count > 5 ? ", ..." : "")
            message +=
                "not migrated (\(named)): as in Xcode's migration, the source language comes from \(winnerName) only, "
                + "whose table the app reads; this file is kept"
        } else {
            message += "migrated"
        }
        if differing.isEmpty {
            return dropped
                ? .warning(message + "; the others agree", at: .file(shadowed))
                : .note(message + ", the others agree", at: .file(shadowed))
        }
        let shown = differing.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
        message +=
            "; \(counted(differing.count, "key")) \(differing.count == 1 ? "differs" : "differ") and \(winnerName)'s "
            + "values are kept: \(shown)"
            + (differing.count > 5 ? ", ..." : "")
        return .warning(message, at: .file(shadowed))
    }
}
