/// Line and column (in Unicode scalars) of byte offsets in UTF-8 text, for a parse that mostly
/// moves forward: a cursor scans ahead from the last answer for line breaks only (one pass over
/// the text in total, 8 bytes at a time), and counts scalars from the start of the target's
/// line (keys mostly start their line); a lookup behind the cursor builds an index
/// of line starts once and binary-searches it. LF, CR, CR LF, U+2028 and U+2029 end a line, as
/// in CoreFoundation's old-style plist parser.
final class LineCursor {
    private let p: UnsafePointer<UInt8>
    private let n: Int
    /// Line breaks before `offset` are counted.
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    /// Scalars between `lineStart` and `columnOffset` (the last column answer, reused when the
    /// next one is on the same line, so long lines are not rescanned).
    private var columnOffset = 0
    private var columnScalars = 0
    private var lineStarts: [Int]?

    init(_ text: UnsafeBufferPointer<UInt8>) {
        p = text.baseAddress!
        n = text.count
    }

    /// 1-based line and column of the scalar that starts at byte `target`.
    func position(of target: Int) -> (line: Int, column: Int) {
        if target < offset { return positionBehind(target) }
        let end = min(target, n)
        // Locals, not properties, in the loop: stored properties of a class are reloaded and
        // stored around every byte.
        var i = offset
        var line = self.line
        var lineStart = self.lineStart
        while true {
            i = ByteSearch.firstLineBreakCandidate(in: p, from: i, end: end)
            guard i < end else { break }
            let b = p[i]
            if b == 0x0A {
                line &+= 1
                lineStart = i &+ 1
            } else if b == 0x0D {
                // CR LF is one line break: count it at the LF.
                if !(i &+ 1 < n && p[i &+ 1] == 0x0A) {
                    line &+= 1
                    lineStart = i &+ 1
                }
            } else if b == 0xE2 && UTF8Scalar.isLineOrParagraphSeparator(p, at: i, count: n) {
                line &+= 1
                lineStart = i &+ 3
                i &+= 2
            }
            i &+= 1
        }
        offset = max(i, end)
        self.line = line
        self.lineStart = lineStart
        if columnOffset < lineStart {
            columnOffset = lineStart
            columnScalars = 0
        }
        columnScalars &+= LineCursor.scalars(in: p, from: columnOffset, to: end)
        columnOffset = end
        return (line, columnScalars + 1)
    }

    /// Number of scalars (bytes that are not UTF-8 continuation bytes) in [from, to).
    static func scalars(in p: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        var i = from
        var count = 0
        let raw = UnsafeRawPointer(p)
        while i &+ 8 <= to {
            count &+= 8 &- continuationBytes(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i &+= 8
        }
        while i < to {
            if !UTF8Scalar.isContinuation(p[i]) { count &+= 1 }
            i &+= 1
        }
        return count
    }

    private func positionBehind(_ target: Int) -> (line: Int, column: Int) {
        if lineStarts == nil {
            var starts = [0]
            var i = 0
            while i < n {
                let b = p[i]
                if b == 0x0A || (b == 0x0D && !(i + 1 < n && p[i + 1] == 0x0A)) {
                    starts.append(i + 1)
                } else if b == 0xE2 && UTF8Scalar.isLineOrParagraphSeparator(p, at: i, count: n) {
                    starts.append(i + 3)
                }
                i += 1
            }
            lineStarts = starts
        }
        let starts = lineStarts!
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= target { low = mid } else { high = mid - 1 }
        }
        var scalars = 0
        var i = starts[low]
        while i < target {
            if !UTF8Scalar.isContinuation(p[i]) { scalars += 1 }
            i += 1
        }
        return (low + 1, scalars + 1)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Number of UTF-8 continuation bytes (10xxxxxx) in `word`.
    @inline(__always) private static func continuationBytes(_ word: UInt64) -> Int {
        guard word & highs != 0 else { return 0 }
        // One bit per continuation byte at bit 0 of its byte; the multiply sums the bytes
        // into the top byte (no POPCNT on baseline x86-64).
        let marks = (word & ~(word << 1) & highs) >> 7
        return Int(truncatingIfNeeded: (marks &* ones) >> 56)
    }
}
