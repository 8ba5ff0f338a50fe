/// Line and column (in Unicode scalars) of byte offsets in UTF-8 text, all found in one forward
/// scan up to the last of them. Line ends are LF, CR and CR LF (as `LineIndex(utf8:)` counts
/// them); a scalar starts at every byte that is not a UTF-8 continuation byte (10xxxxxx), which in
/// valid UTF-8 is exactly the scalars an editor counts.
///
/// Why one scan for all the offsets asked: decoding a line from its start for every position made
/// a one-line file of 40,000 keys take 45 s (1.4 MB, debug build): quadratic in the line's length.
public enum UTF8Positions {
    /// The 1-based line and column of each offset (each at most `bytes.count`), in the order given.
    public static func positions(of offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [(line: Int, column: Int)]
    {
        var result = [(line: Int, column: Int)](repeating: (0, 0), count: offsets.count)
        var line = 1
        /// Scalars from the start of the line to `i`.
        var scalars = 0
        var i = 0
        for k in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
            let offset = offsets[k]
            while i < offset {
                let b = bytes[i]
                if b == 0x0A || (b == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
                    line += 1
                    scalars = 0
                } else if b & 0xC0 != 0x80 {
                    scalars += 1
                }
                i += 1
            }
            result[k] = (line, scalars + 1)
        }
        return result
    }

    /// The 1-based line and column of the byte at `offset` (at most `bytes.count`).
    public static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        bytes.withUnsafeBufferPointer { positions(of: [offset], in: $0)[0] }
    }
}
