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
    /// The line and column of `offset`, when the scanner had to find them before the bytes there
    /// were dropped (the start of a comment or CDATA section read in parts).
    var position: (line: Int, column: Int)?

    init(message: String, offset: Int, position: (line: Int, column: Int)? = nil) {
        self.message = message
        self.offset = offset
        self.position = position
    }
}

/// A pull reader of XML 1.0 bytes, written for XLIFF: exact byte offsets for every event (turned
/// into line and column on demand by `location(of:)`), and memory bounded by the largest single
/// token, not by the file: the bytes are read a chunk at a time and dropped once scanned.
///
/// It reads what XLIFF files hold: elements, attributes, the five predefined entities and
/// character references, CDATA sections, comments and processing instructions; a UTF-8 byte
/// order mark before them (what Windows tools write) is skipped. A document type declaration is
/// refused (XLIFF has none, and its entities are what "billion laughs" files are made of).
/// Every character is checked: invalid UTF-8 and characters XML 1.0 does not allow (`U+0018`,
/// `&#24;`) are errors at their place, never replaced. Elements nested deeper than
/// `maximumDepth` are an error (no XLIFF comes near it; the reader's stacks stay small).
///
/// What is not a token of its own stays bounded too: character data, comments, CDATA sections
/// and processing instructions longer than a chunk are handed out (text) or skipped a chunk at a
/// time, so a gigabyte of whitespace between two elements takes a chunk of memory, not a gigabyte.
final class XMLScanner {
    /// How deep elements may nest.
    static let maximumDepth = 512
    /// Constructs are read in parts only past this length, whatever the chunk size: an XML
    /// declaration or a short comment is always read whole.
    static let shortestLongToken = 4096

    private var source: any XMLByteSource
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    /// The file offset of `buffer[0]`.
    private var base = 0
    /// Index in `buffer` of the next token: the bytes before it may be dropped.
    private var pos = 0
    private var atEnd = false
    private var tracker = PositionTracker()
    /// The largest the buffer has been, in bytes (for the test of bounded memory).
    private(set) var bufferHighWater = 0
    /// The file offset where the document starts: 3 after a byte order mark, else 0.
    private var documentStart = 0
    private var startChecked = false
    /// The comment, CDATA section or processing instruction longer than a chunk being read, and
    /// the line and column of its start (for the error of one that never ends).
    private var continuation: Continuation?
    private var continuationPosition: (line: Int, column: Int)?
    /// True when the bytes in memory are known to hold no more token: read more first.
    private var mustFill = false
    /// Elements open at this point of the file.
    private var depth = 0

    init(source: any XMLByteSource, chunkSize: Int = 1 << 20) {
        self.source = source
        self.chunkSize = max(1, chunkSize)
    }

    /// A construct read over several chunks, and the file offset where it starts (for its error).
    enum Continuation {
        case comment(start: Int)
        case cdata(start: Int)
        case instruction(start: Int)

        /// The file offset where it starts.
        var start: Int {
            switch self {
            case .comment(let start), .cdata(let start), .instruction(let start): return start
            }
        }
    }

    /// Skips a UTF-8 byte order mark at the start of the file (XML 1.0 §4.3.3 allows it).
    private func checkStart() throws(XMLProblem) {
        startChecked = true
        while buffer.count - pos < 3 && !atEnd {
            if !(try fill(minimum: 3)) { break }
        }
        if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
            pos = 3
            documentStart = 3
            // Not a column of the first line: an editor does not show it.
            tracker = PositionTracker(startingAt: 3)
        }
    }

    /// Drops the bytes before `pos` and reads at least `minimum` more (fewer at the end of the
    /// file); false when nothing more could be read.
    private func fill(minimum: Int) throws(XMLProblem) -> Bool {
        if pos > 0 {
            tracker.advance(over: buffer, upTo: pos, base: base)
            buffer.removeFirst(pos)
            base += pos
            pos = 0
        }
        if atEnd { return false }
        let got: Int
        do {
            got = try source.read(into: &buffer, count: max(minimum, chunkSize))
        } catch {
            throw XMLProblem(message: "cannot read the file: \(error.reason)", offset: base + buffer.count)
        }
        if got == 0 { atEnd = true }
        bufferHighWater = max(bufferHighWater, buffer.count)
        return got > 0
    }

    /// The 1-based line and column (in Unicode scalars) of file offset `offset`, which must not be
    /// before an offset asked for earlier, nor before the last event handed out. Nil otherwise.
    func location(of offset: Int) -> (line: Int, column: Int)? {
        guard offset >= tracker.offset, offset >= base, offset - base <= buffer.count else { return nil }
        tracker.advance(over: buffer, upTo: offset - base, base: base)
        return (tracker.line, tracker.column)
    }

    /// The file offset of the next byte to be scanned (the end of the file after the last event).
    var offset: Int { base + pos }

    // MARK: Events

    /// The next event; nil at the end of the file.
    ///
    /// Each token is scanned in one pass over the bytes in memory; a token that runs past them is
    /// scanned again once more are read (at least as many again as it has so far, so a token of
    /// any length costs a bounded number of passes per byte).
    func next() throws(XMLProblem) -> XMLEvent? {
        if !startChecked { try checkStart() }
        while true {
            if pos >= buffer.count || mustFill {
                mustFill = false
                let got = try fill(minimum: 1)
                // Inside a long construct, the tokenizer says that the file ends inside it.
                if !got && pos >= buffer.count && continuation == nil { return nil }
            }
            let continuing = continuation
            let attempt: Attempt = buffer.withUnsafeBufferPointer { bytes in
                var tokenizer = Tokenizer(
                    bytes: bytes, index: pos, base: base, atEnd: atEnd, documentStart: documentStart,
                    longToken: max(chunkSize, Self.shortestLongToken))
                do throws(Tokenizer.Stop) {
                    let event: XMLEvent?
                    if let continuing {
                        event = try tokenizer.resume(continuing)
                    } else {
                        event = try tokenizer.token()
                    }
                    return .event(event, end: tokenizer.index)
                } catch {
                    switch error {
                    case .needMore: return .needMore
                    case .problem(let problem): return .problem(problem)
                    case .long(let construct, let resume, let event): return .long(construct, resume, event)
                    }
                }
            }
            switch attempt {
            case .event(let event, let end):
                pos = end
                continuation = nil
                if let event {
                    try count(event)
                    return event
                }
            case .long(let construct, let resume, let event):
                // The rest of the construct is in bytes not read yet; what is before `resume`
                // is done with (its start's place is found now, while its bytes are here).
                if continuation == nil { continuationPosition = location(of: construct.start) }
                pos = resume
                continuation = construct
                mustFill = true
                if let event { return event }
            case .needMore:
                _ = try fill(minimum: max(chunkSize, buffer.count - pos))
            case .problem(var problem):
                if let construct = continuation, problem.offset == construct.start {
                    problem.position = continuationPosition
                }
                throw problem
            }
        }
    }

    /// Counts the elements open; an error past `maximumDepth`.
    private func count(_ event: XMLEvent) throws(XMLProblem) {
        switch event {
        case .start(let name, _, let selfClosing, let offset):
            guard !selfClosing else { return }
            depth += 1
            if depth > Self.maximumDepth {
                throw XMLProblem(
                    message:
                        "<\(name)> is nested \(depth) elements deep, more than the \(Self.maximumDepth) this reader "
                        + "reads: no XLIFF nests so deep (is this file made to crash readers?)",
                    offset: offset)
            }
        case .end: depth -= 1
        case .text: break
        }
    }

    private enum Attempt {
        /// A token was scanned up to `end`: an event, or nil for a comment or processing instruction.
        case event(XMLEvent?, end: Int)
        /// A long construct goes on past the bytes in memory: go on at `resume` once more are
        /// read, handing out `event` (the CDATA text so far) first.
        case long(Continuation, Int, XMLEvent?)
        case needMore
        case problem(XMLProblem)
    }
}

/// Scans one token from `index` over the bytes in memory (no call per byte, no bounds beyond the
/// buffer's): stops with `needMore` when the token runs past them and the file goes on.
private struct Tokenizer {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    /// The file offset of `bytes[0]`.
    let base: Int
    let atEnd: Bool
    /// The file offset where the document starts (after a byte order mark).
    let documentStart: Int
    /// Character data, comments, CDATA sections and processing instructions this long that go on
    /// past the bytes in memory are handed out or skipped in parts.
    let longToken: Int

    enum Stop: Error {
        case needMore
        case problem(XMLProblem)
        /// A construct longer than `longToken` goes on past the bytes: the scanner goes on at
        /// the index given once it has read more, after handing out the event, if any.
        case long(XMLScanner.Continuation, Int, XMLEvent?)
    }

    private func problem(_ message: String, at index: Int) -> Stop {
        .problem(XMLProblem(message: message, offset: base + index))
    }

    /// The byte at `position`, or the stop for a token cut at the end of the bytes.
    @inline(__always)
    private func byte(_ position: Int, inside what: @autoclosure () -> String) throws(Stop) -> UInt8 {
        if position < bytes.count { return bytes[position] }
        throw atEnd ? problem("the file ends inside \(what())", at: bytes.count) : .needMore
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    mutating func token() throws(Stop) -> XMLEvent? {
        let start = index
        if bytes[start] != UInt8(ascii: "<") { return try text() }
        switch try byte(start + 1, inside: "a tag") {
        case UInt8(ascii: "/"): return try endTag()
        case UInt8(ascii: "?"):
            if base + start == documentStart, try isDeclaration() {
                // The XML declaration is read whole, and is short: one that does not end within
                // `shortestLongToken` bytes is an error, however much of the file is in memory.
                let limit = start + XMLScanner.shortestLongToken
                guard let close = try? find("?>", from: start + 2, inside: "a processing instruction"),
                    close + 2 <= limit
                else {
                    if bytes.count >= limit {
                        throw problem(
                            "the XML declaration (<?xml …?>) does not end within \(XMLScanner.shortestLongToken) bytes",
                            at: start)
                    }
                    if atEnd { throw problem("the file ends inside a processing instruction", at: start) }
                    throw .needMore
                }
                _ = close
            } else if try findOrLong("?>", from: start + 2, inside: "a processing instruction") == nil {
                throw .long(.instruction(start: base + start), max(start + 2, bytes.count - 1), nil)
            }
            try processingInstruction()
            return nil
        case UInt8(ascii: "!"):
            if try startsWith("<!--") {
                guard let close = try findOrLong("-->", from: start + 4, inside: "a comment") else {
                    throw .long(.comment(start: base + start), max(start + 4, bytes.count - 2), nil)
                }
                index = close + 3
                return nil
            }
            if try startsWith("<![CDATA[") {
                guard let close = try findOrLong("]]>", from: start + 9, inside: "a CDATA section") else {
                    return try cdataPart(from: start + 9, start: base + start, offset: base + start)
                }
                index = close + 3
                return .text(
                    try XMLScanner.decode(bytes, start + 9..<close, base: base, entities: false, attribute: false),
                    offset: base + start)
            }
            if try startsWith("<!DOCTYPE") {
                throw problem(
                    "a document type declaration (<!DOCTYPE>): XLIFF has none, and its entities are not read", at: start
                )
            }
            throw problem("'<!' starts no comment or CDATA section here", at: start)
        default: return try startTag()
        }
    }

    /// The index of `terminator` from `position`; nil when the construct from `index` goes on
    /// past the bytes in memory and is already `longToken` long: it is read in parts.
    private func findOrLong(_ terminator: StaticString, from position: Int, inside what: String) throws(Stop) -> Int? {
        do {
            return try find(terminator, from: position, inside: what)
        } catch {
            if case .needMore = error, bytes.count - index >= longToken { return nil }
            throw error
        }
    }

    /// Goes on with a construct longer than a chunk, from `index` (the bytes before it done).
    mutating func resume(_ construct: XMLScanner.Continuation) throws(Stop) -> XMLEvent? {
        switch construct {
        case .comment(let start):
            return try skip(to: "-->", construct, start: start, keep: 2, what: "a comment")
        case .instruction(let start):
            return try skip(to: "?>", construct, start: start, keep: 1, what: "a processing instruction")
        case .cdata(let start):
            guard let close = try? find("]]>", from: index, inside: "a CDATA section") else {
                if atEnd {
                    throw Stop.problem(XMLProblem(message: "the file ends inside a CDATA section", offset: start))
                }
                return try cdataPart(from: index, start: start, offset: base + index)
            }
            let from = index
            index = close + 3
            return .text(
                try XMLScanner.decode(bytes, from..<close, base: base, entities: false, attribute: false),
                offset: base + from)
        }
    }

    /// Skips a long comment or processing instruction up to its `terminator`, or up to the last
    /// `keep` bytes (which may begin the terminator) when it goes on past them.
    private mutating func skip(
        to terminator: StaticString, _ construct: XMLScanner.Continuation, start: Int, keep: Int, what: String
    ) throws(Stop) -> XMLEvent? {
        let count = terminator.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: terminator.utf8Start, count: count)
        var position = index
        while position + count <= bytes.count {
            var matched = true
            for offset in 0..<count where bytes[position + offset] != expected[offset] {
                matched = false
                break
            }
            if matched {
                index = position + count
                return nil
            }
            position += 1
        }
        if atEnd { throw Stop.problem(XMLProblem(message: "the file ends inside \(what)", offset: start)) }
        throw Stop.long(construct, max(index, bytes.count - keep), nil)
    }

    /// The text of a long CDATA section from `from` up to the last bytes in memory (kept: they
    /// may begin `]]>`, a line break or a character), handed out as one event.
    private func cdataPart(from: Int, start: Int, offset: Int) throws(Stop) -> XMLEvent? {
        let cut = Self.characterBoundary(bytes, before: max(from, bytes.count - 2), notBefore: from)
        let text = try XMLScanner.decode(bytes, from..<cut, base: base, entities: false, attribute: false)
        throw Stop.long(.cdata(start: start), cut, text.isEmpty ? nil : .text(text, offset: offset))
    }

    /// The largest index at most `end` and at least `from` where text may be cut: not inside a
    /// UTF-8 sequence (the last character before `end` may lack bytes not read yet), not between
    /// a CR and the LF that may follow it.
    static func characterBoundary(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int, notBefore from: Int) -> Int {
        var cut = end
        var lead = cut - 1
        while lead > from && lead > cut - 4 && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        if lead >= from && lead < cut && bytes[lead] >= 0xC0 {
            let length = bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : 2
            if lead + length > cut { cut = lead }
        }
        if cut > from && bytes[cut - 1] == 0x0D { cut -= 1 }
        return cut
    }

    /// True when the processing instruction at `index` is the XML declaration: `<?xml` then a
    /// space or `?` (`<?xml-stylesheet` is another instruction).
    private func isDeclaration() throws(Stop) -> Bool {
        guard try startsWith("<?xml") else { return false }
        let next = try byte(index + 5, inside: "a processing instruction")
        return Self.isSpace(next) || next == UInt8(ascii: "?")
    }

    private func startsWith(_ literal: StaticString) throws(Stop) -> Bool {
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where try byte(index + offset, inside: "a tag") != expected[offset] { return false }
        return true
    }

    /// The index of the next `terminator` from `position`.
    private func find(_ terminator: StaticString, from position: Int, inside what: String) throws(Stop) -> Int {
        let count = terminator.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: terminator.utf8Start, count: count)
        var position = position
        while position + count <= bytes.count {
            if bytes[position] == expected[0] {
                var matched = true
                for offset in 1..<count where bytes[position + offset] != expected[offset] {
                    matched = false
                    break
                }
                if matched { return position }
            }
            position += 1
        }
        throw atEnd ? problem("the file ends inside \(what)", at: index) : .needMore
    }

    private mutating func processingInstruction() throws(Stop) {
        let start = index
        let close = try find("?>", from: start + 2, inside: "a processing instruction")
        index = close + 2
        let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 2)..<close]), as: UTF8.self)
        guard body.hasPrefix("xml") && (body.count == 3 || body.dropFirst(3).first?.isWhitespace == true) else {
            return
        }
        guard base + start == documentStart else {
            throw problem("the XML declaration (<?xml …?>) may only stand at the very start of the file", at: start)
        }
        // The declaration may name the encoding; this reader reads UTF-8 (what Xcode writes).
        if let range = body.range(of: "encoding") {
            let rest = body[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
            if let quote = rest.first, quote == "\"" || quote == "'" {
                let name = rest.dropFirst().prefix { $0 != quote }.lowercased()
                if name != "utf-8" && name != "utf8" {
                    throw problem(
                        "the file declares the encoding \(name); XLIFF is read as UTF-8 (save it as UTF-8)", at: start)
                }
            }
        }
    }

    /// A name (of an element or attribute) from `index`.
    private mutating func name(inside what: @autoclosure () -> String) throws(Stop) -> String {
        let first = index
        while true {
            let byte = try byte(index, inside: what())
            if Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
                || byte == UInt8(ascii: "<")
            {
                break
            }
            index += 1
        }
        guard index > first else { throw problem("expected a name in \(what())", at: first) }
        return try XMLScanner.decode(bytes, first..<index, base: base, entities: false, attribute: false)
    }

    private mutating func skipSpace(inside what: @autoclosure () -> String) throws(Stop) -> Bool {
        let first = index
        while Self.isSpace(try byte(index, inside: what())) { index += 1 }
        return index > first
    }

    private mutating func startTag() throws(Stop) -> XMLEvent {
        let start = index
        index += 1
        let tagName = try name(inside: "a tag")
        var attributes: [(name: String, value: String)] = []
        while true {
            let spaced = try skipSpace(inside: "the tag <\(tagName)>")
            let next = try byte(index, inside: "the tag <\(tagName)>")
            if next == UInt8(ascii: ">") {
                index += 1
                return .start(name: tagName, attributes: attributes, selfClosing: false, offset: base + start)
            }
            if next == UInt8(ascii: "/") {
                guard try byte(index + 1, inside: "the tag <\(tagName)>") == UInt8(ascii: ">") else {
                    throw problem("expected '/>' to close the tag <\(tagName)>", at: index)
                }
                index += 2
                return .start(name: tagName, attributes: attributes, selfClosing: true, offset: base + start)
            }
            guard spaced else { throw problem("expected a space before the next attribute of <\(tagName)>", at: index) }
            let attributeStart = index
            let attributeName = try name(inside: "an attribute of <\(tagName)>")
            _ = try skipSpace(inside: "the tag <\(tagName)>")
            guard try byte(index, inside: "the tag <\(tagName)>") == UInt8(ascii: "=") else {
                throw problem("expected '=' after the attribute \(attributeName) of <\(tagName)>", at: index)
            }
            index += 1
            _ = try skipSpace(inside: "the tag <\(tagName)>")
            let quote = try byte(index, inside: "the tag <\(tagName)>")
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw problem("expected a quoted value for the attribute \(attributeName) of <\(tagName)>", at: index)
            }
            index += 1
            let first = index
            while true {
                let byte = try byte(index, inside: "the value of \(attributeName)")
                if byte == quote { break }
                if byte == UInt8(ascii: "<") {
                    throw problem("'<' inside the value of the attribute \(attributeName) (write &lt;)", at: index)
                }
                index += 1
            }
            let value = try XMLScanner.decode(bytes, first..<index, base: base, entities: true, attribute: true)
            index += 1
            if attributes.contains(where: { $0.name == attributeName }) {
                throw problem("the attribute \(attributeName) appears twice in <\(tagName)>", at: attributeStart)
            }
            attributes.append((attributeName, value))
        }
    }

    private mutating func endTag() throws(Stop) -> XMLEvent {
        let start = index
        index += 2
        let tagName = try name(inside: "an end tag")
        _ = try skipSpace(inside: "the end tag </\(tagName)>")
        guard try byte(index, inside: "the end tag </\(tagName)>") == UInt8(ascii: ">") else {
            throw problem("expected '>' to close </\(tagName)>", at: index)
        }
        index += 1
        return .end(name: tagName, offset: base + start)
    }

    /// Character data up to the next `<` (or the end of the file). Text that goes on past the
    /// bytes in memory is handed out in parts once it is `longToken` long, each cut where no
    /// character, line break or entity is split.
    private mutating func text() throws(Stop) -> XMLEvent {
        let start = index
        var position = index
        while position < bytes.count && bytes[position] != UInt8(ascii: "<") { position += 1 }
        if position == bytes.count && !atEnd {
            guard position - start >= longToken else { throw .needMore }
            var cut = position
            // An entity or character reference (at most 12 bytes, as `decode` reads them) is not split.
            var back = position - 1
            while back >= max(start, position - 13) {
                if bytes[back] == UInt8(ascii: ";") { break }
                if bytes[back] == UInt8(ascii: "&") {
                    cut = back
                    break
                }
                back -= 1
            }
            cut = Self.characterBoundary(bytes, before: cut, notBefore: start)
            guard cut > start else { throw .needMore }
            position = cut
        }
        index = position
        return .text(
            try XMLScanner.decode(bytes, start..<position, base: base, entities: true, attribute: false),
            offset: base + start)
    }
}

extension XMLScanner {
    // MARK: Decoding

    /// The text of `buffer[range]`: UTF-8 checked, characters XML forbids refused, entities and
    /// character references decoded (`entities`), line ends normalised (CR LF and CR -> LF), and
    /// in an attribute value TAB, LF and CR -> space (XML 1.0 §3.3.3).
    fileprivate static func decode(
        _ all: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, base: Int, entities: Bool,
        attribute: Bool
    ) throws(Tokenizer.Stop) -> String {
        let result: Result<String, XMLProblem> = {
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
                return .failure(
                    XMLProblem(
                        message: "invalid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))",
                        offset: baseOffset + bad))
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
                    return .failure(
                        XMLProblem(
                            message:
                                "the control character U+\(Self.hex(UInt32(byte))) is not allowed in XML (not even as "
                                + "&#\(byte);)",
                            offset: baseOffset + index))
                case 0xEF
                where index + 2 < bytes.count && bytes[index + 1] == 0xBF
                    && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
                    return .failure(
                        XMLProblem(
                            message: "the character U+FFF\(bytes[index + 2] == 0xBE ? "E" : "F") is not allowed in XML",
                            offset: baseOffset + index))
                case UInt8(ascii: "&") where entities:
                    var end = index + 1
                    while end < bytes.count && bytes[end] != UInt8(ascii: ";") && end - index < 12 { end += 1 }
                    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
                        return .failure(
                            XMLProblem(message: "'&' starts no entity here (write &amp;)", offset: baseOffset + index))
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
        }()
        switch result {
        case .success(let text): return text
        case .failure(let problem): throw .problem(problem)
        }
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
            // A sequence cut short is wrong at its first byte (a Latin-1 `ä` before `t`: the `ä`).
            for offset in 1..<max(1, length) where bytes[index + offset] & 0xC0 != 0x80 { return index }
            if length > 1,
                String(validating: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self) == nil
            {
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

    init() {}

    /// A tracker whose column 1 of line 1 is at `offset` (after a byte order mark).
    init(startingAt offset: Int) { self.offset = offset }

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
