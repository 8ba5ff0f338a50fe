import StringcatSupport

/// Lines of the top-level keys of an XML `.stringsdict`, for readers that parse with
/// PropertyListSerialization (which gives values only) and still want to point at a key.
public enum StringsDictKeyLines {
    /// Each top-level `<key>`'s 1-based line (the last one for a repeated key); empty for binary
    /// and old-style property lists. One pass over the bytes, counting lines as it goes: only the
    /// keys of the outermost `<dict>` are kept (PlistKeyLines keeps every path, and costs more).
    public static func topLevel(inXML bytes: [UInt8]) -> [String: Int] {
        bytes.withUnsafeBufferPointer { topLevel(inXML: $0) }
    }

    /// `topLevel(inXML:)` on bytes in memory: the text between tags (most of a file) is passed
    /// over in a tight loop that only counts line breaks.
    public static func topLevel(inXML bytes: UnsafeBufferPointer<UInt8>) -> [String: Int] {
        var lines: [String: Int] = [:]
        var line = 1
        var depth = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let byte = bytes[i]
            if byte == 0x0A { line += 1; i += 1; continue }
            guard byte == UInt8(ascii: "<") else { i += 1; continue }
            // The byte after `<` tells which tags can start here.
            let next = i + 1 < n ? bytes[i + 1] : 0
            if next == UInt8(ascii: "!"), starts(bytes, i, "<!--") {
                let end = find(bytes, from: i + 4, "-->") ?? n
                for k in i..<min(end, n) where bytes[k] == 0x0A { line += 1 }
                i = end + 3
            } else if next == UInt8(ascii: "k"), depth == 1, starts(bytes, i, "<key>") {
                let start = i + 5
                let end = find(bytes, from: start, "</key>") ?? n
                lines[PlistKeyLines.unescape(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))] = line
                for k in start..<end where bytes[k] == 0x0A { line += 1 }
                i = end + 6
            } else if (next == UInt8(ascii: "d") || next == UInt8(ascii: "a")), starts(bytes, i, "<dict>") || starts(bytes, i, "<array>") {
                depth += 1
                i += 6
            } else if next == UInt8(ascii: "/"), starts(bytes, i, "</dict>") || starts(bytes, i, "</array>") {
                depth -= 1
                i += 7
            } else {
                i += 1
            }
        }
        return lines
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ tag: StaticString) -> Bool {
        TextSearch.spells(tag, at: i, in: bytes)
    }

    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ tag: StaticString) -> Int? {
        TextSearch.firstOffset(of: tag, in: bytes, from: start)
    }
}
