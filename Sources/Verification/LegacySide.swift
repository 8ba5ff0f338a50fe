import Foundation
import Languages
import LegacyTables
import StringcatSupport
import StringsDict
import StringsFile

/// One legacy file as its reader returns it, in leaves.
///
/// `.strings` files are read by stringcat's tokenizer (its agreement with Foundation is tested on
/// thousands of mutated corpus files) as Xcode's migration reads them: an entry Foundation rejects
/// is read from its line (`StringsReading.xcodeMigration`), compared like any other, and shown in a
/// warning (`recoveredParts`); `.stringsdict` files by PropertyListSerialization, the
/// reference reader, not by the byte-level XML reader `migrate` uses: every proof also checks that
/// fast path.
struct LegacyFileLeaves: Sendable {
    /// One key of the file: its leaves and where the key was read.
    struct Key: Sendable {
        var key: String
        var values: LeafValues
        /// 1-based, 32 bits each (a key is 56 bytes, not 80: a 200 MB file has 1.5 million);
        /// 0 when not known.
        var storedLine: UInt32 = 0
        var storedColumn: UInt32 = 0
        /// For a `.strings` key, its comment as Xcode attaches it (nil: none).
        var comment: String? = nil
        /// The comment is a commented-out entry (`/* "k" = "v"; */`): in a language other than the
        /// source, Xcode does not take it as the next key's comment (docs/spec/migration.md#comments).
        var commentIsCommentedOutEntry = false

        init(
            key: String, values: LeafValues, line: Int?, column: Int?, comment: String? = nil,
            commentIsCommentedOutEntry: Bool = false
        ) {
            self.key = key
            self.values = values
            storedLine = UInt32(truncatingIfNeeded: line ?? 0)
            storedColumn = UInt32(truncatingIfNeeded: column ?? 0)
            self.comment = comment
            self.commentIsCommentedOutEntry = commentIsCommentedOutEntry
        }

        var line: Int? { storedLine == 0 ? nil : Int(storedLine) }
        var column: Int? { storedLine == 0 ? nil : Int(storedColumn) }
    }

    var file: LegacyFile
    /// The file's keys (for duplicate keys, the last value, as CoreFoundation keeps it).
    var keys: [Key] = []
    /// The error that stopped the reader: the file's content is not known.
    var error: Diagnostic?
    /// The file could not be read at all (a failing disk, not "not there", not a parse error).
    var ioFailure: FileProbe.Failure?
    /// Warnings of the reader that mean part of the file was not read (junk ended the table).
    var unreadParts: [Diagnostic] = []
    /// One warning per entry Apple's reader rejects and Xcode's migration reads from its line
    /// (docs/spec/migration.md#entries-of-a-strings-table): the file is compared with that reading, and the user sees
    /// each such entry.
    var recoveredParts: [Diagnostic] = []
    /// The first entry read as Xcode's migration reads it that leaves text of its line out (a
    /// stray quote, text after the value): the file holds more than the catalog can.
    var textLeftOut: Diagnostic?

    func location(_ key: Key) -> SourceLocation {
        SourceLocation(path: file.path, line: key.line, column: key.column)
    }

    /// About how long reading `file` takes, to start the longest first: its size, a
    /// `.stringsdict`'s counted 8 times (PropertyListSerialization and the leaves of its plural
    /// rules cost about 8 times a `.strings` file's reading per byte, by callgrind).
    static func readingCost(_ file: LegacyFile) -> Int {
        let size = Int(FileSnapshot.of(file.path)?.size ?? 0)
        return file.kind == .stringsdict ? 8 * size : size
    }

    static func read(_ file: LegacyFile) -> LegacyFileLeaves { read(file, probe: FileProbe()) }

    /// Reads `file`, asking `probe` for its bytes.
    static func read(_ file: LegacyFile, probe: FileProbe) -> LegacyFileLeaves {
        var result = LegacyFileLeaves(file: file)
        switch file.kind {
        case .strings: result.readStrings(probe: probe)
        case .stringsdict: result.readStringsDict(probe: probe)
        }
        return result
    }

    /// The file's bytes; nil (with `error` set) when there are none to read: no such file, a
    /// folder (the reader says so), or a failure (`ioFailure`).
    private mutating func bytes(probe: FileProbe) -> [UInt8]? {
        do {
            return try probe.bytes(file.path)
        } catch  where error.code != EISDIR {
            ioFailure = error
            self.error = error.diagnostic
        } catch {}
        return nil
    }

    private mutating func readStrings(probe: FileProbe) {
        // As `migrate` reads it (Xcode's reading), never stricter: a file Xcode's migration reads
        // is compared, not reported as unreadable.
        let bytes = bytes(probe: probe)
        if ioFailure != nil { return }
        let read =
            bytes.map { StringsFileReader.parse($0, path: file.path, reading: .xcodeMigration) }
            ?? StringsFileReader.read(path: file.path, reading: .xcodeMigration)
        guard let strings = read.file else {
            error = read.diagnostics.first(where: \.isError) ?? .error("cannot be read", at: .file(file.path))
            return
        }
        if let tail = strings.unreadTail {
            unreadParts = [
                .warning(
                    "\(tail.found) where a key should start: lines \(tail.line)-\(tail.line + tail.lineCount - 1) "
                        + "(\(tail.lineCount) lines) are not read",
                    at: SourceLocation(path: file.path, line: tail.line, column: tail.column))
            ]
        }
        if let first = strings.recoveredEntries.first(where: \.leavesTextOut) {
            textLeftOut = .warning(
                "\"\(first.key)\": \(first.problem)",
                at: SourceLocation(path: file.path, line: first.line, column: first.column))
        }
        recoveredParts = strings.recoveredEntries.map { entry in
            let unread = entry.unreadText.map { ", and not \"\($0)\"" } ?? ""
            return .warning(
                "\"\(entry.key)\": \(entry.problem) (Apple's reader rejects this file here): compared as Xcode's "
                    + "migration reads the line, value \"\(entry.value)\"\(unread)",
                at: SourceLocation(path: file.path, line: entry.line, column: entry.column))
        }
        keys.reserveCapacity(strings.entries.count)
        if strings.keysAreDistinct {
            // Every key once (the reader checked it, byte for byte): nothing to join or drop.
            for entry in strings.entries {
                let comment = StringsFile.usableComment(of: entry)
                keys.append(
                    Key(
                        key: entry.key, values: .plain(entry.value),
                        line: entry.line == 0 ? nil : entry.line, column: entry.line == 0 ? nil : entry.column,
                        comment: comment,
                        commentIsCommentedOutEntry: comment != nil && entry.commentIsCommentedOutEntry))
            }
            return
        }
        var last: [ByteKey: Int] = [:]
        last.reserveCapacity(strings.entries.count)
        var repeated: Set<ByteKey> = []
        for (index, entry) in strings.entries.enumerated() {
            if last.updateValue(index, forKey: ByteKey(entry.key)) != nil { repeated.insert(ByteKey(entry.key)) }
        }
        // A repeated key's comment joins its occurrences' comments (rare: computed only then).
        let joined =
            repeated.isEmpty
            ? [:] : StringsFile.commentsByKey(strings.entries.filter { repeated.contains(ByteKey($0.key)) })
        for (index, entry) in strings.entries.enumerated() where last[ByteKey(entry.key)] == index {
            let comment =
                repeated.isEmpty || !repeated.contains(ByteKey(entry.key))
                ? StringsFile.usableComment(of: entry)
                : joined[entry.key] ?? nil
            keys.append(
                Key(
                    key: entry.key, values: .plain(entry.value),
                    line: entry.line == 0 ? nil : entry.line, column: entry.line == 0 ? nil : entry.column,
                    comment: comment,
                    commentIsCommentedOutEntry: comment != nil && entry.commentIsCommentedOutEntry))
        }
    }

    private mutating func readStringsDict(probe: FileProbe) {
        let read = bytes(probe: probe)
        if ioFailure != nil { return }
        guard let read else {
            error = .error(UnreachableFile.reason(file.path), at: .file(file.path))
            return
        }
        let data = Data(read)
        // Before Foundation and `PlistNode`, which recurse once per level.
        let bytes = [UInt8](data)
        if let tooDeep = PropertyListNesting.diagnostic(in: bytes, path: file.path) {
            error = tooDeep
            return
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let detail =
                ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
                ?? (error as NSError).localizedDescription
            self.error =
                InvalidUTF8.plistDiagnostic(in: bytes, path: file.path)
                ?? .error("not a valid property list: \(detail)", at: .file(file.path))
            return
        }
        guard case .dictionary(let top) = PlistNode(foundation: plist) else {
            error = .error("the top level is not a dictionary", at: .file(file.path))
            return
        }
        let lines = PlistKeyLines.topLevelLines(inXML: bytes)
        keys.reserveCapacity(top.count)
        for member in top.items {
            let key = member.key, value = member.value
            let line = lines[key]
            keys.append(
                Key(
                    key: key, values: .leaves(LeafEquivalence.stringsDictValues(value)), line: line,
                    column: line == nil ? nil : 1))
        }
    }
}

/// What the legacy files of a table say: per language, per key, the leaves and where they were read.
///
/// The keys stay in the files they were read into: a language refers to them (`Ref`, 8 bytes)
/// instead of holding a copy of each. Each key of each file is hashed once, into the table's key
/// ids (`ids`); everything after that (a language's keys, the comments, the comparison with the
/// catalog) works on arrays indexed by id.
struct LegacySide {
    /// A key of one of `files`: the file's index, and the key's index in it.
    struct Ref {
        var file: Int32
        var key: Int32

        init(file: Int, key: Int) {
            self.file = Int32(file)
            self.key = Int32(key)
        }
    }

    /// The keys of one language, in the order they were first read, and where each one is.
    struct Language {
        /// For each key, the first file that gives it.
        var keys: [Ref] = []
        /// For each key id of the table, its place in `keys` (-1: this language lacks the key).
        var positions: [Int32] = []
        /// By position in `keys`: other files of the same language and kind that give the key
        /// differently (`Base.lproj` beside `en.lproj`): the app shows one of them, the catalog
        /// can hold only one. Rare, so kept apart.
        var alternatives: [Int: [Ref]] = [:]

        /// The place in `keys` of the key with id `id`.
        func position(of id: Int32) -> Int? {
            let position = positions[Int(id)]
            return position < 0 ? nil : Int(position)
        }
    }

    var files: [LegacyFileLeaves]
    /// The table's keys, each spelling once (by its bytes), and the id of each.
    private(set) var ids: [ByteKey: Int32] = [:]
    /// The key of each id.
    private(set) var keyNames: [String] = []
    /// `fileIDs[f][i]`: the id of `files[f].keys[i]`.
    private(set) var fileIDs: [[Int32]] = []
    var languages: [String: Language] = [:]
    var comments: CommentExpectations
    var notes: [Diagnostic] = []
    /// Files that hold keys the catalog is not asked for (`Base.lproj` beside the source language's
    /// own folder), with the reason they stay.
    var filesKept: [String: String] = [:]

    subscript(ref: Ref) -> LegacyFileLeaves.Key { files[Int(ref.file)].keys[Int(ref.key)] }

    /// The values of the key at `ref` (without a copy of the whole key).
    func values(_ ref: Ref) -> LeafValues { files[Int(ref.file)].keys[Int(ref.key)].values }

    func path(_ ref: Ref) -> String { files[Int(ref.file)].file.path }

    func location(_ ref: Ref) -> SourceLocation {
        let key = self[ref]
        return SourceLocation(path: path(ref), line: key.line, column: key.column)
    }

    /// Keys of all languages, each counted once.
    var keyCount: Int { keyNames.count }

    /// The id of `key`, if some legacy file of the table has it.
    func id(of key: String) -> Int32? { ids.isEmpty ? nil : ids[ByteKey(key)] }

    /// - Parameter someFilesGone: some files of the table were deleted by an earlier
    ///   `--delete-legacy` run (`LegacyTable.goneFiles`): comments of keys the source language
    ///   lacks are not asked for (see `CommentExpectations`).
    init(_ files: [LegacyFileLeaves], sourceLanguage: String, someFilesGone: Bool = false) {
        self.files = files
        let expected = files.map(\.keys.count).max() ?? 0
        ids.reserveCapacity(expected)
        keyNames.reserveCapacity(expected)
        fileIDs.reserveCapacity(files.count)
        for file in files {
            var idsOfKeys: [Int32] = []
            idsOfKeys.reserveCapacity(file.keys.count)
            // Files of a table list their keys mostly in one order: the key after the last one
            // is tried first, by its bytes; only a key met out of that order is hashed.
            var guess: Int32 = 0
            for key in file.keys {
                var id = guess
                if Int(guess) >= keyNames.count {
                    // Past the keys met so far: most likely a new one (inserted with one hash).
                    id = Int32(keyNames.count)
                    if let known = ids.updateValue(id, forKey: ByteKey(key.key)) {
                        ids[ByteKey(key.key)] = known
                        id = known
                    } else {
                        keyNames.append(key.key)
                    }
                } else if !sameBytes(keyNames[Int(guess)], key.key) {
                    if let known = ids[ByteKey(key.key)] {
                        id = known
                    } else {
                        id = Int32(keyNames.count)
                        ids[ByteKey(key.key)] = id
                        keyNames.append(key.key)
                    }
                }
                idsOfKeys.append(id)
                guess = id + 1
            }
            fileIDs.append(idsOfKeys)
        }
        var byLanguage: [String: [Int]] = [:]
        for (index, file) in files.enumerated() { byLanguage[file.file.language, default: []].append(index) }
        let languageNames = byLanguage.keys.sorted()
        let groups = languageNames.map { byLanguage[$0]! }
        // Languages are independent: build each one's keys on every core.
        let fileIDs = self.fileIDs, keyCount = keyNames.count
        let built = ConcurrentMap.map(groups) { indices in Self.language(files, fileIDs, keyCount: keyCount, indices) }
        for file in files { notes += file.recoveredParts }
        for (language, result) in zip(languageNames, built) {
            languages[language] = result.language
            notes += result.notes
            filesKept.merge(result.filesKept) { a, _ in a }
        }
        comments = CommentExpectations(
            files, fileIDs: fileIDs, source: languages[sourceLanguage], sourceLanguage: sourceLanguage,
            othersDecide: !someFilesGone)
    }

    private static func language(
        _ files: [LegacyFileLeaves], _ fileIDs: [[Int32]], keyCount: Int,
        _ indices: [Int]
    ) -> (language: Language, notes: [Diagnostic], filesKept: [String: String]) {
        // A key in both the .strings and the .stringsdict of one language: the app shows the
        // .stringsdict form, which is what the catalog keeps (NSBundle, and Xcode's migration).
        var inDict: [Bool] = []
        for index in indices where files[index].file.kind == .stringsdict {
            if inDict.isEmpty { inDict = Array(repeating: false, count: keyCount) }
            for id in fileIDs[index] { inDict[Int(id)] = true }
        }
        // `Base.lproj` beside the source language's own folder: Xcode's migration takes the source
        // language from that folder only (docs/spec/migration-rules.md), so keys only `Base.lproj`
        // has are not asked of the catalog; each file of that kind names them, and stays.
        var ownFolderKeys: [LegacyFileKind: [Bool]] = [:]
        for index in indices where files[index].file.lprojName != LprojFolderName.base {
            let kind = files[index].file.kind
            if ownFolderKeys[kind] == nil { ownFolderKeys[kind] = Array(repeating: false, count: keyCount) }
            for id in fileIDs[index] { ownFolderKeys[kind]![Int(id)] = true }
        }
        var language = Language()
        language.keys.reserveCapacity(indices.map { files[$0].keys.count }.max() ?? 0)
        language.positions = Array(repeating: -1, count: keyCount)
        var notes: [Diagnostic] = []
        var filesKept: [String: String] = [:]
        for index in indices {
            let file = files[index]
            let shadowing = file.file.kind == .strings && !inDict.isEmpty
            var shadowed = 0
            let ownFolder = file.file.lprojName == LprojFolderName.base ? ownFolderKeys[file.file.kind] : nil
            var baseOnly: [String] = []
            for (position, id) in fileIDs[index].enumerated() {
                if let ownFolder, !ownFolder[Int(id)] {
                    baseOnly.append(file.keys[position].key)
                    continue
                }
                if shadowing && inDict[Int(id)] {
                    shadowed += 1
                    continue
                }
                if let first = language.position(of: id) {
                    // The same key from a second file of this language (and of the same kind,
                    // since .strings values shadowed by the .stringsdict were skipped).
                    let firstRef = language.keys[first]
                    if files[Int(firstRef.file)].keys[Int(firstRef.key)].values != file.keys[position].values {
                        language.alternatives[first, default: []].append(Ref(file: index, key: position))
                    }
                } else {
                    language.positions[Int(id)] = Int32(language.keys.count)
                    language.keys.append(Ref(file: index, key: position))
                }
            }
            if shadowed > 0 {
                notes.append(
                    .note(
                        "\(counted(shadowed, "key")) \(shadowed == 1 ? "is" : "are") also in the .stringsdict of "
                            + "\(file.file.language); the app shows the .stringsdict form, which is what the catalog "
                            + "keeps",
                        at: .file(file.file.path)))
            }
            if !baseOnly.isEmpty {
                let named = baseOnly.prefix(5).map(quoted).joined(separator: ", ") + (baseOnly.count > 5 ? ", …" : "")
                notes.append(
                    .warning(
                        "\(counted(baseOnly.count, "key")) only this file has \(baseOnly.count == 1 ? "is" : "are") "
                            + "not in the catalog's \(file.file.language) (\(named)): beside the source language's own "
                            + "folder, Xcode's migration takes \(file.file.language) from that folder only, whose "
                            + "table the app reads; this file is kept",
                        at: .file(file.file.path)))
                filesKept[file.file.path] =
                    "it holds \(counted(baseOnly.count, "key")) that the source language's own folder lacks, which "
                    + "Xcode's migration does not take from Base.lproj"
            }
        }
        return (language, notes, filesKept)
    }
}

/// The comments a catalog must carry (docs/spec/migration.md#comments): for a key of the source language's
/// `.strings`, its comment there; for a key the source language lacks entirely, one of the
/// comments the other languages give it. A source key without a comment asks for nothing.
///
/// When an earlier `--delete-legacy` run deleted some of the table's files before it was stopped
/// (after proving the catalog held all of them), the second kind is not asked for: with the
/// source language's file gone, a key it had looks like one it lacks, and with other languages'
/// files gone, the comment they agreed on may be in none of the files left. The kill loop found
/// exactly that (Sparkle: `Base` deleted first, then "OS Version" asked for the `he` comment).
///
/// The common case, a key whose first source file is a `.strings` with a comment for it, is read
/// from that file when asked (`implicit`); only the others are kept here (`explicit`, by key id).
struct CommentExpectations {
    struct Expectation {
        var allowed: [String]
        var location: SourceLocation
        /// True when the comment comes from the source language.
        var fromSource: Bool
    }

    let sourceLanguage: String
    /// Expectations that are not the comment of the key's first source file.
    private(set) var explicit: [Int32: Expectation] = [:]

    /// `source`: the source language's keys (nil when it has no file).
    init(
        _ files: [LegacyFileLeaves], fileIDs: [[Int32]], source: LegacySide.Language?, sourceLanguage: String,
        othersDecide: Bool = true
    ) {
        self.sourceLanguage = sourceLanguage
        for (fileIndex, file) in files.enumerated()
        where file.file.language == sourceLanguage && file.file.kind == .strings {
            for (keyIndex, key) in file.keys.enumerated() {
                guard let comment = key.comment else { continue }
                let id = fileIDs[fileIndex][keyIndex]
                if explicit[id] != nil { continue }
                // A key the source language does not give (only `Base.lproj` beside its own folder
                // has it): its comment comes from the other languages, as for any key it lacks.
                if source?.position(of: id) == nil { continue }
                if let position = source?.position(of: id), Self.implicit(files, source!.keys[position]) != nil {
                    continue
                }
                explicit[id] = Expectation(allowed: [comment], location: file.location(key), fromSource: true)
            }
        }
        for (fileIndex, file) in files.enumerated()
        where othersDecide && file.file.language != sourceLanguage && file.file.kind == .strings {
            for (keyIndex, key) in file.keys.enumerated() where key.comment != nil && !key.commentIsCommentedOutEntry {
                let id = fileIDs[fileIndex][keyIndex]
                guard source?.position(of: id) == nil else { continue }
                let comment = key.comment!
                if explicit[id] == nil {
                    explicit[id] = Expectation(allowed: [], location: file.location(key), fromSource: false)
                }
                if !explicit[id]!.allowed.contains(comment) { explicit[id]!.allowed.append(comment) }
            }
        }
    }

    /// The comment of the key at `ref` of the source language, when its first file is a
    /// `.strings` that gives it one.
    static func implicit(_ files: [LegacyFileLeaves], _ ref: LegacySide.Ref) -> Expectation? {
        let file = files[Int(ref.file)]
        let key = file.keys[Int(ref.key)]
        guard file.file.kind == .strings, let comment = key.comment else { return nil }
        return Expectation(allowed: [comment], location: file.location(key), fromSource: true)
    }
}
