import AppBundles
import Compilation
import Languages
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile

/// Compares a table's legacy side with its catalog, entry by entry as the catalog is read: every
/// legacy leaf missing from the compiled catalog is a loss, and so is a form the catalog gives
/// back for a legacy key that the legacy files do not have. Entries only the catalog has (keys
/// added after the migration) are not losses.
///
/// The catalog side is what `Compilation` (the code `stringcat compile` runs) makes of each entry,
/// turned into leaves by `LeafEquivalence`. Nothing of an entry is kept once it is compared, so a
/// catalog of any size costs the legacy side plus one entry.
struct LeafComparison {
    private(set) var losses: [Loss] = []
    private(set) var notes: [Diagnostic] = []
    /// Legacy files that hold a leaf the catalog lacks (or a conflicting value), with the reason.
    private(set) var filesNotCarried: [String: String] = [:]

    private let legacy: LegacySide
    /// The legacy languages, sorted, and their place in that order.
    private let languageNames: [String]
    private let slots: [String: Int]
    private let sides: [LegacySide.Language]
    /// Per language: whether the catalog gave it anything, and which of its keys.
    private var languageSeen: [Bool]
    private var matched: [[Bool]]
    /// The source language's slot, and which of its keys' comments were compared.
    private let sourceSlot: Int?
    private var commentChecked: [Bool]
    private var explicitChecked: Set<Int32> = []
    /// Comment losses and the files they keep, applied after the leaves' (`finish`).
    private var commentLosses: [Loss] = []
    /// The comments of other languages than the source, by key id: those of id `i` are
    /// `otherLanguageComments[otherLanguageCommentStarts[i]..<otherLanguageCommentStarts[i + 1]]`
    /// (only equality with the catalog's comment is asked); which ids the catalog gave; and how
    /// many of those comments the catalog does not hold.
    private let otherLanguageCommentStarts: [Int32]
    private let otherLanguageComments: [LegacySide.Ref]
    private var otherLanguageCommentsCompared: [Bool]
    private(set) var otherLanguageCommentCount = 0
    /// Per language, the entries the catalog writes a unit for; and the source-language units
    /// that are more than their key: what the catalog puts in a bundle (`catalogOutput`).
    private var writtenByLanguage: [String: Int] = [:]
    private var ownSourceValues = 0
    /// Keys whose comment cannot be judged: the source language's file they came from is gone.
    private(set) var commentsNotJudged = 0
    /// Notes of the compiler (by entry key) and of the comparison (by language), ordered at the end.
    private var compileNotes: [(key: String, note: Diagnostic)] = []
    private var comparisonNotes: [(slot: Int, note: Diagnostic)] = []

    init(_ legacy: LegacySide) {
        self.legacy = legacy
        languageNames = legacy.languages.keys.sorted()
        slots = Dictionary(uniqueKeysWithValues: languageNames.enumerated().map { ($1, $0) })
        let sides = languageNames.map { legacy.languages[$0]! }
        self.sides = sides
        languageSeen = Array(repeating: false, count: sides.count)
        matched = sides.map { Array(repeating: false, count: $0.keys.count) }
        let sourceSlot = slots[legacy.comments.sourceLanguage]
        self.sourceSlot = sourceSlot
        commentChecked = Array(repeating: false, count: sourceSlot.map { sides[$0].keys.count } ?? 0)
        // Grouped by id in two passes (a count, then the places), without an array per key.
        var commented: [LegacySide.Ref] = []
        var starts = [Int32](repeating: 0, count: legacy.keyCount + 1)
        for (fileIndex, file) in legacy.files.enumerated()
        where file.file.language != legacy.comments.sourceLanguage && file.file.kind == .strings {
            // An Interface Builder comment says nothing a translator wrote: none is dropped.
            for (keyIndex, key) in file.keys.enumerated()
            where key.comment.map { !StringsFile.isInterfaceBuilderComment($0) } == true
                && !key.commentIsCommentedOutEntry
            {
                starts[Int(legacy.fileIDs[fileIndex][keyIndex]) + 1] += 1
                commented.append(LegacySide.Ref(file: fileIndex, key: keyIndex))
            }
        }
        for id in 0..<legacy.keyCount { starts[id + 1] += starts[id] }
        var next = starts
        var grouped = commented
        for ref in commented {
            let id = Int(legacy.fileIDs[Int(ref.file)][Int(ref.key)])
            grouped[Int(next[id])] = ref
            next[id] += 1
        }
        otherLanguageCommentStarts = starts
        otherLanguageComments = grouped
        otherLanguageCommentsCompared = Array(repeating: false, count: legacy.keyCount)
    }

    /// One catalog entry compiled, each language's unit turned into leaves: what `add` compares.
    /// Made on the thread that reads the catalog (`EntryPipeline`), so that reading, compiling and
    /// the catalog side's leaves run beside the comparison.
    struct CompiledEntry: Sendable {
        var key: String
        var comment: String?
        var units: [(language: String, values: LeafValues)] = []
        var notes: [Diagnostic] = []

        init(_ key: String, _ entry: CatalogEntry, catalogPath: String) {
            self.key = key
            comment = entry.comment
            var units: [(language: String, values: LeafValues)] = []
            units.reserveCapacity(entry.localizations.count)
            var notes: [Diagnostic] = []
            CatalogCompiler.compileEntry(
                key, entry, location: .file(catalogPath),
                report: { note in
                    notes.append(.note("compiling the catalog: " + note.message, at: note.location))
                }
            ) { language, unit in
                switch unit {
                case .strings(let entry): units.append((language, .plain(entry.value)))
                case .stringsDict(let entry):
                    units.append((language, .leaves(LeafEquivalence.stringsDictValues(PlistNode(entry.rule)))))
                }
            }
            self.units = units
            self.notes = notes
        }
    }

    /// Compares one compiled catalog entry with the legacy keys it names.
    mutating func add(_ compiled: CompiledEntry) {
        // The entry's key is hashed once, here; its languages are then found by id.
        let id = legacy.id(of: compiled.key)
        for note in compiled.notes { compileNotes.append((compiled.key, note)) }
        for (language, values) in compiled.units {
            writtenByLanguage[language, default: 0] += 1
            if language == legacy.comments.sourceLanguage {
                if case .plain(let value) = values, value == compiled.key {} else { ownSourceValues += 1 }
            }
            guard let slot = slots[language] else { continue }
            languageSeen[slot] = true
            guard let id, let index = sides[slot].position(of: id) else { continue }
            matched[slot][index] = true
            compare(slot, index, values)
        }
        if let id {
            let sourceHeld = compiled.units.contains { $0.language == legacy.comments.sourceLanguage }
            compareComment(id, compiled.key, compiled.comment, sourceHeld: sourceHeld)
        }
    }

    /// What the compared catalog puts in a bundle, as Xcode's build compiles it.
    var catalogOutput: CatalogOutput {
        var keys: [LanguageTag: Int] = [:]
        for (language, count) in writtenByLanguage {
            if let tag = LanguageTag(language) { keys[tag, default: 0] += count }
        }
        return CatalogOutput(
            sourceLanguage: LanguageTag(legacy.comments.sourceLanguage), keys: keys, ownSourceValues: ownSourceValues)
    }

    /// What is left once every entry was added: keys and languages the catalog never gave,
    /// comments it never held. Losses are sorted by file, line and key.
    mutating func finish() {
        for slot in sides.indices {
            if languageSeen[slot] {
                for (index, ref) in sides[slot].keys.enumerated() where !matched[slot][index] {
                    let location = legacy.location(ref)
                    losses.append(
                        Loss(
                            kind: .keyMissing, language: languageNames[slot], key: legacy[ref].key, location: location,
                            detail: ""))
                    keepFile(location.path, "keys missing from the catalog")
                    for alternative in sides[slot].alternatives[index] ?? [] {
                        keepFile(legacy.path(alternative), "keys missing from the catalog")
                    }
                }
            } else {
                languageMissing(slot)
            }
        }
        if let sourceSlot {
            for (index, ref) in sides[sourceSlot].keys.enumerated() where !commentChecked[index] {
                if let expectation = CommentExpectations.implicit(legacy.files, ref) {
                    commentLost(expectation, legacy[ref].key, nil)
                }
            }
        }
        for (id, expectation) in legacy.comments.explicit where !explicitChecked.contains(id) {
            commentLost(expectation, legacy.keyNames[Int(id)], nil)
        }
        // Keys the catalog never gave: their other-language comments are not held either.
        for id in otherLanguageCommentsCompared.indices where !otherLanguageCommentsCompared[id] {
            otherLanguageCommentCount += Int(otherLanguageCommentStarts[id + 1] - otherLanguageCommentStarts[id])
        }
        for loss in commentLosses { keepFile(loss.location.path, "a comment is not in the catalog") }
        losses += commentLosses
        losses.sort {
            ($0.location.path, $0.location.line ?? 0, $0.key ?? "", $0.detail) < (
                $1.location.path, $1.location.line ?? 0, $1.key ?? "", $1.detail
            )
        }
        // The compiler's notes in the catalog's key order, then the comparison's by language.
        var byKey: [String: [Diagnostic]] = [:]
        for (key, note) in compileNotes { byKey[key, default: []].append(note) }
        let comparison = comparisonNotes.enumerated().sorted {
            ($0.element.slot, $0.offset) < ($1.element.slot, $1.offset)
        }.map(\.element.note)
        notes = CatalogKeyOrder.sorted(byKey.keys).flatMap { byKey[$0]! } + comparison
    }

    /// The whole language is missing: one loss naming its first keys.
    private mutating func languageMissing(_ slot: Int) {
        let language = languageNames[slot]
        var count = 0
        var first: LegacySide.Ref?
        var names: [String] = []
        for (index, ref) in sides[slot].keys.enumerated() {
            let alternatives = sides[slot].alternatives[index] ?? []
            count += legacy[ref].values.count + alternatives.reduce(0) { $0 + legacy[$1].values.count }
            names.append(legacy[ref].key)
            if first.map({ (legacy.path(ref), legacy[ref].line ?? 0) < (legacy.path($0), legacy[$0].line ?? 0) })
                ?? true
            {
                first = ref
            }
            keepFile(legacy.path(ref), "\(language) is not in the catalog")
            for alternative in alternatives { keepFile(legacy.path(alternative), "\(language) is not in the catalog") }
        }
        names.sort()
        let named = names.prefix(3).map(quoted).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
        if let first {
            losses.append(
                Loss(
                    kind: .languageMissing, language: language, key: names.count == 1 ? names[0] : nil,
                    location: .file(legacy.path(first)),
                    detail:
                        "\(counted(count, "value")) of \(language) (\(counted(names.count, "key")): \(named)) "
                        + "\(count == 1 ? "is" : "are") not in the catalog"
                ))
        }
    }

    /// One key both sides have.
    private mutating func compare(_ slot: Int, _ index: Int, _ compiled: LeafValues) {
        let ref = sides[slot].keys[index]
        let alternatives = sides[slot].alternatives.isEmpty ? [] : sides[slot].alternatives[index] ?? []
        if alternatives.isEmpty && legacy.values(ref) == compiled { return }
        let key = legacy[ref].key
        let language = languageNames[slot]
        let location = legacy.location(ref)
        let compiledLeaves = compiled.all
        // Which file's form of the key the catalog holds, when several files give it.
        let givers = [ref] + alternatives
        let held = givers.first { legacy[$0].values.all.allSatisfy(compiledLeaves.contains) }
        for giver in givers where held == nil || held!.file != giver.file {
            let path = legacy.path(giver)
            let fileLocation = legacy.location(giver)
            let values = legacy[giver].values.all
            if let held {
                // Two files of one language give this key differently; the catalog holds the
                // other file's form, the one the app shows. Not a loss of the migration, but
                // this file must stay.
                let missing = values.filter { !compiledLeaves.contains($0) }.count
                comparisonNotes.append(
                    (
                        slot,
                        Diagnostic.warning(
                            "\(quoted(key)) [\(language)]: \(missing) of its strings here "
                                + "\(missing == 1 ? "is" : "are") not in the catalog: \(Self.short(legacy.path(held))) "
                                + "gives this key differently for the same language, and the catalog holds that; "
                                + "this file is kept",
                            at: fileLocation)
                    ))
                keepFile(
                    path,
                    "it gives some keys differently from \(Self.short(legacy.path(held))), whose values the catalog "
                        + "holds"
                )
                continue
            }
            for value in values where !compiledLeaves.contains(value) {
                add(value, key: key, language: language, location: fileLocation, compiled: compiledLeaves)
            }
        }
        // Forms the catalog adds to a legacy key: what the app shows for some count changed.
        let legacyPaths = Set(givers.flatMap { legacy[$0].values.all.map(\.path) })
        for value in compiledLeaves where !legacyPaths.contains(value.path) {
            losses.append(
                Loss(
                    kind: .formAdded, language: language, key: key, location: location,
                    detail: (value.path.isEmpty ? "" : value.path + ": ") + quoted(value.text)))
            keepFile(location.path, "the catalog changed some keys")
        }
    }

    /// A legacy leaf the catalog lacks: changed, changed in kind of argument, or missing.
    private mutating func add(
        _ value: LeafValue, key: String, language: String, location: SourceLocation, compiled: [LeafValue]
    ) {
        let path = value.path.isEmpty ? "" : value.path + ": "
        if let other = compiled.first(where: { $0.path == value.path }) {
            if sameBytes(other.text, value.text) {
                losses.append(
                    Loss(
                        kind: .specifierChanged, language: language, key: key, location: location,
                        detail: path + "formats \(value.formatType ?? "?"), now \(other.formatType ?? "?")"))
            } else {
                losses.append(
                    Loss(
                        kind: .valueChanged, language: language, key: key, location: location,
                        detail: path + "\(quoted(value.text)) -> \(quoted(other.text))"))
            }
        } else {
            losses.append(
                Loss(
                    kind: .formMissing, language: language, key: key, location: location,
                    detail: path + quoted(value.text)))
        }
        keepFile(location.path, "values missing from the catalog")
    }

    /// The entry's comment against what the legacy files ask of it.
    /// - Parameter sourceHeld: the catalog gives the key a value in the source language.
    private mutating func compareComment(_ id: Int32, _ key: String, _ comment: String?, sourceHeld: Bool) {
        if !otherLanguageCommentsCompared[Int(id)] {
            otherLanguageCommentsCompared[Int(id)] = true
            for place in otherLanguageCommentStarts[Int(id)]..<otherLanguageCommentStarts[Int(id) + 1]
            where legacy[otherLanguageComments[Int(place)]].comment != comment {
                otherLanguageCommentCount += 1
            }
        }
        let expectation: CommentExpectations.Expectation
        if let sourceSlot, let index = sides[sourceSlot].position(of: id),
            let implicit = CommentExpectations.implicit(legacy.files, sides[sourceSlot].keys[index])
        {
            commentChecked[index] = true
            expectation = implicit
        } else if !legacy.comments.explicit.isEmpty, let explicit = legacy.comments.explicit[id] {
            explicitChecked.insert(id)
            // The source language lacks the key here, but the catalog gives it a source value: the
            // source file it came from is gone (a --delete-legacy that kept other files, a bare
            // folder has no record to say so), and the files left cannot say which comment it had.
            if !explicit.fromSource && sourceHeld {
                commentsNotJudged += 1
                return
            }
            expectation = explicit
        } else {
            return
        }
        if let comment, expectation.allowed.contains(where: { sameBytes($0, comment) }) { return }
        commentLost(expectation, key, comment)
    }

    private mutating func commentLost(_ expectation: CommentExpectations.Expectation, _ key: String, _ comment: String?)
    {
        let wanted =
            expectation.fromSource
            ? quoted(expectation.allowed[0])
            : "one of " + expectation.allowed.map(quoted).joined(separator: ", ")
                + " (the source language has no such key)"
        commentLosses.append(
            Loss(
                kind: .commentChanged, language: legacy.comments.sourceLanguage, key: key,
                location: expectation.location,
                detail: "\(wanted) -> \(quoted(comment))"))
    }

    private mutating func keepFile(_ path: String, _ reason: String) {
        if filesNotCarried[path] == nil { filesNotCarried[path] = reason }
    }

    /// `…/en.lproj/Localizable.strings` -> `en.lproj/Localizable.strings`: enough to tell two
    /// files of one table apart in a message.
    static func short(_ path: String) -> String {
        path.split(separator: "/").suffix(2).joined(separator: "/")
    }
}
