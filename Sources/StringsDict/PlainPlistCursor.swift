import Foundation
import StringcatSupport

/// A cursor over the bytes of a plain XML property list, the form in which every value it accepts
/// reads exactly as CoreFoundation reads it; it declines (returns false or nil) everything else,
/// so the result never depends on a CoreFoundation rule guessed here.
///
/// The plain form: the file starts with `<?xml` and declares `encoding="UTF-8"`; an optional
/// `<!DOCTYPE …>` with no internal subset; `<plist>` (attributes allowed) holding one `<dict>`,
/// then `</plist>` and white space to the end. Only `<dict>`, `<key>` and `<string>` elements,
/// separated by XML white space (space, tab, CR, LF). Text is valid UTF-8 with no control
/// characters but tab and LF and no U+FEFF (a CR is left to Foundation: XML would turn CR LF
/// into LF), and the five named entities (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`). Comments,
/// CDATA, numeric references, arrays, numbers, booleans and empty-element tags are declined.
///
/// It also counts lines as it goes (LF, CR and CR LF, as `LineIndex` counts them), so the line of
/// every `<key>` is known without a second pass; columns are left to `UTF8Positions`, and only
/// asked for when a diagnostic is reported.
struct PlainPlistCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    private(set) var offset = 0
    /// The 1-based line of `offset` (valid after `header()`).
    private(set) var line = 1
    /// Text with entities, decoded (reused).
    private var scratch: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Where a text token's bytes are, and what making a `String` of them needs.
    struct Text {
        var start: Int
        var end: Int
        /// No byte >= 0x80: no UTF-8 to validate.
        var isASCII: Bool
        /// Holds `&`: the entities must be decoded.
        var hasEntities: Bool

        var count: Int { end - start }
    }

    // MARK: - Document

    /// Reads the XML declaration, DOCTYPE and `<plist>` up to the top-level `<dict>` open tag
    /// included; false outside the plain form.
    mutating func header() -> Bool {
        guard skip(Tag.xmlDeclarationOpen), let declarationEnd = find(Tag.piClose), declaresUTF8(offset, declarationEnd)
        else { return false }
        offset = declarationEnd + 2
        skipWhiteSpaceUncounted()
        if skip(Tag.doctypeOpen) {
            while offset < bytes.count, bytes[offset] != UInt8(ascii: ">") {
                if bytes[offset] == UInt8(ascii: "[") || bytes[offset] == UInt8(ascii: "<") { return false }
                offset += 1
            }
            guard offset < bytes.count else { return false }
            offset += 1
            skipWhiteSpaceUncounted()
        }
        guard skip(Tag.plistOpen), offset < bytes.count else { return false }
        if bytes[offset] == UInt8(ascii: " ") {
            while offset < bytes.count, bytes[offset] != UInt8(ascii: ">") {
                if bytes[offset] == UInt8(ascii: "<") || bytes[offset] == UInt8(ascii: "/") { return false }
                offset += 1
            }
        }
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else { return false }
        offset += 1
        skipWhiteSpaceUncounted()
        guard skip(Tag.dictOpen) else { return false }
        // The header may span lines (attributes on lines of their own): counted once, here.
        line = Self.lineBreaks(in: UnsafeBufferPointer(rebasing: bytes[0..<offset])) + 1
        return true
    }

    /// After the top-level `</dict>`: `</plist>` and white space to the end of the file.
    mutating func trailer() -> Bool {
        skipWhiteSpace()
        guard skip(Tag.plistClose) else { return false }
        skipWhiteSpace()
        return offset == bytes.count
    }

    // MARK: - Elements

    /// Skips XML white space (space, tab, CR, LF), counting the lines it ends.
    mutating func skipWhiteSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09:
                break
            case 0x0A:
                line += 1
            case 0x0D:
                // CR LF is one line end: the LF counts it.
                if offset + 1 == bytes.count || bytes[offset + 1] != 0x0A { line += 1 }
            default:
                return
            }
            offset += 1
        }
    }

    /// Skips `tag` when the bytes at the cursor spell it.
    mutating func skip(_ tag: StaticString) -> Bool {
        guard TextSearch.spells(tag, at: offset, in: bytes) else { return false }
        offset += tag.utf8CodeUnitCount
        return true
    }

    /// True when the bytes at the cursor spell `tag` (the cursor stays).
    func sees(_ tag: StaticString) -> Bool {
        TextSearch.spells(tag, at: offset, in: bytes)
    }

    /// Character data up to the next `<`: nil outside the plain form (a control character but
    /// tab and LF, a byte order mark, the end of the file). Entities and UTF-8 are checked when
    /// the text is made a `String` (`string(_:)`), once its end is known.
    mutating func text() -> Text? {
        let start = offset
        var high: UInt8 = 0
        var hasEntities = false
        var i = offset
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "<") { break }
            if b < 0x20 || b == 0x7F {
                guard b == 0x0A || b == 0x09 else { return nil }
                if b == 0x0A { line += 1 }
            } else if b >= 0x80 {
                // A byte order mark inside text: whether CoreFoundation keeps it is its business.
                if b == 0xEF, i + 2 < n, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF { return nil }
                high = 0x80
            } else if b == UInt8(ascii: "&") {
                hasEntities = true
            }
            i += 1
        }
        guard i < n else { return nil }
        offset = i
        return Text(start: start, end: i, isASCII: high == 0, hasEntities: hasEntities)
    }

    /// True when `text` is exactly the bytes of `name` (which holds no `&`).
    func text(_ text: Text, is name: StaticString) -> Bool {
        guard text.count == name.utf8CodeUnitCount, !text.hasEntities else { return false }
        let p = name.utf8Start
        for k in 0..<text.count where bytes[text.start + k] != p[k] { return false }
        return true
    }

    /// The text as a `String`, entities decoded; nil for invalid UTF-8 or an entity other than
    /// the five named ones (both outside the plain form).
    mutating func string(_ text: Text) -> String? {
        let raw = UnsafeBufferPointer(rebasing: bytes[text.start..<text.end])
        if !text.hasEntities { return text.isASCII ? String(decoding: raw, as: UTF8.self) : decodedExactly(raw) }
        scratch.removeAll(keepingCapacity: true)
        var k = 0
        while k < raw.count {
            let b = raw[k]
            guard b == UInt8(ascii: "&") else { scratch.append(b); k += 1; continue }
            guard let (decoded, length) = Self.entity(raw, at: k) else { return nil }
            scratch.append(decoded)
            k += length
        }
        let isASCII = text.isASCII
        return scratch.withUnsafeBufferPointer { isASCII ? String(decoding: $0, as: UTF8.self) : decodedExactly($0) }
    }

    // MARK: - Helpers

    /// A named entity at `k` (which holds `&`): the byte it stands for and its length.
    private static func entity(_ raw: UnsafeBufferPointer<UInt8>, at k: Int) -> (UInt8, Int)? {
        for (name, byte) in Tag.entities where TextSearch.spells(name, at: k, in: raw) {
            return (byte, name.utf8CodeUnitCount)
        }
        return nil
    }

    /// White space in the header, where lines are counted once at its end.
    private mutating func skipWhiteSpaceUncounted() {
        while offset < bytes.count {
            let b = bytes[offset]
            guard b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D else { return }
            offset += 1
        }
    }

    /// The offset of the next `tag` from the cursor.
    private func find(_ tag: StaticString) -> Int? {
        TextSearch.firstOffset(of: tag, in: bytes, from: offset)
    }

    /// True when the XML declaration's text `bytes[start..<end]` declares UTF-8 (any case,
    /// either quote) and holds no `<`.
    private func declaresUTF8(_ start: Int, _ end: Int) -> Bool {
        let text = bytes[start..<end].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        guard !text.contains(UInt8(ascii: "<")) else { return false }
        let double = Array(#"encoding="utf-8""#.utf8)
        let single = Array("encoding='utf-8'".utf8)
        guard text.count >= double.count else { return false }
        for j in 0...(text.count - double.count) {
            let window = text[j..<(j + double.count)]
            if window.elementsEqual(double) || window.elementsEqual(single) { return true }
        }
        return false
    }

    /// Line ends in `bytes` as `LineIndex` counts them: LF, CR, and CR LF as one.
    static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for (i, b) in bytes.enumerated() {
            if b == 0x0A || (b == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) { count += 1 }
        }
        return count
    }

    enum Tag {
        static let xmlDeclarationOpen: StaticString = "<?xml "
        static let piClose: StaticString = "?>"
        static let doctypeOpen: StaticString = "<!DOCTYPE "
        static let plistOpen: StaticString = "<plist"
        static let plistClose: StaticString = "</plist>"
        static let dictOpen: StaticString = "<dict>"
        static let dictClose: StaticString = "</dict>"
        static let keyOpen: StaticString = "<key>"
        static let keyClose: StaticString = "</key>"
        static let stringOpen: StaticString = "<string>"
        static let stringClose: StaticString = "</string>"
        static let entities: [(StaticString, UInt8)] = [
            ("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
            ("&quot;", UInt8(ascii: "\"")), ("&apos;", UInt8(ascii: "'")),
        ]
    }
}
