/// Finds the line of an entry in catalog JSON, for diagnostics (the reader keeps no positions).
///
/// Looks for the entry's key as Xcode writes it: on its own line, indented 4 spaces, followed by
/// ` : `. A catalog written by another tool may be laid out otherwise; then there is no line.
enum CatalogKeyLocator {
    static func line(of key: String, in bytes: [UInt8]) -> Int? {
        let needle = Array(("\n    \"" + escaped(key) + "\" : ").utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var line = 1
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == 0x0A {
                if bytes[i..<(i + needle.count)].elementsEqual(needle) { return line + 1 }
                line += 1
            }
            i += 1
        }
        return nil
    }

    /// JSON string escapes as Xcode writes them (docs/spec/catalog-format.md#escapes-in-strings).
    static func escaped(_ key: String) -> String {
        var out = ""
        for scalar in key.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0..<0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
