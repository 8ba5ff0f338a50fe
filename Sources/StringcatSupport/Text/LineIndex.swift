/// Turns offsets into 1-based line and column numbers, computed only when a location is asked for
/// (parsers keep plain offsets in their hot loops).
///
/// Works on any sequence of code units: line breaks are LF, CR, CR LF, U+2028 and U+2029, the
/// set Apple's old-style property list parser treats as line ends.
public struct LineIndex: Sendable {
    /// Offset of the first unit of each line.
    private let lineStarts: [Int]

    /// Builds the index over Unicode scalars (the decoded text of a file).
    public init(scalars: [Unicode.Scalar]) {
        var starts = [0]
        var i = 0
        let n = scalars.count
        while i < n {
            let v = scalars[i].value
            if v == 0x0D {
                if i + 1 < n && scalars[i + 1].value == 0x0A { i += 1 }
                starts.append(i + 1)
            } else if v == 0x0A || v == 0x2028 || v == 0x2029 {
                starts.append(i + 1)
            }
            i += 1
        }
        lineStarts = starts
    }

    /// Builds the index over UTF-8 bytes (LF, CR and CR LF only).
    public init(utf8 bytes: [UInt8]) {
        var starts = [0]
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x0D {
                if i + 1 < n && bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            } else if b == 0x0A {
                starts.append(i + 1)
            }
            i += 1
        }
        lineStarts = starts
    }

    /// The 1-based line and column of `offset`.
    public func position(of offset: Int) -> (line: Int, column: Int) {
        // Binary search for the last line start <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    public var lineCount: Int { lineStarts.count }
}
