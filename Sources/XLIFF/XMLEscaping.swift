/// How Xcode escapes text in the XLIFF it writes (docs/spec/xliff.md §2.4, §2.8), appended as UTF-8.
///
/// - Element text (`<source>`, `<target>`, `<note>`): only `&`, `<`, `>`; quotes, TAB and LF are
///   written as they are. A CR is written `&#13;`: an XML reader turns a raw CR into LF, so a raw
///   one would not come back (Xcode was never seen writing one; docs/spec/xliff.md Q4).
/// - Attribute values (`id`, `original`): also `"` -> `&quot;`, LF -> `&#10;`, TAB -> `&#9;`,
///   CR -> `&#13;`; `'` stays.
///
/// Characters XML 1.0 cannot carry at all (U+0000–U+001F but TAB, LF and CR; U+FFFE, U+FFFF) are
/// not escaped here: `XMLEscaping.firstInvalidCharacter` finds them before anything is written.
public enum XMLEscaping {
    /// Appends `text` escaped as element content.
    public static func appendText(_ text: String, to out: inout [UInt8]) {
        append(text, to: &out, attribute: false)
    }

    /// Appends `text` escaped as an attribute value (between double quotes).
    public static func appendAttribute(_ text: String, to out: inout [UInt8]) {
        append(text, to: &out, attribute: true)
    }

    private static func append(_ text: String, to out: inout [UInt8], attribute: Bool) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                // Every byte that may need escaping is below 0x3F.
                guard byte < 0x3F else { continue }
                let replacement: StaticString
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case 0x0D: replacement = "&#13;"
                case UInt8(ascii: "\"") where attribute: replacement = "&quot;"
                case 0x0A where attribute: replacement = "&#10;"
                case 0x09 where attribute: replacement = "&#9;"
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(
                    contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// The first character of `text` that XML 1.0 cannot hold, even as a character reference
    /// (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+FFFE, U+FFFF); nil when there is none.
    public static func firstInvalidCharacter(in text: String) -> Unicode.Scalar? {
        var text = text
        let hasSuspect = text.withUTF8 { bytes in bytes.contains { $0 < 0x20 || $0 == 0xEF } }
        guard hasSuspect else { return nil }
        return text.unicodeScalars.first(where: { !isAllowed($0) })
    }

    /// True for a character XML 1.0 allows in a document (the `Char` production).
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return true
        case 0..<0x20: return false
        case 0xFFFE, 0xFFFF: return false
        default: return true
        }
    }
}
