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
