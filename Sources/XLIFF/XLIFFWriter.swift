/// Writes XLIFF 1.2 byte for byte as Xcode's Export Localizations does (docs/spec/xliff.md §2.1):
/// UTF-8 without BOM, LF line ends, two spaces per level, a final LF after `</xliff>`.
///
/// A document is `head`, then each file's `append(_:to:)`, then `tail`: the caller can write a
/// large export file by file.
public enum XLIFFWriter {
    /// The XML declaration and the `<xliff>` start tag, each on its own line.
    public static let head: [UInt8] = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 \
        http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">

        """.utf8)

    /// `</xliff>` and the final line break.
    public static let tail: [UInt8] = Array("</xliff>\n".utf8)

    /// The whole document of `files`.
    public static func document(_ files: [XLIFFFile]) -> [UInt8] {
        var out = head
        for file in files { append(file, to: &out) }
        out += tail
        return out
    }

    /// Appends one `<file>` element, from its indentation to its line break. Every text must be
    /// free of characters XML cannot hold (`XMLEscaping.firstInvalidCharacter`).
    public static func append(_ file: XLIFFFile, to out: inout [UInt8]) {
        let header = file.header
        out += Array("  <file original=\"".utf8)
        XMLEscaping.appendAttribute(header.original, to: &out)
        out.append(UInt8(ascii: "\""))
        func attribute(_ name: String, _ value: String?) {
            guard let value else { return }
            out += Array(" \(name)=\"".utf8)
            XMLEscaping.appendAttribute(value, to: &out)
            out.append(UInt8(ascii: "\""))
        }
        switch header.attributeOrder {
        case .languagesFirst:
            attribute("source-language", header.sourceLanguage)
            attribute("target-language", header.targetLanguage)
            attribute("datatype", header.datatype)
        case .datatypeFirst:
            attribute("datatype", header.datatype)
            attribute("source-language", header.sourceLanguage)
            attribute("target-language", header.targetLanguage)
        }
        out += Array(">\n    <header>\n".utf8)
        if let tool = header.tool {
            out += Array("      <tool tool-id=\"com.apple.dt.xcode\" tool-name=\"Xcode\" tool-version=\"".utf8)
            XMLEscaping.appendAttribute(tool.version, to: &out)
            out += Array("\" build-num=\"".utf8)
            XMLEscaping.appendAttribute(tool.build, to: &out)
            out += Array("\"/>\n".utf8)
        }
        // An element with nothing in it is written closed, as Xcode writes `<source/>` and `<note/>`.
        guard !file.units.isEmpty else {
            out += Array("    </header>\n    <body/>\n  </file>\n".utf8)
            return
        }
        out += Array("    </header>\n    <body>\n".utf8)
        for unit in file.units { append(unit, to: &out) }
        out += Array("    </body>\n  </file>\n".utf8)
    }

    private static let unitOpen = Array("      <trans-unit id=\"".utf8)
    private static let translateNo = Array("\" translate=\"no".utf8)
    private static let unitPreserve = Array("\" xml:space=\"preserve\">\n".utf8)
    private static let unitClose = Array("      </trans-unit>\n".utf8)
    private static let noteEmpty = Array("        <note/>\n".utf8)

    static func append(_ unit: XLIFFUnit, to out: inout [UInt8]) {
        out += unitOpen
        XMLEscaping.appendAttribute(unit.id, to: &out)
        if !unit.translate { out += translateNo }
        out += unitPreserve
        appendElement("source", unit.source, attributes: "", to: &out)
        if let target = unit.target {
            var attributes = ""
            if let state = target.state {
                var escaped: [UInt8] = []
                XMLEscaping.appendAttribute(state, to: &escaped)
                attributes = " state=\"" + String(decoding: escaped, as: UTF8.self) + "\""
            }
            appendElement("target", target.text, attributes: attributes, to: &out)
        }
        if let note = unit.note, !note.isEmpty {
            out += Array("        <note".utf8)
            if let from = unit.noteFrom {
                out += Array(" from=\"".utf8)
                XMLEscaping.appendAttribute(from, to: &out)
                out.append(UInt8(ascii: "\""))
            }
            out.append(UInt8(ascii: ">"))
            XMLEscaping.appendText(note, to: &out)
            out += Array("</note>\n".utf8)
        } else {
            out += noteEmpty
        }
        out += unitClose
    }

    /// `<name attributes>text</name>`, `<name attributes/>` when empty, or a string set's values
    /// as `<mrk>` lines between the tags.
    private static func appendElement(_ name: String, _ text: XLIFFText, attributes: String, to out: inout [UInt8]) {
        out += Array("        <\(name)\(attributes)".utf8)
        switch text {
        case .plain(let value):
            if value.isEmpty {
                out += Array("/>\n".utf8)
                return
            }
            out.append(UInt8(ascii: ">"))
            XMLEscaping.appendText(value, to: &out)
        case .set(let values):
            out += Array(">\n".utf8)
            for (index, value) in values.enumerated() {
                out += Array("          <mrk mtype=\"x-set\" mid=\"\(index)\">".utf8)
                XMLEscaping.appendText(value, to: &out)
                out += Array("</mrk>\n".utf8)
            }
            out += Array("        ".utf8)
        }
        out += Array("</\(name)>\n".utf8)
    }
}
