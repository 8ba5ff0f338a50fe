/// Lines and columns (in Unicode scalars) of a few byte offsets of UTF-8 text, all found in one
/// forward scan up to the last of them: `UTF8Positions`' answers (line ends LF, CR and CR LF, as
/// `LineIndex` counts them; a scalar starts at every byte that is not 10xxxxxx), without its index
/// of the whole file, which the one-pass reader would build for the few keys it warns about.
enum UTF8OffsetPositions {
    /// The 1-based line and column of each offset (each at most `bytes.count`), in the order given.
    static func positions(of offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [(line: Int, column: Int)] {
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
}
