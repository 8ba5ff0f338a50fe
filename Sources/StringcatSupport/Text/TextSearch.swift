/// Byte-level matching of ASCII text (tags, keys, format fragments) in UTF-8 bytes: the one
/// place the readers' `<key>` and `-->` tests and the format checks' `%arg` search share, without
/// Foundation's `contains` (which compares by characters, and costs a locale-aware search per
/// call).
public enum TextSearch {
    /// True when the bytes at `offset` (0 or more) of `bytes` spell `needle` (false when it would
    /// run past the end).
    @inlinable
    public static func spells(_ needle: StaticString, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let p = needle.utf8Start
        for k in 0..<count where bytes[offset + k] != p[k] { return false }
        return true
    }

    /// The offset of the first place at or after `start` (0 or more) where `bytes` spell `needle`.
    @inlinable
    public static func firstOffset(of needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
        -> Int?
    {
        let count = needle.utf8CodeUnitCount
        guard count > 0 else { return start <= bytes.count ? start : nil }
        let first = needle.utf8Start[0]
        var i = start
        while i + count <= bytes.count {
            if bytes[i] == first && spells(needle, at: i, in: bytes) { return i }
            i += 1
        }
        return nil
    }

    /// True when the bytes of `needle` occur in the bytes of `text`.
    ///
    /// A byte-level test: when it is false, a character-level `contains` is false too (the
    /// characters of an ASCII needle are its bytes), so it can guard the slower test.
    public static func containsBytes(_ text: String, _ needle: StaticString) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ firstOffset(of: needle, in: $0, from: 0) != nil }) {
            return found
        }
        var text = text
        return text.withUTF8 { firstOffset(of: needle, in: $0, from: 0) != nil }
    }
}
