import Foundation
import StringcatSupport

/// A JSON syntax error at a byte offset; the line and column are computed only when reported.
struct JSONSyntaxError: Error, Equatable {
    var message: String
    var offset: Int
}

/// A strict JSON (RFC 8259) parser over UTF-8 bytes, producing `JSONValue`.
///
/// Written by hand rather than with `JSONSerialization` because (1) it must report the line and
/// column of a syntax error, (2) it must keep `true` apart from `1` (on Linux an `NSNumber`
/// from `JSONSerialization` does not say which it was), (3) catalogs reach hundreds of MB.
/// A duplicate key in an object is an error: keeping either value silently would lose the other.
struct JSONParser {
    /// Deeper nesting is refused instead of overflowing the stack; catalogs nest about 10 deep.
    static let maxDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var scratch: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses a whole document (one value, whitespace around it; a UTF-8 BOM is skipped).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { parser.i = 3 }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.i < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON value")
        }
        return value
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
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

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [String: JSONValue] {
        i += 1  // {
        var result: [String: JSONValue] = [:]
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
            i += 1
            return result
        }
        while true {
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end of file, expected a key in quotes") }
            guard bytes[i] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a key in quotes")
            }
            let keyOffset = i
            let key = try parseString()
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end of file, expected ':'") }
            guard bytes[i] == UInt8(ascii: ":") else { throw error("unexpected \(describeCurrent()), expected ':'") }
            i += 1
            let value = try parseValue(depth: depth)
            if let existing = result.index(forKey: key) {
                // Swift compares strings by canonical equivalence: "é" (U+00E9) and "e" + U+0301
                // are the same dictionary key, while Xcode (NSString, literal) keeps both.
                let earlier = result[existing].key
                if Array(earlier.utf8) != Array(key.utf8) {
                    throw JSONSyntaxError(
                        message: "key \(quoted(key)) differs from the earlier key \(quoted(earlier)) only by Unicode normalization (composed vs decomposed characters); stringcat cannot keep both",
                        offset: keyOffset)
                }
                throw JSONSyntaxError(message: "duplicate key \(quoted(key)) in the same object", offset: keyOffset)
            }
            result[key] = value
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return result }
            throw error("unexpected \(describeCurrent()), expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        i += 1  // [
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

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
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

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
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
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("invalid number: expected a digit in the exponent") }
            while i < bytes.count && isDigit(bytes[i]) { i += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        // "-0" stays a Double: as an Int it would be written back "0", so a second read + write
        // of a catalog holding -0.0 (written "-0") would change it (found by the catalog fuzz checks).
        if isInteger, text != "-0", let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError(message: "number \(text) is out of range", offset: start)
        }
        return .double(value)
    }

    // MARK: - Strings

    /// Parses a string starting at its opening quote. Strings without escapes (nearly all) are
    /// decoded straight from the input bytes.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        i += 1  // "
        let start = i
        var sawNonASCII = false
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<i])
                if sawNonASCII { try validateUTF8(slice, baseOffset: start) }
                i += 1
                return String(decoding: slice, as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") { return try parseEscapedString(from: start, sawNonASCII: sawNonASCII) }
            if b < 0x20 { throw controlCharacterError(b) }
            if b >= 0x80 { sawNonASCII = true }
            i += 1
        }
        throw JSONSyntaxError(message: "unterminated string", offset: start - 1)
    }

    private mutating func parseEscapedString(from start: Int, sawNonASCII: Bool) throws(JSONSyntaxError) -> String {
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
        throw JSONSyntaxError(message: "unterminated string", offset: start - 1)
    }

    /// `\uXXXX`, with a surrogate pair when the first is a high surrogate. A lone surrogate is
    /// an error: it has no UTF-8 form and could not be written back.
    private mutating func parseUnicodeEscape(escapeOffset: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
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
            throw JSONSyntaxError(message: "unpaired surrogate in \\u escape", offset: escapeOffset)
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw JSONSyntaxError(message: "unpaired surrogate in \\u escape", offset: escapeOffset)
        }
        return scalar
    }

    private mutating func hex4(escapeOffset: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw JSONSyntaxError(message: "invalid \\u escape", offset: escapeOffset) }
            let b = bytes[i]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw JSONSyntaxError(message: "invalid \\u escape", offset: escapeOffset)
            }
            value = value * 16 + UInt32(digit)
            i += 1
        }
        return value
    }

    /// Rejects bytes that are not UTF-8 instead of turning them into U+FFFD.
    private func validateUTF8(_ slice: UnsafeBufferPointer<UInt8>, baseOffset: Int) throws(JSONSyntaxError) {
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
            guard valid else { throw JSONSyntaxError(message: "invalid UTF-8 byte sequence", offset: baseOffset + k) }
            k += length
        }
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, offset: i) }

    private func controlCharacterError(_ b: UInt8) -> JSONSyntaxError {
        JSONSyntaxError(message: "unescaped control character U+\(hex4String(UInt32(b))) in string", offset: i)
    }

    /// The character at the current position, for messages: `'x'` or `U+XXXX`.
    private func describeCurrent() -> String {
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

    private func quoted(_ key: String) -> String {
        "\"" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

extension JSONSyntaxError {
    /// The diagnostic for this error in `bytes`: 1-based line, column in Unicode scalars.
    func diagnostic(in bytes: UnsafeBufferPointer<UInt8>, path: String) -> Diagnostic {
        var line = 1
        var lineStart = 0
        var k = 0
        let end = min(offset, bytes.count)
        while k < end {
            let b = bytes[k]
            if b == 0x0A {
                line += 1
                lineStart = k + 1
            } else if b == 0x0D {
                if k + 1 < end && bytes[k + 1] == 0x0A { k += 1 }
                line += 1
                lineStart = k + 1
            }
            k += 1
        }
        var column = 1
        for j in lineStart..<end where bytes[j] & 0xC0 != 0x80 { column += 1 }
        return .error(message, at: SourceLocation(path: path, line: line, column: column, byteOffset: offset))
    }
}
