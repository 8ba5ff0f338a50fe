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
        bytes.withUnsafeBufferPointer { buffer in
            guard case .success(let decoded) = TextDecoding.decode(buffer) else { return [] }
            return withExtendedLifetime(decoded.text.owner) {
                var lexer = StringsLexer(decoded.text.bytes)
                var found: [String] = []
                // The last two significant tokens: a match is `key` `=` `value`.
                var previous: StringsLexer.RawToken?
                var beforePrevious: StringsLexer.RawToken?
                var beforePreviousText: String?
                var previousText: String?
                while found.count < limit {
                    let next: StringsLexer.RawToken?
                    do { next = try lexer.nextRaw() } catch { break }
                    guard let token = next else { break }
                    if token.kind == .comment { continue }
                    var text: String?
                    if token.isString {
                        do { text = try lexer.text(of: token) } catch { break }
                    }
                    if let text, previous?.kind == .equals, beforePrevious?.isString == true, beforePreviousText == key
                    {
                        found.append(text)
                    }
                    beforePrevious = previous
                    beforePreviousText = previousText
                    previous = token
                    previousText = text
                }
                return found
            }
        }
    }
}
