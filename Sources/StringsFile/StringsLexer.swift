/// The tokenizer proper: `StringsTokenizer`'s lexical rules over validated UTF-8, with byte
/// offsets. Token boundaries are found on the bytes (every delimiter is ASCII, and UTF-8
/// continuation bytes never look like one); a token's String is made only when asked for, in
/// one copy of its bytes, and escapes are resolved only in tokens that contain a backslash.
struct StringsLexer {
    private let p: UnsafePointer<UInt8>
    /// Number of bytes in the text.
    let count: Int
    /// Byte offset of the next unread byte.
    private(set) var offset = 0
    /// Warnings (unknown escapes, lowercase `\u`, unterminated comment) at byte offsets, in
    /// the order found.
    private(set) var warnings: [StringsTokenIssue] = []
    /// Reused buffer for strings with escapes.
    private var scratch: [UInt8] = []
    private let lines: LineCursor
    /// Line breaks before `offset`, counted as the text is tokenized: the current line number
    /// and where it starts. The same rules as `LineCursor`, which answers for other offsets.
    private var line = 1
    private var lineStart = 0
    /// Line and line start at the start of the last token.
    private var tokenLine = 1
    private var tokenLineStart = 0
    private var tokenStart = 0
    /// Scalars from `columnLineStart` to `columnOffset`: the last column answer, reused when the
    /// next token is on the same line, so long lines are not rescanned.
    private var columnLineStart = -1
    private var columnOffset = 0
    private var columnScalars = 0

    init(_ text: UnsafeBufferPointer<UInt8>) {
        p = text.baseAddress!
        count = text.count
        lines = LineCursor(text)
    }

    /// A token without its text, at byte offsets.
    struct RawToken {
        var kind: StringsToken.Kind
        var start: Int
        var end: Int
        var hasEscape = false
        var isTerminated = true

        var isString: Bool { kind == .quotedString || kind == .unquotedString }
    }

    /// 1-based line and column (in scalars) of a byte offset. Fastest when asked in increasing order.
    func position(of offset: Int) -> (line: Int, column: Int) { lines.position(of: offset) }

    /// 1-based line of the start of the last token.
    var lastTokenLine: Int { tokenLine }

    /// The byte at `index` (< `count`).
    func byte(at index: Int) -> UInt8 { p[index] }

    /// 1-based line and column (in scalars) of the start of the last token, from the line
    /// breaks counted while tokenizing (no second pass over the text).
    mutating func lastTokenPosition() -> (line: Int, column: Int) {
        if columnLineStart != tokenLineStart || columnOffset > tokenStart {
            columnLineStart = tokenLineStart
            columnOffset = tokenLineStart
            columnScalars = 0
        }
        columnScalars &+= LineCursor.scalars(in: p, from: columnOffset, to: tokenStart)
        columnOffset = tokenStart
        return (tokenLine, columnScalars + 1)
    }

    /// Counts the line break at `i` if there is one (LF; CR not followed by LF; U+2028/U+2029)
    /// and returns the offset after the byte or separator looked at.
    @inline(__always) private mutating func countLineBreak(at i: Int) -> Int {
        let b = p[i]
        if b == 0x0A || (b == 0x0D && !(i &+ 1 < count && p[i &+ 1] == 0x0A)) {
            line &+= 1
            lineStart = i &+ 1
        } else if b == 0xE2 && UTF8Scalar.isLineOrParagraphSeparator(p, at: i, count: count) {
            line &+= 1
            lineStart = i &+ 3
            return i &+ 3
        }
        return i &+ 1
    }

    /// `skipSpace` that counts the line breaks it skips, and notes the line of the token that
    /// starts after them. The line is counted in locals and stored from registers: copying the
    /// just-stored `line` and `lineStart` to `tokenLine` and `tokenLineStart` was compiled as one
    /// 16-byte load of two 8-byte stores, a store-forwarding stall on every token (13% of
    /// `nextRaw`'s cycles).
    @inline(__always) private mutating func skipSpaceCountingLines(from i: Int) -> Int {
        var i = i
        var line = self.line
        var lineStart = self.lineStart
        while i < count {
            let b = p[i]
            if b == 0x20 || b == 0x09 {
                i &+= 1
            } else if b == 0x0A {
                line &+= 1
                i &+= 1
                lineStart = i
            } else if b > 0x0D || b < 0x0A {
                guard b == 0xE2 && UTF8Scalar.isLineOrParagraphSeparator(p, at: i, count: count) else { break }
                line &+= 1
                i &+= 3
                lineStart = i
            } else {
                // VT, FF, CR; a CR followed by LF is counted at the LF.
                i &+= 1
                if b == 0x0D && !(i < count && p[i] == 0x0A) {
                    line &+= 1
                    lineStart = i
                }
            }
        }
        self.line = line
        self.lineStart = lineStart
        tokenLine = line
        tokenLineStart = lineStart
        return i
    }

    /// The scalar value that starts at byte `index`.
    func scalar(at index: Int) -> UInt32 { UTF8Scalar.decode(p, at: index).value }

    /// The byte offset after white space (U+0009–U+000D, space, U+2028, U+2029) from `i`.
    @inline(__always) static func skipSpace(_ p: UnsafePointer<UInt8>, from i: Int, count n: Int) -> Int {
        var i = i
        while i < n {
            let b = p[i]
            if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                i += 1
            } else if b == 0xE2 && UTF8Scalar.isLineOrParagraphSeparator(p, at: i, count: n) {
                i += 3
            } else {
                break
            }
        }
        return i
    }

    @inline(__always) static func isUnquoted(_ c: UInt8) -> Bool {
        if c >= 0x61 && c <= 0x7A { return true } // a-z
        if c >= 0x41 && c <= 0x5A { return true } // A-Z
        if c >= 0x30 && c <= 0x3A { return true } // 0-9 and ':'
        return c == 0x5F || c == 0x24 || c == 0x2F || c == 0x2E || c == 0x2D // _ $ / . -
    }

    mutating func nextRaw() throws(StringsTokenIssue) -> RawToken? {
        let n = count
        let i = skipSpaceCountingLines(from: offset)
        guard i < n else { offset = n; return nil }
        let c = p[i]
        let start = i
        tokenStart = i
        if c == 0x22 || c == 0x27 {
            var j = i + 1
            var hasEscape = false
            while true {
                j = ByteSearch.first(c, or: 0x5C, orLineBreakCandidateIn: p, from: j, end: n)
                guard j < n else { break }
                let q = p[j]
                if q == c { break }
                if q == 0x5C {
                    // '\': skip the escaped byte so `\"` does not end the string; it may be
                    // a line break (backslash-newline).
                    hasEscape = true
                    if j + 1 < n { _ = countLineBreak(at: j + 1) }
                    j += 2
                } else {
                    j = countLineBreak(at: j)
                }
            }
            guard j < n else {
                throw StringsTokenIssue(
                    offset: start, message: "unterminated string: the quote opened here is never closed")
            }
            offset = j + 1
            return RawToken(kind: .quotedString, start: start, end: j + 1, hasEscape: hasEscape)
        }
        // `=` and `;`, half of all tokens, before the tests below (neither is a comment or an
        // unquoted string).
        if c == 0x3D || c == 0x3B {
            offset = i &+ 1
            return RawToken(kind: c == 0x3D ? .equals : .semicolon, start: start, end: i &+ 1)
        }
        if c == 0x2F && i + 1 < n { // '/'
            let d = p[i + 1]
            if d == 0x2F {
                var j = i + 2
                while true {
                    j = ByteSearch.firstLineBreakCandidate(in: p, from: j, end: n)
                    guard j < n else { break }
                    let b = p[j]
                    if b == 0x0A || b == 0x0D
                        || (b == 0xE2 && UTF8Scalar.isLineOrParagraphSeparator(p, at: j, count: n))
                    {
                        break
                    }
                    j += 1
                }
                offset = j
                return RawToken(kind: .comment, start: start, end: j)
            }
            if d == 0x2A {
                var j = i + 2
                while true {
                    j = ByteSearch.first(0x2A, or: 0x2A, orLineBreakCandidateIn: p, from: j, end: n)
                    guard j + 1 < n else { break }
                    if p[j] != 0x2A {
                        j = countLineBreak(at: j)
                    } else if p[j + 1] == 0x2F {
                        break
                    } else {
                        j += 1
                    }
                }
                if j + 1 < n {
                    offset = j + 2
                    return RawToken(kind: .comment, start: start, end: j + 2)
                }
                offset = n
                warnings.append(
                    StringsTokenIssue(
                        offset: start,
                        message: "unterminated comment: it runs to the end of the file (Apple's reader accepts this)"))
                return RawToken(kind: .comment, start: start, end: n, isTerminated: false)
            }
        }
        if StringsLexer.isUnquoted(c) {
            var j = i + 1
            while j < n && StringsLexer.isUnquoted(p[j]) { j += 1 }
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
        offset = i + UTF8Scalar.length(lead: c)
        return RawToken(kind: kind, start: start, end: offset)
    }

    /// Byte offsets of a token's content: inside quotes, or between comment delimiters.
    /// Inlined: called out of line from a mutating method, it was passed a stack copy of the
    /// whole lexer (112 bytes, read back just after the tokenizer wrote them: a
    /// store-forwarding stall per string token).
    @inline(__always) func content(of raw: RawToken) -> (Int, Int) {
        switch raw.kind {
        case .quotedString: return (raw.start + 1, raw.end - 1)
        case .comment:
            if p[raw.start + 1] == 0x2F { return (raw.start + 2, raw.end) }
            return (raw.start + 2, raw.isTerminated ? raw.end - 2 : raw.end)
        default: return (raw.start, raw.end)
        }
    }

    /// The text of a raw token: strings with escapes resolved, comment bodies untrimmed.
    mutating func text(of raw: RawToken) throws(StringsTokenIssue) -> String {
        let (from, to) = content(of: raw)
        return raw.hasEscape ? try unescape(from, to) : makeString(from, to)
    }

    /// A comment's body with white space and line breaks trimmed at both ends (Unicode
    /// White_Space, like Foundation's `whitespacesAndNewlines`); inner text verbatim.
    func trimmedCommentText(of raw: RawToken) -> String {
        let (from, to) = trimmedCommentRange(of: raw)
        return makeString(from, to)
    }

    /// The bytes of `trimmedCommentText(of:)`.
    func trimmedCommentRange(of raw: RawToken) -> (Int, Int) {
        var (from, to) = content(of: raw)
        while from < to {
            let (v, length) = UTF8Scalar.decode(p, at: from)
            guard StringsTokenizer.isUnicodeWhiteSpace(v) else { break }
            from += length
        }
        while to > from {
            var s = to - 1
            while UTF8Scalar.isContinuation(p[s]) { s -= 1 }
            guard StringsTokenizer.isUnicodeWhiteSpace(UTF8Scalar.decode(p, at: s).value) else { break }
            to = s
        }
        return (from, to)
    }

    /// True when bytes [a, a + count) and [b, b + count) are the same.
    func sameBytes(_ a: Int, _ b: Int, count: Int) -> Bool {
        let raw = UnsafeRawPointer(p)
        var k = 0
        while k &+ 8 <= count {
            if raw.loadUnaligned(fromByteOffset: a &+ k, as: UInt64.self)
                != raw.loadUnaligned(fromByteOffset: b &+ k, as: UInt64.self)
            {
                return false
            }
            k &+= 8
        }
        while k < count {
            if p[a &+ k] != p[b &+ k] { return false }
            k &+= 1
        }
        return true
    }

    /// True when `raw` is a `/* … */` comment that ends as Xcode's current new-file template for a
    /// `.strings` file does: its last line before the `*/` line holds only spaces
    /// (`/* \n  Name.strings\n  Project\n\n  Created by … on ….\n  \n*/`, docs/spec/migration.md#comments). The
    /// older template, whose last line is `Copyright © … All rights reserved.` (or is empty, with
    /// no space), is not. Nothing but spaces or tabs may precede the `*/` on its line.
    func isXcodeTemplateHeader(_ raw: RawToken) -> Bool {
        guard raw.kind == .comment, raw.isTerminated, p[raw.start + 1] == 0x2A else { return false }
        let (from, to) = content(of: raw)
        var i = to
        while i > from && (p[i - 1] == 0x20 || p[i - 1] == 0x09) { i -= 1 }
        guard let lineBreak = startOfLineBreak(endingAt: i, notBefore: from) else { return false }
        var k = lineBreak
        while k > from && p[k - 1] == 0x20 { k -= 1 }
        guard k < lineBreak else { return false } // an empty line is the older template's
        return k == from || startOfLineBreak(endingAt: k, notBefore: from) != nil
    }

    /// The offset where the line break that ends just before byte `i` starts (LF, CR LF, CR,
    /// U+2028, U+2029), or nil when the byte before `i` ends no line; never before `from`.
    private func startOfLineBreak(endingAt i: Int, notBefore from: Int) -> Int? {
        guard i > from else { return nil }
        switch p[i - 1] {
        case 0x0A: return i - 2 >= from && p[i - 2] == 0x0D ? i - 2 : i - 1
        case 0x0D: return i - 1
        case 0xA8, 0xA9: return i - 3 >= from && p[i - 3] == 0xE2 && p[i - 2] == 0x80 ? i - 3 : nil
        default: return nil
        }
    }

    /// True when nothing but white space and comments follows byte `i` up to the end of its line
    /// (or of the text). A `/* … */` that contains a line break ends the line too.
    func restOfLineIsBlank(from i: Int) -> Bool {
        var i = i
        @inline(__always) func isLineBreak(_ j: Int) -> Bool {
            p[j] == 0x0A || p[j] == 0x0D
                || (p[j] == 0xE2 && UTF8Scalar.isLineOrParagraphSeparator(p, at: j, count: count))
        }
        while i < count {
            let b = p[i]
            if b == 0x20 || b == 0x09 || b == 0x0B || b == 0x0C {
                i += 1
            } else if isLineBreak(i) {
                return true
            } else if b == 0x2F && i + 1 < count && p[i + 1] == 0x2F {
                return true
            } else if b == 0x2F && i + 1 < count && p[i + 1] == 0x2A {
                var j = i + 2
                while j + 1 < count && !(p[j] == 0x2A && p[j + 1] == 0x2F) {
                    if isLineBreak(j) { return true }
                    j += 1
                }
                if j + 1 >= count { return true } // unterminated: runs to the end
                i = j + 2
            } else {
                return false
            }
        }
        return true
    }

    /// True when `text` (a comment's text) is one or more complete `key = value;` entries
    /// (string key and value, each ending with `;`, comments between tokens allowed), and is not
    /// an Interface Builder comment, which has that form too (`Class = "NSMenuItem"; title =
    /// "Play"; ObjectID = "1y8-d6-Wtj";`). See `StringsEntry.commentIsCommentedOutEntry`.
    static func isEntryList(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = text.baseAddress else { return false }
        var end = text.count
        while end > 0 && (p[end - 1] == 0x20 || (p[end - 1] >= 0x09 && p[end - 1] <= 0x0D)) { end -= 1 }
        guard end > 0, p[end - 1] == 0x3B else { return false } // most comments do not end with `;`
        var start = 0
        while start < end && (p[start] == 0x20 || (p[start] >= 0x09 && p[start] <= 0x0D)) { start += 1 }
        if end - start > 6 && p[start] == 0x43 && p[start + 1] == 0x6C && p[start + 2] == 0x61 && p[start + 3] == 0x73
            && p[start + 4] == 0x73 && (p[start + 5] == 0x20 || p[start + 5] == 0x3D)
        {
            return false // `Class =`: Interface Builder's
        }
        var lexer = StringsLexer(UnsafeBufferPointer(start: p + start, count: end - start))
        func next() -> RawToken? {
            while true {
                guard let token = try? lexer.nextRaw() else { return nil }
                if token.kind != .comment { return token }
            }
        }
        var entries = 0
        while let key = next() {
            guard key.isString, next()?.kind == .equals, next()?.isString == true, next()?.kind == .semicolon else {
                return false
            }
            entries += 1
        }
        return entries > 0
    }

    // MARK: - Xcode's line reading of an entry CoreFoundation rejects

    /// A value read from its line (`lineValue(openedAt:)`).
    struct LineValue {
        var text: String
        /// The value ends at a quote of its kind on its line (else at the line's last `;`, or
        /// at the end of the line).
        var isClosed: Bool
        /// Unescaped quotes of the value's kind inside it, left out of `text`.
        var strayQuotes: Int
        /// Bytes of the line after the value (its closing quote, or from the `;` on), not part of it.
        var rest: Range<Int>
        /// Byte offset where the next line starts (`count` when the line is the last).
        var nextLine: Int
    }

    /// Xcode's reading of a value CoreFoundation rejects (docs/spec/migration.md#entries-of-a-strings-table; five real
    /// files agree): line by line, the value opened by the quote at byte `quote` runs to the last unescaped
    /// quote of the same kind on that line, and the unescaped quotes before that one are left
    /// out (Rectangle `ar`: `"… حدد \ n \ "استخدام …";` is `… حدد  n  استخدام …`); with no
    /// closing quote on the line, it runs to the line's last `;` (HSTracker `ko`:
    /// `"k" = "등급 달성 시간;` at the end of the file is `등급 달성 시간`), or to the end of the
    /// line. Escapes are resolved as in any quoted string. Throws only for an escape that makes a
    /// lone surrogate, as a string token does.
    mutating func lineValue(openedAt quote: Int) throws(StringsTokenIssue) -> LineValue {
        let q = p[quote]
        let end = lineEnd(from: quote + 1)
        var last = -1
        var quotes = 0
        var i = quote + 1
        while i < end {
            let b = p[i]
            if b == 0x5C {
                i += 2 // `\"` is a quote in the value; a `\` before the line break stays a `\`
                continue
            }
            if b == q {
                last = i
                quotes += 1
            }
            i += 1
        }
        let contentEnd: Int
        let restStart: Int
        if last >= 0 {
            contentEnd = last
            restStart = last + 1
        } else {
            var semicolon = end
            var j = end - 1
            while j > quote {
                if p[j] == 0x3B {
                    semicolon = j
                    break
                }
                j -= 1
            }
            contentEnd = semicolon
            restStart = semicolon
        }
        // Unescaped quotes before the closing one are left out: split the content at them.
        var text = ""
        var start = quote + 1
        var k = start
        while k < contentEnd {
            if p[k] == 0x5C {
                k += 2
                continue
            }
            if p[k] == q {
                text += try unescape(start, k)
                start = k + 1
            }
            k += 1
        }
        text += try unescape(start, contentEnd)
        var next = end
        if end < count {
            if p[end] == 0x0D && end + 1 < count && p[end + 1] == 0x0A {
                next = end + 2
            } else {
                next = end + (p[end] == 0xE2 ? 3 : 1)
            }
        }
        return LineValue(
            text: text, isClosed: last >= 0, strayQuotes: max(0, quotes - 1), rest: restStart..<end, nextLine: next)
    }

    /// The byte offset of the first line break (LF, CR, U+2028, U+2029) at or after `i`, or `count`.
    func lineEnd(from i: Int) -> Int {
        var j = i
        while true {
            j = ByteSearch.firstLineBreakCandidate(in: p, from: j, end: count)
            guard j < count else { return count }
            let b = p[j]
            if b == 0x0A || b == 0x0D || (b == 0xE2 && UTF8Scalar.isLineOrParagraphSeparator(p, at: j, count: count)) {
                return j
            }
            j += 1
        }
    }

    /// Goes on tokenizing at byte `offset`, the start of line `line` (after a line read by
    /// `lineValue`), as if what lies before it had been read.
    mutating func restart(at offset: Int, line: Int) {
        self.offset = offset
        self.line = line
        lineStart = offset
    }

    /// Forgets the warnings from index `index` on (those of tokens a recovery reads again).
    mutating func dropWarnings(from index: Int) {
        if index < warnings.count { warnings.removeSubrange(index...) }
    }

    /// A String from bytes [from, to) of the (valid) text.
    @inline(__always) func makeString(_ from: Int, _ to: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: p + from, count: to - from), as: UTF8.self)
    }

    /// Resolves escapes in the body [from, to) of a quoted string.
    private mutating func unescape(_ from: Int, _ to: Int) throws(StringsTokenIssue) -> String {
        scratch.removeAll(keepingCapacity: true)
        var k = from
        var run = from // start of the bytes not yet copied
        while k < to {
            // To the next backslash 8 bytes at a time (strings with escapes are often long
            // texts with a few `\n`).
            k = ByteSearch.first(0x5C, in: p, from: k, end: to)
            guard k < to else { break }
            scratch.append(contentsOf: UnsafeBufferPointer(start: p + run, count: k - run))
            var (value, next) = resolveEscape(at: k, end: to)
            if value >= 0xD800 && value <= 0xDBFF {
                // A UTF-16 pair written as two escapes, `\UD83D\UDE00`: CF keeps UTF-16 units,
                // so the pair becomes one character.
                if next + 1 < to && p[next] == 0x5C && p[next + 1] == 0x55 {
                    let (low, after) = resolveEscape(at: next, end: to)
                    if low >= 0xDC00 && low <= 0xDFFF {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        next = after
                    } else {
                        throw StringsTokenIssue(
                            offset: k,
                            message:
                                "escape \\U\(hex4(value)) is a high surrogate not followed by a low surrogate escape "
                                + "(\\UDC00–\\UDFFF)"
                        )
                    }
                } else {
                    throw StringsTokenIssue(
                        offset: k,
                        message:
                            "escape \\U\(hex4(value)) is a lone high surrogate; write the character itself or a full "
                            + "surrogate pair"
                    )
                }
            } else if value >= 0xDC00 && value <= 0xDFFF {
                throw StringsTokenIssue(
                    offset: k,
                    message:
                        "escape \\U\(hex4(value)) is a lone low surrogate; write the character itself or a full "
                        + "surrogate pair"
                )
            }
            UTF8Scalar.append(value, to: &scratch)
            k = next
            run = next
        }
        scratch.append(contentsOf: UnsafeBufferPointer(start: p + run, count: to - run))
        return String(decoding: scratch, as: UTF8.self)
    }

    private func hex4(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    /// `getSlashedChar`: the backslash is at `at`; returns the value and the offset after the escape.
    private mutating func resolveEscape(at: Int, end: Int) -> (UInt32, Int) {
        let i = at + 1
        guard i < end else { return (0x5C, i) } // cannot happen: the closing quote follows
        let c = p[i]
        switch c {
        case 0x30...0x37: // octal, up to 3 digits, read as a NeXTSTEP byte (CF: uint8_t, wraps)
            var num = Int(c - 0x30)
            var j = i + 1
            var digits = 1
            while digits < 3 && j < end && p[j] >= 0x30 && p[j] <= 0x37 {
                num = (num << 3) + Int(p[j] - 0x30)
                j += 1
                digits += 1
            }
            return (NextStepEncoding.scalar(for: UInt8(truncatingIfNeeded: num)), j)
        case 0x61: return (0x07, i + 1) // \a
        case 0x62: return (0x08, i + 1) // \b
        case 0x66: return (0x0C, i + 1) // \f
        case 0x6E: return (0x0A, i + 1) // \n
        case 0x72: return (0x0D, i + 1) // \r
        case 0x74: return (0x09, i + 1) // \t
        case 0x76: return (0x0B, i + 1) // \v
        case 0x22, 0x27, 0x5C, 0x0A, 0x0D:
            return (UInt32(c), i + 1) // \" \' \\ and backslash-newline (the line break is kept)
        case 0x55: // \U + up to 4 hex digits; stops at the first non-hex (`\U41z` is `Az`)
            var num: UInt32 = 0
            var j = i + 1
            while j < end && j < i + 5, let h = StringsTokenizer.hexValue(UInt32(p[j])) {
                num = (num << 4) + h
                j += 1
            }
            return (num, j)
        case 0x75:
            // Apple does not decode lowercase \u: "\u00e9" reads as "u00e9".
            warnings.append(
                StringsTokenIssue(
                    offset: at,
                    message:
                        "'\\u' is not an escape in .strings files: Apple reads it as 'u' (use '\\U' followed by 4 hex "
                        + "digits)"
                ))
            return (0x75, i + 1)
        default:
            let (value, length) = UTF8Scalar.decode(p, at: i)
            // Backslash before U+2028/U+2029 is a backslash-newline like LF and CR.
            if value == 0x2028 || value == 0x2029 { return (value, i + length) }
            let shown = Unicode.Scalar(value).map { String(Character($0)) } ?? "?"
            warnings.append(StringsTokenIssue(offset: at, message: "unknown escape '\\\(shown)': read as '\(shown)'"))
            return (value, i + length)
        }
    }
}
