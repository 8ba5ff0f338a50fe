/// Writes JSON text exactly as corelibs Foundation's
/// `JSONSerialization.data(withJSONObject:, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])`,
/// which is what Xcode writes (docs/spec/catalog-format.md#foundation-writes-the-bytes-xcode-writes,
/// #the-json-text-form): 2-space indent, `"key" : value`, members separated by `,\n`, an empty object as `{` LF LF
/// indent `}`, `/` not escaped, control characters as `\n` `\r` `\t` `\b` `\f` or `\u00xx` with lower-case hex,
/// everything else raw.
///
/// Callers write object members in sorted order themselves (`CatalogKeyOrder`).
public struct JSONTextWriter {
    public private(set) var bytes: [UInt8] = []
    private var depth = 0
    private var firstMember: [Bool] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// A writer that continues an object already open at `depth` (its members are written as if
    /// they followed the ones before: with `,\n` first when `hasMembers`). Its bytes are spliced
    /// into the outer writer with `append(continuation:)`; used to encode parts in parallel.
    init(continuingObjectAtDepth depth: Int, hasMembers: Bool, capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
        self.depth = depth
        firstMember = Array(repeating: false, count: depth - 1) + [!hasMembers]
    }

    /// Splices in the members a continuation writer wrote for the object open here.
    mutating func append(continuation: JSONTextWriter) {
        guard !continuation.bytes.isEmpty else { return }
        bytes.append(contentsOf: continuation.bytes)
        firstMember[firstMember.count - 1] = false
    }

    /// Records that members of the open object were written by a continuation writer whose
    /// bytes are handed on apart from these (a streamed catalog's parts).
    mutating func noteMembersWrittenElsewhere() {
        firstMember[firstMember.count - 1] = false
    }

    /// Hands out the bytes written so far and starts again from none (same capacity), in the
    /// same place of the document: used to stream a large catalog to a file in parts.
    public mutating func takeBytes() -> [UInt8] {
        let taken = bytes
        bytes.removeAll(keepingCapacity: true)
        return taken
    }

    public mutating func beginObject() { beginContainer(UInt8(ascii: "{")) }
    public mutating func endObject() { endContainer(UInt8(ascii: "}")) }
    public mutating func beginArray() { beginContainer(UInt8(ascii: "[")) }
    public mutating func endArray() { endContainer(UInt8(ascii: "]")) }

    /// Writes the separator, indent, key and ` : ` of the next object member.
    public mutating func key(_ key: String) {
        separateElement()
        string(key)
        bytes.append(0x20); bytes.append(0x3A); bytes.append(0x20)
    }

    /// The bytes `key(_:)` writes after the indent for member `name`: `"name" : `, for
    /// `key(memberName:)` (a table's language codes, written once per cell).
    static func memberName(_ name: String) -> [UInt8] {
        var writer = JSONTextWriter()
        writer.string(name)
        writer.bytes += [0x20, 0x3A, 0x20]
        return writer.bytes
    }

    /// `key(name)` with the name's bytes from `memberName(name)`.
    mutating func key(memberName: [UInt8]) {
        separateElement()
        bytes.append(contentsOf: memberName)
    }

    /// The bytes `beginObject`, `key("stringUnit")`, `beginObject`, `key("state")`,
    /// `string("translated")`, `key("value")`, `string(value)`, `endObject`, `endObject` write:
    /// the localization of a plain value, most of a migrated catalog, in three appends. Its
    /// constant parts depend only on the depth, and are made once per depth.
    mutating func translatedUnit(_ value: String) {
        let parts =
            depth < Self.translatedUnitPartsByDepth.count
            ? Self.translatedUnitPartsByDepth[depth] : Self.translatedUnitParts(depth: depth)
        bytes.append(contentsOf: parts.prefix)
        string(value)
        bytes.append(contentsOf: parts.suffix)
    }

    private static let translatedUnitPartsByDepth = (0..<16).map { translatedUnitParts(depth: $0) }

    /// What `translatedUnit` writes before and after the value, at `depth`.
    private static func translatedUnitParts(depth: Int) -> (prefix: [UInt8], suffix: [UInt8]) {
        var writer = JSONTextWriter()
        writer.depth = depth
        writer.beginObject()
        writer.key("stringUnit")
        writer.beginObject()
        writer.key("state")
        writer.string("translated")
        writer.key("value")
        let prefix = writer.takeBytes()
        writer.endObject()
        writer.endObject()
        return (prefix, writer.bytes)
    }

    /// Writes the separator and indent of the next array element.
    public mutating func arrayElement() { separateElement() }

    private mutating func beginContainer(_ open: UInt8) {
        bytes.append(open)
        bytes.append(0x0A)
        depth += 1
        firstMember.append(true)
    }

    private mutating func endContainer(_ close: UInt8) {
        firstMember.removeLast()
        bytes.append(0x0A)
        depth -= 1
        indent()
        bytes.append(close)
    }

    private mutating func separateElement() {
        if firstMember[firstMember.count - 1] {
            firstMember[firstMember.count - 1] = false
        } else {
            bytes.append(0x2C); bytes.append(0x0A)
        }
        indent()
    }

    private mutating func indent() {
        var remaining = depth * 2
        while remaining > 0 {
            let count = min(remaining, Self.spaces.count)
            bytes.append(contentsOf: Self.spaces[0..<count])
            remaining -= count
        }
    }

    public mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
    }

    public mutating func int(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

    /// corelibs writes a `Double` with its `description`, dropping a trailing `.0`.
    mutating func double(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    public mutating func null() { bytes.append(contentsOf: Self.nullBytes) }

    public mutating func string(_ value: String) {
        bytes.append(0x22)
        // A native string's bytes are read in place (no copy of the string to call `withUTF8`).
        if value.utf8.withContiguousStorageIfAvailable({ escape($0) }) != nil { return }
        var value = value
        value.withUTF8 { escape($0) }
    }

    /// `value` as a JSON string literal, the bytes `string(_:)` writes: for text that quotes one
    /// (a message's path, a small document written line by line, a key looked for in a catalog).
    public static func literal(_ value: String) -> String {
        var writer = JSONTextWriter()
        writer.string(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The escaped bytes of a string and its closing quote (`string(_:)`).
    private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for k in 0..<utf8.count {
            let b = utf8[k]
            guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
            if runStart < k { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<k])) }
            runStart = k + 1
            bytes.append(0x5C)
            switch b {
            case 0x22: bytes.append(0x22)
            case 0x5C: bytes.append(0x5C)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                // \u00xx, lower-case hex (corelibs `String(value, radix: 16)`): \u001b.
                bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30])
                bytes.append(Self.hexDigits[Int(b >> 4)])
                bytes.append(Self.hexDigits[Int(b & 0x0F)])
            }
        }
        if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        bytes.append(0x22)
    }

    /// Writes any JSON value; object keys are sorted with `order`.
    mutating func value(_ value: JSONValue, order: CatalogKeyOrder) {
        switch value {
        case .string(let s): string(s)
        case .int(let n): int(n)
        case .double(let d): double(d)
        case .bool(let b): bool(b)
        case .null: null()
        case .array(let elements):
            beginArray()
            for element in elements {
                arrayElement()
                self.value(element, order: order)
            }
            endArray()
        case .object(let members):
            beginObject()
            for index in order.sortedIndices(members) {
                key(members[index].key)
                self.value(members[index].value, order: order)
            }
            endObject()
        }
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 64)
    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)
}
