import LegacyTables
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile

@testable import Migration

// The merger as it was before `MergePlan` (e6c2a97, the commit before the streaming migrate),
// kept only as an oracle: `MergePlanDifferentialTests` checks that the plan gives the same
// catalog, diagnostics and counts on random tables. Sharded and sequential were proven equal
// then; both are kept so the oracle is exactly what shipped.
enum ReferenceMerger {
    static func merge(
        _ languages: [LegacyLanguageContent], sourceLanguage: String, version: String, shardThreshold: Int,
        sabotage: MergeSabotage? = nil
    ) -> MergeResult {
        let ordered = languages.sorted { $0.language < $1.language }
        let valueCount = ordered.reduce(0) {
            $0 + ($1.strings?.entries.count ?? 0) + ($1.stringsDict?.entries.count ?? 0)
        }
        // A large table merges on both cores: each shard takes the keys whose hash falls in it
        // (String hashing follows canonical equivalence, so keys equal under normalization meet
        // in one shard, where KeySpellings sees both). Diagnostics are put back in file order.
        let shardCount = valueCount >= shardThreshold ? 2 : 1
        let shards = ConcurrentMap.map(Array(0..<shardCount)) { shard in
            mergeShard(ordered, shard: shard, of: shardCount, sabotage: sabotage)
        }
        var strings = shards[0].strings
        var pluralKeys = shards[0].pluralKeys
        for shard in shards.dropFirst() {
            strings.merge(shard.strings) { first, _ in first }
            pluralKeys.formUnion(shard.pluralKeys)
        }
        let diagnostics = shards.flatMap(\.diagnostics).sorted { $0.order.lexicographicallyPrecedes($1.order) }.map(
            \.diagnostic)

        let comments = self.comments(ordered, sourceLanguage: sourceLanguage)
        var commentCount = 0
        for (key, comment) in comments where strings[key] != nil && sabotage?.dropsComment(of: key) != true {
            strings[key]!.comment = comment
            commentCount += 1
        }
        let catalog = StringCatalog(sourceLanguage: sourceLanguage, version: version, strings: strings)
        return MergeResult(
            catalog: catalog, diagnostics: diagnostics, pluralEntryCount: pluralKeys.count, commentCount: commentCount)
    }

    /// Tables with at least this many values are merged in two shards.
    static let shardThreshold = 20_000

    /// A diagnostic with its place in a sequential merge: (pass, language, entry, sub-index).
    private struct Ordered: Sendable {
        var order: [Int]
        var diagnostic: Diagnostic
    }

    private struct Shard: Sendable {
        var strings: [String: CatalogEntry] = [:]
        var pluralKeys: Set<String> = []
        var diagnostics: [Ordered] = []
    }

    private static func mergeShard(
        _ ordered: [LegacyLanguageContent], shard: Int, of shardCount: Int, sabotage: MergeSabotage?
    ) -> Shard {
        var result = Shard()
        func mine(_ key: String) -> Bool { shardCount == 1 || (key.hashValue & (shardCount - 1)) == shard }
        // Room for every key of the largest file, and in each entry for every language: growing
        // the tables one key at a time rehashed them about log2(n) times.
        let largest = ordered.map { max($0.strings?.entries.count ?? 0, $0.stringsDict?.entries.count ?? 0) }.max() ?? 0
        result.strings.reserveCapacity(largest / shardCount + 16)
        let languageCount = ordered.count

        var spellings = ReferenceKeySpellings()
        var found: [Diagnostic] = []
        func keep(_ order: [Int]) {
            for (sub, diagnostic) in found.enumerated() {
                result.diagnostics.append(Ordered(order: order + [sub], diagnostic: diagnostic))
            }
            found.removeAll(keepingCapacity: true)
        }
        for (languageIndex, content) in ordered.enumerated() {
            guard let file = content.strings else { continue }
            // Duplicates: the last one wins, as in CFDictionarySetValue.
            for (entryIndex, entry) in file.entries.enumerated() where mine(entry.key) {
                let location = SourceLocation(
                    path: file.path, line: entry.line == 0 ? nil : entry.line,
                    column: entry.line == 0 ? nil : entry.column)
                defer { keep([0, languageIndex, entryIndex]) }
                guard spellings.accept(entry.key, at: location, diagnostics: &found) else { continue }
                var localization = CatalogLocalization(stringUnit: StringsDictConverter.translated(entry.value))
                if let sabotage, !sabotage.apply(to: &localization, key: entry.key, language: content.language) {
                    continue
                }
                result.strings[entry.key, default: migratedEntry(languageCount)].localizations[content.language] =
                    localization
                // Kept, and said: Xcode's migration may drop a value that starts with a C0 control character.
                if let first = entry.value.unicodeScalars.first, first.value < 0x20,
                    !["\t", "\n", "\r"].contains(first)
                {
                    let code = String(format: "U+%04X", first.value)
                    found.append(
                        .warning(
                            "\"\(entry.key)\" [\(content.language)]: the value starts with the control character "
                                + "\(code); Xcode's migration may drop such a value, stringcat keeps it: check that it "
                                + "is no typo",
                            at: location))
                }
            }
        }
        for (languageIndex, content) in ordered.enumerated() {
            guard let file = content.stringsDict else { continue }
            // Parts the reader could not place: the key is refused, never migrated without them.
            let dropped = Dictionary(grouping: file.droppedParts.filter { mine($0.key) }, by: \.key)
            for (entryIndex, entry) in file.entries.enumerated() where mine(entry.key) {
                defer { keep([1, languageIndex, entryIndex]) }
                let keyLocation = SourceLocation(path: file.path, line: entry.line, column: entry.line == nil ? nil : 1)
                guard spellings.accept(entry.key, at: keyLocation, diagnostics: &found) else { continue }
                if let parts = dropped[entry.key] {
                    found += parts.map(Self.refusal)
                    continue
                }
                let conversion = StringsDictConverter.convert(entry, path: file.path)
                found += conversion.diagnostics
                guard var localization = conversion.localization else { continue }
                if let sabotage, !sabotage.apply(to: &localization, key: entry.key, language: content.language) {
                    continue
                }
                if result.strings[entry.key]?.localizations[content.language] != nil {
                    found.append(
                        .note(
                            "\"\(entry.key)\" is in both the .strings and the .stringsdict of \(content.language); the "
                                + ".stringsdict form is kept, as Xcode does",
                            at: keyLocation))
                }
                result.strings[entry.key, default: migratedEntry(languageCount)].localizations[content.language] =
                    localization
                if localization.variations != nil || !localization.substitutions.isEmpty {
                    result.pluralKeys.insert(entry.key)
                }
            }
            // Entries the reader left out whole (no format key, a rule that is not a dictionary).
            let read = Set(file.entries.map(\.key))
            for (index, key) in dropped.keys.sorted().enumerated() where !read.contains(key) {
                found += dropped[key]!.map(Self.refusal)
                keep([1, languageIndex, file.entries.count + index])
            }
        }
        return result
    }

    /// The error that refuses a key whose `.stringsdict` entry has a part the catalog would lose.
    private static func refusal(_ part: DroppedPart) -> Diagnostic {
        .error(
            "\(part.message): this key cannot be migrated without losing that part; fix the entry (or keep it in a "
                + ".stringsdict) and migrate again",
            at: part.location)
    }

    private static func migratedEntry(_ languageCount: Int) -> CatalogEntry {
        var entry = CatalogEntry()
        entry.extractionState = .migrated
        entry.localizations.reserveCapacity(languageCount)
        return entry
    }

    /// Comments come from the source language whenever it has the key, even when it has no comment
    /// for it or has it only in its `.stringsdict` (owncloud `"Move here"`: other languages' comments are ignored).
    /// When it lacks the key (owncloud `"Empty folder"`, an Interface Builder table whose source is the
    /// storyboard), the comment most other languages agree on is taken, ties going to the first
    /// language in code order (phoenix took the text of cs/es/fr over ar's: docs/spec/migration.md#comments,
    /// #the-comment-of-a-key-the-source-language-lacks). A key written several times in one file gets the comments of
    /// every occurrence joined with nothing between them, as Xcode does (owncloud `en`: `"Single Account"` twice ->
    /// `"Single AccountSingle Account"`).
    static func comments(_ languages: [LegacyLanguageContent], sourceLanguage: String) -> [String: String] {
        var result: [String: String] = [:]
        let sourceIndex = languages.firstIndex { $0.language == sourceLanguage }
        let source = sourceIndex.flatMap { languages[$0].strings.map { StringsFile.commentsByKey($0.entries) } }
        // A key the source language has only in its .stringsdict has no comment at all
        // (IceCubesApp `notifications-others-count %lld`: ko's .strings comment is not taken).
        let sourceDictKeys = Set(sourceIndex.flatMap { languages[$0].stringsDict?.entries.map(\.key) } ?? [])
        var votes: [String: [String: (count: Int, first: Int)]] = [:]
        for (index, content) in languages.enumerated() where index != sourceIndex {
            guard let file = content.strings else { continue }
            // Only keys the source lacks can get this language's comment: the comments of the
            // others are not collected (that was a dictionary per language, a third of the merge).
            // A commented-out entry (`/* "k" = "v"; */`) in a language other than the source is
            // not a comment for the next key (docs/spec/migration.md#comments).
            let candidates = file.entries.filter { source?[$0.key] == nil && !sourceDictKeys.contains($0.key) }.map {
                entry in
                var entry = entry
                if entry.comment != nil && entry.commentIsCommentedOutEntry { entry.comment = nil }
                return entry
            }
            for (key, comment) in StringsFile.commentsByKey(candidates) {
                guard let comment, source?[key] == nil, !sourceDictKeys.contains(key) else { continue }
                let previous = votes[key]?[comment]
                votes[key, default: [:]][comment] = ((previous?.count ?? 0) + 1, previous?.first ?? index)
            }
        }
        for (key, candidates) in votes {
            result[key] =
                candidates.max { a, b in (a.value.count, -a.value.first) < (b.value.count, -b.value.first) }!.key
        }
        for (key, comment) in source ?? [:] {
            result[key] = comment ?? nil
        }
        return result.compactMapValues { $0 }
    }
}

/// The first spelling (exact Unicode scalars) of each key of a table.
///
/// Swift compares strings by canonical equivalence, so `"caf\u{E9}"` and `"cafe\u{301}"` are one
/// dictionary key, while Apple's `.strings` reader (CFString, literal) keeps both: two keys of a
/// file that differ only by normalization would silently become one catalog entry holding the
/// last value. They are an error instead, and the later spelling is left out (found by
/// Tests/MigrationTests/PropertyRoundTripTests.swift).
struct ReferenceKeySpellings {
    private var first: [String: String] = [:]

    /// True when `key` may be merged: new, or spelled exactly as before.
    mutating func accept(_ key: String, at location: SourceLocation, diagnostics: inout [Diagnostic]) -> Bool {
        guard let earlier = first[key] else {
            first[key] = key
            return true
        }
        if earlier.unicodeScalars.elementsEqual(key.unicodeScalars) { return true }
        diagnostics.append(
            .error(
                "key \(KeySpellings.spelled(key)) differs from the key \(KeySpellings.spelled(earlier)) only by "
                    + "Unicode normalization (composed vs decomposed characters); a String Catalog cannot keep both: "
                    + "rename one or remove it",
                at: location))
        return false
    }
}
