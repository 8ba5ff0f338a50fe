import AppBundles
import Languages
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile

/// One table's merge, worked out but not built: every key checked (its spelling, the parts of its
/// `.stringsdict` entries), every value placed, every comment chosen, every diagnostic found, in
/// file order. The catalog entries themselves are built on demand: all at once (`catalog`), or
/// block by block on the encoding threads while the catalog streams to disk (`write`), so a
/// table of a million keys never has all its entries in memory.
///
/// The rules are Xcode's migration (docs/spec/migration.md#entries-of-a-strings-table): `extractionState` `migrated`,
/// state `translated` on every value, the last of duplicate keys wins, a `.stringsdict` form replaces
/// the `.strings` value of its language, comments from the source language (see `comment(of:)`).
struct MergePlan: Sendable {
    let sourceLanguage: String
    /// The languages of the table, in code order (the order every pass visits them), their
    /// codes, their `.strings` entries, and the source language's place among them.
    let contents: [LegacyLanguageContent]
    private let languageCodes: [String]
    private let stringsEntries: [[StringsEntry]]
    private let sourceIndex: Int?
    /// Nil but in tests (`MergeFault`).
    private let fault: (any MergeFault)?
    /// `fault != nil`, asked first in the loops: testing the optional existential copies it,
    /// once per entry (2% of a migration's instructions).
    private let isFaulted: Bool

    /// Every key met, as first spelled, in the order first met; `keyIndex` maps it back. A key
    /// is an entry of the catalog only when some language has a localization for it (`present`).
    private(set) var keys: [String] = []
    private var keyIndex: [String: Int32] = [:]
    /// While the passes place values: per language, for each key, what it keeps (a `Cell` code:
    /// a `.strings` entry, a `.stringsdict` localization, or none). Shorter than `keys` when the
    /// language lacks the last keys. Once the present keys are known, `rows` holds the same for
    /// them, a row per present key, and this is let go.
    private var cells: [[Int32]]
    /// The rows of the present keys, one after the other, a cell per language (`Cell` codes): a
    /// row is read in one place, with no per-key copy of a file or dictionary lookup.
    private var rows: [Int32] = []
    /// The localizations converted from the `.stringsdict` files that are kept (cells point here).
    private var dictLocalizations: [CatalogLocalization] = []
    /// Per language: for each `.strings` entry, its key (-1: refused).
    private var entryKeys: [[Int32]]
    /// Source language: the first `.strings` entry of each key (-1: none), and the joined
    /// comments of keys written more than once.
    private var sourceFirst: [Int32] = []
    private var sourceJoined: [Int32: String?] = [:]
    /// Keys of the source language's `.stringsdict`: such a key takes no other language's comment.
    private var sourceDictKeys: Set<Int32> = []
    /// Comments other languages agree on, for keys the source language lacks.
    private var votedComments: [Int32: String] = [:]

    /// What a cell holds: `none`, a `.strings` entry index of its language (>= 0), or
    /// `dict(i)` for `dictLocalizations[i]` (<= -2).
    private enum Cell {
        static let none: Int32 = -1
        static func dict(_ index: Int) -> Int32 { -2 - Int32(index) }
        static func dictIndex(_ cell: Int32) -> Int { Int(-2 - cell) }
    }

    /// Errors, warnings and notes, in file order (`.strings` of every language, then `.stringsdict`).
    private(set) var diagnostics: [Diagnostic] = []
    /// The keys that become entries, in `keys` order.
    private(set) var present: [Int32] = []
    private(set) var pluralEntryCount = 0
    private(set) var commentCount = 0
    /// Comments of languages other than the source that differ from the catalog's comment of
    /// their key: a catalog holds one comment per key, so these stay in the legacy files only.
    private(set) var otherLanguageCommentCount = 0
    /// Languages with at least one localization, sorted.
    private(set) var languages: [String] = []

    init(_ languages: [LegacyLanguageContent], sourceLanguage: String, fault: (any MergeFault)? = nil) {
        self.sourceLanguage = sourceLanguage
        contents = languages.sorted { $0.language < $1.language }
        languageCodes = contents.map(\.language)
        stringsEntries = contents.map { $0.strings?.entries ?? [] }
        sourceIndex = contents.firstIndex { $0.language == sourceLanguage }
        self.fault = fault
        isFaulted = fault != nil
        cells = Array(repeating: [], count: contents.count)
        entryKeys = Array(repeating: [], count: contents.count)
        let largest =
            contents.map { max($0.strings?.entries.count ?? 0, $0.stringsDict?.entries.count ?? 0) }.max() ?? 0
        keyIndex.reserveCapacity(largest + 16)
        keys.reserveCapacity(largest + 16)
        placeStringsValues()
        placeStringsDictLocalizations()
        voteComments()
        findPresentKeys()
        countOtherLanguageComments()
    }

    /// What the catalog this plan writes puts in a bundle (`CatalogOutput`), and the distinct keys
    /// each language's legacy files give (their `.strings` and `.stringsdict` entries, every key
    /// read, kept or not): what the gate compares, so that a key the merge drops is a key lost.
    func bundleOutput() -> PlannedBundleOutput {
        let count = contents.count
        var output = CatalogOutput(sourceLanguage: LanguageTag(sourceLanguage), keys: [:], ownSourceValues: 0)
        var legacy: [String: Int] = [:]
        for (index, content) in contents.enumerated() {
            var written = 0
            for row in 0..<present.count where rows[row * count + index] != Cell.none { written += 1 }
            if written > 0, let tag = LanguageTag(content.language) { output.keys[tag, default: 0] += written }
            var seen = [Bool](repeating: false, count: keys.count)
            var distinct = 0
            for k in entryKeys[index] where k >= 0 && !seen[Int(k)] {
                seen[Int(k)] = true
                distinct += 1
            }
            for entry in content.stringsDict?.entries ?? [] {
                guard let k = keyIndex[entry.key], !seen[Int(k)] else { continue }
                seen[Int(k)] = true
                distinct += 1
            }
            legacy[content.language] = distinct
        }
        if let source = sourceIndex {
            for (row, k) in present.enumerated() {
                let cell = rows[row * count + source]
                if cell < Cell.none || (cell >= 0 && stringsEntries[source][Int(cell)].value != keys[Int(k)]) {
                    output.ownSourceValues += 1
                }
            }
        }
        return PlannedBundleOutput(catalog: output, legacyKeys: legacy)
    }

    // MARK: - Building entries

    /// The catalog comment of the present key at `position`.
    private func rowComment(_ position: Int) -> String? {
        let k = present[position]
        if isFaulted, let fault, fault.dropsComment(of: keys[Int(k)]) { return nil }
        return comment(of: k)
    }

    /// The whole catalog, every entry built (on both cores when there are many).
    func catalog(version: String) -> StringCatalog {
        let rows = RowStore(self), presentKeys = present.map { keys[Int($0)] }, codes = languageCodes
        let parts = ConcurrentMap.map(halves(of: present.count)) { range in
            range.map { row in (presentKeys[row], rows.entry(row, languages: codes)) }
        }
        var strings: [String: CatalogEntry] = [:]
        strings.reserveCapacity(present.count)
        for part in parts {
            for (key, entry) in part { strings[key] = entry }
        }
        return StringCatalog(sourceLanguage: sourceLanguage, version: version, strings: strings)
    }

    /// The catalog's bytes (`CatalogWriter.data(for: catalog(version:))`), handed to `sink` in
    /// parts while each block of rows is encoded, straight from the plan's cells.
    func write<E: Error>(version: String, to sink: ([UInt8]) throws(E) -> Void) throws(E) {
        let presentKeys = present.map { keys[Int($0)] }
        try CatalogWriter.write(
            keys: presentKeys, languages: languageCodes, sourceLanguage: sourceLanguage, version: version,
            extractionState: .migrated, rows: RowStore(self), to: sink)
    }

    /// The present keys as `CatalogRows` (row i: the key at `present[i]`), what `write` streams
    /// and `catalog` builds its entries from, laid out for the two threads that read it: every
    /// value and comment a row needs, in row order, in arrays of an object that never changes (a
    /// read takes no reference to a shared array buffer, whose count both threads would otherwise
    /// keep changing).
    private final class RowStore: CatalogRows {
        /// `Cell` codes by row and language, a `.strings` value's code being its place in `values`.
        let cells: [Int32]
        let values: [String]
        let comments: [String?]
        let dictLocalizations: [CatalogLocalization]
        let languageCount: Int

        init(_ plan: MergePlan) {
            languageCount = plan.contents.count
            dictLocalizations = plan.dictLocalizations
            var cells = plan.rows
            var values: [String] = []
            values.reserveCapacity(cells.count)
            for (index, code) in cells.enumerated() where code >= 0 {
                cells[index] = Int32(values.count)
                values.append(plan.stringsEntries[index % plan.contents.count][Int(code)].value)
            }
            self.cells = cells
            self.values = values
            comments = plan.present.indices.map(plan.rowComment)
        }

        func comment(ofRow row: Int) -> String? { comments[row] }

        /// Row `row` as a catalog entry (`languages`: the table's codes, in its order).
        func entry(_ row: Int, languages: [String]) -> CatalogEntry {
            var entry = CatalogEntry(comment: comments[row], extractionState: .migrated)
            entry.localizations.reserveCapacity(languageCount)
            for language in 0..<languageCount {
                if let localization = cell(row: row, language: language).localization {
                    entry.localizations[languages[language]] = localization
                }
            }
            return entry
        }

        func cell(row: Int, language: Int) -> CatalogCell {
            let code = cells[row * languageCount + language]
            if code >= 0 { return .translated(values[Int(code)]) }
            if code == Cell.none { return .empty }
            return .localization(dictLocalizations[Cell.dictIndex(code)])
        }
    }

    private func halves(of count: Int) -> [Range<Int>] {
        count < 2_048 ? [0..<count] : [0..<(count / 2), (count / 2)..<count]
    }

    // MARK: - The passes

    /// The key index of `key` if its spelling may be merged: new, or spelled exactly as when
    /// first met. Swift compares strings by canonical equivalence while Apple's reader keeps
    /// `"caf\u{E9}"` and `"cafe\u{301}"` apart: two such keys of one table would silently become
    /// one entry, so the later spelling is an error and left out.
    private mutating func accept(_ key: String, at location: () -> SourceLocation) -> Int32? {
        if let found = keyIndex.index(forKey: key) {
            let (earlier, k) = keyIndex[found]
            if earlier.utf8.elementsEqual(key.utf8) { return k }
            diagnostics.append(
                .error(
                    "key \(KeySpellings.spelled(key)) differs from the key \(KeySpellings.spelled(earlier)) only by "
                        + "Unicode normalization (composed vs decomposed characters); a String Catalog cannot keep "
                        + "both: rename one or remove it",
                    at: location()))
            return nil
        }
        let k = Int32(keys.count)
        keys.append(key)
        keyIndex[key] = k
        return k
    }

    /// `accept(key)`, with `guess` tried first by its bytes: languages of a table list their keys
    /// mostly in one order, so the key after the last one placed is usually the one, and the key
    /// index need not hash it.
    private mutating func accept(_ key: String, guess: Int32, at location: () -> SourceLocation) -> Int32? {
        if Int(guess) < keys.count, sameBytes(keys[Int(guess)], key) { return guess }
        return accept(key, at: location)
    }

    /// Pass 1: the `.strings` value of each key in each language (duplicates: the last wins, as
    /// in `CFDictionarySetValue`).
    private mutating func placeStringsValues() {
        for (languageIndex, content) in contents.enumerated() {
            guard let file = content.strings else { continue }
            var values: [Int32] = Array(repeating: Cell.none, count: keys.count)
            var keysOfEntries: [Int32] = []
            keysOfEntries.reserveCapacity(file.entries.count)
            let isSource = languageIndex == sourceIndex
            var next: Int32 = 0
            for (entryIndex, entry) in file.entries.enumerated() {
                let k = accept(entry.key, guess: next) {
                    SourceLocation(
                        path: file.path, line: entry.line == 0 ? nil : entry.line,
                        column: entry.line == 0 ? nil : entry.column)
                }
                keysOfEntries.append(k ?? -1)
                guard let k else { continue }
                next = k + 1
                if isSource { noteSourceOccurrence(k, entryIndex, file) }
                if isFaulted, let fault {
                    var localization = CatalogLocalization(stringUnit: StringsDictConverter.translated(entry.value))
                    if !fault.apply(to: &localization, key: entry.key, language: content.language) { continue }
                }
                if Int(k) >= values.count { values += Array(repeating: Cell.none, count: Int(k) + 1 - values.count) }
                values[Int(k)] = Int32(entryIndex)
                if let first = entry.value.utf8.first, first < 0x20, first != 0x09, first != 0x0A, first != 0x0D {
                    diagnostics.append(Self.leadingControlCharacter(entry, language: content.language, path: file.path))
                }
            }
            cells[languageIndex] = values
            entryKeys[languageIndex] = keysOfEntries
        }
    }

    /// A value that starts with a C0 control character (a stray `Ctrl` key, most likely): Xcode's
    /// migration was seen to drop such a value from its language (one case); stringcat keeps it, as
    /// the app shows it today, and says so (docs/spec/migration-rules.md, "A value that starts
    /// with a control character").
    private static func leadingControlCharacter(_ entry: StringsEntry, language: String, path: String) -> Diagnostic {
        let scalar = entry.value.unicodeScalars.first!.value
        let code =
            "U+" + String(repeating: "0", count: 4 - String(scalar, radix: 16).count)
            + String(scalar, radix: 16, uppercase: true)
        return .warning(
            "\(ControlCharacters.quoted(entry.key)) [\(language)]: the value starts with the control character "
                + "\(code); Xcode's migration may drop such a value, stringcat keeps it: check that it is no typo",
            at: SourceLocation(
                path: path, line: entry.line == 0 ? nil : entry.line, column: entry.line == 0 ? nil : entry.column))
    }

    /// The source language's comments: a key written several times gets the comments of every
    /// occurrence joined with nothing between them, as Xcode does (owncloud `en`:
    /// `"Single Account"` twice -> `"Single AccountSingle Account"`; `commentsByKey`).
    private mutating func noteSourceOccurrence(_ k: Int32, _ entryIndex: Int, _ file: StringsFile) {
        if Int(k) >= sourceFirst.count { sourceFirst += Array(repeating: -1, count: Int(k) + 1 - sourceFirst.count) }
        let first = sourceFirst[Int(k)]
        guard first >= 0 else {
            sourceFirst[Int(k)] = Int32(entryIndex)
            return
        }
        let sofar = sourceJoined[k] ?? .some(StringsFile.usableComment(of: file.entries[Int(first)]))
        sourceJoined[k] = .some(
            StringsFile.joinedComment(sofar, StringsFile.usableComment(of: file.entries[entryIndex])))
    }

    /// Pass 2: each `.stringsdict` entry converted (docs/spec/migration.md#entries-of-a-stringsdict-table); it replaces
    /// the `.strings` value of its language. An entry with a part the reader could not place is refused, never
    /// migrated without it.
    private mutating func placeStringsDictLocalizations() {
        // Each entry converts on its own: every language's entries on every core first, then
        // placed in order here (a conversion the loop skips costs time, nothing else).
        let files = contents.map(\.stringsDict)
        let conversions = ConcurrentMap.map(Array(files.indices)) { index in
            files[index].map { file in file.entries.map { StringsDictConverter.convert($0, path: file.path) } } ?? []
        }
        for (languageIndex, content) in contents.enumerated() {
            guard let file = content.stringsDict else { continue }
            let dropped = Dictionary(grouping: file.droppedParts, by: \.key)
            var next: Int32 = 0
            for (entryIndex, entry) in file.entries.enumerated() {
                let keyLocation = SourceLocation(path: file.path, line: entry.line, column: entry.line == nil ? nil : 1)
                guard let k = accept(entry.key, guess: next, at: { keyLocation }) else { continue }
                next = k + 1
                if languageIndex == sourceIndex { sourceDictKeys.insert(k) }
                if !dropped.isEmpty, let parts = dropped[entry.key] {
                    diagnostics += parts.map(Self.refusal)
                    continue
                }
                let conversion = conversions[languageIndex][entryIndex]
                diagnostics += conversion.diagnostics
                guard var localization = conversion.localization else { continue }
                if isFaulted, let fault, !fault.apply(to: &localization, key: entry.key, language: content.language) {
                    continue
                }
                if Int(k) >= cells[languageIndex].count {
                    cells[languageIndex] += Array(repeating: Cell.none, count: Int(k) + 1 - cells[languageIndex].count)
                } else if cells[languageIndex][Int(k)] != Cell.none {
                    diagnostics.append(
                        .note(
                            "\"\(entry.key)\" is in both the .strings and the .stringsdict of \(content.language); the "
                                + ".stringsdict form is kept, as Xcode does",
                            at: keyLocation))
                }
                cells[languageIndex][Int(k)] = Cell.dict(dictLocalizations.count)
                dictLocalizations.append(localization)
            }
            // Entries the reader left out whole (no format key, a rule that is not a dictionary).
            guard !dropped.isEmpty else { continue }
            let read = Set(file.entries.map(\.key))
            for key in dropped.keys.sorted() where !read.contains(key) {
                diagnostics += dropped[key]!.map(Self.refusal)
            }
        }
    }

    /// The error that refuses a key whose `.stringsdict` entry has a part the catalog would lose.
    private static func refusal(_ part: DroppedPart) -> Diagnostic {
        .error(
            "\(part.message): this key cannot be migrated without losing that part; fix the entry (or keep it in a "
                + ".stringsdict) and migrate again",
            at: part.location)
    }

    /// Pass 3: comments for keys the source language lacks. When it lacks the key (owncloud
    /// `"Empty folder"`, an Interface Builder table whose source is the storyboard), the comment
    /// most other languages agree on is taken, ties going to the first language in code order
    /// (phoenix took the text of cs/es/fr over ar's: docs/spec/migration.md#comments,
    /// #the-comment-of-a-key-the-source-language-lacks). A commented-out entry (`/* "k" = "v"; */`) in a language other
    /// than the source is not a comment for the next key.
    private mutating func voteComments() {
        var votes: [Int32: [String: (count: Int, first: Int)]] = [:]
        for (languageIndex, content) in contents.enumerated() where languageIndex != sourceIndex {
            guard let file = content.strings else { continue }
            // This language's comment of each candidate key, occurrences joined as in the source.
            var comments: [Int32: String?] = [:]
            var order: [Int32] = []
            for (entryIndex, entry) in file.entries.enumerated() {
                let k = entryKeys[languageIndex][entryIndex]
                guard k >= 0, !sourceHas(k), !sourceDictKeys.contains(k) else { continue }
                let usable = entry.commentIsCommentedOutEntry ? nil : StringsFile.usableComment(of: entry)
                if comments[k] == nil { order.append(k) }
                comments[k] = .some(StringsFile.joinedComment(comments[k], usable))
            }
            for k in order {
                guard case .some(.some(let comment)) = comments[k] else { continue }
                let previous = votes[k]?[comment]
                votes[k, default: [:]][comment] = ((previous?.count ?? 0) + 1, previous?.first ?? languageIndex)
            }
        }
        for (k, candidates) in votes {
            votedComments[k] =
                candidates.max { a, b in (a.value.count, -a.value.first) < (b.value.count, -b.value.first) }!.key
        }
    }

    private func sourceHas(_ k: Int32) -> Bool { Int(k) < sourceFirst.count && sourceFirst[Int(k)] >= 0 }

    /// The comment of key `k`. It comes from the source language whenever its `.strings` has the
    /// key, even when it has no comment for it (owncloud `"Move here"`: other languages' comments
    /// are ignored); a key the source has only in its `.stringsdict` has none (IceCubesApp
    /// `notifications-others-count %lld`: ko's `.strings` comment is not taken); otherwise the
    /// other languages' vote decides.
    private func comment(of k: Int32) -> String? {
        if sourceHas(k) {
            if !sourceJoined.isEmpty, let joined = sourceJoined[k] { return joined }
            return StringsFile.usableComment(of: stringsEntries[sourceIndex!][Int(sourceFirst[Int(k)])])
        }
        return votedComments.isEmpty ? nil : votedComments[k]
    }

    /// Pass 4: the keys that become entries, their rows, and what the report counts.
    private mutating func findPresentKeys() {
        let languageCount = contents.count
        var used = Array(repeating: false, count: languageCount)
        present.reserveCapacity(keys.count)
        rows.reserveCapacity(keys.count * languageCount)
        var row = [Int32](repeating: Cell.none, count: languageCount)
        for k in 0..<Int32(keys.count) {
            var any = false
            var plural = false
            for languageIndex in 0..<languageCount {
                let cell = Int(k) < cells[languageIndex].count ? cells[languageIndex][Int(k)] : Cell.none
                row[languageIndex] = cell
                guard cell != Cell.none else { continue }
                if cell < Cell.none {
                    let localization = dictLocalizations[Cell.dictIndex(cell)]
                    if localization.variations != nil || !localization.substitutions.isEmpty { plural = true }
                }
                any = true
                used[languageIndex] = true
            }
            guard any else { continue }
            present.append(k)
            rows += row
            if plural { pluralEntryCount += 1 }
            if !(isFaulted && fault?.dropsComment(of: keys[Int(k)]) == true), comment(of: k) != nil {
                commentCount += 1
            }
        }
        cells = []
        languages = contents.indices.filter { used[$0] }.map { contents[$0].language }.sorted()
    }

    /// Pass 5: the comments of other languages the catalog does not hold (each language's comment
    /// of a key, occurrences joined as in the source, against the key's catalog comment). A key
    /// written once in a language, nearly every key, is compared where it stands; only keys
    /// written several times are joined first.
    private mutating func countOtherLanguageComments() {
        var isPresent = [Bool](repeating: false, count: keys.count)
        for k in present { isPresent[Int(k)] = true }
        var seenIn = [Int32](repeating: -1, count: keys.count)
        for (languageIndex, content) in contents.enumerated() where languageIndex != sourceIndex {
            guard let file = content.strings else { continue }
            let keysOfEntries = entryKeys[languageIndex]
            var repeated: Set<Int32> = []
            for k in keysOfEntries where k >= 0 && isPresent[Int(k)] {
                if seenIn[Int(k)] == Int32(languageIndex) {
                    repeated.insert(k)
                } else {
                    seenIn[Int(k)] = Int32(languageIndex)
                }
            }
            var comments: [Int32: String?] = [:]
            for (entryIndex, entry) in file.entries.enumerated() {
                let k = keysOfEntries[entryIndex]
                guard k >= 0, isPresent[Int(k)] else { continue }
                if !repeated.isEmpty && repeated.contains(k) {
                    let usable = entry.commentIsCommentedOutEntry ? nil : StringsFile.usableComment(of: entry)
                    comments[k] = .some(StringsFile.joinedComment(comments[k], usable))
                    continue
                }
                // A commented-out entry is no comment; worked out only for a comment that differs.
                guard let usable = StringsFile.usableComment(of: entry), usable != comment(of: k),
                    !entry.commentIsCommentedOutEntry,
                    !StringsFile.isInterfaceBuilderComment(usable)
                else { continue }
                otherLanguageCommentCount += 1
            }
            for (k, given) in comments {
                guard case .some(let text) = given, text != comment(of: k), !StringsFile.isInterfaceBuilderComment(text)
                else { continue }
                otherLanguageCommentCount += 1
            }
        }
    }
}
