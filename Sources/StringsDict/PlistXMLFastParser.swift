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
///
/// The tokens are `PlainPlistCursor`'s, which the one-pass reader uses too: both accept exactly
/// the same bytes.
enum PlistXMLFastParser {
    static func parse(_ bytes: [UInt8]) -> PlistDictionary? {
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = PlainPlistCursor(buffer)
            guard cursor.header(), let root = dictionary(&cursor), cursor.trailer() else { return nil }
            return root
        }
    }

    private typealias Tag = PlainPlistCursor.Tag

    /// The members of a `<dict>` whose open tag was just read, through its `</dict>`.
    private static func dictionary(_ cursor: inout PlainPlistCursor) -> PlistDictionary? {
        var members: [String: PlistMember] = [:]
        while true {
            cursor.skipWhiteSpace()
            let tagStart = cursor.offset
            if cursor.skip(Tag.dictClose) { return PlistDictionary(members: members) }
            guard cursor.skip(Tag.keyOpen), let keyText = cursor.text(), let key = cursor.string(keyText),
                  cursor.skip(Tag.keyClose) else { return nil }
            cursor.skipWhiteSpace()
            let value: PlistValue
            if cursor.skip(Tag.stringOpen) {
                guard let text = cursor.text(), let string = cursor.string(text), cursor.skip(Tag.stringClose) else { return nil }
                value = .string(string)
            } else if cursor.skip(Tag.dictOpen) {
                guard let nested = dictionary(&cursor) else { return nil }
                value = .dictionary(nested)
            } else {
                return nil
            }
            // A repeated key: Foundation keeps the last; PlistKeyLines reports it.
            guard members.updateValue(PlistMember(value: value, keyOffset: tagStart), forKey: key) == nil else { return nil }
        }
    }
}
