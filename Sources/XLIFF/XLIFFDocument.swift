import StringcatSupport

/// The `<tool>` line of a `<file>` header: which Xcode wrote the file (`tool-version`, `build-num`).
public struct XLIFFTool: Sendable, Hashable {
    public var version: String
    public var build: String

    public init(version: String, build: String) {
        self.version = version
        self.build = build
    }
}

/// In which order a `<file>` element's attributes are written (docs/spec/xliff.md §2.1): every
/// catalog and every legacy table with a file in the target language gets `languagesFirst`;
/// a legacy table with none gets `datatypeFirst`, as Xcode writes them.
public enum XLIFFAttributeOrder: Sendable, Hashable {
    /// `original source-language target-language datatype`.
    case languagesFirst
    /// `original datatype source-language target-language`.
    case datatypeFirst
}

/// The start of one `<file>` element: which project file its units belong to, and the languages.
public struct XLIFFFileHeader: Sendable, Hashable {
    /// The `original` attribute: the file's path relative to the folder of the `.xcodeproj`.
    public var original: String
    public var sourceLanguage: String?
    /// Absent in a file Xcode cannot import ("cannot determine the locale").
    public var targetLanguage: String?
    public var datatype: String?
    public var attributeOrder: XLIFFAttributeOrder
    /// The `<tool>` line of its `<header>`, if any.
    public var tool: XLIFFTool?
    /// Where the `<file` tag starts (set by the reader).
    public var location: SourceLocation?

    public init(
        original: String, sourceLanguage: String?, targetLanguage: String?, datatype: String? = "plaintext",
        attributeOrder: XLIFFAttributeOrder = .languagesFirst, tool: XLIFFTool? = nil, location: SourceLocation? = nil
    ) {
        self.original = original
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.datatype = datatype
        self.attributeOrder = attributeOrder
        self.tool = tool
        self.location = location
    }
}

/// The text of a `<source>` or `<target>`: a plain string, or the values of a string set (App
/// Shortcuts phrases), written as one `<mrk mtype="x-set">` each.
public enum XLIFFText: Sendable, Hashable {
    case plain(String)
    case set([String])
}

/// A `<target>`: its text and its `state` attribute (nil when the element has none).
public struct XLIFFTarget: Sendable, Hashable {
    public var text: XLIFFText
    public var state: String?

    public init(text: XLIFFText, state: String?) {
        self.text = text
        self.state = state
    }
}

/// One `<trans-unit>`.
public struct XLIFFUnit: Sendable, Hashable {
    /// The `id` attribute: a catalog key, or `key|==|path` for a variation (`Xcloc.UnitID`).
    public var id: String
    /// False for `translate="no"` (a key with `shouldTranslate: false`).
    public var translate: Bool
    public var source: XLIFFText
    /// Nil when the unit has no `<target>` element.
    public var target: XLIFFTarget?
    /// The `<note>` text; nil writes `<note/>`. The reader gives nil for an absent note too.
    public var note: String?
    /// The note's `from` attribute (`auto-generated` for comments Xcode 26 generated).
    public var noteFrom: String?
    /// Where the `<trans-unit` tag starts, and where its `<target` does (set by the reader).
    public var location: SourceLocation?
    public var targetLocation: SourceLocation?

    public init(
        id: String, translate: Bool = true, source: XLIFFText, target: XLIFFTarget? = nil, note: String? = nil,
        noteFrom: String? = nil, location: SourceLocation? = nil, targetLocation: SourceLocation? = nil
    ) {
        self.id = id
        self.translate = translate
        self.source = source
        self.target = target
        self.note = note
        self.noteFrom = noteFrom
        self.location = location
        self.targetLocation = targetLocation
    }
}

/// A `<file>` element with its units, in the order they are written.
public struct XLIFFFile: Sendable, Hashable {
    public var header: XLIFFFileHeader
    public var units: [XLIFFUnit]

    public init(header: XLIFFFileHeader, units: [XLIFFUnit]) {
        self.header = header
        self.units = units
    }
}
