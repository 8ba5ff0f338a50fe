/// The lossless syntax tree of a `project.pbxproj`.
///
/// Every token remembers the bytes before it (whitespace, `/* comments */`, `// lines`, section
/// markers) as offsets into the document's text, so writing the tree back concatenates
/// `text[lead..<end]` of each token and gives the input byte for byte. Offsets, not strings: a
/// 2.7 MB project has ~150,000 tokens and none of them is copied or decoded until asked for.

/// One token and the trivia in front of it: `text[lead..<start]` is trivia, `text[start..<end]`
/// the token itself (a string, a punctuation byte, or nothing for the end of the file).
public struct PBXToken: Sendable, Hashable {
    public var lead: Int
    public var start: Int
    public var end: Int

    public init(lead: Int, start: Int, end: Int) {
        self.lead = lead
        self.start = start
        self.end = end
    }
}

/// A value: a string token (quoted or bare), or a dictionary or array node of the document.
public enum PBXValue: Sendable, Hashable {
    case string(PBXToken)
    /// Index into `PBXDocument.dictionaries`.
    case dictionary(Int)
    /// Index into `PBXDocument.arrays`.
    case array(Int)
}

/// `key = value;` inside a dictionary. Each punctuation keeps its own leading trivia, so
/// `ID /* comment */ = {…};` keeps the comment in `equals.lead`.
public struct PBXEntry: Sendable, Hashable {
    public var key: PBXToken
    public var equals: PBXToken
    public var value: PBXValue
    public var semicolon: PBXToken
}

/// One array element and its comma (absent only after the last element).
public struct PBXItem: Sendable, Hashable {
    public var value: PBXValue
    public var comma: PBXToken?
}

/// `{ entries }`: `open` is the `{` with its trivia, `close` the `}`.
public struct PBXDictionaryNode: Sendable, Hashable {
    public var open: PBXToken
    public var entries: [PBXEntry]
    public var close: PBXToken
}

/// `( items )`.
public struct PBXArrayNode: Sendable, Hashable {
    public var open: PBXToken
    public var items: [PBXItem]
    public var close: PBXToken
}
