/// Splits old-style property list text (`.strings`, `project.pbxproj`) into tokens with the
/// lexical rules of CoreFoundation's `CFOldStylePList.c`:
/// * white space is U+0009–U+000D, space, U+2028, U+2029 (`advanceToNonSpace`);
/// * `/* … */` (not nested, unterminated runs to EOF, which CF accepts) and `// …` up to LF, CR,
///   U+2028 or U+2029; a `/` followed by anything else starts an unquoted string;
/// * strings are `"…"`, `'…'` or unquoted `[A-Za-z0-9_$/:.-]+` (so `a//b` is one string);
/// * escapes as in `getSlashedChar` (see `StringsLexer.resolveEscape`).
///
/// Offsets here are in Unicode scalars. The work is done by `StringsLexer` on UTF-8 bytes;
/// this type maps its byte offsets to scalar offsets (the reader uses the lexer directly).
public struct StringsTokenizer {
    private let text: OwnedBytes
    private var lexer: StringsLexer
    /// Byte offset of each scalar, then of the end of the text.
    private let scalarStarts: [Int]

    private init(text: OwnedBytes) {
        self.text = text
        lexer = StringsLexer(text.buffer)
        var starts: [Int] = []
        starts.reserveCapacity(text.count + 1)
        for i in 0..<text.count where !UTF8Scalar.isContinuation(text.base[i]) { starts.append(i) }
        starts.append(text.count)
        scalarStarts = starts
    }

    /// Tokenizes decoded text given as Unicode scalar values (values that are not scalars,
    /// such as lone surrogates, read as U+FFFD).
    public init(scalars: [UInt32]) {
        let text = OwnedBytes(capacity: scalars.count * 4)
        var w = 0
        for v in scalars {
            let valid = v <= 0x10FFFF && !(v >= 0xD800 && v <= 0xDFFF)
            w = UTF8Scalar.encode(valid ? v : 0xFFFD, into: text.base, at: w)
        }
        text.count = w
        self.init(text: text)
    }

    /// Decodes `bytes` (BOM / UTF-8 / UTF-16 / UTF-32 detection as for `.strings`) and tokenizes
    /// them; nil when the bytes are not valid text.
    public init?(bytes: [UInt8]) {
        let decoded: OwnedBytes? = bytes.withUnsafeBufferPointer { buffer in
            guard case .success(let decoded) = TextDecoding.decode(buffer) else { return nil }
            return decoded.text.owner ?? OwnedBytes(copying: decoded.text.bytes)
        }
        guard let decoded else { return nil }
        self.init(text: decoded)
    }

    /// Scalar offset of the next unread scalar.
    public var offset: Int { scalarOffset(ofByte: lexer.offset) }

    /// Warnings (unknown escapes, lowercase `\u`, unterminated comment), in the order found.
    public var warnings: [StringsTokenIssue] {
        lexer.warnings.map { StringsTokenIssue(offset: scalarOffset(ofByte: $0.offset), message: $0.message) }
    }

    /// Number of scalars in the text.
    public var count: Int { scalarStarts.count - 1 }

    /// The scalar value at `index`.
    public func scalar(at index: Int) -> UInt32 { lexer.scalar(at: scalarStarts[index]) }

    /// 1-based line and column (in scalars) of a scalar offset. Fastest when asked in
    /// increasing order.
    public func position(of offset: Int) -> (line: Int, column: Int) {
        lexer.position(of: scalarStarts[min(max(offset, 0), count)])
    }

    /// The next token, or nil at the end of the text. Throws for an unterminated string or an
    /// escape that yields a lone surrogate (it cannot be represented in a String).
    /// Comment text is the body between the delimiters, untrimmed.
    public mutating func next() throws(StringsTokenIssue) -> StringsToken? {
        do {
            guard let raw = try lexer.nextRaw() else { return nil }
            let text = try lexer.text(of: raw)
            return StringsToken(
                kind: raw.kind, text: text, start: scalarOffset(ofByte: raw.start),
                end: scalarOffset(ofByte: raw.end), isTerminated: raw.isTerminated)
        } catch {
            throw StringsTokenIssue(offset: scalarOffset(ofByte: error.offset), message: error.message)
        }
    }

    /// Token boundaries are scalar boundaries, so each byte offset is in `scalarStarts`.
    private func scalarOffset(ofByte byte: Int) -> Int {
        var low = 0
        var high = scalarStarts.count - 1
        while low < high {
            let mid = (low + high) / 2
            if scalarStarts[mid] < byte { low = mid + 1 } else { high = mid }
        }
        return low
    }

    @inline(__always) static func isSpace(_ c: UInt32) -> Bool {
        (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x2028 || c == 0x2029
    }

    @inline(__always) static func isLineEnd(_ c: UInt32) -> Bool {
        c == 0x0A || c == 0x0D || c == 0x2028 || c == 0x2029
    }

    /// The Unicode White_Space property.
    @inline(__always) static func isUnicodeWhiteSpace(_ c: UInt32) -> Bool {
        if c < 0x80 { return (c >= 0x09 && c <= 0x0D) || c == 0x20 }
        switch c {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    @inline(__always) static func hexValue(_ c: UInt32) -> UInt32? {
        if c >= 0x30 && c <= 0x39 { return c - 0x30 }
        if c >= 0x41 && c <= 0x46 { return c - 0x41 + 10 }
        if c >= 0x61 && c <= 0x66 { return c - 0x61 + 10 }
        return nil
    }
}
