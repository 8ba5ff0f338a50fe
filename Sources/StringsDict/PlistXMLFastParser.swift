/// Reads the plain XML property lists that `.stringsdict` files nearly always are straight from
/// their bytes, with the byte offset of every `<key>`; nil for anything outside that plain form,
/// and the reader then uses PropertyListSerialization (the reference) and `PlistKeyLines`.
///
/// Why: PropertyListSerialization, bridging its result to Swift and scanning the XML a second
/// time for key lines took ~750,000 instructions per entry (callgrind, 40 x 10,000 bench).
///
/// The plain form, which every value it accepts reads exactly as CoreFoundation reads it:
/// the file starts with `<?xml` and declares `encoding="UTF-8"`; an optional `<!DOCTYPE …>` with
/// no internal subset; `<plist>` (attributes allowed) holding one `<dict>`, then `</plist>` and
/// white space to the end. Dictionaries hold only `<key>` + `<string>` or `<key>` + `<dict>`,
/// separated by XML white space (space, tab, CR, LF). Text is valid UTF-8 with no control
/// characters but tab and LF and no U+FEFF (a CR is left to Foundation: XML would turn CR LF into LF), and the
/// five named entities (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`). Anything else (comments, CDATA,
/// numeric references, arrays, numbers, booleans, empty-element tags, a key twice in one
/// dictionary) returns nil, so the result never depends on a CoreFoundation rule guessed here.
enum PlistXMLFastParser {
    static func parse(_ bytes: [UInt8]) -> PlistDictionary? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer)
            return parser.document()
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        /// Reused for text with entities.
        var scratch: [UInt8] = []

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func document() -> PlistDictionary? {
            guard skip(Tag.xmlDeclarationOpen), let declarationEnd = find(Tag.piClose),
                  declaresUTF8(i, declarationEnd) else { return nil }
            i = declarationEnd + 2
            skipWhiteSpace()
            if skip(Tag.doctypeOpen) {
                while i < bytes.count, bytes[i] != UInt8(ascii: ">") {
                    if bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "<") { return nil }
                    i += 1
                }
                guard i < bytes.count else { return nil }
                i += 1
                skipWhiteSpace()
            }
            guard skip(Tag.plistOpen), i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: " ") {
                while i < bytes.count, bytes[i] != UInt8(ascii: ">") {
                    if bytes[i] == UInt8(ascii: "<") || bytes[i] == UInt8(ascii: "/") { return nil }
                    i += 1
                }
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { return nil }
            i += 1
            skipWhiteSpace()
            guard skip(Tag.dictOpen), let root = dictionary() else { return nil }
            skipWhiteSpace()
            guard skip(Tag.plistClose) else { return nil }
            skipWhiteSpace()
            return i == bytes.count ? root : nil
        }

        /// The members of a `<dict>` whose open tag was just read, through its `</dict>`.
        mutating func dictionary() -> PlistDictionary? {
            var members: [String: PlistMember] = [:]
            while true {
                skipWhiteSpace()
                let tagStart = i
                if skip(Tag.dictClose) { return PlistDictionary(members: members) }
                guard skip(Tag.keyOpen), let key = text(), skip(Tag.keyClose) else { return nil }
                skipWhiteSpace()
                let value: PlistValue
                if skip(Tag.stringOpen) {
                    guard let s = text(), skip(Tag.stringClose) else { return nil }
                    value = .string(s)
                } else if skip(Tag.dictOpen) {
                    guard let nested = dictionary() else { return nil }
                    value = .dictionary(nested)
                } else {
                    return nil
                }
                // A repeated key: Foundation keeps the last; PlistKeyLines reports it.
                guard members.updateValue(PlistMember(value: value, keyOffset: tagStart), forKey: key) == nil else { return nil }
            }
        }

        /// Character data up to the next `<`, entities decoded; nil outside the plain form.
        mutating func text() -> String? {
            let start = i
            var ascii = true
            var entities = false
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "<") { break }
                if b < 0x20 || b == 0x7F {
                    guard b == 0x0A || b == 0x09 else { return nil }
                } else if b >= 0x80 {
                    // A byte order mark inside text: whether CoreFoundation keeps it is its business.
                    if b == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF { return nil }
                    ascii = false
                } else if b == UInt8(ascii: "&") {
                    entities = true
                }
                i += 1
            }
            guard i < bytes.count else { return nil }
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<i])
            if !entities { return ascii ? String(decoding: raw, as: UTF8.self) : Self.validated(raw) }
            scratch.removeAll(keepingCapacity: true)
            var k = 0
            while k < raw.count {
                let b = raw[k]
                guard b == UInt8(ascii: "&") else { scratch.append(b); k += 1; continue }
                guard let (decoded, length) = Self.entity(raw, at: k) else { return nil }
                scratch.append(decoded)
                k += length
            }
            return scratch.withUnsafeBufferPointer { ascii ? String(decoding: $0, as: UTF8.self) : Self.validated($0) }
        }

        /// The text of valid UTF-8, nil otherwise. (`String(validating:as:)` takes a generic path
        /// here; decoding, which repairs, then comparing the bytes is exact and several times faster.)
        static func validated(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
            let s = String(decoding: utf8, as: UTF8.self)
            return s.utf8.elementsEqual(utf8) ? s : nil
        }

        /// A named entity at `k` (which holds `&`): the byte it stands for and its length.
        static func entity(_ raw: UnsafeBufferPointer<UInt8>, at k: Int) -> (UInt8, Int)? {
            for (name, byte) in Tag.entities {
                guard k + name.count <= raw.count else { continue }
                var matches = true
                for j in 0..<name.count where raw[k + j] != name[j] { matches = false; break }
                if matches { return (byte, name.count) }
            }
            return nil
        }

        mutating func skipWhiteSpace() {
            while i < bytes.count {
                let b = bytes[i]
                guard b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D else { return }
                i += 1
            }
        }

        /// Skips `tag` when the bytes at `i` spell it.
        mutating func skip(_ tag: StaticString) -> Bool {
            let count = tag.utf8CodeUnitCount
            guard i + count <= bytes.count else { return false }
            let p = tag.utf8Start
            for k in 0..<count where bytes[i + k] != p[k] { return false }
            i += count
            return true
        }

        /// The offset of the next `tag` from `i`.
        func find(_ tag: StaticString) -> Int? {
            let count = tag.utf8CodeUnitCount
            let p = tag.utf8Start
            var j = i
            outer: while j + count <= bytes.count {
                for k in 0..<count where bytes[j + k] != p[k] { j += 1; continue outer }
                return j
            }
            return nil
        }

        /// True when the XML declaration's text `bytes[start..<end]` declares UTF-8 (any case,
        /// either quote) and holds no `<`.
        func declaresUTF8(_ start: Int, _ end: Int) -> Bool {
            let text = Array(bytes[start..<end]).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
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
    }

    private enum Tag {
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
        static let entities: [([UInt8], UInt8)] = [
            (Array("&amp;".utf8), UInt8(ascii: "&")), (Array("&lt;".utf8), UInt8(ascii: "<")),
            (Array("&gt;".utf8), UInt8(ascii: ">")), (Array("&quot;".utf8), UInt8(ascii: "\"")),
            (Array("&apos;".utf8), UInt8(ascii: "'")),
        ]
    }
}
