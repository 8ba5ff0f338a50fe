import StringcatSupport
import XCTest

@testable import XLIFF

/// Issue 40: a translator's file is untrusted input. The reader never recurses per element,
/// keeps its memory bounded by a chunk whatever lies between the units, reads what legal XML
/// tools write (a byte order mark), and says where a file is wrong, at the very byte.
final class HostileXLIFFTests: XCTestCase {
    func read(_ text: String, chunkSize: Int = 1 << 20) throws(Diagnostic) -> [XLIFFFile] {
        try read(Array(text.utf8), chunkSize: chunkSize)
    }

    func read(_ bytes: [UInt8], chunkSize: Int = 1 << 20) throws(Diagnostic) -> [XLIFFFile] {
        var files: [XLIFFFile] = []
        try XLIFFReader.read(XMLBytes(bytes), path: "t.xliff", chunkSize: chunkSize) { event throws(Diagnostic) in
            switch event {
            case .file(let header): files.append(XLIFFFile(header: header, units: []))
            case .unit(let unit): files[files.count - 1].units.append(unit)
            case .endOfFile: break
            }
        }
        return files
    }

    func error(_ text: String, chunkSize: Int = 1 << 20) -> Diagnostic? {
        do {
            _ = try read(text, chunkSize: chunkSize)
            return nil
        } catch {
            return error
        }
    }

    let head = "<xliff version=\"1.2\"><file original=\"x.xcstrings\" target-language=\"de\"><body>"
    let tail = "</body></file></xliff>\n"

    /// Item 1: 10,000 nested `<group>`s (150 KB) overflowed the stack (`body` recursed per
    /// group): exit 139. The groups are now a list, and past 512 levels the file is an error at
    /// the element that goes too deep.
    func testTenThousandNestedGroupsAreAnErrorAtTheOnePastTheLimitNotACrash() {
        let text =
            head + String(repeating: "<group>", count: 10_000) + String(repeating: "</group>", count: 10_000)
            + tail
        let found = error(text)
        XCTAssertEqual(
            found?.message,
            "<group> is nested 513 elements deep, more than the 512 this reader reads: no XLIFF nests so deep (is "
                + "this file made to crash readers?)")
        // <xliff>, <file> and <body> (77 bytes), then groups of 7 bytes: the 510th is the 513th level.
        XCTAssertEqual([found?.location.line, found?.location.column], [1, 77 + 509 * 7 + 1])
    }

    func testGroupsNestedBelowTheLimitAreReadWithTheirUnitsInOrder() throws {
        let unit = { (id: String) in "<trans-unit id=\"\(id)\"><source>s</source><target>t</target></trans-unit>" }
        let text =
            head + unit("a") + String(repeating: "<group>", count: 500) + unit("deep")
            + String(repeating: "</group>", count: 500) + unit("b") + tail
        for chunk in [7, 1 << 20] {
            XCTAssertEqual(try read(text, chunkSize: chunk).first?.units.map(\.id), ["a", "deep", "b"])
        }
        XCTAssertEqual(error(head + "<group><group></body>" + tail)?.message, "</body> closes <group>")
    }

    /// Item 9: a UTF-8 byte order mark before `<?xml` is legal XML (XML 1.0 §4.3.3), what Windows
    /// tools write; it was "1:1: error: text before <xliff>". Read, and the columns of line 1
    /// are counted after it.
    func testAByteOrderMarkBeforeTheDeclarationIsRead() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + head
            + "<trans-unit id=\"a\"><source>a</source><target>A</target></trans-unit>" + tail
        let withMark = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        for chunk in [1, 2, 5, 1 << 20] {
            let files = try read(withMark, chunkSize: chunk)
            XCTAssertEqual(files.first?.units.first?.target?.text, .plain("A"), "chunk \(chunk)")
            XCTAssertEqual(files.first?.header.location?.line, 2)
            XCTAssertEqual(files.first?.header.location?.column, 22)
        }
        // Only at the start: elsewhere it is text, and before <xliff> that is an error.
        let late = Array("\n".utf8) + [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        do {
            _ = try read(late)
            XCTFail("a byte order mark after the start was read")
        } catch {
            XCTAssertEqual(error.message, "text before <xliff>: this is not an XLIFF file")
        }
        // The declaration after the mark is the document's first thing, and is checked.
        let latin1 = [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><xliff/>".utf8)
        do {
            _ = try read(latin1)
            XCTFail("an encoding other than UTF-8 was read")
        } catch {
            XCTAssertEqual(
                error.message, "the file declares the encoding iso-8859-1; XLIFF is read as UTF-8 (save it as UTF-8)")
        }
    }

    /// Item 9: a Latin-1 `ä` (0xE4) before `t` was reported at the `t` ("byte 0x74"): the byte
    /// that is wrong is the `ä`, which starts a sequence the `t` cannot continue.
    func testAnInvalidByteIsReportedAtItselfNotAtTheByteAfterIt() {
        var bytes = Array((head + "<trans-unit id=\"Gr").utf8) + [0xE4] + Array("tings\"/>".utf8) + Array(tail.utf8)
        do {
            _ = try read(bytes)
            XCTFail("invalid UTF-8 was read")
        } catch {
            XCTAssertEqual(error.message, "invalid UTF-8 (byte 0xE4)")
            XCTAssertEqual(error.location.column, 96)
            XCTAssertEqual(error.location.byteOffset, 95)
        }
        // A lone continuation byte is wrong where it stands too.
        bytes = Array((head + "<trans-unit id=\"a").utf8) + [0x80] + Array("\"/>".utf8) + Array(tail.utf8)
        do {
            _ = try read(bytes)
            XCTFail("invalid UTF-8 was read")
        } catch {
            XCTAssertEqual(error.message, "invalid UTF-8 (byte 0x80)")
            XCTAssertEqual(error.location.byteOffset, 94)
        }
    }

    /// Item 10: two `<target>`s in one unit, the last winning in silence.
    func testASecondTargetInAUnitIsAnError() {
        let found = error(
            head + "\n<trans-unit id=\"a\"><source>a</source><target>one</target>\n<target>two</target></trans-unit>"
                + tail)
        XCTAssertEqual(
            found?.message,
            "a second <target> in unit a (the first at line 2): which one is the translation cannot be known (keep one)"
        )
        XCTAssertEqual([found?.location.line, found?.location.column], [3, 1])
    }

    /// Item 10: a unit outside `<body>` was skipped in silence, its translation lost.
    func testAUnitOutsideBodyIsAnErrorWhereverItStands() {
        let unit = "<trans-unit id=\"a\"><source>a</source><target>A</target></trans-unit>"
        let file = "<file original=\"x.xcstrings\" target-language=\"de\">"
        let cases: [(String, String)] = [
            ("<xliff version=\"1.2\">" + file + unit + "<body/></file></xliff>", " inside <file>,"),
            ("<xliff version=\"1.2\">" + unit + "</xliff>", " inside <xliff>,"),
            (
                "<xliff version=\"1.2\">" + file + "<header>" + unit + "</header><body/></file></xliff>",
                " inside <header>,"
            ),
            (
                "<xliff version=\"1.2\">" + file + "<header><skl>" + unit + "</skl></header><body/></file></xliff>",
                " inside <skl>,"
            ),
            (head + "<trans-unit id=\"b\">" + unit + "</trans-unit>" + tail, " inside <trans-unit>,"),
            (head + "<alt-trans>" + unit + "</alt-trans>" + tail, " inside <alt-trans>,"),
        ]
        for (text, inside) in cases {
            XCTAssertEqual(
                error(text)?.message,
                "a <trans-unit>\(inside) outside <body>: XLIFF 1.2 has units only in a <body> or its <group>s, and no "
                    + "tool reads this one (move it into the <body> of its <file>)", text)
        }
    }

    /// Item 6: 1 GB of whitespace between two elements took 3 GB (one text token, held whole).
    /// Text, comments, CDATA sections and processing instructions longer than a chunk are now
    /// read a part at a time: the window stays near the chunk, whatever their length.
    func testWhitespaceCommentsAndCDATABetweenUnitsAreReadInAWindowOfAChunk() throws {
        let long = 2_000_000
        let unit = { (id: String) in "<trans-unit id=\"\(id)\"><source>s</source><target>t</target></trans-unit>" }
        let fillers = [
            String(repeating: " \n\t", count: long / 3),
            "<!--" + String(repeating: "- comment -", count: long / 11) + "-->",
            "<![CDATA[" + String(repeating: "]] >\r\n", count: long / 6) + "]]>",
            "<?tool " + String(repeating: "? >", count: long / 3) + "?>",
            "<alt-trans><target>" + String(repeating: "ä &amp; ", count: long / 9) + "</target></alt-trans>",
        ]
        for filler in fillers {
            let text = head + unit("a") + filler + unit("b") + tail
            var units: [String] = []
            let summary = try XLIFFReader.read(XMLBytes(Array(text.utf8)), path: "t.xliff", chunkSize: 16 * 1024) {
                event throws(Diagnostic) in
                if case .unit(let unit) = event { units.append(unit.id) }
            }
            XCTAssertEqual(units, ["a", "b"], String(filler.prefix(12)))
            XCTAssertLessThan(
                summary.bufferHighWater, 64 * 1024,
                "\(filler.prefix(12))…: the reader held \(summary.bufferHighWater) bytes of a \(text.utf8.count)-byte file"
            )
        }
    }

    /// The parts a long text is handed out in join to the text read whole: no character,
    /// entity or CR LF is cut, at any chunk size.
    func testALongTextReadInPartsIsTheTextReadWhole() throws {
        var piece = ""
        for index in 0..<3_000 { piece += "ä€😀 &amp; &#x1F600; \r\n line \(index) <![CDATA[x\r\ny]]> " }
        let text = head + "<trans-unit id=\"a\"><source>s</source><target>" + piece + "</target></trans-unit>" + tail
        let whole = try read(text, chunkSize: 1 << 24).first?.units.first?.target?.text
        guard case .plain(let value)? = whole else { return XCTFail("no target") }
        XCTAssertTrue(value.hasPrefix("ä€😀 & 😀 \n line 0 x\ny "), String(value.prefix(40)))
        XCTAssertFalse(value.contains("\r"))
        for chunk in [1, 2, 3, 5, 4096, 4097, 10_000] {
            XCTAssertEqual(try read(text, chunkSize: chunk).first?.units.first?.target?.text, whole, "chunk \(chunk)")
        }
    }

    /// Found by the `xliff-import` fuzz target: an XML declaration that never ends, in a file
    /// longer than 4 KB, was "does not end within 4096 bytes" read in parts and "the file ends
    /// inside a processing instruction" read whole. The declaration is read whole and short, the
    /// same way at every chunk size.
    func testAnUnendedDeclarationIsTheSameErrorAtEveryChunkSize() {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"%>\n<xliff version=\"1.2\">"
            + String(repeating: " ", count: 40_000)
            + "</xliff>"
        for chunk in [1, 5, 4096, 1 << 20] {
            let found = error(text, chunkSize: chunk)
            XCTAssertEqual(
                found?.message, "the XML declaration (<?xml …?>) does not end within 4096 bytes", "chunk \(chunk)")
            XCTAssertEqual([found?.location.line, found?.location.column], [1, 1])
        }
        XCTAssertEqual(
            error("<?xml version=\"1.0\" <xliff/>", chunkSize: 3)?.message,
            "the file ends inside a processing instruction")
        // `<?xml-stylesheet` is another instruction: long, it is skipped like any other.
        XCTAssertNil(error("<?xml-stylesheet " + String(repeating: "x", count: 10_000) + "?><xliff/>", chunkSize: 64))
    }

    /// A long construct cut short is an error at its start, as a short one is.
    func testALongCommentOrCDATASectionThatNeverEndsIsAnErrorAtItsStart() {
        let comment = error(head + "\n<!--" + String(repeating: "x", count: 100_000), chunkSize: 4096)
        XCTAssertEqual(comment?.message, "the file ends inside a comment")
        XCTAssertEqual([comment?.location.line, comment?.location.column], [2, 1])
        let cdata = error(head + "<target>\n  <![CDATA[" + String(repeating: "x", count: 100_000), chunkSize: 4096)
        XCTAssertEqual(cdata?.message, "the file ends inside a CDATA section")
        XCTAssertEqual([cdata?.location.line, cdata?.location.column], [2, 3])
        XCTAssertEqual(
            error("<?xml version=\"1.0\"" + String(repeating: " ", count: 100_000) + "?><xliff/>", chunkSize: 4096)?
                .message,
            "the XML declaration (<?xml …?>) does not end within 4096 bytes")
    }
}
