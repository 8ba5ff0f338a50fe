/// Finds delimiter bytes 8 at a time (SWAR) in the lexer's long scans: string bodies, comments.
/// `(x - 0x01…) & ~x & 0x80…` marks the zero bytes of x; marks above the first zero byte can be
/// wrong (borrows), so only the lowest mark is used, and it is exact.
enum ByteSearch {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    @inline(__always) private static func zeroMarks(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }

    /// Index of the first byte in [from, end) equal to `a` or `b`, else `end`.
    @inline(__always) static func first(_ a: UInt8, or b: UInt8, in p: UnsafePointer<UInt8>, from: Int, end: Int) -> Int
    {
        var i = from
        let raw = UnsafeRawPointer(p)
        let pa = ones &* UInt64(a), pb = ones &* UInt64(b)
        while i &+ 8 <= end {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let marks = zeroMarks(word ^ pa) | zeroMarks(word ^ pb)
            if marks != 0 { return i &+ marks.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < end && p[i] != a && p[i] != b { i &+= 1 }
        return i
    }

    /// Index of the first byte in [from, end) equal to `a`, else `end`.
    @inline(__always) static func first(_ a: UInt8, in p: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        var i = from
        let raw = UnsafeRawPointer(p)
        let pa = ones &* UInt64(a)
        while i &+ 8 <= end {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let marks = zeroMarks(word ^ pa)
            if marks != 0 { return i &+ marks.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < end && p[i] != a { i &+= 1 }
        return i
    }

    /// Index of the first byte in [from, end) that may end a line: below 0x0E (LF, CR, but
    /// also tab and other C0 controls, which the caller rechecks) or 0xE2 (the lead byte of
    /// U+2028/U+2029, and of other characters). `end` when there is none.
    @inline(__always) static func firstLineBreakCandidate(in p: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        var i = from
        let raw = UnsafeRawPointer(p)
        let pe2 = ones &* 0xE2
        while i &+ 8 <= end {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let marks = ((word &- ones &* 0x0E) & ~word & highs) | zeroMarks(word ^ pe2)
            if marks != 0 { return i &+ marks.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < end && p[i] >= 0x0E && p[i] != 0xE2 { i &+= 1 }
        return i
    }

    /// Index of the first byte in [from, end) equal to `a` or `b`, or that may end a line (see
    /// `firstLineBreakCandidate`), else `end`.
    @inline(__always) static func first(
        _ a: UInt8, or b: UInt8, orLineBreakCandidateIn p: UnsafePointer<UInt8>, from: Int, end: Int
    ) -> Int {
        var i = from
        let raw = UnsafeRawPointer(p)
        // 16 bytes at a time in vector registers (SSE2 on x86-64: 4 compares and a movemask,
        // where the word version below takes about 24 instructions for 8 bytes).
        let va = SIMD16<UInt8>(repeating: a), vb = SIMD16<UInt8>(repeating: b)
        let ve2 = SIMD16<UInt8>(repeating: 0xE2), vlow = SIMD16<UInt8>(repeating: 0x0E)
        while i &+ 16 <= end {
            let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let found = (v .== va) .| (v .== vb) .| (v .== ve2) .| (v .< vlow)
            if any(found) {
                // 0xFF in each byte found: the lowest is the first.
                let bytes = unsafeBitCast(
                    SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: found), to: SIMD2<UInt64>.self)
                // One bit per byte (the multiply gathers the top bits of the bytes into the
                // top byte), then the lowest. Not `low != 0 ? … : …`: compiled as a branch, it
                // mispredicted half the time (which half holds the closing quote is a coin toss).
                let low = ((UInt64(littleEndian: bytes[0]) & highs) &* 0x0002_0408_1020_4081) >> 56
                let high = ((UInt64(littleEndian: bytes[1]) & highs) &* 0x0002_0408_1020_4081) >> 56
                return i &+ (low | high << 8).trailingZeroBitCount
            }
            i &+= 16
        }
        return first(a, or: b, orLineBreakCandidateInTail: p, from: i, end: end)
    }

    /// The word and byte loops of `first(_:or:orLineBreakCandidateIn:from:end:)`, for the last
    /// 15 bytes of the text. Out of line, so that the vector loop above is small enough to be
    /// inlined into the tokenizer (the whole was not: a call per string token).
    @inline(never)
    private static func first(
        _ a: UInt8, or b: UInt8, orLineBreakCandidateInTail p: UnsafePointer<UInt8>, from: Int, end: Int
    ) -> Int {
        var i = from
        let raw = UnsafeRawPointer(p)
        let pa = ones &* UInt64(a), pb = ones &* UInt64(b), pe2 = ones &* 0xE2
        while i &+ 8 <= end {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let marks =
                zeroMarks(word ^ pa) | zeroMarks(word ^ pb) | zeroMarks(word ^ pe2)
                | ((word &- ones &* 0x0E) & ~word & highs)
            if marks != 0 { return i &+ marks.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < end {
            let c = p[i]
            if c == a || c == b || c < 0x0E || c == 0xE2 { break }
            i &+= 1
        }
        return i
    }
}
