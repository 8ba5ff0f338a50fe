/// Where UTF-8 text stops being UTF-8: for a property list Foundation rejects with "Unable to
/// convert string to correct encoding", which names no place.
public enum InvalidUTF8 {
    /// The byte offset of the first byte that does not begin or continue a valid UTF-8 sequence
    /// (overlong forms, surrogates and code points past U+10FFFF included); nil when all is valid.
    public static func firstOffset(in bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            for k in 1..<length {
                guard i + k < n else { return i }
                let c = bytes[i + k]
                if k == 1 ? !(low...high).contains(c) : (c & 0xC0) != 0x80 { return i }
            }
            i += length
        }
        return nil
    }

    /// For an XML property list that does not declare an encoding other than UTF-8 (and has no
    /// UTF-16 byte order mark): an error at the line and column of its first invalid byte.
    public static func plistDiagnostic(in bytes: [UInt8], path: String) -> Diagnostic? {
        let otherForms: [[UInt8]] = [Array("bplist".utf8), [0xFE, 0xFF], [0xFF, 0xFE]]
        if otherForms.contains(where: { bytes.starts(with: $0) }) { return nil }
        let head = String(decoding: bytes.prefix(200), as: UTF8.self).lowercased()
        if let range = head.range(of: "encoding=") {
            let declared = head[range.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
            guard declared == "utf-8" || declared == "utf8" else { return nil }
        }
        guard let offset = firstOffset(in: bytes) else { return nil }
        let (line, column) = UTF8Positions.position(of: offset, in: bytes)
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        let hex = byte.count == 1 ? "0" + byte : byte
        return .error(
            "not valid UTF-8: byte 0x\(hex) cannot stand here (byte offset \(offset)); save the file as UTF-8",
            at: SourceLocation(path: path, line: line, column: column, byteOffset: offset))
    }
}
