import Foundation
import StringcatSupport

/// Reads `project.pbxproj` files (Xcode's old-style property list text, and Project Builder's
/// `.pbproj` layout) into a lossless `PBXDocument`.
///
/// Accepted beyond what Xcode writes, because real files have it: a byte order mark, CRLF line
/// ends, `// line` comments between objects (Project Builder's `//080`), comments anywhere
/// trivia may be, quoted keys and IDs (a hand-added `"6ed2e290-…"` in exelban/stats), `'single'`
/// quotes, `<hex data>`, a missing `,` after the last array element, duplicate keys (kept; the
/// last one wins on lookup).
public enum PBXProjectReader {
    /// Reads and parses the file at `path`. A file that cannot be read or parsed gives one
    /// `Diagnostic` error located at `path:line:column`.
    public static func read(path: String) throws(Diagnostic) -> PBXDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic.error("cannot read the project file", at: .file(path))
        }
        return try parse([UInt8](data), path: path)
    }

    /// Parses the bytes of a project file.
    public static func parse(_ bytes: [UInt8], path: String) throws(Diagnostic) -> PBXDocument {
        var failure: PBXParseFailure?
        var document: PBXDocument?
        bytes.withUnsafeBufferPointer { buffer in
            var parser = PBXParser(buffer: buffer, position: 0, dictionaries: [], arrays: [])
            // One node per ~30 bytes is typical: reserve to avoid regrowing the arenas.
            parser.dictionaries.reserveCapacity(bytes.count / 150 + 8)
            parser.arrays.reserveCapacity(bytes.count / 600 + 8)
            do throws(PBXParseFailure) {
                let (root, trailer) = try parser.parseFile()
                document = PBXDocument(
                    path: path, text: bytes, dictionaries: parser.dictionaries,
                    arrays: parser.arrays, root: root, trailer: trailer)
            } catch {
                failure = error
            }
        }
        if let failure { throw diagnostic(failure, bytes: bytes, path: path) }
        return document!
    }

    /// Turns a failure's byte offset into `path:line:column` (column in Unicode scalars), only
    /// now that an error is reported.
    static func diagnostic(_ failure: PBXParseFailure, bytes: [UInt8], path: String) -> Diagnostic {
        let index = LineIndex(utf8: bytes)
        let offset = min(failure.offset, bytes.count)
        let (line, byteColumn) = index.position(of: offset)
        let lineStart = offset - (byteColumn - 1)
        var column = 1
        var i = lineStart
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return .error(failure.message, at: SourceLocation(path: path, line: line, column: column, byteOffset: offset))
    }
}

/// Where and why parsing stopped.
struct PBXParseFailure: Error {
    var offset: Int
    var message: String
}

/// The recursive-descent parser over raw bytes. It appends nodes to its arenas; `PBXDocument`
/// edits reuse it to parse the text they add (`parseEntryFragment`, `parseItemFragment`).
struct PBXParser {
    let buffer: UnsafeBufferPointer<UInt8>
    var position: Int
    var dictionaries: [PBXDictionaryNode]
    var arrays: [PBXArrayNode]
    /// Deep enough for any project (they nest about 6 levels), shallow enough not to overflow the
    /// stack on hostile input.
    static let maximumDepth = 200

    private static let bare = PBXStringCoding.bareByte

    mutating func parseFile() throws(PBXParseFailure) -> (PBXValue, PBXToken) {
        var lead = 0
        // A UTF-8 byte order mark is trivia: kept, written back, never part of a token.
        if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { position = 3 }
        try skipTrivia()
        guard position < buffer.count else {
            throw PBXParseFailure(offset: position, message: "the project file is empty")
        }
        let root = try parseValue(lead: lead, depth: 0)
        lead = position
        try skipTrivia()
        guard position == buffer.count else {
            throw PBXParseFailure(
                offset: position, message: "unexpected text after the end of the project's top-level value")
        }
        return (root, PBXToken(lead: lead, start: position, end: position))
    }

    /// Skips whitespace, `/* … */` and `// …` comments.
    mutating func skipTrivia() throws(PBXParseFailure) {
        let n = buffer.count
        while position < n {
            let b = buffer[position]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C {
                position += 1
            } else if b == UInt8(ascii: "/") && position + 1 < n && buffer[position + 1] == UInt8(ascii: "*") {
                let start = position
                position += 2
                while true {
                    guard position + 1 < n else {
                        throw PBXParseFailure(offset: start, message: "unterminated comment: '/*' without '*/'")
                    }
                    if buffer[position] == UInt8(ascii: "*") && buffer[position + 1] == UInt8(ascii: "/") { break }
                    position += 1
                }
                position += 2
            } else if b == UInt8(ascii: "/") && position + 1 < n && buffer[position + 1] == UInt8(ascii: "/") {
                position += 2
                while position < n && buffer[position] != 0x0A && buffer[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// Parses a value whose trivia starts at `lead`; `position` is at its first byte.
    mutating func parseValue(lead: Int, depth: Int) throws(PBXParseFailure) -> PBXValue {
        guard position < buffer.count else {
            throw PBXParseFailure(offset: position, message: "unexpected end of file: expected a value")
        }
        guard depth < Self.maximumDepth else {
            throw PBXParseFailure(offset: position, message: "nesting deeper than \(Self.maximumDepth) levels")
        }
        let start = position
        switch buffer[position] {
        case UInt8(ascii: "{"):
            position += 1
            let open = PBXToken(lead: lead, start: start, end: position)
            var entries: [PBXEntry] = []
            while true {
                let entryLead = position
                try skipTrivia()
                guard position < buffer.count else {
                    throw PBXParseFailure(offset: start, message: "unterminated dictionary: '{' without '}'")
                }
                if buffer[position] == UInt8(ascii: "}") {
                    position += 1
                    let close = PBXToken(lead: entryLead, start: position - 1, end: position)
                    dictionaries.append(PBXDictionaryNode(open: open, entries: entries, close: close))
                    return .dictionary(dictionaries.count - 1)
                }
                entries.append(try parseEntry(lead: entryLead, depth: depth + 1))
            }
        case UInt8(ascii: "("):
            position += 1
            let open = PBXToken(lead: lead, start: start, end: position)
            var items: [PBXItem] = []
            while true {
                let itemLead = position
                try skipTrivia()
                guard position < buffer.count else {
                    throw PBXParseFailure(offset: start, message: "unterminated array: '(' without ')'")
                }
                if buffer[position] == UInt8(ascii: ")") {
                    position += 1
                    let close = PBXToken(lead: itemLead, start: position - 1, end: position)
                    arrays.append(PBXArrayNode(open: open, items: items, close: close))
                    return .array(arrays.count - 1)
                }
                if let last = items.last, last.comma == nil {
                    throw PBXParseFailure(offset: position, message: "expected ',' or ')' after an array element")
                }
                items.append(try parseItem(lead: itemLead, depth: depth + 1))
            }
        default:
            return .string(try parseString(lead: lead, what: "a value"))
        }
    }

    /// `key = value;` with `position` at the key (trivia from `lead` already skipped).
    mutating func parseEntry(lead: Int, depth: Int) throws(PBXParseFailure) -> PBXEntry {
        let key = try parseString(lead: lead, what: "a key or '}'")
        let equals = try punctuation(UInt8(ascii: "="), "expected '=' after the key")
        let valueLead = position
        try skipTrivia()
        let value = try parseValue(lead: valueLead, depth: depth)
        let semicolon = try punctuation(UInt8(ascii: ";"), "expected ';' after the value")
        return PBXEntry(key: key, equals: equals, value: value, semicolon: semicolon)
    }

    /// An array element and its `,` (absent before `)`), `position` at the element.
    mutating func parseItem(lead: Int, depth: Int) throws(PBXParseFailure) -> PBXItem {
        let value = try parseValue(lead: lead, depth: depth)
        let commaLead = position
        try skipTrivia()
        if position < buffer.count && buffer[position] == UInt8(ascii: ",") {
            position += 1
            return PBXItem(value: value, comma: PBXToken(lead: commaLead, start: position - 1, end: position))
        }
        // No comma: the next token must be `)`; leave its trivia for the array's close token.
        position = commaLead
        return PBXItem(value: value, comma: nil)
    }

    private mutating func punctuation(_ byte: UInt8, _ message: String) throws(PBXParseFailure) -> PBXToken {
        let lead = position
        try skipTrivia()
        guard position < buffer.count, buffer[position] == byte else {
            throw PBXParseFailure(offset: position, message: message + found())
        }
        position += 1
        return PBXToken(lead: lead, start: position - 1, end: position)
    }

    /// A bare, quoted or `<data>` token at `position`.
    private mutating func parseString(lead: Int, what: String) throws(PBXParseFailure) -> PBXToken {
        let n = buffer.count
        let start = position
        guard position < n else {
            throw PBXParseFailure(offset: position, message: "unexpected end of file: expected \(what)")
        }
        let b = buffer[position]
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
            position += 1
            while position < n && buffer[position] != b {
                position += buffer[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard position < n else { throw PBXParseFailure(offset: start, message: "unterminated quoted string") }
            position += 1
        } else if b == UInt8(ascii: "<") {
            while position < n && buffer[position] != UInt8(ascii: ">") { position += 1 }
            guard position < n else {
                throw PBXParseFailure(offset: start, message: "unterminated data value: '<' without '>'")
            }
            position += 1
        } else {
            while position < n && Self.bare[Int(buffer[position])] {
                // `/*` and `//` start a comment even right after a bare word.
                if buffer[position] == UInt8(ascii: "/") && position + 1 < n
                    && (buffer[position + 1] == UInt8(ascii: "*") || buffer[position + 1] == UInt8(ascii: "/"))
                {
                    break
                }
                position += 1
            }
            guard position > start else { throw PBXParseFailure(offset: start, message: "expected \(what)" + found()) }
        }
        return PBXToken(lead: lead, start: start, end: position)
    }

    /// `, found 'x'` for error messages.
    private func found() -> String {
        guard position < buffer.count else { return ", found the end of the file" }
        let b = buffer[position]
        if b >= 0x21 && b < 0x7F { return ", found '\(Character(Unicode.Scalar(b)))'" }
        return String(format: ", found byte 0x%02X", b)
    }
}
