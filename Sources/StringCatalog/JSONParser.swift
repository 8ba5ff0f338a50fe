import Foundation
import StringcatSupport

/// A strict JSON (RFC 8259) reader over UTF-8 bytes: the primitives `CatalogDecoder` reads a
/// catalog with, and `JSONValue` for the fields the model does not know.
///
/// Written by hand rather than with `JSONSerialization` because (1) errors need their offset
/// (reported as line and column), (2) `true` and `1` stay apart by construction (no `NSNumber`),
/// (3) catalogs reach hundreds of MB. Strings that are not valid UTF-8 and lone surrogates are
/// errors rather than U+FFFD. A duplicate key in an object is an error: keeping either value
/// silently would lose the other.
struct JSONParser {
    /// Deeper nesting is refused instead of overflowing the stack; catalogs nest about 10 deep.
    static let maxDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var scratch: [UInt8] = []

    /// A parser at the start of `bytes` (after a UTF-8 BOM, if any).
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
    }

    /// A parser standing at `offset` of `bytes`, a window of a longer text (no BOM check).
    init(bytes: UnsafeBufferPointer<UInt8>, offset: Int) {
        self.bytes = bytes
        i = offset
    }

    /// Checks that only whitespace follows the document's value.
    mutating func expectEnd() throws(CatalogReadError) {
        skipWhitespace()
        if i < bytes.count { throw error("unexpected \(describeCurrent()) after the end of the JSON value") }
    }

    // MARK: - Values

    mutating func parseValue(depth: Int) throws(CatalogReadError) -> JSONValue {
        skipWhitespace()
        guard i < bytes.count else { throw error("unexpected end of file, expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
            return .object(try parseObject(depth: depth + 1))
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
            return .array(try parseArray(depth: depth + 1))
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(CatalogReadError) -> [String: JSONValue] {
        i += 1 // {
        var result: [String: JSONValue] = [:]
        var first = true
        while let (key, keyOffset) = try nextMember(first: &first) {
            let value = try parseValue(depth: depth)
            if let existing = result.index(forKey: key) {
                throw duplicateKeyError(key, earlier: result[existing].key, at: keyOffset)
            }
            result[key] = value
        }
        return result
    }

    /// Moves to the next member of the object being read (just after its `{` when `first`,
    /// else just after a value): returns its key and the key's offset, the parser standing at
    /// the value, or nil after the closing `}`.
    mutating func nextMember(first: inout Bool) throws(CatalogReadError) -> (key: String, offset: Int)? {
        guard let key = try nextMemberKey(first: &first) else { return nil }
        return (key.string, key.offset)
    }

    /// `nextMember(first:)` without making a `String` of a plain key: the fields of a catalog's
    /// objects are matched by their bytes (`MemberKey.is`), and only the keys kept (languages,
    /// plural categories, unknown fields) become strings.
    mutating func nextMemberKey(first: inout Bool) throws(CatalogReadError) -> MemberKey? {
        skipWhitespace()
        if first {
            first = false
            if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
                i += 1
                return nil
            }
        } else {
            guard i < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: "}") {
                i += 1
                return nil
            }
            guard bytes[i] == UInt8(ascii: ",") else {
                throw error("unexpected \(describeCurrent()), expected ',' or '}'")
            }
            i += 1
            skipWhitespace()
        }
        guard i < bytes.count else { throw error("unexpected end of file, expected a key in quotes") }
        guard bytes[i] == UInt8(ascii: "\"") else {
            throw error("unexpected \(describeCurrent()), expected a key in quotes")
        }
        let key = try parseKey()
        skipWhitespace()
        guard i < bytes.count else { throw error("unexpected end of file, expected ':'") }
        guard bytes[i] == UInt8(ascii: ":") else { throw error("unexpected \(describeCurrent()), expected ':'") }
        i += 1
        skipWhitespace()
        return key
    }

    /// A key at its opening quote: its bytes when they are printable ASCII without an escape,
    /// else decoded by `parseString` (with its checks and errors).
    private mutating func parseKey() throws(CatalogReadError) -> MemberKey {
        let quote = i
        var k = i + 1
        while k < bytes.count {
            let b = bytes[k]
            if b == UInt8(ascii: "\"") {
                i = k + 1
                return MemberKey(
                    offset: quote, plain: UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<k]), decoded: nil)
            }
            if b == UInt8(ascii: "\\") || b >= 0x80 || b < 0x20 { break }
            k += 1
        }
        return MemberKey(
            offset: quote, plain: UnsafeBufferPointer(rebasing: bytes[quote..<quote]), decoded: try parseString())
    }

    /// A key seen twice in one object. Swift compares strings by canonical equivalence: "é"
    /// (U+00E9) and "e" + U+0301 are the same dictionary key, while Xcode (NSString, literal)
    /// keeps both; say so instead of keeping one silently.
    func duplicateKeyError(_ key: String, earlier: String, at offset: Int) -> CatalogReadError {
        let quoted = ControlCharacters.quoted
        if Array(earlier.utf8) != Array(key.utf8) {
            return .syntax(
                "key \(quoted(key)) differs from the earlier key \(quoted(earlier)) only by Unicode normalization"
                    + " (composed vs decomposed characters); stringcat cannot keep both", at: offset)
        }
        return .syntax("duplicate key \(quoted(key)) in the same object", at: offset)
    }

    /// The first byte of the value at the current position (after whitespace), nil at the end.
    mutating func peekValueStart() -> UInt8? {
        skipWhitespace()
        return i < bytes.count ? bytes[i] : nil
    }

    /// The current offset.
    var offset: Int { i }

    /// Steps over one byte (the `{` of an object the caller reads member by member).
    mutating func advance() { i += 1 }

    private mutating func parseArray(depth: Int) throws(CatalogReadError) -> [JSONValue] {
        i += 1 // [
        var result: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
            i += 1
            return result
        }
        while true {
            result.append(try parseValue(depth: depth))
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return result }
            throw error("unexpected \(describeCurrent()), expected ',' or ']'")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(CatalogReadError) {
        let start = i
        let count = literal.utf8CodeUnitCount
        let text = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for k in 0..<count {
            guard start + k < bytes.count, bytes[start + k] == text[k] else {
                i = start
                throw error("unexpected \(describeCurrent()), expected a value")
            }
        }
        i = start + count
    }

    private mutating func parseNumber() throws(CatalogReadError) -> JSONValue {
        let start = i
        var isInteger = true
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw error("invalid number: expected a digit") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count && isDigit(bytes[i]) { throw error("invalid number: leading zero") }
        } else {
            while i < bytes.count && isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("invalid number: expected a digit after '.'") }
            while i < bytes.count && isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            isInteger = false
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else {
                throw error("invalid number: expected a digit in the exponent")
            }
            while i < bytes.count && isDigit(bytes[i]) { i += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        // "-0" stays a Double: as an Int it would be written back "0", so a second read + write
        // of a catalog holding -0.0 (written "-0") would change it (found by the catalog fuzz checks).
        if isInteger, text != "-0", let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else {
            throw CatalogReadError.syntax("number \(text) is out of range", at: start)
        }
        return .double(value)
    }

    // MARK: - Strings

    /// Parses a string starting at its opening quote. Strings without escapes (nearly all) are
    /// decoded straight from the input bytes.
    mutating func parseString() throws(CatalogReadError) -> String {
        i += 1 // "
        let start = i
        var sawNonASCII = false
        skipPlainBytes(sawNonASCII: &sawNonASCII)
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<i])
                i += 1
                guard sawNonASCII else { return String(decoding: slice, as: UTF8.self) }
                if let text = decodedExactly(slice) { return text }
                // Not UTF-8: ours names the byte.
                try validateUTF8(slice, baseOffset: start)
                return String(decoding: slice, as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") { return try parseEscapedString(from: start, sawNonASCII: sawNonASCII) }
            if b < 0x20 { throw controlCharacterError(b) }
            if b >= 0x80 { sawNonASCII = true }
            i += 1
        }
        throw CatalogReadError.syntax("unterminated string", at: start - 1)
    }

    /// Moves to the first byte of a string's body that is a quote, a backslash or a control
    /// character (or near the end), 8 bytes at a time, noting whether it passed a byte >= 0x80.
    /// `(x - 0x01…) & ~x & 0x80…` marks the zero bytes of x, and `(x - 0x20…) & ~x & 0x80…` its
    /// bytes below 0x20; a mark above a true one may be wrong (a borrow), so only the lowest is
    /// used, which is exact.
    @inline(__always) private mutating func skipPlainBytes(sawNonASCII: inout Bool) {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while i &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let stops =
                ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word) & highs
            if stops != 0 {
                let before = stops.trailingZeroBitCount & ~7
                if word & highs & ((1 << before) &- 1) != 0 { sawNonASCII = true }
                i &+= before >> 3
                return
            }
            if word & highs != 0 { sawNonASCII = true }
            i &+= 8
        }
    }

    private mutating func parseEscapedString(from start: Int, sawNonASCII: Bool) throws(CatalogReadError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
        var runStart = i
        var nonASCII = sawNonASCII
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<i])
                if nonASCII { try validateUTF8(UnsafeBufferPointer(rebasing: bytes[start..<i]), baseOffset: start) }
                scratch.append(contentsOf: run)
                i += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if b < 0x20 { throw controlCharacterError(b) }
            if b >= 0x80 { nonASCII = true }
            if b != UInt8(ascii: "\\") { i += 1; continue }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            let escapeOffset = i
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): scratch.append(0x22)
            case UInt8(ascii: "\\"): scratch.append(0x5C)
            case UInt8(ascii: "/"): scratch.append(0x2F)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                let scalar = try parseUnicodeEscape(escapeOffset: escapeOffset)
                scratch.append(contentsOf: String(Character(scalar)).utf8)
            default:
                i = escapeOffset
                throw error("invalid escape sequence in string")
            }
            runStart = i
        }
        throw CatalogReadError.syntax("unterminated string", at: start - 1)
    }

    /// `\uXXXX`, with a surrogate pair when the first is a high surrogate. A lone surrogate is
    /// an error: it has no UTF-8 form and could not be written back.
    private mutating func parseUnicodeEscape(escapeOffset: Int) throws(CatalogReadError) -> Unicode.Scalar {
        let first = try hex4(escapeOffset: escapeOffset)
        if (0xD800...0xDBFF).contains(first) {
            if i + 1 < bytes.count && bytes[i] == UInt8(ascii: "\\") && bytes[i + 1] == UInt8(ascii: "u") {
                let secondOffset = i
                i += 2
                let second = try hex4(escapeOffset: secondOffset)
                if (0xDC00...0xDFFF).contains(second) {
                    let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                    return Unicode.Scalar(value)!
                }
            }
            throw CatalogReadError.syntax("unpaired surrogate in \\u escape", at: escapeOffset)
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw CatalogReadError.syntax("unpaired surrogate in \\u escape", at: escapeOffset)
        }
        return scalar
    }

    private mutating func hex4(escapeOffset: Int) throws(CatalogReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw CatalogReadError.syntax("invalid \\u escape", at: escapeOffset) }
            let b = bytes[i]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw CatalogReadError.syntax("invalid \\u escape", at: escapeOffset)
            }
            value = value * 16 + UInt32(digit)
            i += 1
        }
        return value
    }

    /// Rejects bytes that are not UTF-8 instead of turning them into U+FFFD.
    private func validateUTF8(_ slice: UnsafeBufferPointer<UInt8>, baseOffset: Int) throws(CatalogReadError) {
        var k = 0
        let n = slice.count
        while k < n {
            let b = slice[k]
            if b < 0x80 { k += 1; continue }
            var length = 0
            var lowerBound: UInt8 = 0x80, upperBound: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upperBound = 0x9F
            case 0xF0: length = 4; lowerBound = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upperBound = 0x8F
            default: length = 0
            }
            var valid = length > 0 && k + length <= n
            if valid {
                valid = slice[k + 1] >= lowerBound && slice[k + 1] <= upperBound
                var m = 2
                while valid && m < length {
                    valid = slice[k + m] & 0xC0 == 0x80
                    m += 1
                }
            }
            guard valid else { throw CatalogReadError.syntax("invalid UTF-8 byte sequence", at: baseOffset + k) }
            k += length
        }
    }

    // MARK: - Helpers

    mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0D, 0x09: i += 1
            case 0x0A:
                i += 1
                skipIndentation()
            default: return
            }
        }
    }

    /// The spaces that start a line, 8 at a time: a pretty-printed catalog indents each line by
    /// 2 to 14 spaces, and byte by byte that was a tenth of the decoding. Only after a line
    /// break: elsewhere there is one space, where a word would cost more than it saves.
    @inline(__always) private mutating func skipIndentation() {
        guard let base = bytes.baseAddress else { return }
        while i &+ 8 <= bytes.count {
            let notSpace =
                UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) ^ 0x2020_2020_2020_2020
            if notSpace != 0 {
                i &+= notSpace.trailingZeroBitCount >> 3
                return
            }
            i &+= 8
        }
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    func error(_ message: String) -> CatalogReadError { .syntax(message, at: i) }

    private func controlCharacterError(_ b: UInt8) -> CatalogReadError {
        CatalogReadError.syntax("unescaped control character U+\(hex4String(UInt32(b))) in string", at: i)
    }

    /// The character at the current position, for messages: `'x'` or `U+XXXX`.
    func describeCurrent() -> String {
        guard i < bytes.count else { return "end of file" }
        let b = bytes[i]
        if b > 0x20 && b < 0x7F { return "character '\(Character(Unicode.Scalar(b)))'" }
        if b < 0x80 { return "character U+\(hex4String(UInt32(b)))" }
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[i...]).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return "character '\(Character(scalar))' (U+\(hex4String(scalar.value)))"
        }
        return "invalid UTF-8 byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    private func hex4String(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// An object member's key as `JSONParser.nextMemberKey` read it.
struct MemberKey {
    /// The offset of its opening quote.
    let offset: Int
    /// The bytes between the quotes, when `decoded` is nil.
    let plain: UnsafeBufferPointer<UInt8>
    /// The key, when it has an escape or a byte that is not printable ASCII.
    let decoded: String?

    /// True when the key is `name` as Swift compares strings (for printable ASCII without escapes,
    /// that is byte for byte: no other spelling is canonically equivalent to it).
    @inline(__always) func `is`(_ name: StaticString) -> Bool {
        if let decoded { return decoded == name.description }
        return plain.count == name.utf8CodeUnitCount && TextSearch.spells(name, at: 0, in: plain)
    }

    var string: String { decoded ?? String(decoding: plain, as: UTF8.self) }
}
