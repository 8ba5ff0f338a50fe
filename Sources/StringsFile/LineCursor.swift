/// Line and column lookups for a parse that mostly moves forward: a cursor scans ahead from
/// the last answer (one pass over the text in total); a lookup behind the cursor builds the
/// full line index once and binary-searches it.
final class LineCursor {
    private let buf: UnsafeBufferPointer<UInt32>
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var index: ScalarLineIndex?

    init(_ buf: UnsafeBufferPointer<UInt32>) { self.buf = buf }

    func position(of target: Int) -> (line: Int, column: Int) {
        if target < offset {
            if index == nil { index = ScalarLineIndex(buf) }
            return index!.position(of: target)
        }
        let n = buf.count
        var i = offset
        let end = min(target, n)
        while i < end {
            let v = buf[i]
            // Most scalars are neither C0 controls nor U+2028/9: one range test skips them.
            if v > 0x0D && v < 0x2028 {
                i += 1
                continue
            }
            if v <= 0x0D {
                if v == 0x0A {
                    line += 1
                    lineStart = i + 1
                } else if v == 0x0D {
                    // CR LF is one line break: count it at the LF.
                    if !(i + 1 < n && buf[i + 1] == 0x0A) {
                        line += 1
                        lineStart = i + 1
                    }
                }
            } else if v == 0x2028 || v == 0x2029 {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        offset = end
        return (line, target - lineStart + 1)
    }
}
