/// Line starts of decoded text held as scalar values (LF, CR, CR LF, U+2028, U+2029 end a
/// line, as in CoreFoundation's old-style plist parser). Same rules as `LineIndex`, over `UInt32`.
struct ScalarLineIndex {
    private var lineStarts: [Int] = [0]

    init(_ scalars: UnsafeBufferPointer<UInt32>) {
        var i = 0
        let n = scalars.count
        while i < n {
            let v = scalars[i]
            if v <= 0x0D {
                if v == 0x0D {
                    if i + 1 < n && scalars[i + 1] == 0x0A { i += 1 }
                    lineStarts.append(i + 1)
                } else if v == 0x0A {
                    lineStarts.append(i + 1)
                }
            } else if v == 0x2028 || v == 0x2029 {
                lineStarts.append(i + 1)
            }
            i += 1
        }
    }

    /// 1-based line and column of a scalar offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }
}
