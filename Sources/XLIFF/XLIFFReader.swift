import StringcatSupport

/// Reads XLIFF 1.2 a unit at a time, with the line and column of every `<file>`, `<trans-unit>`
/// and `<target>`, in memory bounded by the largest unit (a 1 GB file is read through a 1 MB
/// window): the caller gets each file's header and each unit as they are read.
///
/// What Xcode and translation tools write is read: `<group>` around units, `<alt-trans>`,
/// `<context-group>` and other elements Xcode ignores are skipped; `<mrk mtype="x-set">` inside a
/// `<source>` or `<target>` is a string set's value; any other `<mrk>` keeps its text. Errors
/// (each a `Diagnostic` at its line and column, and reading stops):
/// - the XML is not well formed (`XMLScanner`), ends early, or nests elements deeper than
///   `XMLScanner.maximumDepth`;
/// - the root is not `<xliff>`, or is XLIFF 2 (`version="2.0"`), which Xcode does not read;
/// - a `<file>` without `original`, a `<trans-unit>` without `id`;
/// - an inline element other than `<mrk>` inside a `<target>` (`<g>`, `<x/>`, `<ph>`…): Xcode's
///   XLIFF has none, and a catalog value cannot hold one;
/// - a second `<target>` in a unit (which one is the translation cannot be known);
/// - a `<trans-unit>` outside `<body>` and its `<group>`s, where no XLIFF tool reads it (its
///   translation would be lost without a word).
///
/// Groups nest without recursion: a file of 10,000 nested `<group>`s is an error at the one past
/// the limit, never a stack overflow.
public enum XLIFFReader {
    /// What the reader hands out, in document order.
    public enum Event: Sendable {
        case file(XLIFFFileHeader)
        case unit(XLIFFUnit)
        /// `</file>` of the file last handed out.
        case endOfFile
    }

    /// What a read saw besides its events.
    public struct Summary: Sendable {
        /// The largest the reading window grew, in bytes: the reader's own memory.
        public var bufferHighWater: Int
    }

    /// Reads `source` (the file at `path`, named in diagnostics) and hands each event to `handle`.
    /// Throws the first problem of the XML, or what `handle` throws.
    @discardableResult
    public static func read(
        _ source: any XMLByteSource, path: String, chunkSize: Int = 1 << 20,
        _ handle: (Event) throws(Diagnostic) -> Void
    ) throws(Diagnostic) -> Summary {
        let scanner = XMLScanner(source: source, chunkSize: chunkSize)
        var reader = Reader(scanner: scanner, path: path)
        do throws(ReadFailure) {
            try reader.document(handle)
        } catch {
            switch error {
            case .xml(let problem):
                guard let position = problem.position else {
                    throw reader.diagnostic(problem.message, at: problem.offset)
                }
                throw Diagnostic.error(
                    problem.message,
                    at: SourceLocation(
                        path: path, line: position.line, column: position.column, byteOffset: problem.offset))
            case .handler(let diagnostic): throw diagnostic
            }
        }
        return Summary(bufferHighWater: scanner.bufferHighWater)
    }

    /// Reads the file at `path`.
    @discardableResult
    public static func read(path: String, _ handle: (Event) throws(Diagnostic) -> Void) throws(Diagnostic) -> Summary {
        let source: XMLFileSource
        do {
            source = try XMLFileSource(path: path)
        } catch {
            throw Diagnostic.error("cannot read the XLIFF file: \(error.reason)", at: .file(path))
        }
        return try read(source, path: path, handle)
    }

    /// Every file of a document in memory, with its units (for tests and small files).
    public static func files(_ bytes: [UInt8], path: String) throws(Diagnostic) -> [XLIFFFile] {
        var files: [XLIFFFile] = []
        try read(XMLBytes(bytes), path: path) { event throws(Diagnostic) in
            switch event {
            case .file(let header): files.append(XLIFFFile(header: header, units: []))
            case .unit(let unit): files[files.count - 1].units.append(unit)
            case .endOfFile: break
            }
        }
        return files
    }
}

private enum ReadFailure: Error {
    case xml(XMLProblem)
    case handler(Diagnostic)
}

/// The element structure of an XLIFF document, over `XMLScanner`'s events.
private struct Reader {
    let scanner: XMLScanner
    let path: String

    init(scanner: XMLScanner, path: String) {
        self.scanner = scanner
        self.path = path
    }

    func location(_ offset: Int) -> SourceLocation {
        guard let position = scanner.location(of: offset) else { return SourceLocation(path: path, byteOffset: offset) }
        return SourceLocation(path: path, line: position.line, column: position.column, byteOffset: offset)
    }

    func diagnostic(_ message: String, at offset: Int) -> Diagnostic { .error(message, at: location(offset)) }

    private func fail(_ message: String, at offset: Int) -> ReadFailure {
        .xml(XMLProblem(message: message, offset: offset))
    }

    private func next() throws(ReadFailure) -> XMLEvent? {
        do { return try scanner.next() } catch { throw .xml(error) }
    }

    /// The local part of a qualified name (`xliff:file` -> `file`).
    private func local(_ name: String) -> Substring {
        guard let colon = name.lastIndex(of: ":") else { return Substring(name) }
        return name[name.index(after: colon)...]
    }

    private func isBlank(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
    }

    private func attribute(_ name: String, _ attributes: [(name: String, value: String)]) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The next element start or end inside the current element; text between structural
    /// elements is ignored.
    private func nextTag(inside parent: String, openedAt parentOffset: Int) throws(ReadFailure) -> XMLEvent {
        while true {
            guard let event = try next() else {
                throw fail("the file ends inside <\(parent)>: the XLIFF is cut short", at: scanner.offset)
            }
            if case .text = event { continue }
            return event
        }
    }

    /// Consumes the rest of an element whose start tag was just read (its content and end tag).
    /// A `<trans-unit>` inside it is an error: it is outside `<body>`, where no tool reads it.
    private func skipElement(_ name: String, at offset: Int, inside parent: String? = nil) throws(ReadFailure) {
        if local(name) == "trans-unit" { throw unitOutsideBody(inside: parent, at: offset) }
        var depth = 1
        var names = [name]
        while depth > 0 {
            guard let event = try next() else {
                throw fail("the file ends inside <\(name)>: the XLIFF is cut short", at: scanner.offset)
            }
            switch event {
            case .start(let child, _, let selfClosing, let childOffset):
                if local(child) == "trans-unit" { throw unitOutsideBody(inside: names.last!, at: childOffset) }
                if !selfClosing {
                    depth += 1
                    names.append(child)
                }
            case .end(let closing, let closingOffset):
                guard closing == names.last else {
                    throw fail("</\(closing)> closes <\(names.last!)>", at: closingOffset)
                }
                names.removeLast()
                depth -= 1
            case .text: break
            }
        }
    }

    private func unitOutsideBody(inside parent: String?, at offset: Int) -> ReadFailure {
        fail(
            "a <trans-unit>\(parent.map { " inside <\($0)>," } ?? "") outside <body>: XLIFF 1.2 has units only in a <body> or its "
                + "<group>s, and no tool reads this one (move it into the <body> of its <file>)",
            at: offset)
    }

    mutating func document(_ handle: (XLIFFReader.Event) throws(Diagnostic) -> Void) throws(ReadFailure) {
        var sawRoot = false
        // Where the run of text being read starts: a long text comes in parts, and its error is
        // at its start whatever part holds the first character that is not blank.
        var textStart: SourceLocation?
        while let event = try next() {
            if case .text = event {} else { textStart = nil }
            switch event {
            case .text(let text, let offset):
                let start = textStart ?? location(offset)
                textStart = start
                guard isBlank(text) else {
                    throw .handler(
                        .error(
                            sawRoot
                                ? "text after the end of <xliff>" : "text before <xliff>: this is not an XLIFF file",
                            at: start))
                }
            case .end(let name, let offset):
                throw fail("</\(name)> closes no open element", at: offset)
            case .start(let name, let attributes, let selfClosing, let offset):
                guard !sawRoot else { throw fail("a second root element <\(name)> after </xliff>", at: offset) }
                guard local(name) == "xliff" else {
                    throw fail("the root element is <\(name)>, not <xliff>: this is not an XLIFF file", at: offset)
                }
                if let version = attribute("version", attributes), version.hasPrefix("2") {
                    throw fail(
                        "this is XLIFF \(version); Xcode reads XLIFF 1.2 (export XLIFF 1.2 from the translation tool)",
                        at: offset)
                }
                sawRoot = true
                if !selfClosing { try root(name, at: offset, handle) }
            }
        }
        guard sawRoot else { throw fail("no <xliff> element: this is not an XLIFF file", at: scanner.offset) }
    }

    private mutating func root(_ name: String, at offset: Int, _ handle: (XLIFFReader.Event) throws(Diagnostic) -> Void)
        throws(ReadFailure)
    {
        while true {
            switch try nextTag(inside: name, openedAt: offset) {
            case .end(let closing, let closingOffset):
                guard closing == name else { throw fail("</\(closing)> closes <\(name)>", at: closingOffset) }
                return
            case .start(let child, let attributes, let selfClosing, let childOffset):
                if local(child) == "file" {
                    try file(child, attributes, selfClosing: selfClosing, at: childOffset, handle)
                } else if local(child) == "trans-unit" {
                    throw unitOutsideBody(inside: name, at: childOffset)
                } else if !selfClosing {
                    try skipElement(child, at: childOffset)
                }
            case .text: break
            }
        }
    }

    private mutating func file(
        _ name: String, _ attributes: [(name: String, value: String)], selfClosing: Bool, at offset: Int,
        _ handle: (XLIFFReader.Event) throws(Diagnostic) -> Void
    ) throws(ReadFailure) {
        let here = location(offset)
        guard let original = attribute("original", attributes) else {
            throw fail("<file> without an original attribute: which file its units belong to is unknown", at: offset)
        }
        var header = XLIFFFileHeader(
            original: original, sourceLanguage: attribute("source-language", attributes),
            targetLanguage: attribute("target-language", attributes), datatype: attribute("datatype", attributes),
            location: here)
        var announced = false
        func announce() throws(ReadFailure) {
            guard !announced else { return }
            announced = true
            do { try handle(.file(header)) } catch { throw .handler(error) }
        }
        if selfClosing {
            try announce()
            do { try handle(.endOfFile) } catch { throw .handler(error) }
            return
        }
        while true {
            switch try nextTag(inside: name, openedAt: offset) {
            case .end(let closing, let closingOffset):
                guard closing == name else { throw fail("</\(closing)> closes <\(name)>", at: closingOffset) }
                try announce()
                do { try handle(.endOfFile) } catch { throw .handler(error) }
                return
            case .start(let child, let childAttributes, let childSelfClosing, let childOffset):
                switch local(child) {
                case "header" where !childSelfClosing:
                    header.tool = try fileHeader(child, at: childOffset)
                case "body":
                    try announce()
                    if !childSelfClosing { try body(child, at: childOffset, handle) }
                case "trans-unit":
                    throw unitOutsideBody(inside: name, at: childOffset)
                default:
                    _ = childAttributes
                    if !childSelfClosing { try skipElement(child, at: childOffset) }
                }
            case .text: break
            }
        }
    }

    /// A `<header>`: its `<tool>` line, if any.
    private func fileHeader(_ name: String, at offset: Int) throws(ReadFailure) -> XLIFFTool? {
        var tool: XLIFFTool?
        while true {
            switch try nextTag(inside: name, openedAt: offset) {
            case .end(let closing, let closingOffset):
                guard closing == name else { throw fail("</\(closing)> closes <\(name)>", at: closingOffset) }
                return tool
            case .start(let child, let attributes, let selfClosing, let childOffset):
                if local(child) == "tool", let version = attribute("tool-version", attributes) {
                    tool = XLIFFTool(version: version, build: attribute("build-num", attributes) ?? "")
                }
                if local(child) == "trans-unit" { throw unitOutsideBody(inside: name, at: childOffset) }
                if !selfClosing { try skipElement(child, at: childOffset) }
            case .text: break
            }
        }
    }

    /// A `<body>` and the `<group>`s in it, at any depth: their units, in order. The open
    /// elements are a list, not calls: nesting costs no stack.
    private func body(_ name: String, at offset: Int, _ handle: (XLIFFReader.Event) throws(Diagnostic) -> Void)
        throws(ReadFailure)
    {
        var open: [(name: String, offset: Int)] = [(name, offset)]
        while let current = open.last {
            switch try nextTag(inside: current.name, openedAt: current.offset) {
            case .end(let closing, let closingOffset):
                guard closing == current.name else {
                    throw fail("</\(closing)> closes <\(current.name)>", at: closingOffset)
                }
                open.removeLast()
            case .start(let child, let attributes, let selfClosing, let childOffset):
                switch local(child) {
                case "trans-unit":
                    let unit = try self.unit(child, attributes, selfClosing: selfClosing, at: childOffset)
                    do { try handle(.unit(unit)) } catch { throw .handler(error) }
                case "group" where !selfClosing:
                    open.append((child, childOffset))
                default:
                    if !selfClosing { try skipElement(child, at: childOffset) }
                }
            case .text: break
            }
        }
    }

    private func unit(_ name: String, _ attributes: [(name: String, value: String)], selfClosing: Bool, at offset: Int)
        throws(ReadFailure) -> XLIFFUnit
    {
        let here = location(offset)
        guard let id = attribute("id", attributes) else { throw fail("<trans-unit> without an id", at: offset) }
        var unit = XLIFFUnit(
            id: id, translate: attribute("translate", attributes) != "no", source: .plain(""), location: here)
        guard !selfClosing else { return unit }
        var sawNote = false
        var sawTarget = false
        while true {
            switch try nextTag(inside: name, openedAt: offset) {
            case .end(let closing, let closingOffset):
                guard closing == name else { throw fail("</\(closing)> closes <\(name)>", at: closingOffset) }
                return unit
            case .start(let child, let childAttributes, let childSelfClosing, let childOffset):
                switch local(child) {
                case "source":
                    unit.source =
                        childSelfClosing ? .plain("") : try content(child, at: childOffset, strict: false, unitID: id)
                case "target":
                    guard !sawTarget else {
                        throw fail(
                            "a second <target> in unit \(id) (the first at line \(unit.targetLocation?.line ?? 0)): "
                                + "which one is the translation cannot be known (keep one)",
                            at: childOffset)
                    }
                    sawTarget = true
                    unit.targetLocation = location(childOffset)
                    let text: XLIFFText =
                        childSelfClosing ? .plain("") : try content(child, at: childOffset, strict: true, unitID: id)
                    unit.target = XLIFFTarget(text: text, state: attribute("state", childAttributes))
                case "note" where !sawNote:
                    sawNote = true
                    unit.noteFrom = attribute("from", childAttributes)
                    if !childSelfClosing,
                        case .plain(let text) = try content(child, at: childOffset, strict: false, unitID: id)
                    {
                        unit.note = text
                    }
                default:
                    if local(child) == "trans-unit" { throw unitOutsideBody(inside: name, at: childOffset) }
                    if !childSelfClosing { try skipElement(child, at: childOffset) }
                }
            case .text: break
            }
        }
    }

    /// The text of a `<source>`, `<target>` or `<note>`: plain text, or a string set when it holds
    /// `<mrk mtype="x-set">` elements. `strict` (a target) refuses other inline elements.
    private func content(_ name: String, at offset: Int, strict: Bool, unitID: String) throws(ReadFailure) -> XLIFFText
    {
        var text = ""
        var set: [String] = []
        var isSet = false
        var stack: [(name: String, setValue: Bool)] = []
        while true {
            guard let event = try next() else {
                throw fail("the file ends inside <\(name)>: the XLIFF is cut short", at: scanner.offset)
            }
            switch event {
            case .text(let piece, _):
                if stack.last?.setValue == true {
                    set[set.count - 1] += piece
                } else {
                    text += piece
                }
            case .start(let child, let attributes, let selfClosing, let childOffset):
                guard local(child) == "mrk" else {
                    if strict {
                        throw fail(
                            "<\(child)> inside the <\(name)> of unit \(unitID): Xcode's XLIFF has no inline elements, "
                                + "and a catalog value cannot hold one (keep the text only)",
                            at: childOffset)
                    }
                    if !selfClosing { stack.append((child, false)) }
                    continue
                }
                let setValue = attribute("mtype", attributes) == "x-set" && stack.isEmpty
                if setValue {
                    isSet = true
                    set.append("")
                }
                if !selfClosing { stack.append((child, setValue)) }
            case .end(let closing, let closingOffset):
                if let open = stack.last {
                    guard closing == open.name else {
                        throw fail("</\(closing)> closes <\(open.name)>", at: closingOffset)
                    }
                    stack.removeLast()
                    continue
                }
                guard closing == name else { throw fail("</\(closing)> closes <\(name)>", at: closingOffset) }
                if isSet {
                    guard isBlank(text) else {
                        throw fail(
                            "the <\(name)> of unit \(unitID) mixes a string set (<mrk mtype=\"x-set\">) with text "
                                + "outside it",
                            at: offset)
                    }
                    return .set(set)
                }
                return .plain(text)
            }
        }
    }
}
