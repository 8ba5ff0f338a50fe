/// Searching a `String`'s UTF-8 bytes for ASCII text, without Foundation's `contains` (which
/// compares by characters, and costs a locale-aware search per call).
public enum TextSearch {
    /// True when the bytes of `needle` occur in the bytes of `text`.
    ///
    /// A byte-level test: when it is false, a character-level `contains` is false too (the
    /// characters of an ASCII needle are its bytes), so it can guard the slower test.
    public static func containsBytes(_ text: String, _ needle: StaticString) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ containsBytes($0, needle) }) { return found }
        var text = text
        return text.withUTF8 { containsBytes($0, needle) }
    }

    private static func containsBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0 else { return true }
        guard bytes.count >= count else { return false }
        let first = needle.utf8Start[0]
        var i = 0
        while i <= bytes.count - count {
            if bytes[i] == first {
                var k = 1
                while k < count && bytes[i + k] == needle.utf8Start[k] { k += 1 }
                if k == count { return true }
            }
            i += 1
        }
        return false
    }
}
