import Foundation
import LegacyTables
import StringcatSupport
import StringsDict
import StringsFile

/// One legacy file as its reader returns it, in leaves.
///
/// `.strings` files are read by stringcat's tokenizer (its agreement with Foundation is tested on
/// thousands of mutated corpus files); `.stringsdict` files by PropertyListSerialization, the
/// reference reader, not by the byte-level XML reader `migrate` uses: every proof also checks that
/// fast path.
struct LegacyFileLeaves: Sendable {
    /// One key of the file: its leaves and where the key was read.
    struct Key: Sendable {
        var key: String
        var values: [LeafValue]
        var line: Int?
        var column: Int?
        /// For a `.strings` key, its comment as Xcode attaches it (nil: none).
        var comment: String? = nil
        /// The comment is a commented-out entry (`/* "k" = "v"; */`): in a language other than the
        /// source, Xcode does not take it as the next key's comment (formats.md 5.3).
        var commentIsCommentedOutEntry = false
    }

    var file: LegacyFile
    /// The file's keys (for duplicate keys, the last value, as CoreFoundation keeps it).
    var keys: [Key] = []
    /// The error that stopped the reader: the file's content is not known.
    var error: Diagnostic?
    /// Warnings of the reader that mean part of the file was not read (junk ended the table).
    var unreadParts: [Diagnostic] = []

    func location(_ key: Key) -> SourceLocation {
        SourceLocation(path: file.path, line: key.line, column: key.column)
    }

    static func read(_ file: LegacyFile) -> LegacyFileLeaves {
        var result = LegacyFileLeaves(file: file)
        switch file.kind {
        case .strings: result.readStrings()
        case .stringsdict: result.readStringsDict()
        }
        return result
    }

    private mutating func readStrings() {
        let read = StringsFileReader.read(path: file.path)
        guard let strings = read.file else {
            error = read.diagnostics.first(where: \.isError) ?? .error("cannot be read", at: .file(file.path))
            return
        }
        var last: [ByteKey: Int] = [:]
        last.reserveCapacity(strings.entries.count)
        if let tail = strings.unreadTail {
            unreadParts = [.warning("\(tail.found) where a key should start: lines \(tail.line)-\(tail.line + tail.lineCount - 1) (\(tail.lineCount) lines) are not read", at: SourceLocation(path: file.path, line: tail.line, column: tail.column))]
        }
        var repeated: Set<ByteKey> = []
        for (index, entry) in strings.entries.enumerated() {
            if last.updateValue(index, forKey: ByteKey(entry.key)) != nil { repeated.insert(ByteKey(entry.key)) }
        }
        // A repeated key's comment joins its occurrences' comments (rare: computed only then).
        let joined = repeated.isEmpty ? [:] : StringsFile.commentsByKey(strings.entries.filter { repeated.contains(ByteKey($0.key)) })
        keys.reserveCapacity(last.count)
        for (index, entry) in strings.entries.enumerated() where last[ByteKey(entry.key)] == index {
            let comment = repeated.isEmpty || !repeated.contains(ByteKey(entry.key))
                ? StringsFile.usableComment(of: entry)
                : joined[entry.key] ?? nil
            keys.append(Key(key: entry.key, values: [LeafValue(path: "", text: entry.value)],
                            line: entry.line == 0 ? nil : entry.line, column: entry.line == 0 ? nil : entry.column, comment: comment,
                            commentIsCommentedOutEntry: comment != nil && entry.commentIsCommentedOutEntry))
        }
    }

    private mutating func readStringsDict() {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            error = .error(FileManager.default.fileExists(atPath: file.path) ? "cannot read the file" : "no such file", at: .file(file.path))
            return
        }
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
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? (error as NSError).localizedDescription
            self.error = .error("not a valid property list: \(detail)", at: .file(file.path))
            return
        }
        guard case .dictionary(let top) = PlistNode(foundation: plist) else {
            error = .error("the top level is not a dictionary", at: .file(file.path))
            return
        }
        let lines = StringsDictKeyLines.topLevel(inXML: bytes)
        keys.reserveCapacity(top.count)
        for key in top.keys.sorted() {
            keys.append(Key(key: key, values: LeafEquivalence.stringsDictValues(top[key]!), line: lines[key], column: lines[key] == nil ? nil : 1))
        }
    }
}

/// What the legacy files of a table say: per language, per key, the leaves and where they were read.
struct LegacySide {
    /// One key of one language.
    struct Key {
        var key: String
        /// The leaves of the first file that gives the key.
        var values: [LeafValue]
        /// Index of that file in `files`, and where the key is in it.
        var file: Int
        var line: Int?
        var column: Int?
        /// Other files of the same language and kind that give the key differently (`Base.lproj`
        /// beside `en.lproj`): the app shows one of them, the catalog can hold only one.
        var alternatives: [Alternative] = []
    }

    /// A second file's form of a key.
    struct Alternative {
        var file: Int
        var values: [LeafValue]
        var line: Int?
        var column: Int?
    }

    /// The keys of one language, in the order they were first read, and where each one is.
    struct Language {
        var keys: [Key] = []
        var index: [ByteKey: Int] = [:]
    }

    var files: [LegacyFileLeaves]
    var languages: [String: Language] = [:]
    var comments: CommentExpectations
    var notes: [Diagnostic] = []

    func location(_ key: Key) -> SourceLocation {
        SourceLocation(path: files[key.file].file.path, line: key.line, column: key.column)
    }

    init(_ files: [LegacyFileLeaves], sourceLanguage: String) {
        self.files = files
        var byLanguage: [String: [Int]] = [:]
        for (index, file) in files.enumerated() { byLanguage[file.file.language, default: []].append(index) }
        let languageNames = byLanguage.keys.sorted()
        let groups = languageNames.map { byLanguage[$0]! }
        // Languages are independent: build each one's keys on every core.
        let built = ConcurrentMap.map(groups) { indices in Self.language(files, indices) }
        for (language, result) in zip(languageNames, built) {
            languages[language] = result.language
            notes += result.notes
        }
        comments = CommentExpectations(files, sourceLanguage: sourceLanguage)
    }

    private static func language(_ files: [LegacyFileLeaves], _ indices: [Int]) -> (language: Language, notes: [Diagnostic]) {
        // A key in both the .strings and the .stringsdict of one language: the app shows the
        // .stringsdict form, which is what the catalog keeps (NSBundle, and Xcode's migration).
        var dictKeys: Set<ByteKey> = []
        for index in indices where files[index].file.kind == .stringsdict {
            for key in files[index].keys { dictKeys.insert(ByteKey(key.key)) }
        }
        var language = Language()
        let expected = indices.map { files[$0].keys.count }.max() ?? 0
        language.keys.reserveCapacity(expected)
        language.index.reserveCapacity(expected)
        var notes: [Diagnostic] = []
        for index in indices {
            let file = files[index]
            let shadowing = file.file.kind == .strings && !dictKeys.isEmpty
            var shadowed = 0
            for key in file.keys {
                let byteKey = ByteKey(key.key)
                if shadowing && dictKeys.contains(byteKey) {
                    shadowed += 1
                    continue
                }
                if let first = language.index[byteKey] {
                    // The same key from a second file of this language (and of the same kind,
                    // since .strings values shadowed by the .stringsdict were skipped).
                    if language.keys[first].values != key.values {
                        language.keys[first].alternatives.append(Alternative(file: index, values: key.values, line: key.line, column: key.column))
                    }
                } else {
                    language.index[byteKey] = language.keys.count
                    language.keys.append(Key(key: key.key, values: key.values, file: index, line: key.line, column: key.column))
                }
            }
            if shadowed > 0 {
                notes.append(.note("\(shadowed) keys are also in the .stringsdict of \(file.file.language); the app shows the .stringsdict form, which is what the catalog keeps", at: .file(file.file.path)))
            }
        }
        return (language, notes)
    }
}

/// The comments a catalog must carry (formats.md 5.3): for a key of the source language's
/// `.strings`, its comment there; for a key the source language lacks entirely, one of the
/// comments the other languages give it. A source key without a comment asks for nothing.
struct CommentExpectations {
    struct Expectation {
        var allowed: [String]
        var location: SourceLocation
        /// True when the comment comes from the source language.
        var fromSource: Bool
    }

    var byKey: [String: Expectation] = [:]

    init(_ files: [LegacyFileLeaves], sourceLanguage: String) {
        var sourceKeys: Set<String> = []
        for file in files where file.file.language == sourceLanguage {
            sourceKeys.formUnion(file.keys.map(\.key))
            guard file.file.kind == .strings else { continue }
            for key in file.keys where byKey[key.key] == nil {
                guard let comment = key.comment else { continue }
                byKey[key.key] = Expectation(allowed: [comment], location: file.location(key), fromSource: true)
            }
        }
        for file in files where file.file.language != sourceLanguage && file.file.kind == .strings {
            for key in file.keys where key.comment != nil && !key.commentIsCommentedOutEntry && !sourceKeys.contains(key.key) {
                let comment = key.comment!
                if byKey[key.key] == nil {
                    byKey[key.key] = Expectation(allowed: [], location: file.location(key), fromSource: false)
                }
                if !byKey[key.key]!.allowed.contains(comment) { byKey[key.key]!.allowed.append(comment) }
            }
        }
    }
}
