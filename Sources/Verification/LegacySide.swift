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
    var file: LegacyFile
    /// The file's values (for duplicate keys, the last one, as CoreFoundation keeps it).
    var leaves: [LocatedLeaf] = []
    /// For a `.strings` file, each key's comment as Xcode attaches it (nil: none).
    var comments: [String: String?] = [:]
    /// Keys of the file (`.strings` or `.stringsdict`).
    var keys: Set<String> = []
    /// The error that stopped the reader: the file's content is not known.
    var error: Diagnostic?
    /// Warnings of the reader that mean part of the file was not read (junk ended the table).
    var unreadParts: [Diagnostic] = []

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
        unreadParts = [] // INTEGRATE: the reader's "rest of the file not read" warning (damaged-file reading)
        guard let strings = read.file else {
            error = read.diagnostics.first(where: \.isError) ?? .error("cannot be read", at: .file(file.path))
            return
        }
        var last: [String: Int] = [:]
        last.reserveCapacity(strings.entries.count)
        for (index, entry) in strings.entries.enumerated() { last[entry.key] = index }
        leaves.reserveCapacity(last.count)
        for (index, entry) in strings.entries.enumerated() where last[entry.key] == index {
            let location = SourceLocation(path: file.path, line: entry.line == 0 ? nil : entry.line, column: entry.line == 0 ? nil : entry.column)
            leaves.append(LocatedLeaf(leaf: LeafEquivalence.stringsLeaf(language: file.language, key: entry.key, value: entry.value), location: location))
        }
        keys = Set(last.keys)
        comments = StringsFile.commentsByKey(strings.entries)
    }

    private mutating func readStringsDict() {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            error = .error(FileManager.default.fileExists(atPath: file.path) ? "cannot read the file" : "no such file", at: .file(file.path))
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
        guard let top = plist as? [String: Any] else {
            error = .error("the top level is not a dictionary", at: .file(file.path))
            return
        }
        let lines = StringsDictKeyLines.topLevel(inXML: [UInt8](data))
        for key in top.keys.sorted() {
            let location = SourceLocation(path: file.path, line: lines[key], column: lines[key] == nil ? nil : 1)
            for leaf in LeafEquivalence.stringsDictLeaves(language: file.language, key: key, value: top[key]!) {
                leaves.append(LocatedLeaf(leaf: leaf, location: location))
            }
        }
        keys = Set(top.keys)
    }
}

/// What the legacy files of a table say, per leaf, and which comments the catalog must carry.
struct LegacySide {
    /// Every leaf, with where it was read (the first file that has it).
    var leaves: [Leaf: SourceLocation] = [:]
    /// Keys that two files of one language and kind give differently (`Base.lproj` and
    /// `en.lproj`, `pt_BR.lproj` and `pt-BR.lproj`): each file's leaves for the key. The app shows
    /// one of them; the catalog can hold only one.
    var conflicts: [CatalogSide.KeyInLanguage: [(path: String, leaves: [Leaf])]] = [:]
    var comments: CommentExpectations
    var notes: [Diagnostic] = []

    init(_ files: [LegacyFileLeaves], sourceLanguage: String) {
        // A key in both the .strings and the .stringsdict of one language: the app shows the
        // .stringsdict form, which is what the catalog keeps (NSBundle, and Xcode's migration).
        var dictKeys: [String: Set<String>] = [:]
        for file in files where file.file.kind == .stringsdict { dictKeys[file.file.language, default: []].formUnion(file.keys) }
        // Which file gave each (kind, language, key) first, and that file's leaves for it.
        var firstGiver: [String: [CatalogSide.KeyInLanguage: (path: String, leaves: [Leaf])]] = [:]
        for file in files {
            let shadowing = file.file.kind == .strings ? dictKeys[file.file.language] : nil
            var shadowed = 0
            var byKey: [CatalogSide.KeyInLanguage: [Leaf]] = [:]
            for located in file.leaves {
                if let shadowing, shadowing.contains(located.leaf.key) {
                    shadowed += 1
                    continue
                }
                byKey[CatalogSide.KeyInLanguage(language: located.leaf.language, key: located.leaf.key), default: []].append(located.leaf)
                if leaves[located.leaf] == nil { leaves[located.leaf] = located.location }
            }
            let kind = file.file.kind.rawValue
            for (key, keyLeaves) in byKey {
                guard let first = firstGiver[kind]?[key] else {
                    firstGiver[kind, default: [:]][key] = (file.file.path, keyLeaves)
                    continue
                }
                if Set(first.leaves) != Set(keyLeaves) {
                    if conflicts[key] == nil { conflicts[key] = [first] }
                    conflicts[key]!.append((file.file.path, keyLeaves))
                }
            }
            if shadowed > 0 {
                notes.append(.note("\(shadowed) keys are also in the .stringsdict of \(file.file.language); the app shows the .stringsdict form, which is what the catalog keeps", at: .file(file.file.path)))
            }
        }
        comments = CommentExpectations(files, sourceLanguage: sourceLanguage)
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
            sourceKeys.formUnion(file.keys)
            guard file.file.kind == .strings else { continue }
            let located = Self.locations(file)
            for (key, comment) in file.comments where byKey[key] == nil {
                guard let comment else { continue }
                byKey[key] = Expectation(allowed: [comment], location: located[key] ?? .file(file.file.path), fromSource: true)
            }
        }
        for file in files where file.file.language != sourceLanguage && file.file.kind == .strings {
            let located = Self.locations(file)
            for (key, comment) in file.comments where !sourceKeys.contains(key) {
                guard let comment else { continue }
                if byKey[key] == nil {
                    byKey[key] = Expectation(allowed: [], location: located[key] ?? .file(file.file.path), fromSource: false)
                }
                if !byKey[key]!.allowed.contains(comment) { byKey[key]!.allowed.append(comment) }
            }
        }
    }

    /// Where each key of a file was read.
    private static func locations(_ file: LegacyFileLeaves) -> [String: SourceLocation] {
        var located: [String: SourceLocation] = [:]
        for leaf in file.leaves where located[leaf.leaf.key] == nil { located[leaf.leaf.key] = leaf.location }
        return located
    }
}
