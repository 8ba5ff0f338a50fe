import StringcatSupport

/// Where each `<key>` of an XML property list sits, by its path of keys from the top dict.
///
/// PropertyListSerialization gives values only; to point diagnostics at a line we walk the raw
/// XML bytes once, following `<dict>`/`<array>` nesting and `<key>…</key>` elements. Binary and
/// old-style plists yield an empty index (diagnostics then name only the file).
///
/// The scan keeps keys at most `indexedDepth` deep. The decoder asks for 5 levels at most (entry,
/// rule type, device, variable, category) and reports anything deeper as a part it drops; keeping
/// every path of a file nested 500 deep took a copy of the path per key (1 GB for 2 MB).
struct PlistKeyLines {
    static let indexedDepth = 8

    struct Position: Hashable {
        var line: Int
        var column: Int
    }

    private(set) var positions: [[String]: Position] = [:]
    /// Paths whose key appears more than once in the same dict (the last one wins in Foundation),
    /// with the position of each repeat.
    private(set) var duplicates: [(path: [String], position: Position)] = []

    init() {}

    init(xml bytes: [UInt8]) {
        guard Self.looksLikeXML(bytes) else { return }
        let lines = UTF8Positions(bytes)
        var stack: [String] = []
        var pendingKey: String?
        var i = 0
        let n = bytes.count
        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            if Self.hasPrefix(bytes, i, Tag.commentOpen) {
                i = Self.find(bytes, from: i + 4, Tag.commentClose).map { $0 + 3 } ?? n
            } else if Self.hasPrefix(bytes, i, Tag.keyOpen) {
                let start = i + 5
                let end = Self.find(bytes, from: start, Tag.keyClose) ?? n
                let key = Self.unescape(String(decoding: bytes[start..<end], as: UTF8.self))
                // `stack` still holds the top-level dict's placeholder: its count is the key's depth.
                if stack.count <= Self.indexedDepth {
                    let (line, column) = lines.position(of: i)
                    let position = Position(line: line, column: column)
                    let path = stack + [key]
                    if positions[path] != nil {
                        duplicates.append((path, position))
                    }
                    positions[path] = position
                }
                pendingKey = key
                i = end + 6
            } else if Self.hasPrefix(bytes, i, Tag.keyEmpty) {
                pendingKey = ""
                i += 6
            } else if Self.hasPrefix(bytes, i, Tag.dictOpen) || Self.hasPrefix(bytes, i, Tag.arrayOpen) {
                stack.append(pendingKey ?? "[item]")
                pendingKey = nil
                i += 1
            } else if Self.hasPrefix(bytes, i, Tag.dictClose) || Self.hasPrefix(bytes, i, Tag.arrayClose) {
                if !stack.isEmpty { stack.removeLast() }
                pendingKey = nil
                i += 1
            } else {
                i += 1
            }
        }
        // The top-level <dict> pushed a placeholder; drop it from every path. Paths may then
        // coincide: `<key>` outside any dict, in text Foundation skips (`<?<key></key><key>?><dict/>`
        // parses, found by fuzzing). The later position wins, like a repeated key.
        positions = Dictionary(positions.map { (Array($0.key.dropFirst()), $0.value) },
                               uniquingKeysWith: { a, b in (a.line, a.column) > (b.line, b.column) ? a : b })
        duplicates = duplicates.map { (Array($0.path.dropFirst()), $0.position) }
    }

    /// Tag spellings as bytes, built once.
    private enum Tag {
        static let commentOpen = Array("<!--".utf8)
        static let commentClose = Array("-->".utf8)
        static let keyOpen = Array("<key>".utf8)
        static let keyClose = Array("</key>".utf8)
        static let keyEmpty = Array("<key/>".utf8)
        static let dictOpen = Array("<dict>".utf8)
        static let arrayOpen = Array("<array>".utf8)
        static let dictClose = Array("</dict>".utf8)
        static let arrayClose = Array("</array>".utf8)
    }

    func position(of path: [String]) -> Position? {
        positions[path]
    }

    /// The position of `path`, or of its nearest ancestor that has one.
    func nearestPosition(of path: [String]) -> Position? {
        var p = path
        while !p.isEmpty {
            if let found = positions[p] { return found }
            p.removeLast()
        }
        return nil
    }

    private static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(64).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        return head.first == UInt8(ascii: "<")
    }

    private static func hasPrefix(_ bytes: [UInt8], _ i: Int, _ p: [UInt8]) -> Bool {
        guard i + p.count <= bytes.count else { return false }
        for k in 0..<p.count where bytes[i + k] != p[k] { return false }
        return true
    }

    private static func find(_ bytes: [UInt8], from start: Int, _ s: [UInt8]) -> Int? {
        var i = start
        while i < bytes.count {
            if hasPrefix(bytes, i, s) { return i }
            i += 1
        }
        return nil
    }

    /// XML entity and character references, as the plist parser decodes them in keys.
    static func unescape(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "&")) else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                var scalar: Unicode.Scalar?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if entity.hasPrefix("#") {
                    scalar = UInt32(entity.dropFirst(1)).flatMap(Unicode.Scalar.init)
                }
                if let scalar { out.unicodeScalars.append(scalar) } else { out += rest[amp...semi] }
            }
            rest = rest[rest.index(after: semi)...]
        }
        out += rest
        return out
    }
}
