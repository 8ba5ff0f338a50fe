import Foundation

/// Writes `.strings` text that `StringsFileReader` (and Apple's reader) reads back to the same
/// keys, values and comments.
///
/// Layout: the leading comment, then one block per entry — its comment on its own line, then
/// `"key" = "value";` — with a blank line between blocks, and a final newline.
///
/// Comments: `/* text */`. A comment containing `*/` cannot be a block comment, so a one-line
/// one is written as `// text` (exact round trip). A multi-line comment containing `*/` has no
/// exact form (a `//` comment ends at the line break and only the last comment before a key
/// counts), so there `*/` is written as `* /`. Comments are read back trimmed, so leading or
/// trailing white space in a comment is not kept. If `leadingComment` is set and the first entry
/// has no comment, the leading comment reads back as that entry's comment (the format has no
/// way to say otherwise); when both are equal it is written once.
public enum StringsFileWriter {
    /// The text of a `.strings` file.
    public static func text(_ entries: [StringsEntry], leadingComment: String? = nil) -> String {
        String(decoding: utf8(entries, leadingComment: leadingComment), as: UTF8.self)
    }

    /// The text as UTF-8 bytes, built directly (compile writes tens of thousands of entries per
    /// file; building Swift Strings block by block cost a quarter of its time).
    static func utf8(_ entries: [StringsEntry], leadingComment: String?) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(
            entries.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 8 + ($1.comment?.utf8.count ?? -6) + 6 })
        var first = true
        if let leadingComment, entries.first?.comment != leadingComment {
            out.append(contentsOf: commentLine(leadingComment).utf8)
            out.append(0x0A)
            first = false
        }
        for entry in entries {
            if !first { out.append(0x0A) } // a blank line between blocks
            first = false
            if let comment = entry.comment {
                out.append(contentsOf: commentLine(comment).utf8)
                out.append(0x0A)
            }
            out.append(0x22)
            appendEscaped(entry.key, to: &out)
            out.append(contentsOf: [0x22, 0x20, 0x3D, 0x20, 0x22]) // `" = "`
            appendEscaped(entry.value, to: &out)
            out.append(contentsOf: [0x22, 0x3B, 0x0A]) // `";` LF
        }
        return out
    }

    private static func appendEscaped(_ s: String, to out: inout [UInt8]) {
        var needs = false
        for u in s.utf8 where u < 0x20 || u == 0x22 || u == 0x5C || u == 0x7F { needs = true; break }
        out.append(contentsOf: (needs ? escaped(s) : s).utf8)
    }

    /// The bytes of a `.strings` file: UTF-8 without BOM (the default, what Xcode writes today),
    /// or UTF-16/UTF-32 with a BOM. The property-list cases are written as UTF-8 text.
    public static func data(_ entries: [StringsEntry], leadingComment: String? = nil, encoding: StringsEncoding = .utf8)
        -> Data
    {
        if encoding == .utf8 || encoding == .binaryPlist || encoding == .xmlPlist {
            return Data(utf8(entries, leadingComment: leadingComment))
        }
        let string = text(entries, leadingComment: leadingComment)
        switch encoding {
        case .utf8, .binaryPlist, .xmlPlist:
            return Data(string.utf8)
        case .utf16LE, .utf16BE:
            let big = encoding == .utf16BE
            var bytes: [UInt8] = big ? [0xFE, 0xFF] : [0xFF, 0xFE]
            bytes.reserveCapacity(2 + string.utf16.count * 2)
            for unit in string.utf16 {
                if big {
                    bytes.append(UInt8(unit >> 8)); bytes.append(UInt8(unit & 0xFF))
                } else {
                    bytes.append(UInt8(unit & 0xFF)); bytes.append(UInt8(unit >> 8))
                }
            }
            return Data(bytes)
        case .utf32LE, .utf32BE:
            let big = encoding == .utf32BE
            var bytes: [UInt8] = big ? [0, 0, 0xFE, 0xFF] : [0xFF, 0xFE, 0, 0]
            // CF takes a UTF-32 BOM only when the data is longer than 4 bytes (`FF FE 00 00`
            // alone is UTF-16 LE + U+0000), so an empty table gets a newline.
            for scalar in (string.isEmpty ? "\n" : string).unicodeScalars {
                let v = scalar.value
                let be = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
                bytes.append(contentsOf: big ? be : be.reversed())
            }
            return Data(bytes)
        }
    }

    /// Escapes for a double-quoted string: `\"`, `\\`, `\n`, `\t`, `\r`, and `\U` + 4 hex digits
    /// for other C0 controls and DEL. Everything else (U+2028, emoji…) is written as is.
    public static func escaped(_ s: String) -> String {
        var needs = false
        for u in s.utf8 where u < 0x20 || u == 0x22 || u == 0x5C || u == 0x7F { needs = true; break }
        if !needs { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 8)
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0..<0x20, 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func commentLine(_ comment: String) -> String {
        // Scalar by scalar: the reader ends a comment at the scalars `*` `/`, while String's
        // `contains("*/")` and `replacingOccurrences` compare Characters and miss `*/` followed by
        // a combining mark (`// */\u{323}` was written `/* */\u{323} */`, which does not parse;
        // found by fuzzing).
        // `*` and `/` are single bytes in UTF-8 and never part of another scalar's bytes, so a
        // byte scan finds exactly the scalar pairs; most comments have none.
        var previous: UInt8 = 0
        var hasCloser = false
        for byte in comment.utf8 {
            if previous == 0x2A && byte == 0x2F { hasCloser = true; break }
            previous = byte
        }
        guard hasCloser else { return "/* " + comment + " */" }
        let scalars = Array(comment.unicodeScalars)
        let closers = Set(scalars.indices.dropLast().filter { scalars[$0] == "*" && scalars[$0 + 1] == "/" })
        guard !closers.isEmpty else { return "/* " + comment + " */" }
        let breaks = scalars.contains { StringsTokenizer.isLineEnd($0.value) }
        if !breaks { return "// " + comment }
        var broken = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            broken.append(scalar)
            if closers.contains(index) { broken.append(" ") }
        }
        return "/* " + String(broken) + " */"
    }
}
