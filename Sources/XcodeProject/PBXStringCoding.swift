/// Decoding and encoding of old-style property list strings as Xcode writes them in a project.
public enum PBXStringCoding {
    /// Bytes a bare (unquoted) string may hold when read: Core Foundation's set
    /// (`A-Z a-z 0-9 _ $ / : . -`) plus `+`, and any non-ASCII byte. Hand-edited projects write
    /// `zh-Hant` bare (WireGuard), which Xcode reads; being lenient here costs nothing because the
    /// token is written back as it was.
    static let bareByte: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(b)] = true }
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(b)] = true }
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(b)] = true }
        for c in "_$/:.-+" { table[Int(c.asciiValue!)] = true }
        for b in 0x80...0xFF { table[b] = true }
        return table
    }()

    /// The string a token stands for: bare tokens as they are, quoted ones unescaped
    /// (`\"`, `\\`, `\n`, `\t`, `\r`, `\a`, `\b`, `\f`, `\v`, `\Uxxxx`, octal `\ooo`).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let first = bytes.first, first == UInt8(ascii: "\"") || first == UInt8(ascii: "'"), bytes.count >= 2
        else {
            return String(decoding: bytes, as: UTF8.self)
        }
        let body = UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])
        guard body.contains(UInt8(ascii: "\\")) else { return String(decoding: body, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var i = 0
        func appendScalar(_ value: UInt32) {
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(scalar).utf8))
        }
        while i < body.count {
            let b = body[i]
            guard b == UInt8(ascii: "\\"), i + 1 < body.count else {
                out.append(b)
                i += 1
                continue
            }
            let e = body[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, i < body.count, let d = hexValue(body[i]) {
                    value = value * 16 + d
                    i += 1
                    digits += 1
                }
                appendScalar(value)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(e - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, i < body.count, body[i] >= UInt8(ascii: "0"), body[i] <= UInt8(ascii: "7") {
                    value = value * 8 + UInt32(body[i] - UInt8(ascii: "0"))
                    i += 1
                    digits += 1
                }
                appendScalar(value)
            default: out.append(e)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The token Xcode writes for `string`: bare only when every character is in
    /// `[A-Za-z0-9_$/.]` and it holds neither `//` (a comment to a reader) nor `___` (Xcode's
    /// template placeholders); otherwise quoted, with `"`, `\`, newline and tab escaped.
    public static func encode(_ string: String) -> String {
        let utf8 = Array(string.utf8)
        var bare = !utf8.isEmpty
        if bare {
            for b in utf8 {
                let ok =
                    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
                    || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                    || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_")
                    || b == UInt8(ascii: "$")
                    || b == UInt8(ascii: "/") || b == UInt8(ascii: ".")
                if !ok { bare = false; break }
            }
            if bare && (string.contains("//") || string.contains("___")) { bare = false }
        }
        if bare { return string }
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    out += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
