import StringcatSupport

/// One piece of an XML document, as `XMLScanner` hands it out.
enum XMLEvent {
    /// A start tag (`selfClosing` for `<a/>`), with its attributes in document order.
    case start(name: String, attributes: [(name: String, value: String)], selfClosing: Bool, offset: Int)
    case end(name: String, offset: Int)
    /// Character data (entities decoded, line ends normalised to LF, CDATA included).
    case text(String, offset: Int)
}

/// A problem in the XML, at a byte offset of the file.
struct XMLProblem: Error {
    var message: String
    var offset: Int
}

/// A pull reader of XML 1.0 bytes, written for XLIFF: exact byte offsets for every event (turned
/// into line and column on demand by `location(of:)`), and memory bounded by the largest single
/// token, not by the file: the bytes are read a chunk at a time and dropped once scanned.
///
/// It reads what XLIFF files hold: elements, attributes, the five predefined entities and
/// character references, CDATA sections, comments and processing instructions. A document type
/// declaration is refused (XLIFF has none, and its entities are what "billion laughs" files are
/// made of). Every character is checked: invalid UTF-8 and characters XML 1.0 does not allow
/// (`U+0018`, `&#24;`) are errors at their place, never replaced.
final class XMLScanner {
    private var source: any XMLByteSource
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    /// The file offset of `buffer[0]`.
    private var base = 0
    /// Index in `buffer` of the next byte to scan.
    private var pos = 0
    /// Index in `buffer` of the token being scanned: bytes before it may be dropped.
    private var tokenStart = 0
    private var atEnd = false
    private var tracker = PositionTracker()
    /// The largest the buffer has been, in bytes (for the test of bounded memory).
    private(set) var bufferHighWater = 0

    init(source: any XMLByteSource, chunkSize: Int = 1 << 20) {
        self.source = source
        self.chunkSize = chunkSize
    }

    // MARK: Bytes

    /// Makes `buffer[pos + count - 1]` readable; false when the file ends first. May drop the bytes
    /// before `tokenStart` (shifting `pos` and `tokenStart`).
    @inline(__always)
    private func available(_ count: Int) throws(XMLProblem) -> Bool {
        if pos + count <= buffer.count { return true }
        return try fill(count)
    }

    private func fill(_ count: Int) throws(XMLProblem) -> Bool {
        while pos + count > buffer.count {
            if atEnd { return false }
            if tokenStart > 0 {
                tracker.advance(over: buffer, upTo: tokenStart, base: base)
                buffer.removeFirst(tokenStart)
                base += tokenStart
                pos -= tokenStart
                tokenStart = 0
            }
            do {
                let got = try source.read(into: &buffer, count: max(chunkSize, count))
                if got == 0 { atEnd = true }
            } catch {
                throw XMLProblem(message: "cannot read the file: \(error.reason)", offset: base + buffer.count)
            }
            bufferHighWater = max(bufferHighWater, buffer.count)
        }
        return true
    }

    /// The 1-based line and column (in Unicode scalars) of file offset `offset`, which must not be
    /// before an offset asked for earlier, nor before the token being scanned. Nil otherwise.
    func location(of offset: Int) -> (line: Int, column: Int)? {
        guard offset >= tracker.offset, offset - base <= buffer.count else { return nil }
        tracker.advance(over: buffer, upTo: offset - base, base: base)
        return (tracker.line, tracker.column)
    }

    /// The file offset of the next byte to be scanned (the end of the file after the last event).
    var offset: Int { base + pos }

    // MARK: Events

    /// The next event; nil at the end of the file.
    func next() throws(XMLProblem) -> XMLEvent? {
        while true {
            tokenStart = pos
            guard try available(1) else { return nil }
            if buffer[pos] != UInt8(ascii: "<") { return try text() }
            guard try available(2) else { throw problem("the file ends inside a tag", at: offset) }
            switch buffer[pos + 1] {
            case UInt8(ascii: "/"): return try endTag()
            case UInt8(ascii: "?"): try processingInstruction()
            case UInt8(ascii: "!"):
                if try startsWith("<!--") {
                    try skip(past: "-->", what: "a comment")
                } else if try startsWith("<![CDATA[") {
                    return try cdata()
                } else if try startsWith("<!DOCTYPE") {
                    throw problem("a document type declaration (<!DOCTYPE>): XLIFF has none, and its entities are not read", at: offset)
                } else {
                    throw problem("'<!' starts no comment or CDATA section here", at: offset)
                }
            default: return try startTag()
            }
        }
    }

    private func problem(_ message: String, at offset: Int) -> XMLProblem { XMLProblem(message: message, offset: offset) }

    private func startsWith(_ literal: StaticString) throws(XMLProblem) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard try available(count) else { return false }
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for index in 0..<count where buffer[pos + index] != bytes[index] { return false }
        return true
    }

    /// Moves `pos` past the next `terminator` (e.g. `-->`); an error when the file ends first.
    private func skip(past terminator: StaticString, what: String) throws(XMLProblem) {
        let start = offset
        let count = terminator.utf8CodeUnitCount
        let bytes = UnsafeBufferPointer(start: terminator.utf8Start, count: count)
        while true {
            guard try available(count) else { throw problem("the file ends inside \(what)", at: start) }
            var matched = true
            for index in 0..<count where buffer[pos + index] != bytes[index] {
                matched = false
                break
            }
            if matched {
                pos += count
                return
            }
            pos += 1
        }
    }

    private func processingInstruction() throws(XMLProblem) {
        let start = offset
        let firstFromToken = pos - tokenStart
        try skip(past: "?>", what: "a processing instruction")
        let body = String(decoding: buffer[(tokenStart + firstFromToken + 2)..<(pos - 2)], as: UTF8.self)
        guard body.hasPrefix("xml") && (body.count == 3 || body.dropFirst(3).first?.isWhitespace == true) else { return }
        guard start == 0 else {
            throw problem("the XML declaration (<?xml …?>) may only stand at the very start of the file", at: start)
        }
        // The declaration may name the encoding; this reader reads UTF-8 (what Xcode writes).
        if let range = body.range(of: "encoding") {
            let rest = body[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
            if let quote = rest.first, quote == "\"" || quote == "'" {
                let name = rest.dropFirst().prefix { $0 != quote }.lowercased()
                if name != "utf-8" && name != "utf8" {
                    throw problem("the file declares the encoding \(name); XLIFF is read as UTF-8 (save it as UTF-8)", at: start)
                }
            }
        }
    }

    private func name(what: String) throws(XMLProblem) -> String {
        let startOffset = offset
        // Relative to `tokenStart`: a refill may drop the bytes before it and shift indices.
        let firstFromToken = pos - tokenStart
        while true {
            guard try available(1) else { throw problem("the file ends inside \(what)", at: startOffset) }
            let byte = buffer[pos]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<") {
                break
            }
            pos += 1
        }
        let first = tokenStart + firstFromToken
        guard pos > first else { throw problem("expected a name in \(what)", at: startOffset) }
        return try decode(first..<pos, entities: false, attribute: false)
    }

    private func skipSpace() throws(XMLProblem) -> Bool {
        var skipped = false
        while try available(1) {
            let byte = buffer[pos]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { break }
            pos += 1
            skipped = true
        }
        return skipped
    }

    private func startTag() throws(XMLProblem) -> XMLEvent {
        let start = offset
        pos += 1
        let tagName = try name(what: "a tag")
        var attributes: [(name: String, value: String)] = []
        while true {
            let spaced = try skipSpace()
            guard try available(1) else { throw problem("the file ends inside the tag <\(tagName)>", at: start) }
            let byte = buffer[pos]
            if byte == UInt8(ascii: ">") {
                pos += 1
                return .start(name: tagName, attributes: attributes, selfClosing: false, offset: start)
            }
            if byte == UInt8(ascii: "/") {
                guard try available(2), buffer[pos + 1] == UInt8(ascii: ">") else {
                    throw problem("expected '/>' to close the tag <\(tagName)>", at: offset)
                }
                pos += 2
                return .start(name: tagName, attributes: attributes, selfClosing: true, offset: start)
            }
            guard spaced else { throw problem("expected a space before the next attribute of <\(tagName)>", at: offset) }
            let attributeStart = offset
            let attributeName = try name(what: "an attribute of <\(tagName)>")
            _ = try skipSpace()
            guard try available(1), buffer[pos] == UInt8(ascii: "=") else {
                throw problem("expected '=' after the attribute \(attributeName) of <\(tagName)>", at: offset)
            }
            pos += 1
            _ = try skipSpace()
            guard try available(1), buffer[pos] == UInt8(ascii: "\"") || buffer[pos] == UInt8(ascii: "'") else {
                throw problem("expected a quoted value for the attribute \(attributeName) of <\(tagName)>", at: offset)
            }
            let quote = buffer[pos]
            pos += 1
            let firstFromToken = pos - tokenStart
            while true {
                guard try available(1) else { throw problem("the file ends inside the value of \(attributeName)", at: attributeStart) }
                let byte = buffer[pos]
                if byte == quote { break }
                if byte == UInt8(ascii: "<") { throw problem("'<' inside the value of the attribute \(attributeName) (write &lt;)", at: offset) }
                pos += 1
            }
            let value = try decode((tokenStart + firstFromToken)..<pos, entities: true, attribute: true)
            pos += 1
            if attributes.contains(where: { $0.name == attributeName }) {
                throw problem("the attribute \(attributeName) appears twice in <\(tagName)>", at: attributeStart)
            }
            attributes.append((attributeName, value))
        }
    }

    private func endTag() throws(XMLProblem) -> XMLEvent {
        let start = offset
        pos += 2
        let tagName = try name(what: "an end tag")
        _ = try skipSpace()
        guard try available(1), buffer[pos] == UInt8(ascii: ">") else { throw problem("expected '>' to close </\(tagName)>", at: offset) }
        pos += 1
        return .end(name: tagName, offset: start)
    }

    private func cdata() throws(XMLProblem) -> XMLEvent {
        let start = offset
        pos += 9
        let firstFromToken = pos - tokenStart
        try skip(past: "]]>", what: "a CDATA section")
        return .text(try decode((tokenStart + firstFromToken)..<(pos - 3), entities: false, attribute: false), offset: start)
    }

    private func text() throws(XMLProblem) -> XMLEvent {
        let start = offset
        while true {
            // Scan what is buffered for '<' without a call per byte.
            let found: Int? = buffer.withUnsafeBufferPointer { bytes in
                var index = pos
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "<") { return index }
                    index += 1
                }
                return nil
            }
            if let found {
                pos = found
                break
            }
            pos = buffer.count
            guard try available(1) else { break }
        }
        return .text(try decode(tokenStart..<pos, entities: true, attribute: false), offset: start)
    }

    // MARK: Decoding

    /// The text of `buffer[range]`: UTF-8 checked, characters XML forbids refused, entities and
    /// character references decoded (`entities`), line ends normalised (CR LF and CR -> LF), and
    /// in an attribute value TAB, LF and CR -> space (XML 1.0 §3.3.3).
    private func decode(_ range: Range<Int>, entities: Bool, attribute: Bool) throws(XMLProblem) -> String {
        let result: Result<String, XMLProblem> = buffer.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[range])
            let baseOffset = base + range.lowerBound
            // Fast path: plain text with nothing to decode or check.
            var plain = true
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "&") || byte == 0xEF {
                plain = false
                break
            }
            if plain, let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
            if String(validating: bytes, as: UTF8.self) == nil {
                let bad = Self.firstInvalidUTF8(bytes)
                return .failure(XMLProblem(message: "invalid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))", offset: baseOffset + bad))
            }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x0D:
                    out.append(attribute ? 0x20 : 0x0A)
                    if index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                    index += 1
                case 0x09, 0x0A:
                    out.append(attribute ? 0x20 : byte)
                    index += 1
                case 0..<0x20:
                    return .failure(XMLProblem(message: "the control character U+\(Self.hex(UInt32(byte))) is not allowed in XML (not even as &#\(byte);)",
                                               offset: baseOffset + index))
                case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
                    return .failure(XMLProblem(message: "the character U+FFF\(bytes[index + 2] == 0xBE ? "E" : "F") is not allowed in XML",
                                               offset: baseOffset + index))
                case UInt8(ascii: "&") where entities:
                    var end = index + 1
                    while end < bytes.count && bytes[end] != UInt8(ascii: ";") && end - index < 12 { end += 1 }
                    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
                        return .failure(XMLProblem(message: "'&' starts no entity here (write &amp;)", offset: baseOffset + index))
                    }
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
                    switch Self.entity(name) {
                    case .character(let scalar):
                        out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    case .invalid(let message):
                        return .failure(XMLProblem(message: message, offset: baseOffset + index))
                    }
                    index = end + 1
                default:
                    out.append(byte)
                    index += 1
                }
            }
            return .success(String(decoding: out, as: UTF8.self))
        }
        return try result.get()
    }

    /// The character an entity or character reference stands for (`amp`, `#10`, `#x1F600`), or
    /// the error to report.
    private static func entity(_ name: String) -> Entity {
        switch name {
        case "amp": return .character("&")
        case "lt": return .character("<")
        case "gt": return .character(">")
        case "quot": return .character("\"")
        case "apos": return .character("'")
        default: break
        }
        guard name.hasPrefix("#") else {
            return .invalid("unknown entity &\(name); (XML defines only &amp; &lt; &gt; &quot; &apos;)")
        }
        let digits = name.dropFirst()
        let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, let scalar = Unicode.Scalar(value) else {
            return .invalid("&\(name); is not a character reference to a Unicode character")
        }
        guard XMLEscaping.isAllowed(scalar) else {
            return .invalid("&\(name); is U+\(hex(value)), a character XML 1.0 does not allow")
        }
        return .character(scalar)
    }

    private enum Entity {
        case character(Unicode.Scalar)
        case invalid(String)
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The index of the first byte of `bytes` that does not continue valid UTF-8.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0..<0x80: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for offset in 1..<max(1, length) where bytes[index + offset] & 0xC0 != 0x80 { return index + offset }
            if length > 1, String(validating: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self) == nil {
                return index
            }
            index += length
        }
        return index
    }
}

/// Line and column at a file offset, advanced over the bytes as they go by: a location is known
/// without keeping the file in memory.
struct PositionTracker {
    private(set) var offset = 0
    private(set) var line = 1
    private(set) var column = 1
    private var afterCR = false

    /// Advances to the file offset `base + index` over `buffer` (whose first byte is at `base`).
    mutating func advance(over buffer: [UInt8], upTo index: Int, base: Int) {
        let from = offset - base
        guard index > from, from >= 0 else { return }
        buffer.withUnsafeBufferPointer { bytes in
            for position in from..<index {
                let byte = bytes[position]
                if byte == 0x0A {
                    if !afterCR {
                        line += 1
                        column = 1
                    }
                    afterCR = false
                } else if byte == 0x0D {
                    line += 1
                    column = 1
                    afterCR = true
                } else {
                    afterCR = false
                    if byte & 0xC0 != 0x80 { column += 1 }
                }
            }
        }
        offset = base + index
    }
}
