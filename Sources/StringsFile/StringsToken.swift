/// One lexical token of an old-style property list / `.strings` text.
public struct StringsToken: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case quotedString, unquotedString
        case equals, semicolon, openBrace, closeBrace, openParen, closeParen, comma, openAngle, closeAngle
        /// A `/* … */` or `// …` comment; `text` is the body without delimiters, untrimmed.
        case comment
        /// A character that starts no token (e.g. U+3000, `@`, `#`).
        case other
    }

    public var kind: Kind
    /// Strings: the value with escapes resolved. Comments: the body. Others: the character.
    public var text: String
    /// Offsets in Unicode scalars of the decoded text: first scalar and one past the last.
    public var start: Int
    public var end: Int
    /// False for a `/*` comment that runs to the end of the file.
    public var isTerminated: Bool

    public init(kind: Kind, text: String, start: Int, end: Int, isTerminated: Bool = true) {
        self.kind = kind
        self.text = text
        self.start = start
        self.end = end
        self.isTerminated = isTerminated
    }

    public var isString: Bool { kind == .quotedString || kind == .unquotedString }
}

/// A lexical problem found by `StringsTokenizer`, at a scalar offset.
public struct StringsTokenIssue: Error, Sendable, Hashable {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}

/// Decoded scalars in memory that does not move, so the tokenizer's hot loops can use a raw
/// pointer (decoders write straight into it; no intermediate array, no copy).
final class ScalarStorage {
    let base: UnsafeMutablePointer<UInt32>
    var count: Int = 0
    /// The same text as UTF-8, and for each scalar offset (and `count`) its byte offset in it,
    /// so a token's String is one copy of validated UTF-8 instead of re-encoding scalars.
    /// Nil for texts over 2 GB (offsets are Int32), which then re-encode.
    private(set) var utf8: UnsafeMutablePointer<UInt8>?
    private(set) var offsets: UnsafeMutablePointer<Int32>?

    init(capacity: Int) {
        base = UnsafeMutablePointer<UInt32>.allocate(capacity: max(capacity, 1))
    }

    convenience init(_ scalars: [UInt32]) {
        self.init(capacity: scalars.count)
        for (i, v) in scalars.enumerated() { base[i] = v }
        count = scalars.count
        buildUTF8()
    }

    deinit {
        base.deallocate()
        utf8?.deallocate()
        offsets?.deallocate()
    }

    var buffer: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: base, count: count) }

    /// For UTF-8 sources: keeps a copy of the bytes; the decoder fills `offsets` itself.
    func prepareUTF8Copy(of bytes: UnsafeBufferPointer<UInt8>, scalarCapacity: Int) -> UnsafeMutablePointer<Int32>? {
        guard bytes.count < Int(Int32.max) else { return nil }
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        if let source = bytes.baseAddress, bytes.count > 0 { copy.initialize(from: source, count: bytes.count) }
        utf8 = copy
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: scalarCapacity + 1)
        offsets = table
        return table
    }

    /// For other sources: encodes the scalars once into UTF-8 with their offsets.
    func buildUTF8() {
        guard count < Int(Int32.max) / 4 else { return }
        var length = 0
        for i in 0..<count {
            let v = base[i]
            length += v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4
        }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(length, 1))
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: count + 1)
        let out = UnsafeMutableBufferPointer(start: bytes, count: length)
        var w = 0
        for i in 0..<count {
            table[i] = Int32(w)
            w = StringsTokenizer.encodeUTF8(base[i], into: out, at: w)
        }
        table[count] = Int32(w)
        utf8 = bytes
        offsets = table
    }
}
