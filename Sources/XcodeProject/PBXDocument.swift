/// A parsed `project.pbxproj`: its bytes and the lossless syntax tree over them.
///
/// Nodes live in two arenas (`dictionaries`, `arrays`) and refer to each other by index, so the
/// document is a value: copying it and editing the copy leaves the original as it was. Text added
/// by edits is appended to `text` and parsed in place, so every token, old or new, is a range of
/// the one buffer.
public struct PBXDocument: Sendable {
    /// Where the file was read from (for diagnostics).
    public var path: String
    /// The file's bytes, followed by the text of anything edits added.
    public internal(set) var text: [UInt8]
    public internal(set) var dictionaries: [PBXDictionaryNode]
    public internal(set) var arrays: [PBXArrayNode]
    /// The top-level value (a dictionary in every real project).
    public internal(set) var root: PBXValue
    /// The trivia after the root value, up to the end of the file (`start == end`).
    public internal(set) var trailer: PBXToken

    /// The bytes of `text[range]`.
    func bytes(_ start: Int, _ end: Int) -> ArraySlice<UInt8> { text[start..<end] }

    /// The string a string token stands for (quotes removed, escapes decoded).
    public func string(_ token: PBXToken) -> String {
        text.withUnsafeBufferPointer {
            PBXStringCoding.decode(UnsafeBufferPointer(rebasing: $0[token.start..<token.end]))
        }
    }

    /// The string of a value, or nil when it is a dictionary or an array.
    public func string(_ value: PBXValue) -> String? {
        if case .string(let token) = value { return string(token) }
        return nil
    }

    /// True when the token's text is exactly `ascii` (no decoding: for keys and `isa` values,
    /// which are always bare).
    func tokenEquals(_ token: PBXToken, _ ascii: String) -> Bool {
        guard token.end - token.start == ascii.utf8.count else { return false }
        var i = token.start
        for b in ascii.utf8 {
            if text[i] != b { return false }
            i += 1
        }
        return true
    }

    /// The index of the last entry whose key is `key` (the last one wins, as in Core Foundation's
    /// reader, when a hand-edited file repeats a key).
    public func entryIndex(_ key: String, in dictionary: Int) -> Int? {
        let entries = dictionaries[dictionary].entries
        let wanted = Array(key.utf8)
        var i = entries.count - 1
        while i >= 0 {
            let token = entries[i].key
            if keyMatches(token, wanted) { return i }
            i -= 1
        }
        return nil
    }

    private func keyMatches(_ token: PBXToken, _ wanted: [UInt8]) -> Bool {
        let length = token.end - token.start
        if length == wanted.count {
            var same = true
            var i = 0
            while i < length {
                if text[token.start + i] != wanted[i] { same = false; break }
                i += 1
            }
            if same { return true }
        }
        // A quoted key (`"key"`) names the same entry as the bare one.
        if length >= 2 && text[token.start] == UInt8(ascii: "\"") { return Array(string(token).utf8) == wanted }
        return false
    }

    /// The value of `key` in a dictionary node.
    public func value(_ key: String, in dictionary: Int) -> PBXValue? {
        entryIndex(key, in: dictionary).map { dictionaries[dictionary].entries[$0].value }
    }

    /// The string value of `key` in a dictionary node.
    public func string(_ key: String, in dictionary: Int) -> String? {
        value(key, in: dictionary).flatMap { string($0) }
    }

    /// The strings of an array value of `key` (non-string elements skipped).
    public func strings(_ key: String, in dictionary: Int) -> [String]? {
        guard case .array(let index)? = value(key, in: dictionary) else { return nil }
        return arrays[index].items.compactMap { string($0.value) }
    }

    /// The first `/* comment */` in a token's trivia, without its delimiters and spaces: the
    /// reference comments Xcode writes after IDs (`ID /* Localizable.strings */`).
    public func comment(before token: PBXToken) -> String? {
        var i = token.lead
        while i + 1 < token.start {
            if text[i] == UInt8(ascii: "/") && text[i + 1] == UInt8(ascii: "*") {
                var j = i + 2
                while j + 1 < token.start && !(text[j] == UInt8(ascii: "*") && text[j + 1] == UInt8(ascii: "/")) {
                    j += 1
                }
                var from = i + 2, to = j
                while from < to && text[from] == UInt8(ascii: " ") { from += 1 }
                while to > from && text[to - 1] == UInt8(ascii: " ") { to -= 1 }
                return String(decoding: text[from..<to], as: UTF8.self)
            }
            i += 1
        }
        return nil
    }

    /// The root dictionary's index (nil when the file's top level is not a dictionary).
    public var rootDictionary: Int? {
        if case .dictionary(let index) = root { return index }
        return nil
    }

    /// The `objects` dictionary's index.
    public var objectsDictionary: Int? {
        guard let root = rootDictionary, case .dictionary(let index)? = value("objects", in: root) else { return nil }
        return index
    }
}
