/// Finds the line of each `<key>` element of an XML property list, for diagnostics that point
/// into the Info.plist. A byte scan, not an XML parser: keys are plain ASCII in practice, and the
/// values come from PropertyListSerialization, so a miss only costs a line number.
enum InfoPlistKeyLines {
    /// Key name -> 1-based line of its first `<key>` element. Empty for a binary plist.
    static func lines(in bytes: [UInt8]) -> [String: Int] {
        guard !bytes.starts(with: Array("bplist".utf8)) else { return [:] }
        let open = Array("<key>".utf8)
        let close = UInt8(ascii: "<")
        var result: [String: Int] = [:]
        var line = 1
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x0A || (b == 0x0D && (i + 1 >= n || bytes[i + 1] != 0x0A)) {
                line += 1
                i += 1
                continue
            }
            if b == open[0] && i + open.count <= n && bytes[i..<(i + open.count)].elementsEqual(open) {
                let start = i + open.count
                var end = start
                while end < n && bytes[end] != close && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
                if end < n && bytes[end] == close {
                    let name = String(decoding: bytes[start..<end], as: UTF8.self)
                    if result[name] == nil { result[name] = line }
                }
                i = end
                continue
            }
            i += 1
        }
        return result
    }
}
