import LegacyTables
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile

/// The parsed content of one language of a table.
public struct LegacyLanguageContent: Sendable {
    public var language: String
    public var strings: StringsFile?
    public var stringsDict: StringsDictFile?

    public init(language: String, strings: StringsFile? = nil, stringsDict: StringsDictFile? = nil) {
        self.language = language
        self.strings = strings
        self.stringsDict = stringsDict
    }
}

/// What merging one table produced.
public struct MergeResult: Sendable {
    public var catalog: StringCatalog
    public var diagnostics: [Diagnostic]
    /// Entries with plural or device variations or substitutions, in any language.
    public var pluralEntryCount: Int
    /// Entries that carry a comment.
    public var commentCount: Int
}

/// Merges the `.strings` and `.stringsdict` files of every language of a table into one String
/// Catalog, entry by entry as Xcode's migration writes them (formats.md 5.2–5.4):
/// `extractionState` `migrated`, state `translated` on every value (empty ones too), source-language
/// units kept even when the value equals the key, comments from the source-language file only.
public enum CatalogMerger {
    public static func merge(_ languages: [LegacyLanguageContent], sourceLanguage: String, version: String = "1.0") -> MergeResult {
        merge(languages, sourceLanguage: sourceLanguage, version: version, shardThreshold: shardThreshold)
    }

    static func merge(_ languages: [LegacyLanguageContent], sourceLanguage: String, version: String, shardThreshold: Int,
                      sabotage: MergeSabotage? = nil) -> MergeResult {
        let ordered = languages.sorted { $0.language < $1.language }
        let valueCount = ordered.reduce(0) { $0 + ($1.strings?.entries.count ?? 0) + ($1.stringsDict?.entries.count ?? 0) }
        // A large table merges on both cores: each shard takes the keys whose hash falls in it
        // (String hashing follows canonical equivalence, so keys equal under normalization meet
        // in one shard, where KeySpellings sees both). Diagnostics are put back in file order.
        let shardCount = valueCount >= shardThreshold ? 2 : 1
        var shards = ConcurrentMap.map(Array(0..<shardCount)) { shard in
            mergeShard(ordered, shard: shard, of: shardCount, sabotage: sabotage)
        }
        // Taken out of the array, so the merge below mutates the only copy (not a copy of it).
        var strings = shards[0].strings
        var pluralKeys = shards[0].pluralKeys
        shards[0].strings = [:]
        for shard in shards.dropFirst() {
            strings.merge(shard.strings) { first, _ in first }
            pluralKeys.formUnion(shard.pluralKeys)
        }
        let diagnostics = shards.flatMap(\.diagnostics).sorted { $0.order.lexicographicallyPrecedes($1.order) }.map(\.diagnostic)

        let comments = self.comments(ordered, sourceLanguage: sourceLanguage)
        var commentCount = 0
        func attach(_ comment: String, to key: String) {
            guard sabotage?.dropsComment(of: key) != true, let index = strings.index(forKey: key) else { return }
            strings.values[index].comment = comment
            commentCount += 1
        }
        for (key, comment) in comments.source { if let comment { attach(comment, to: key) } }
        for (key, comment) in comments.others { attach(comment, to: key) }
        let catalog = StringCatalog(sourceLanguage: sourceLanguage, version: version, strings: strings)
        return MergeResult(catalog: catalog, diagnostics: diagnostics, pluralEntryCount: pluralKeys.count, commentCount: commentCount)
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

    private static func mergeShard(_ ordered: [LegacyLanguageContent], shard: Int, of shardCount: Int, sabotage: MergeSabotage?) -> Shard {
        var result = Shard()
        func mine(_ key: String) -> Bool { shardCount == 1 || (key.hashValue & (shardCount - 1)) == shard }
        // Room for every key of the largest file, and in each entry for every language: growing
        // the tables one key at a time rehashed them about log2(n) times.
        let largest = ordered.map { max($0.strings?.entries.count ?? 0, $0.stringsDict?.entries.count ?? 0) }.max() ?? 0
        // Shard 0 has room for every key: the other shards are merged into it, which would
        // otherwise rehash it into a new table while both are alive.
        result.strings.reserveCapacity((shard == 0 ? largest : largest / shardCount) + 16)
        let languageCount = ordered.count

        var spellings = KeySpellings()
        var found: [Diagnostic] = []
        func keep(_ order: [Int]) {
            for (sub, diagnostic) in found.enumerated() { result.diagnostics.append(Ordered(order: order + [sub], diagnostic: diagnostic)) }
            found.removeAll(keepingCapacity: true)
        }
        for (languageIndex, content) in ordered.enumerated() {
            guard let file = content.strings else { continue }
            for (entryIndex, entry) in file.entries.enumerated() where mine(entry.key) { // duplicates: the last one wins, as in CFDictionarySetValue
                let location = SourceLocation(path: file.path, line: entry.line == 0 ? nil : entry.line, column: entry.line == 0 ? nil : entry.column)
                let accepted = spellings.accept(entry.key, at: location, diagnostics: &found)
                keep([0, languageIndex, entryIndex])
                guard accepted else { continue }
                var localization = CatalogLocalization(stringUnit: StringsDictConverter.translated(entry.value))
                if let sabotage, !sabotage.apply(to: &localization, key: entry.key, language: content.language) { continue }
                result.strings[entry.key, default: migratedEntry(languageCount)].localizations[content.language] = localization
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
                if let sabotage, !sabotage.apply(to: &localization, key: entry.key, language: content.language) { continue }
                if result.strings[entry.key]?.localizations[content.language] != nil {
                    found.append(.note("\"\(entry.key)\" is in both the .strings and the .stringsdict of \(content.language); the .stringsdict form is kept, as Xcode does", at: keyLocation))
                }
                result.strings[entry.key, default: migratedEntry(languageCount)].localizations[content.language] = localization
                if localization.variations != nil || !localization.substitutions.isEmpty { result.pluralKeys.insert(entry.key) }
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
        .error("\(part.message): this key cannot be migrated without losing that part; fix the entry (or keep it in a .stringsdict) and migrate again", at: part.location)
    }

    private static func migratedEntry(_ languageCount: Int) -> CatalogEntry {
        var entry = CatalogEntry()
        entry.extractionState = .migrated
        entry.localizations.reserveCapacity(languageCount)
        return entry
    }

    /// Comments come from the source language whenever it has the key, even when it has no comment
    /// for it or has it only in its `.stringsdict` (owncloud `"Move here"`: other languages' comments are ignored). When it
    /// lacks the key (owncloud `"Empty folder"`, an Interface Builder table whose source is the
    /// storyboard), the comment most other languages agree on is taken, ties going to the first
    /// language in code order (phoenix took the text of cs/es/fr over ar's: formats.md 5.3, Q3).
    /// A key written several times in one file gets the comments of every occurrence joined with
    /// nothing between them, as Xcode does (owncloud `en`: `"Single Account"` twice ->
    /// `"Single AccountSingle Account"`).
    /// Returned in two parts, never copied into one table (a table of a million keys costs tens of
    /// megabytes per copy): `source`, the source language's comment of each of its keys (`nil`:
    /// the key has none), and `others`, the comment taken for a key the source lacks.
    static func comments(_ languages: [LegacyLanguageContent], sourceLanguage: String) -> (source: [String: String?], others: [String: String]) {
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
            // not a comment for the next key (formats.md 5.3).
            let candidates = file.entries.filter { source?[$0.key] == nil && !sourceDictKeys.contains($0.key) }.map { entry in
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
            result[key] = candidates.max { a, b in (a.value.count, -a.value.first) < (b.value.count, -b.value.first) }!.key
        }
        return (source ?? [:], result)
    }
}

/// The first spelling (exact Unicode scalars) of each key of a table.
///
/// Swift compares strings by canonical equivalence, so `"caf\u{E9}"` and `"cafe\u{301}"` are one
/// dictionary key, while Apple's `.strings` reader (CFString, literal) keeps both: two keys of a
/// file that differ only by normalization would silently become one catalog entry holding the
/// last value. They are an error instead, and the later spelling is left out (found by
/// Tests/MigrationTests/PropertyRoundTripTests.swift).
struct KeySpellings {
    // A set, not a map of key to itself: the member found is the first spelling (half the memory).
    private var first: Set<String> = []

    /// True when `key` may be merged: new, or spelled exactly as before.
    mutating func accept(_ key: String, at location: SourceLocation, diagnostics: inout [Diagnostic]) -> Bool {
        let (inserted, earlier) = first.insert(key)
        if inserted { return true }
        if earlier.unicodeScalars.elementsEqual(key.unicodeScalars) { return true }
        diagnostics.append(.error("key \(Self.spelled(key)) differs from the key \(Self.spelled(earlier)) only by Unicode normalization (composed vs decomposed characters); a String Catalog cannot keep both: rename one or remove it", at: location))
        return false
    }

    /// The key quoted, with non-ASCII scalars written `\u{…}` so the two spellings can be told apart.
    static func spelled(_ key: String) -> String {
        var text = "\""
        for scalar in key.unicodeScalars {
            if scalar.isASCII, scalar.value >= 0x20, scalar != "\"", scalar != "\\" {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return text + "\""
    }
}
