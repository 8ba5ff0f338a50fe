import Foundation

/// Refuses a property list nested deeper than `maximumDepth`, or a binary one whose shared
/// containers would expand without bound, before anything recursive sees its bytes:
/// PropertyListSerialization and the conversions of its result, which recurse once per level of
/// nesting.
///
/// Why it is needed (measured with Swift 6.3.1 on Linux): a `.stringsdict` of 50,000 nested
/// `<dict>` overflowed the stack of the XML reader stringcat then had (exit 139). Foundation's own readers
/// stop at 512 levels there (XML: "Too many nested arrays or dictionaries"; old-style text and
/// binary: a parse error), but CoreFoundation on macOS is not known to, and neither limit covers
/// our conversions. And a 562-byte binary plist of 24 dictionaries each holding the next one
/// twice made Foundation build 2^24 dictionaries: 54 s and 6 GB (no limit stops that).
///
/// One pass over the bytes, which are not copied (UTF-16 and UTF-32 text is narrowed to one
/// byte per code unit first); a binary plist takes a few bytes per object for the walk. The limit is the catalog
/// reader's (512 levels, the top-level container counting as one), so no format nests deeper than another.
///
/// - XML (the text starts with `<`): `<dict>` and `<array>` open a level (not `<dict/>`), their
///   end tags close one; comments, CDATA sections, processing instructions and `<!…>`
///   declarations are skipped.
/// - Old-style text (anything else): `{` and `(` open, `}` and `)` close; quoted strings and
///   comments (where a token may start, as CoreFoundation reads them) are skipped.
/// - Binary (`bplist`): the object graph from the top object, following the offset table. A
///   container that holds itself is refused; so is a set (not a property-list type, though the
///   binary format has a marker for it: Foundation on Linux crashes on any non-empty one, found
///   by fuzzing, Swift 6.3.1), and a graph that makes more values than the file has bytes (each
///   reference takes at least one byte, so only containers referenced more than once can do
///   that; the writers unique strings and numbers, not containers). A graph this scan cannot
///   follow is left to Foundation, which refuses it.
///
/// Closing more than was opened never makes the depth negative, so text the readers skip before
/// the top-level value cannot hide the levels that follow it.
public enum PropertyListNesting {
    /// Levels of nesting accepted, the outermost container counting as one.
    public static let maximumDepth = 512

    /// What is wrong and where: line and column for text (columns in Unicode scalars), the byte
    /// offset always.
    public struct Problem: Sendable, Hashable {
        public var message: String
        public var byteOffset: Int
        public var line: Int?
        public var column: Int?

        public func location(path: String) -> SourceLocation {
            SourceLocation(path: path, line: line, column: column, byteOffset: byteOffset)
        }
    }

    /// nil when every reader may go ahead.
    public static func problem(in bytes: [UInt8]) -> Problem? {
        bytes.withUnsafeBufferPointer { problem(in: $0) }
    }

    public static func problem(in bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        if bytes.starts(with: "bplist".utf8) {
            var scan = BinaryScan(bytes: bytes)
            return scan.run()
        }
        if let wide = WideText(bytes) {
            let narrow = wide.narrowed(bytes)
            return narrow.withUnsafeBufferPointer { units in
                var scan = TextScan(units: units)
                guard var problem = scan.run() else { return nil }
                problem.byteOffset = problem.byteOffset * wide.width
                return problem
            }
        }
        var scan = TextScan(units: bytes)
        return scan.run()
    }

    /// The problem as an error diagnostic at its place in `path`.
    public static func diagnostic(in bytes: [UInt8], path: String) -> Diagnostic? {
        problem(in: bytes).map { .error($0.message, at: $0.location(path: path)) }
    }

    static var tooDeep: String { "nesting deeper than \(maximumDepth) levels" }
}

// MARK: - Text

/// UTF-16 or UTF-32 text, recognised by its byte order mark or by the zero bytes around a first
/// ASCII character.
private struct WideText {
    var width: Int
    var bigEndian: Bool

    init?(_ b: UnsafeBufferPointer<UInt8>) {
        let n = b.count
        func at(_ i: Int) -> UInt8? { i < n ? b[i] : nil }
        switch (at(0), at(1), at(2), at(3)) {
        case (0x00, 0x00, 0xFE, 0xFF): (width, bigEndian) = (4, true)
        case (0xFF, 0xFE, 0x00, 0x00): (width, bigEndian) = (4, false)
        case (0xFE, 0xFF, _, _): (width, bigEndian) = (2, true)
        case (0xFF, 0xFE, _, _): (width, bigEndian) = (2, false)
        case (0x00, 0x00, 0x00, let d?) where d != 0: (width, bigEndian) = (4, true)
        case (let a?, 0x00, 0x00, 0x00) where a != 0: (width, bigEndian) = (4, false)
        case (0x00, let b?, _, _) where b != 0: (width, bigEndian) = (2, true)
        case (let a?, 0x00, _, _) where a != 0: (width, bigEndian) = (2, false)
        default: return nil
        }
    }

    /// One byte per code unit: ASCII as itself, a low surrogate as a UTF-8 continuation byte
    /// (0x80, so columns count scalars), any other unit as 0xC0.
    func narrowed(_ b: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let count = b.count / width
        var out = [UInt8](repeating: 0, count: count)
        for k in 0..<count {
            var unit: UInt32 = 0
            for j in 0..<width {
                let byte = UInt32(b[k * width + (bigEndian ? j : width - 1 - j)])
                unit = unit << 8 | byte
            }
            out[k] = unit < 0x80 ? UInt8(unit) : (width == 2 && unit >= 0xDC00 && unit <= 0xDFFF ? 0x80 : 0xC0)
        }
        return out
    }
}

/// The XML or old-style scan over ASCII-compatible units.
private struct TextScan {
    let units: UnsafeBufferPointer<UInt8>
    var depth = 0

    init(units: UnsafeBufferPointer<UInt8>) { self.units = units }

    mutating func run() -> PropertyListNesting.Problem? {
        var i = 0
        let n = units.count
        if n >= 3 && units[0] == 0xEF && units[1] == 0xBB && units[2] == 0xBF { i = 3 }
        while i < n, units[i] == 0x20 || units[i] == 0x09 || units[i] == 0x0A || units[i] == 0x0D || units[i] == 0xC0 {
            i += 1 // (0xC0 here is a narrowed byte order mark)
        }
        guard let at = i < n && units[i] == UInt8(ascii: "<") ? xml(from: i) : oldStyle(from: i) else { return nil }
        return problem(at: at)
    }

    /// The offset of the tag that opens one level too many.
    mutating func xml(from start: Int) -> Int? {
        let n = units.count
        var i = start
        while i < n {
            guard units[i] == UInt8(ascii: "<") else {
                // Text between tags, most of the bytes: skipped in one search.
                i = nextTagStart(from: i + 1)
                continue
            }
            if matches(i, "<!--") {
                i = find("-->", from: i + 4).map { $0 + 3 } ?? n
            } else if matches(i, "<![CDATA[") {
                i = find("]]>", from: i + 9).map { $0 + 3 } ?? n
            } else if matches(i, "<?") {
                i = find("?>", from: i + 2).map { $0 + 2 } ?? n
            } else if matches(i, "<!") {
                i = find(">", from: i + 2).map { $0 + 1 } ?? n
            } else if i + 1 < n && units[i + 1] == UInt8(ascii: "/") {
                if containerName(at: i + 2) != nil { depth = max(0, depth - 1) }
                i += 2
            } else if let nameEnd = containerName(at: i + 1) {
                let tagEnd = find(">", from: nameEnd) ?? n
                if !(tagEnd < n && units[tagEnd - 1] == UInt8(ascii: "/")) {
                    depth += 1
                    if depth > PropertyListNesting.maximumDepth { return i }
                }
                i = tagEnd
            } else {
                i += 1
            }
        }
        return nil
    }

    /// The offset of the next `<` at or after `start` (the end when there is none).
    private func nextTagStart(from start: Int) -> Int {
        guard start < units.count, let base = units.baseAddress else { return units.count }
        guard let found = memchr(base + start, Int32(UInt8(ascii: "<")), units.count - start) else {
            return units.count
        }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The offset of the `{` or `(` that opens one level too many.
    mutating func oldStyle(from start: Int) -> Int? {
        let n = units.count
        var i = start
        // Inside an unquoted word, `/` is part of the word, not a comment's start.
        var inWord = false
        while i < n {
            let c = units[i]
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                i += 1
                while i < n && units[i] != c { i += units[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
                inWord = false
            case UInt8(ascii: "/") where !inWord && i + 1 < n && units[i + 1] == UInt8(ascii: "*"):
                i = find("*/", from: i + 2).map { $0 + 2 } ?? n
            case UInt8(ascii: "/") where !inWord && i + 1 < n && units[i + 1] == UInt8(ascii: "/"):
                while i < n && units[i] != 0x0A && units[i] != 0x0D { i += 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "("):
                depth += 1
                if depth > PropertyListNesting.maximumDepth { return i }
                i += 1
                inWord = false
            case UInt8(ascii: "}"), UInt8(ascii: ")"):
                depth = max(0, depth - 1)
                i += 1
                inWord = false
            default:
                inWord = Self.isWordByte(c)
                i += 1
            }
        }
        return nil
    }

    /// CoreFoundation's unquoted string characters.
    static func isWordByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c == UInt8(ascii: "/") || c == UInt8(ascii: ":")
            || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
    }

    /// When `dict` or `array` starts at `i` and is followed by the end of a tag name, the offset
    /// after the name.
    func containerName(at i: Int) -> Int? {
        for name in ["dict", "array"] as [StaticString] where matches(i, name) {
            let end = i + name.utf8CodeUnitCount
            guard end < units.count else { return nil }
            let c = units[end]
            return c == UInt8(ascii: ">") || c == UInt8(ascii: "/") || c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
                ? end : nil
        }
        return nil
    }

    func matches(_ i: Int, _ s: StaticString) -> Bool { TextSearch.spells(s, at: i, in: units) }

    func find(_ s: StaticString, from start: Int) -> Int? { TextSearch.firstOffset(of: s, in: units, from: start) }

    /// Line and column (Unicode scalars, after a byte order mark) of the unit at `offset`.
    func problem(at offset: Int) -> PropertyListNesting.Problem {
        var line = 1
        var lineStart = 0
        var i = 0
        while i < offset {
            if units[i] == 0x0A || (units[i] == 0x0D && !(i + 1 < units.count && units[i + 1] == 0x0A)) {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        if lineStart == 0 && units.count >= 3 && units[0] == 0xEF && units[1] == 0xBB && units[2] == 0xBF {
            lineStart = 3
        }
        if lineStart == 0 && units.first == 0xC0 { lineStart = 1 }
        var column = 1
        for k in lineStart..<offset where units[k] & 0xC0 != 0x80 { column += 1 }
        return PropertyListNesting.Problem(
            message: PropertyListNesting.tooDeep, byteOffset: offset, line: line, column: column)
    }
}

// MARK: - Binary

/// The object graph of a `bplist00` file, walked without recursion from the top object.
private struct BinaryScan {
    let bytes: UnsafeBufferPointer<UInt8>
    var offsetSize = 0
    var referenceSize = 0
    var objectCount = 0
    var tableOffset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func run() -> PropertyListNesting.Problem? {
        let n = bytes.count
        guard n >= 8 + 32 else { return nil }
        let trailer = n - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = integer(at: trailer + 8, size: 8), let top = integer(at: trailer + 16, size: 8),
            let table = integer(at: trailer + 24, size: 8),
            count > 0, top < count, table >= 8, table < trailer,
            count <= (trailer - table) / offsetSize
        else { return nil }
        objectCount = count
        tableOffset = table

        // Per object: 0 not seen, 1 on the path being walked, 2 done.
        var state = [UInt8](repeating: 0, count: count)
        // For done objects: the levels of containers it makes (0 for a value), and how many values.
        var height = [Int32](repeating: 0, count: count)
        var size = [Int](repeating: 0, count: count)
        let sizeLimit = n
        struct Frame {
            var object: Int; var references: Int; var referenceCount: Int; var next: Int; var height: Int32;
            var size: Int
        }
        var path: [Frame] = []

        func enter(_ object: Int) -> PropertyListNesting.Problem? {
            if let offset = offset(of: object), bytes[offset] >> 4 == 0xC {
                return problem(
                    "a set, which property lists do not hold (Foundation on Linux crashes reading one)", object)
            }
            guard let (first, referenceCount) = references(of: object) else {
                state[object] = 2
                height[object] = 0
                size[object] = 1
                return nil
            }
            if path.count + 1 > PropertyListNesting.maximumDepth {
                return problem(PropertyListNesting.tooDeep, object)
            }
            state[object] = 1
            path.append(
                Frame(object: object, references: first, referenceCount: referenceCount, next: 0, height: 1, size: 1))
            return nil
        }

        if let problem = enter(top) { return problem }
        while var frame = path.popLast() {
            if frame.next == frame.referenceCount {
                state[frame.object] = 2
                height[frame.object] = frame.height
                size[frame.object] = frame.size
                if var parent = path.popLast() {
                    parent.height = max(parent.height, frame.height + 1)
                    parent.size = min(sizeLimit + 1, parent.size + frame.size)
                    path.append(parent)
                }
                if frame.size > sizeLimit {
                    return problem(
                        "containers shared so often that the file makes more than \(sizeLimit) values from "
                            + "\(sizeLimit) bytes; refused, since reading it would take unbounded time and memory",
                        frame.object)
                }
                continue
            }
            let child = integer(at: frame.references + frame.next * referenceSize, size: referenceSize) ?? count
            frame.next += 1
            guard child < count else {
                // Foundation refuses a reference to no object; count it as one value.
                frame.size += 1
                path.append(frame)
                continue
            }
            switch state[child] {
            case 1:
                return problem("a container holds itself", child)
            case 2:
                frame.height = max(frame.height, height[child] + 1)
                frame.size = min(sizeLimit + 1, frame.size + size[child])
                path.append(frame)
                if Int(frame.height) + path.count - 1 > PropertyListNesting.maximumDepth {
                    return problem(PropertyListNesting.tooDeep, child)
                }
            default:
                path.append(frame)
                if let problem = enter(child) { return problem }
            }
        }
        return nil
    }

    /// Where the references of a container start and how many there are (keys and values for a
    /// dictionary); nil for any other value, or a container this scan cannot read (Foundation
    /// refuses those). An empty container is not a level, as `<dict/>` is not (Foundation does not
    /// count either).
    func references(of object: Int) -> (Int, Int)? {
        guard let offset = offset(of: object) else { return nil }
        let marker = bytes[offset]
        let kind = marker >> 4
        guard kind == 0xA || kind == 0xB || kind == 0xC || kind == 0xD else { return nil }
        var first = offset + 1
        var count = Int(marker & 0x0F)
        if count == 0x0F {
            guard first < tableOffset, bytes[first] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[first] & 0x0F)
            guard size <= 8, let value = integer(at: first + 1, size: size) else { return nil }
            count = value
            first += 1 + size
        }
        if kind == 0xD {
            guard count <= Int.max / 2 else { return nil }
            count *= 2
        }
        guard count <= (tableOffset - first) / referenceSize else { return nil }
        return count == 0 ? nil : (first, count)
    }

    /// Where `object` starts, when that is inside the object area.
    func offset(of object: Int) -> Int? {
        guard let offset = integer(at: tableOffset + object * offsetSize, size: offsetSize), offset >= 8,
            offset < tableOffset
        else { return nil }
        return offset
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`; nil past the end or above Int.max.
    func integer(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, offset + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for k in 0..<size { value = value << 8 | UInt64(bytes[offset + k]) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }

    func problem(_ message: String, _ object: Int) -> PropertyListNesting.Problem {
        let offset = integer(at: tableOffset + object * offsetSize, size: offsetSize) ?? 0
        return PropertyListNesting.Problem(
            message: "\(message) (binary property list, the container at byte offset \(offset))", byteOffset: offset)
    }
}
