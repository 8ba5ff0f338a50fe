import StringcatSupport
import XCTest

@testable import XLIFF

/// The reader: what translation tools write is read; bad XML is an error at its line and column;
/// memory stays bounded by the largest unit, however long the file.
final class XLIFFReaderTests: XCTestCase {
    let tool = XLIFFTool(version: "16.4", build: "16F6")

    func sampleFiles() -> [XLIFFFile] {
        [
            XLIFFFile(
                header: XLIFFFileHeader(
                    original: "A & B/Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "de", tool: tool),
                units: [
                    XLIFFUnit(
                        id: "a\n\"b\"\t<c>", source: .plain("line 1\nline 2 & <x> \"q\" 'a'"),
                        target: XLIFFTarget(text: .plain("Zeile\r1"), state: "needs-review-l10n"), note: "n"),
                    XLIFFUnit(
                        id: "empty", translate: false, source: .plain(""),
                        target: XLIFFTarget(text: .plain(""), state: "translated"), note: nil),
                    XLIFFUnit(
                        id: "set", source: .set(["a", "b"]), target: XLIFFTarget(text: .set(["ä"]), state: "new"),
                        note: "x", noteFrom: "auto-generated"),
                ])
        ]
    }

    /// The units without the locations the reader adds.
    func stripped(_ files: [XLIFFFile]) -> [XLIFFFile] {
        files.map { file in
            var file = file
            file.header.location = nil
            file.units = file.units.map { unit in
                var unit = unit
                unit.location = nil
                unit.targetLocation = nil
                return unit
            }
            return file
        }
    }

    func testWhatTheWriterWritesReadsBackEqual() throws {
        let files = sampleFiles()
        XCTAssertEqual(stripped(try XLIFFReader.files(XLIFFWriter.document(files), path: "x.xliff")), files)
    }

    func testEveryChunkSizeReadsTheSameUnitsAtTheSameLocations() throws {
        let bytes = XLIFFWriter.document(sampleFiles())
        let whole = try XLIFFReader.files(bytes, path: "x.xliff")
        for chunk in [1, 2, 3, 5, 7, 64] {
            var files: [XLIFFFile] = []
            try XLIFFReader.read(XMLBytes(bytes), path: "x.xliff", chunkSize: chunk) { event throws(Diagnostic) in
                switch event {
                case .file(let header): files.append(XLIFFFile(header: header, units: []))
                case .unit(let unit): files[files.count - 1].units.append(unit)
                case .endOfFile: break
                }
            }
            XCTAssertEqual(files, whole, "chunk size \(chunk)")
        }
        XCTAssertEqual(whole[0].units[1].location?.line, 14)
        XCTAssertEqual(whole[0].units[1].location?.column, 7)
    }

    func testWhatTranslationToolsWriteIsRead() throws {
        let text = """
            <?xml version="1.0" ?><xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version='1.2'>\r
              <!-- exported by a tool -->
              <file original="App/L.xcstrings" source-language="en" target-language="fr" datatype="plaintext"><body>
                <group id="g1"><trans-unit id="k1">
                  <source>Hi</source>

                  <target><![CDATA[Salut <b> & co]]>&#x21;&apos;</target>
                  <alt-trans><target>ignored</target></alt-trans>
                </trans-unit></group>
                <trans-unit id="k2"><source>x</source><target state="final">a<mrk mtype="seg" mid="1">b</mrk>c</target></trans-unit>
              </body></file>
            </xliff>
            """
        let files = try XLIFFReader.files(Array(text.utf8), path: "t.xliff")
        XCTAssertEqual(files.count, 1)
        XCTAssertEqual(files[0].units.map(\.id), ["k1", "k2"])
        XCTAssertEqual(files[0].units[0].target, XLIFFTarget(text: .plain("Salut <b> & co!'"), state: nil))
        XCTAssertEqual(files[0].units[1].target, XLIFFTarget(text: .plain("abc"), state: "final"))
    }

    func testLineEndsAreNormalisedAndCharacterReferencesKeepTheirCharacter() throws {
        let text =
            "<xliff><file original=\"o\"><body><trans-unit "
            + "id=\"a&#10;b\"><source/><target>1\r\n2\r3&#13;</target></trans-unit></body></file></xliff>"
        let unit = try XLIFFReader.files(Array(text.utf8), path: "t.xliff")[0].units[0]
        XCTAssertEqual(unit.id, "a\nb")
        XCTAssertEqual(unit.target?.text, .plain("1\n2\n3\r"))
    }

    /// The error `text` gives: its message and where.
    func error(_ text: String) -> Diagnostic? {
        do {
            _ = try XLIFFReader.files(Array(text.utf8), path: "bad.xliff")
            return nil
        } catch {
            return error
        }
    }

    func testMalformedXMLIsAnErrorAtItsLineAndColumn() throws {
        let cut = error("<xliff>\n  <file original=\"o\">\n    <body>\n      <trans-unit id=\"a\"><source>x</sou")
        XCTAssertEqual(cut?.location.line, 4)
        XCTAssertTrue(cut?.message.contains("ends inside") ?? false, cut?.message ?? "")
        let mismatched = try XCTUnwrap(error("<xliff>\n<file original=\"o\"><body>\n  </file>"))
        XCTAssertEqual(mismatched.location.line, 3)
        XCTAssertEqual(mismatched.location.column, 3)
        XCTAssertEqual(mismatched.message, "</file> closes <body>")
        let attribute = try XCTUnwrap(error("<xliff>\n<file original=o>"))
        XCTAssertEqual([attribute.location.line, attribute.location.column], [2, 16])
    }

    func testControlCharactersXMLCannotCarryAreErrorsRawOrAsReferences() throws {
        let raw = try XCTUnwrap(
            error("<xliff><file original=\"o\"><body><trans-unit id=\"a\"><source/><target>x\u{18}y</target>"))
        XCTAssertEqual(raw.message, "the control character U+0018 is not allowed in XML (not even as &#24;)")
        XCTAssertEqual(raw.location.column, 70)
        let reference = try XCTUnwrap(
            error("<xliff><file original=\"o\"><body><trans-unit id=\"a\"><source/>\n<target>&#24;</target>"))
        XCTAssertEqual(reference.message, "&#24; is U+0018, a character XML 1.0 does not allow")
        XCTAssertEqual([reference.location.line, reference.location.column], [2, 9])
    }

    func testInvalidUTF8AndOtherEncodingsAreRefused() throws {
        var bytes = Array("<xliff><file original=\"".utf8) + [0xC3, 0x28] + Array("\"/></xliff>".utf8)
        let utf8 = try XLIFFReaderTests.catching { () throws(Diagnostic) in
            _ = try XLIFFReader.files(bytes, path: "b.xliff")
        }
        // The byte that is wrong is the lead byte 0xC3, which 0x28 cannot continue (issue 40, item 9).
        XCTAssertEqual(utf8?.message, "invalid UTF-8 (byte 0xC3)")
        XCTAssertEqual(utf8?.location.column, 24)
        bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-16\"?><xliff/>".utf8)
        XCTAssertEqual(
            try XLIFFReaderTests.catching { () throws(Diagnostic) in _ = try XLIFFReader.files(bytes, path: "b.xliff")
            }?.message,
            "the file declares the encoding utf-16; XLIFF is read as UTF-8 (save it as UTF-8)")
    }

    func testDocumentTypesXLIFF2AndNonXLIFFAreRefused() {
        XCTAssertEqual(
            error("<!DOCTYPE x [<!ENTITY a \"b\">]><xliff/>")?.message,
            "a document type declaration (<!DOCTYPE>): XLIFF has none, and its entities are not read")
        XCTAssertEqual(
            error("<xliff version=\"2.0\"/>")?.message,
            "this is XLIFF 2.0; Xcode reads XLIFF 1.2 (export XLIFF 1.2 from the translation tool)")
        XCTAssertEqual(
            error("<plist/>")?.message, "the root element is <plist>, not <xliff>: this is not an XLIFF file")
        XCTAssertEqual(error("{\"a\": 1}")?.message, "text before <xliff>: this is not an XLIFF file")
        XCTAssertEqual(
            error("<xliff><file><body/></file></xliff>")?.message,
            "<file> without an original attribute: which file its units belong to is unknown")
        XCTAssertEqual(
            error("<xliff><file original=\"o\"><body><trans-unit><source/></trans-unit></body></file></xliff>")?
                .message,
            "<trans-unit> without an id")
        XCTAssertEqual(
            error(
                "<xliff><file original=\"o\"><body><trans-unit id=\"u\"><target>a<g "
                    + "id=\"1\">b</g></target></trans-unit></body></file></xliff>"
            )?.message,
            "<g> inside the <target> of unit u: Xcode's XLIFF has no inline elements, and a catalog value cannot hold "
                + "one (keep the text only)"
        )
        XCTAssertEqual(
            error(
                "<xliff><file original=\"o\"><body><trans-unit "
                    + "id=\"u\"><target>&nbsp;</target></trans-unit></body></file></xliff>"
            )?.message,
            "unknown entity &nbsp; (XML defines only &amp; &lt; &gt; &quot; &apos;)")
    }

    /// A source of `units` identical trans-units after a header, made as it is read.
    struct GeneratedXLIFF: XMLByteSource {
        let head = Array("<xliff version=\"1.2\"><file original=\"o\" target-language=\"de\"><body>\n".utf8)
        let unit = Array(
            ("<trans-unit id=\"unknown key\" xml:space=\"preserve\"><source>A value long enough to "
                + "matter</source><target state=\"translated\">Ein Wert, lang genug</target><note/></trans-unit>\n")
                .utf8)
        let tail = Array("</body></file></xliff>\n".utf8)
        var units: Int
        var offset = 0

        var size: Int { head.count + unit.count * units + tail.count }

        mutating func read(into buffer: inout [UInt8], count: Int) throws(XMLSourceError) -> Int {
            var written = 0
            while written < count && offset < size {
                // The piece the offset is in (head, a unit, tail), copied as far as asked.
                let piece: [UInt8], start: Int
                if offset < head.count {
                    (piece, start) = (head, offset)
                } else if offset < head.count + unit.count * units {
                    (piece, start) = (unit, (offset - head.count) % unit.count)
                } else {
                    (piece, start) = (tail, offset - head.count - unit.count * units)
                }
                let take = min(piece.count - start, count - written)
                buffer.append(contentsOf: piece[start..<(start + take)])
                offset += take
                written += take
            }
            return written
        }
    }

    func testMemoryStaysBoundedByTheChunkWhateverTheFileSize() throws {
        var source = GeneratedXLIFF(units: 40_000)
        let size = source.size
        var units = 0
        let summary = try XLIFFReader.read(source, path: "big.xliff", chunkSize: 16 * 1024) {
            event throws(Diagnostic) in
            if case .unit = event { units += 1 }
        }
        source.offset = 0
        XCTAssertEqual(units, 40_000)
        XCTAssertGreaterThan(size, 6_000_000)
        XCTAssertLessThan(
            summary.bufferHighWater, 64 * 1024,
            "the reader held \(summary.bufferHighWater) bytes of a \(size)-byte file")
    }

    static func catching(_ body: () throws(Diagnostic) -> Void) throws -> Diagnostic? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
