import StringcatSupport

/// One `key = value;` pair of a `.strings` file, with the comment that documents it.
public struct StringsEntry: Sendable, Hashable {
    public var key: String
    public var value: String
    /// The comment Xcode's migration gives the entry (docs/spec/migration.md#comments): the last comment before
    /// the key since the previous entry's `;`, delimiters removed and surrounding white space
    /// trimmed (inner text verbatim); a file header counts like any other comment. Comments on
    /// the line of the entry's own `;` (`"k" = "v"; // note`) are added after it, joined with
    /// ` & ` (`preceding & note`), and are not the next key's. `nil` when there is none.
    public var comment: String? {
        get { hasComment ? commentText : nil }
        set {
            hasComment = newValue != nil
            commentText = newValue ?? ""
        }
    }
    /// 1-based line and column (in Unicode scalars) of the key; 0 when not from a text file.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(truncatingIfNeeded: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(truncatingIfNeeded: newValue) }
    }
    // Stored in 32 bits (a file of 4 G lines is not a .strings file): 64 bytes an entry, not 72,
    // for tables of a million keys.
    private var storedLine: UInt32
    private var storedColumn: UInt32
    // The comment is stored as a String and a flag, not a `String?`: with an optional String
    // field, Swift 6.3 -O built every entry in a temporary, copied it into the array (three
    // retains) and destroyed the temporary (three releases) — 5% of a corpus parse.
    private var commentText: String
    private var hasComment: Bool

    public init(key: String, value: String, comment: String? = nil, line: Int = 0, column: Int = 0) {
        self.key = key
        self.value = value
        hasComment = comment != nil
        commentText = comment ?? ""
        storedLine = UInt32(truncatingIfNeeded: line)
        storedColumn = UInt32(truncatingIfNeeded: column)
    }

    /// True when `comment` is itself one or more entries that were commented out,
    /// `/* "k" = "v"; */` or `// "k" = "v";` (but not an Interface Builder comment,
    /// `Class = "NSMenuItem"; title = "Play"; ObjectID = "1y8-d6-Wtj";`, nor such an entry joined
    /// with a trailing comment). `comment` still holds the text: Xcode gives it to the next key in
    /// the source language, but not in other languages (docs/spec/migration.md#comments). Worked out from the
    /// text when asked, so reading pays nothing for it.
    public var commentIsCommentedOutEntry: Bool {
        guard hasComment else { return false }
        var text = commentText
        return text.withUTF8 { StringsLexer.isEntryList($0) }
    }
}

/// How a `.strings` file was stored on disk.
public enum StringsEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16LE = "utf-16le"
    case utf16BE = "utf-16be"
    case utf32LE = "utf-32le"
    case utf32BE = "utf-32be"
    /// A compiled `bplist00` file named `.strings` (e.g. Sparkle.framework's).
    case binaryPlist = "binary-plist"
    /// An XML property list named `.strings` (what `xcstringstool compile` writes).
    case xmlPlist = "xml-plist"
}

/// A parsed `.strings` table.
public struct StringsFile: Sendable {
    public var path: String
    /// Entries in file order, duplicates included.
    public var entries: [StringsEntry]
    public var encoding: StringsEncoding
    public var hasByteOrderMark: Bool
    /// The first comment of the file when it comes before any entry (usually the file header).
    public var leadingComment: String?
    /// Set when reading stopped before the end of the file, as Apple's reader and Xcode's
    /// migration do, at a character that cannot start a key after an entry's `;` (a warning
    /// says so too). `entries` are those before it.
    public var unreadTail: StringsUnreadTail?
    /// Entries Apple's reader rejects, read from their line as Xcode's migration reads them
    /// (`StringsReading.xcodeMigration`), in file order; each one is also a warning. Empty when
    /// the file is valid for Apple's reader.
    public var recoveredEntries: [StringsRecoveredEntry]
    /// True when the reader found every key of `entries` written once (byte for byte, as
    /// CoreFoundation tells keys apart); false when some key is written twice, or when it is not
    /// known (a file built in code). A reader of the entries may skip its own duplicate check.
    public var keysAreDistinct = false

    public init(
        path: String, entries: [StringsEntry], encoding: StringsEncoding, hasByteOrderMark: Bool,
        leadingComment: String?,
        unreadTail: StringsUnreadTail? = nil, recoveredEntries: [StringsRecoveredEntry] = []
    ) {
        self.path = path
        self.entries = entries
        self.encoding = encoding
        self.hasByteOrderMark = hasByteOrderMark
        self.leadingComment = leadingComment
        self.unreadTail = unreadTail
        self.recoveredEntries = recoveredEntries
    }

    /// Key to value; for duplicate keys the last one wins, as in CoreFoundation.
    public var dictionary: [String: String] {
        var result = [String: String](minimumCapacity: entries.count)
        for entry in entries { result[entry.key] = entry.value }
        return result
    }
}

/// Where a `.strings` table ended before the end of its file: `"k" = "v";ы`, `;;`, a stray `}`
/// after an entry (see `StringsParser` for every case). CoreFoundation returns the entries read
/// so far and ignores the rest; so do we, and we say where.
public struct StringsUnreadTail: Sendable, Hashable {
    /// 1-based line and column (in Unicode scalars) of what stopped the reading.
    public var line: Int
    public var column: Int
    /// What was found there, e.g. `';'`, `'ы' (U+044B CYRILLIC SMALL LETTER YERU)`, `a quote
    /// that is never closed`.
    public var found: String
    /// Lines not read: from `line` to the last line of the file.
    public var lineCount: Int

    public init(line: Int, column: Int, found: String, lineCount: Int) {
        self.line = line
        self.column = column
        self.found = found
        self.lineCount = lineCount
    }
}

/// Which reading of a `.strings` file: Apple's runtime's, or Xcode's migration's. They differ only
/// on files CoreFoundation rejects.
public enum StringsReading: Sendable, Hashable {
    /// CoreFoundation's grammar, what `NSBundle`, `plutil` and an app at run time accept: an error
    /// anywhere rejects the whole file.
    case foundation
    /// What Xcode's "Migrate to String Catalog" reads: CoreFoundation's grammar, and where it
    /// fails inside an entry whose value opens with a quote on the key's line (a missing `;`,
    /// text after an early closing quote, a quote never closed), that entry read from its line
    /// (docs/spec/migration.md#entries-of-a-strings-table; see `StringsParser`). Each such entry is a warning and a
    /// `StringsRecoveredEntry`; reading goes on at the next line with CoreFoundation's grammar.
    /// With `strict`, nothing is recovered: the file is rejected as in `foundation`.
    case xcodeMigration
}

/// An entry Apple's reader rejects, read from its line as Xcode's migration reads it: the value
/// runs from its opening quote to the last unescaped quote of the same kind on the line, and
/// unescaped quotes inside it are left out (Rectangle `ar` `"… حدد \ n \ "استخدام …";`); with
/// no closing quote on the line, to the line's last `;` (HSTracker `ko` `"k" = "등급 달성 시간;`),
/// or to the end of the line.
public struct StringsRecoveredEntry: Sendable, Hashable {
    public var key: String
    /// The value read (also the entry's value in `StringsFile.entries`).
    public var value: String
    /// 1-based line and column (in Unicode scalars) of the key.
    public var line: Int
    public var column: Int
    /// Why Apple's reader rejects the entry, as the line reading sees it, e.g. `missing ';' after
    /// the value`, `an unescaped quote inside the value (left out)`.
    public var problem: String
    /// Text of the line after the value that is not part of it (beyond a `;`, white space and a
    /// comment), e.g. the ` junk` of `"k" = "v" junk;`; nil when there is none.
    public var unreadText: String?
    /// Unescaped quotes inside the value that the reading leaves out of it.
    public var leftOutQuotes = 0

    /// True when the reading leaves characters of the line out of the value (stray quotes, text
    /// after it): the file holds more than the catalog can get from it.
    public var leavesTextOut: Bool { leftOutQuotes > 0 || unreadText != nil }

    public init(
        key: String, value: String, line: Int, column: Int, problem: String, unreadText: String? = nil,
        leftOutQuotes: Int = 0
    ) {
        self.key = key
        self.value = value
        self.line = line
        self.column = column
        self.problem = problem
        self.unreadText = unreadText
        self.leftOutQuotes = leftOutQuotes
    }
}

/// What reading a `.strings` file produced.
public struct StringsReadResult: Sendable {
    /// The table, or `nil` when any error was found (Apple rejects the whole file too).
    public var file: StringsFile?
    /// Errors, warnings and notes, in file order.
    public var diagnostics: [Diagnostic]

    public init(file: StringsFile?, diagnostics: [Diagnostic]) {
        self.file = file
        self.diagnostics = diagnostics
    }
}
