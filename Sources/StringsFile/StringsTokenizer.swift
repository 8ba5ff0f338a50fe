import StringcatSupport

/// Splits old-style property list text (`.strings`, `project.pbxproj`) into tokens with the
/// lexical rules of CoreFoundation's `CFOldStylePList.c`:
/// * white space is U+0009–U+000D, space, U+2028, U+2029 (`advanceToNonSpace`);
/// * `/* … */` (not nested, unterminated runs to EOF, which CF accepts) and `// …` up to LF, CR,
///   U+2028 or U+2029; a `/` followed by anything else starts an unquoted string;
/// * strings are `"…"`, `'…'` or unquoted `[A-Za-z0-9_$/:.-]+` (so `a//b` is one string);
/// * escapes as in `getSlashedChar` (see `resolveEscape`).
public struct StringsTokenizer {
    private let storage: ScalarStorage
    private let buf: UnsafeBufferPointer<UInt32>
    /// Scalar offset of the next unread scalar.
    public private(set) var offset: Int = 0
    /// Warnings (unknown escapes, lowercase `\u`, unterminated comment), in the order found.
    public private(set) var warnings: [StringsTokenIssue] = []
    private var escapeBytes: [UInt8] = []
    private let lines: LineCursor

    init(storage: ScalarStorage) {
        self.storage = storage
        buf = storage.buffer
        lines = LineCursor(buf)
    }

    /// Tokenizes decoded text given as Unicode scalar values.
    public init(scalars: [UInt32]) {
        self.init(storage: ScalarStorage(scalars))
    }

    /// Decodes `bytes` (BOM / UTF-8 / UTF-16 / UTF-32 detection as for `.strings`) and tokenizes
    /// them; nil when the bytes are not valid text.
    public init?(bytes: [UInt8]) {
        guard case .success(let text) = TextDecoding.decode(bytes) else { return nil }
        self.init(storage: text.scalars)
    }

    /// Number of scalars in the text.
    public var count: Int { buf.count }

    /// The scalar value at `index`.
    public func scalar(at index: Int) -> UInt32 { buf[index] }

    /// 1-based line and column (in scalars) of a scalar offset. Fastest when asked in
    /// increasing order.
    public func position(of offset: Int) -> (line: Int, column: Int) { lines.position(of: offset) }

    @inline(__always) static func isSpace(_ c: UInt32) -> Bool {
        (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x2028 || c == 0x2029
    }

    @inline(__always) static func isLineEnd(_ c: UInt32) -> Bool {
        c == 0x0A || c == 0x0D || c == 0x2028 || c == 0x2029
    }

    /// `isValidUnquotedStringCharacter` in CF.
    @inline(__always) static func isUnquoted(_ c: UInt32) -> Bool {
        if c >= 0x61 && c <= 0x7A { return true }  // a-z
        if c >= 0x41 && c <= 0x5A { return true }  // A-Z
        if c >= 0x30 && c <= 0x3A { return true }  // 0-9 and ':'
        return c == 0x5F || c == 0x24 || c == 0x2F || c == 0x2E || c == 0x2D  // _ $ / . -
    }

    /// The next token, or nil at the end of the text. Throws for an unterminated string or an
    /// escape that yields a lone surrogate (it cannot be represented in a String).
    /// Comment text is the body between the delimiters, untrimmed.
    public mutating func next() throws(StringsTokenIssue) -> StringsToken? {
        guard let raw = try nextRaw() else { return nil }
        return StringsToken(kind: raw.kind, text: try text(of: raw), start: raw.start, end: raw.end, isTerminated: raw.isTerminated)
    }

    /// A token without its text (made only when asked for: most punctuation and comments never
    /// need a String).
    struct RawToken {
        var kind: StringsToken.Kind
        var start: Int
        var end: Int
        var hasEscape = false
        var isTerminated = true

        var isString: Bool { kind == .quotedString || kind == .unquotedString }

        /// Offsets of the content: inside quotes, or between comment delimiters.
        func content(in buf: UnsafeBufferPointer<UInt32>) -> (Int, Int) {
            switch kind {
            case .quotedString: return (start + 1, end - 1)
            case .comment:
                if buf[start + 1] == 0x2F { return (start + 2, end) }
                return (start + 2, isTerminated ? end - 2 : end)
            default: return (start, end)
            }
        }
    }

    mutating func nextRaw() throws(StringsTokenIssue) -> RawToken? {
        let n = buf.count
        var i = offset
        while i < n && StringsTokenizer.isSpace(buf[i]) { i += 1 }
        guard i < n else { offset = n; return nil }
        let c = buf[i]
        let start = i
        if c == 0x2F && i + 1 < n {  // '/'
            let d = buf[i + 1]
            if d == 0x2F {
                var j = i + 2
                while j < n && !StringsTokenizer.isLineEnd(buf[j]) { j += 1 }
                offset = j
                return RawToken(kind: .comment, start: start, end: j)
            }
            if d == 0x2A {
                var j = i + 2
                while j + 1 < n && !(buf[j] == 0x2A && buf[j + 1] == 0x2F) { j += 1 }
                if j + 1 < n {
                    offset = j + 2
                    return RawToken(kind: .comment, start: start, end: j + 2)
                }
                offset = n
                warnings.append(StringsTokenIssue(offset: start, message: "unterminated comment: it runs to the end of the file (Apple's reader accepts this)"))
                return RawToken(kind: .comment, start: start, end: n, isTerminated: false)
            }
        }
        if c == 0x22 || c == 0x27 {
            var j = i + 1
            var hasEscape = false
            while j < n {
                let q = buf[j]
                if q == c { break }
                if q == 0x5C {  // '\': skip the escaped scalar so `\"` does not end the string
                    hasEscape = true
                    j += 2
                    continue
                }
                j += 1
            }
            guard j < n else {
                throw StringsTokenIssue(offset: start, message: "unterminated string: the quote opened here is never closed")
            }
            offset = j + 1
            return RawToken(kind: .quotedString, start: start, end: j + 1, hasEscape: hasEscape)
        }
        if StringsTokenizer.isUnquoted(c) {
            var j = i + 1
            while j < n && StringsTokenizer.isUnquoted(buf[j]) { j += 1 }
            offset = j
            return RawToken(kind: .unquotedString, start: start, end: j)
        }
        let kind: StringsToken.Kind
        switch c {
        case 0x3D: kind = .equals
        case 0x3B: kind = .semicolon
        case 0x7B: kind = .openBrace
        case 0x7D: kind = .closeBrace
        case 0x28: kind = .openParen
        case 0x29: kind = .closeParen
        case 0x2C: kind = .comma
        case 0x3C: kind = .openAngle
        case 0x3E: kind = .closeAngle
        default: kind = .other
        }
        offset = i + 1
        return RawToken(kind: kind, start: start, end: i + 1)
    }

    /// The text of a raw token: strings with escapes resolved, comment bodies untrimmed.
    mutating func text(of raw: RawToken) throws(StringsTokenIssue) -> String {
        let (from, to) = raw.content(in: buf)
        return raw.hasEscape ? try unescape(from, to) : makeString(from, to)
    }

    /// A comment's body with white space and line breaks trimmed at both ends (Unicode
    /// White_Space, like Foundation's `whitespacesAndNewlines`); inner text verbatim.
    func trimmedCommentText(of raw: RawToken) -> String {
        var (from, to) = raw.content(in: buf)
        while from < to && StringsTokenizer.isUnicodeWhiteSpace(buf[from]) { from += 1 }
        while to > from && StringsTokenizer.isUnicodeWhiteSpace(buf[to - 1]) { to -= 1 }
        return makeString(from, to)
    }

    /// The Unicode White_Space property.
    @inline(__always) static func isUnicodeWhiteSpace(_ c: UInt32) -> Bool {
        if c < 0x80 { return (c >= 0x09 && c <= 0x0D) || c == 0x20 }
        switch c {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Builds a String from scalars [from, to) with no escapes, straight into its UTF-8 storage.
    private func makeString(_ from: Int, _ to: Int) -> String {
        if let utf8 = storage.utf8, let offsets = storage.offsets {
            let a = Int(offsets[from]), b = Int(offsets[to])
            return String(decoding: UnsafeBufferPointer(start: utf8 + a, count: b - a), as: UTF8.self)
        }
        var length = 0
        var k = from
        while k < to {
            let v = buf[k]
            length += v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4
            k += 1
        }
        if length == 0 { return "" }
        let b = buf
        return String(unsafeUninitializedCapacity: length) { out in
            var w = 0
            var k = from
            while k < to {
                w = StringsTokenizer.encodeUTF8(b[k], into: out, at: w)
                k += 1
            }
            return w
        }
    }

    @inline(__always) static func encodeUTF8(_ v: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at w: Int) -> Int {
        if v < 0x80 {
            out[w] = UInt8(v)
            return w + 1
        } else if v < 0x800 {
            out[w] = UInt8(0xC0 | (v >> 6)); out[w + 1] = UInt8(0x80 | (v & 0x3F))
            return w + 2
        } else if v < 0x10000 {
            out[w] = UInt8(0xE0 | (v >> 12)); out[w + 1] = UInt8(0x80 | ((v >> 6) & 0x3F)); out[w + 2] = UInt8(0x80 | (v & 0x3F))
            return w + 3
        } else {
            out[w] = UInt8(0xF0 | (v >> 18)); out[w + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
            out[w + 2] = UInt8(0x80 | ((v >> 6) & 0x3F)); out[w + 3] = UInt8(0x80 | (v & 0x3F))
            return w + 4
        }
    }

    private mutating func appendUTF8(_ v: UInt32) {
        if v < 0x80 {
            escapeBytes.append(UInt8(v))
        } else if v < 0x800 {
            escapeBytes.append(UInt8(0xC0 | (v >> 6))); escapeBytes.append(UInt8(0x80 | (v & 0x3F)))
        } else if v < 0x10000 {
            escapeBytes.append(UInt8(0xE0 | (v >> 12))); escapeBytes.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            escapeBytes.append(UInt8(0x80 | (v & 0x3F)))
        } else {
            escapeBytes.append(UInt8(0xF0 | (v >> 18))); escapeBytes.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            escapeBytes.append(UInt8(0x80 | ((v >> 6) & 0x3F))); escapeBytes.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// Resolves escapes in the body [from, to) of a quoted string.
    private mutating func unescape(_ from: Int, _ to: Int) throws(StringsTokenIssue) -> String {
        escapeBytes.removeAll(keepingCapacity: true)
        var k = from
        while k < to {
            let c = buf[k]
            if c != 0x5C {
                appendUTF8(c)
                k += 1
                continue
            }
            var (value, next) = resolveEscape(at: k, end: to)
            if value >= 0xD800 && value <= 0xDBFF {
                // A UTF-16 pair written as two escapes, `\UD83D\UDE00`: CF keeps UTF-16 units,
                // so the pair becomes one character.
                if next + 1 < to && buf[next] == 0x5C && buf[next + 1] == 0x55 {
                    let (low, after) = resolveEscape(at: next, end: to)
                    if low >= 0xDC00 && low <= 0xDFFF {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        next = after
                    } else {
                        throw StringsTokenIssue(offset: k, message: "escape \\U\(hex4(value)) is a high surrogate not followed by a low surrogate escape (\\UDC00–\\UDFFF)")
                    }
                } else {
                    throw StringsTokenIssue(offset: k, message: "escape \\U\(hex4(value)) is a lone high surrogate; write the character itself or a full surrogate pair")
                }
            } else if value >= 0xDC00 && value <= 0xDFFF {
                throw StringsTokenIssue(offset: k, message: "escape \\U\(hex4(value)) is a lone low surrogate; write the character itself or a full surrogate pair")
            }
            appendUTF8(value)
            k = next
        }
        return String(decoding: escapeBytes, as: UTF8.self)
    }

    private func hex4(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    /// `getSlashedChar`: the backslash is at `at`; returns the value and the offset after the escape.
    private mutating func resolveEscape(at: Int, end: Int) -> (UInt32, Int) {
        let i = at + 1
        guard i < end else { return (0x5C, i) }  // cannot happen: the closing quote follows
        let c = buf[i]
        switch c {
        case 0x30...0x37:  // octal, up to 3 digits, read as a NeXTSTEP byte (CF: uint8_t, wraps)
            var num = Int(c - 0x30)
            var j = i + 1
            var digits = 1
            while digits < 3 && j < end && buf[j] >= 0x30 && buf[j] <= 0x37 {
                num = (num << 3) + Int(buf[j] - 0x30)
                j += 1
                digits += 1
            }
            return (NextStepEncoding.scalar(for: UInt8(truncatingIfNeeded: num)), j)
        case 0x61: return (0x07, i + 1)  // \a
        case 0x62: return (0x08, i + 1)  // \b
        case 0x66: return (0x0C, i + 1)  // \f
        case 0x6E: return (0x0A, i + 1)  // \n
        case 0x72: return (0x0D, i + 1)  // \r
        case 0x74: return (0x09, i + 1)  // \t
        case 0x76: return (0x0B, i + 1)  // \v
        case 0x22, 0x27, 0x5C, 0x0A, 0x0D, 0x2028, 0x2029:
            return (c, i + 1)  // \" \' \\ and backslash-newline (the line break is kept)
        case 0x55:  // \U + up to 4 hex digits; stops at the first non-hex (`\U41z` is `Az`)
            var num: UInt32 = 0
            var j = i + 1
            while j < end && j < i + 5, let h = StringsTokenizer.hexValue(buf[j]) {
                num = (num << 4) + h
                j += 1
            }
            return (num, j)
        case 0x75:
            // Apple does not decode lowercase \u: "\u00e9" reads as "u00e9".
            warnings.append(StringsTokenIssue(offset: at, message: "'\\u' is not an escape in .strings files: Apple reads it as 'u' (use '\\U' followed by 4 hex digits)"))
            return (c, i + 1)
        default:
            warnings.append(StringsTokenIssue(offset: at, message: "unknown escape '\\\(Unicode.Scalar(c).map { String(Character($0)) } ?? "?")': read as '\(Unicode.Scalar(c).map { String(Character($0)) } ?? "?")'"))
            return (c, i + 1)
        }
    }

    @inline(__always) static func hexValue(_ c: UInt32) -> UInt32? {
        if c >= 0x30 && c <= 0x39 { return c - 0x30 }
        if c >= 0x41 && c <= 0x46 { return c - 0x41 + 10 }
        if c >= 0x61 && c <= 0x66 { return c - 0x61 + 10 }
        return nil
    }
}
