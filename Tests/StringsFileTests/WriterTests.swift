import XCTest

@testable import StringsFile

final class WriterTests: XCTestCase {
    func testLayout() {
        let text = StringsFileWriter.text(
            [
                StringsEntry(key: "a", value: "b", comment: "First"),
                StringsEntry(key: "c", value: "d"),
            ], leadingComment: "Header")
        XCTAssertEqual(text, "/* Header */\n\n/* First */\n\"a\" = \"b\";\n\n\"c\" = \"d\";\n")
    }

    func testEmpty() {
        XCTAssertEqual(StringsFileWriter.text([]), "")
        XCTAssertEqual(StringsFileWriter.text([], leadingComment: "x"), "/* x */\n")
    }

    func testLeadingCommentEqualToFirstCommentIsWrittenOnce() {
        let text = StringsFileWriter.text([StringsEntry(key: "a", value: "b", comment: "H")], leadingComment: "H")
        XCTAssertEqual(text, "/* H */\n\"a\" = \"b\";\n")
        let file = parse(text).file
        XCTAssertEqual(file?.leadingComment, "H")
        XCTAssertEqual(file?.entries.first?.comment, "H")
    }

    func testEscapes() {
        let text = StringsFileWriter.text([StringsEntry(key: "q\"b\\", value: "l1\nl2\tt\rr\u{1}\u{7F}\u{2028}😀'")])
        XCTAssertEqual(text, "\"q\\\"b\\\\\" = \"l1\\nl2\\tt\\rr\\U0001\\U007F\u{2028}😀'\";\n")
        XCTAssertEqual(parse(text).file?.entries.first?.value, "l1\nl2\tt\rr\u{1}\u{7F}\u{2028}😀'")
        XCTAssertEqual(parse(text).file?.entries.first?.key, "q\"b\\")
    }

    func testCommentWithCloserOnOneLineBecomesLineComment() {
        let text = StringsFileWriter.text([StringsEntry(key: "a", value: "b", comment: "x */ y")])
        XCTAssertEqual(text, "// x */ y\n\"a\" = \"b\";\n")
        XCTAssertEqual(parse(text).file?.entries.first?.comment, "x */ y")
    }

    func testMultiLineCommentWithCloserIsBrokenUp() {
        // No exact form exists; documented in StringsFileWriter.
        let text = StringsFileWriter.text([StringsEntry(key: "a", value: "b", comment: "x */\ny")])
        XCTAssertEqual(text, "/* x * /\ny */\n\"a\" = \"b\";\n")
    }

    func testUTF16LEDataHasBOM() {
        let data = StringsFileWriter.data([StringsEntry(key: "a", value: "é")], encoding: .utf16LE)
        XCTAssertEqual(Array(data.prefix(6)), [0xFF, 0xFE, 0x22, 0x00, 0x61, 0x00])
        let result = StringsFileReader.parse([UInt8](data), path: "t.strings")
        XCTAssertEqual(result.file?.encoding, .utf16LE)
        XCTAssertEqual(result.file?.hasByteOrderMark, true)
        XCTAssertEqual(result.file?.dictionary, ["a": "é"])
    }

    func testUTF8DataHasNoBOM() {
        let data = StringsFileWriter.data([StringsEntry(key: "a", value: "é")])
        XCTAssertEqual([UInt8](data), Array("\"a\" = \"é\";\n".utf8))
    }

    func testEmptyUTF32TableIsLongerThanItsBOM() {
        // Found by the round-trip test: a bare UTF-32 LE BOM reads as UTF-16 LE + U+0000.
        let data = StringsFileWriter.data([], encoding: .utf32LE)
        XCTAssertEqual([UInt8](data), [0xFF, 0xFE, 0, 0, 0x0A, 0, 0, 0])
        XCTAssertEqual(StringsFileReader.parse([UInt8](data), path: "t.strings").file?.encoding, .utf32LE)
    }

    func testFoundationReadsWhatWeWrite() throws {
        let entries = [
            StringsEntry(key: "k\"\\", value: "v\n\u{1}😀\u{2028}", comment: "c */ d"), StringsEntry(key: "", value: ""),
        ]
        for encoding in [StringsEncoding.utf8, .utf16LE, .utf16BE] {
            let data = StringsFileWriter.data(entries, encoding: encoding)
            let dict =
                try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: String]
            XCTAssertEqual(dict, ["k\"\\": "v\n\u{1}😀\u{2028}", "": ""], "\(encoding)")
        }
    }
}
