/// Where each `<key>` of an XML property list sits: the one index of key places, for readers that
/// take their values from PropertyListSerialization (which gives values only) and still point
/// diagnostics at a key. The `.stringsdict` decoder asks for every key path with its line and
/// column (`init(xml:)`); verify's legacy side and the Info.plist reader for the lines of the
/// top-level keys (`topLevelLines(inXML:)`).
///
/// One pass over the bytes, following `<dict>`/`<array>` nesting and `<key>…</key>` elements,
/// skipping comments and CDATA sections and counting lines as it goes (LF, CR and CR LF, as
/// `LineIndex(utf8:)` counts them); the text between tags, most of a file, is passed over in a
/// tight loop. A byte scan, not an XML parser: the values come from Foundation, so a miss costs
/// only a place. Binary and old-style property lists yield an empty index (diagnostics then name
/// only the file).
///
/// Keys are kept at most `indexedDepth` deep (the top-level dictionary's keys are 1 deep). The
/// decoder asks for 5 levels at most (entry, rule type, device, variable, category) and reports
/// anything deeper as a part it drops; keeping every path of a file nested 500 deep took a copy of
/// the path per key (1 GB for 2 MB).
public struct PlistKeyLines: Sendable {
    public static let indexedDepth = 8

    public struct Position: Hashable, Sendable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    private var positions: [[String]: Position] = [:]
    /// Paths whose key appears more than once in the same dict (the last one wins in Foundation),
    /// with the position of each repeat.
    public private(set) var duplicates: [(path: [String], position: Position)] = []

    /// An empty index.
    public init() {}

    /// Every key path at most `indexedDepth` deep, with its line and column (in Unicode scalars).
    public init(xml bytes: [UInt8]) {
        // Each key as the scan meets it: its path with the top-level dictionary's placeholder
        // first (`Self.scan`), and its offset.
        var keys: [(path: [String], offset: Int)] = []
        bytes.withUnsafeBufferPointer { bytes in
            Self.scan(bytes, depth: Self.indexedDepth) { stack, key, offset, _ in keys.append((stack + [key], offset)) }
        }
        guard !keys.isEmpty else { return }
        let places = bytes.withUnsafeBufferPointer { UTF8Positions.positions(of: keys.map(\.offset), in: $0) }
        var byFullPath: [[String]: Position] = [:]
        for (k, key) in keys.enumerated() {
            let position = Position(line: places[k].line, column: places[k].column)
            if byFullPath.updateValue(position, forKey: key.path) != nil {
                duplicates.append((Array(key.path.dropFirst()), position))
            }
        }
        // Drop the top-level dict's placeholder from every path. Paths may then coincide: `<key>`
        // outside any dict, in text Foundation skips (`<?<key></key><key>?><dict/>` parses, found
        // by fuzzing). The later position wins, like a repeated key.
        positions = Dictionary(
            byFullPath.map { (Array($0.key.dropFirst()), $0.value) },
            uniquingKeysWith: { a, b in (a.line, a.column) > (b.line, b.column) ? a : b })
    }

    /// The 1-based line of each key of the top-level dictionary (the last `<key>` of a repeated
    /// one): the same scan, indexing nothing deeper and computing no column.
    public static func topLevelLines(inXML bytes: [UInt8]) -> [String: Int] {
        var lines: [String: Int] = [:]
        bytes.withUnsafeBufferPointer { bytes in
            scan(bytes, depth: 1) { stack, key, _, line in
                if stack.count == 1 { lines[key] = line }
            }
        }
        return lines
    }

    /// The position of the key at `path` (top-level key first).
    public func position(of path: [String]) -> Position? {
        positions[path]
    }

    /// The position of `path`, or of its nearest ancestor that has one.
    public func nearestPosition(of path: [String]) -> Position? {
        var p = path
        while !p.isEmpty {
            if let found = positions[p] { return found }
            p.removeLast()
        }
        return nil
    }

    // MARK: - The scan

    /// Calls `found(stack, key, offset, line)` for each `<key>` at most `depth` deep, in the
    /// file's order: `stack` names the dictionaries and arrays around it (the key before each, or
    /// `[item]`), the top-level one first (its name is a placeholder), so that `stack.count` is
    /// the key's depth; `offset` is that of its `<`, `line` its 1-based line.
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, depth maxDepth: Int,
        _ found: (_ stack: [String], _ key: String, _ offset: Int, _ line: Int) -> Void
    ) {
        guard looksLikeXML(bytes) else { return }
        var stack: [String] = []
        var pendingKey: String?
        var line = 1
        var i = 0
        let n = bytes.count
        while i < n {
            let byte = bytes[i]
            // Letters and most punctuation (above `<`) first: most of the text between tags.
            if byte > 0x3C { i += 1; continue }
            if byte != UInt8(ascii: "<") {
                if byte == 0x0A || (byte == 0x0D && (i + 1 == n || bytes[i + 1] != 0x0A)) { line += 1 }
                i += 1
                continue
            }
            // The byte after `<` tells which tags can start here.
            let next = i + 1 < n ? bytes[i + 1] : 0
            if next == UInt8(ascii: "!"), spells("<!--", at: i, in: bytes) {
                let end = TextSearch.firstOffset(of: "-->", in: bytes, from: i + 4) ?? n
                line += lineBreaks(in: bytes, i, end)
                i = end + 3
            } else if next == UInt8(ascii: "!"), spells("<![CDATA[", at: i, in: bytes) {
                let end = TextSearch.firstOffset(of: "]]>", in: bytes, from: i + 9) ?? n
                line += lineBreaks(in: bytes, i, end)
                i = end + 3
            } else if next == UInt8(ascii: "k"), spells("<key>", at: i, in: bytes) {
                if stack.count <= maxDepth {
                    let start = i + 5
                    let end = TextSearch.firstOffset(of: "</key>", in: bytes, from: start) ?? n
                    let key = unescape(
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                    found(stack, key, i, line)
                    pendingKey = key
                    line += lineBreaks(in: bytes, start, end)
                    i = end + 6
                } else {
                    // A key deeper than any kept: its text is read on as text, and it names only
                    // dictionaries deeper still.
                    pendingKey = ""
                    i += 5
                }
            } else if next == UInt8(ascii: "k"), spells("<key/>", at: i, in: bytes) {
                pendingKey = ""
                i += 6
            } else if next == UInt8(ascii: "d") || next == UInt8(ascii: "a"),
                spells("<dict>", at: i, in: bytes) || spells("<array>", at: i, in: bytes)
            {
                // A name only keys at most `maxDepth` deep will show.
                stack.append(stack.count < maxDepth ? pendingKey ?? "[item]" : "")
                pendingKey = nil
                i += 6
            } else if next == UInt8(ascii: "/"),
                spells("</dict>", at: i, in: bytes) || spells("</array>", at: i, in: bytes)
            {
                if !stack.isEmpty { stack.removeLast() }
                pendingKey = nil
                i += 7
            } else {
                i += 1
            }
        }
    }

    private static func spells(_ tag: StaticString, at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        TextSearch.spells(tag, at: i, in: bytes)
    }

    /// Line ends in `bytes[start..<end]` (`end` may pass the end), as the scan counts them.
    private static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var count = 0
        var k = start
        let n = bytes.count
        while k < min(end, n) {
            let b = bytes[k]
            if b == 0x0A || (b == 0x0D && (k + 1 == n || bytes[k + 1] != 0x0A)) { count += 1 }
            k += 1
        }
        return count
    }

    private static func looksLikeXML(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let head = bytes.prefix(64).drop {
            $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
        }
        return head.first == UInt8(ascii: "<")
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
