/// Finds `key = value;` assignments anywhere in an old-style property list such as an Xcode
/// `project.pbxproj` (nested dictionaries and arrays), without building the whole tree.
public enum OldStylePlistScanner {
    /// The first string value assigned to `key` at any depth, e.g. `developmentRegion = en;`
    /// gives "en". Keys inside comments or quoted values do not count. Nil when the key is
    /// absent or the bytes are not readable text.
    public static func firstValue(forKey key: String, in bytes: [UInt8]) -> String? {
        values(forKey: key, in: bytes, limit: 1).first
    }

    /// Every string value assigned to `key`, in file order. Scanning stops at a lexical error
    /// (e.g. an unterminated string), returning what was found before it.
    public static func values(forKey key: String, in bytes: [UInt8], limit: Int = .max) -> [String] {
        guard var tokenizer = StringsTokenizer(bytes: bytes) else { return [] }
        var found: [String] = []
        // The last two significant tokens: a match is `key` `=` `value`.
        var previous: StringsToken?
        var beforePrevious: StringsToken?
        while found.count < limit {
            let next: StringsToken?
            do { next = try tokenizer.next() } catch { break }
            guard let token = next else { break }
            if token.kind == .comment { continue }
            if token.isString, previous?.kind == .equals, let k = beforePrevious, k.isString, k.text == key {
                found.append(token.text)
            }
            beforePrevious = previous
            previous = token
        }
        return found
    }
}
