import TestSupport
import XCTest

@testable import StringsFile

/// Encoding detection (CF `encodingForXMLData`) and invalid bytes.
final class EncodingTests: XCTestCase {
    private let text = "/* c */\n\"k\" = \"é😀\";\n"

    private func check(
        _ bytes: [UInt8], _ encoding: StringsEncoding, bom: Bool, file: StaticString = #filePath, line: UInt = #line
    ) {
        let result = StringsFileReader.parse(bytes, path: "t.strings")
        XCTAssertEqual(result.file?.encoding, encoding, file: file, line: line)
        XCTAssertEqual(result.file?.hasByteOrderMark, bom, file: file, line: line)
        XCTAssertEqual(
            result.file?.entries, [StringsEntry(key: "k", value: "é😀", comment: "c", line: 2, column: 1)], file: file,
            line: line)
    }

    private func utf16(_ s: String, bigEndian: Bool) -> [UInt8] {
        s.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    private func utf32(_ s: String, bigEndian: Bool) -> [UInt8] {
        s.unicodeScalars.flatMap { u -> [UInt8] in
            let v = u.value
            let be = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
            return bigEndian ? be : be.reversed()
        }
    }

    func testUTF8WithoutBOM() { check(Array(text.utf8), .utf8, bom: false) }
    func testUTF8WithBOM() { check([0xEF, 0xBB, 0xBF] + Array(text.utf8), .utf8, bom: true) }
    func testUTF16LEWithBOM() { check([0xFF, 0xFE] + utf16(text, bigEndian: false), .utf16LE, bom: true) }
    func testUTF16BEWithBOM() { check([0xFE, 0xFF] + utf16(text, bigEndian: true), .utf16BE, bom: true) }
    func testUTF32LEWithBOM() { check([0xFF, 0xFE, 0, 0] + utf32(text, bigEndian: false), .utf32LE, bom: true) }
    func testUTF32BEWithBOM() { check([0, 0, 0xFE, 0xFF] + utf32(text, bigEndian: true), .utf32BE, bom: true) }

    /// ASCII is read in blocks (UTF-16 transcoded 16 units at a time, UTF-8 validated 8 bytes at
    /// a time, strings scanned 16 bytes at a time): a character outside ASCII (U+0080-U+00FF
    /// too: its UTF-16 high byte is 0) at every place in and around such blocks, in UTF-8 and in
    /// both UTF-16 byte orders.
    func testNonASCIIAtEveryPlaceOfAnASCIIRun() {
        for special in ["é", "\u{80}", "\u{FF}", "\u{100}", "日", "😀", "\u{2028}"] {
            for padding in 0..<40 {
                let value =
                    String(repeating: "a", count: padding) + special + String(repeating: "b", count: 40 - padding)
                let text = "\"k\" = \"\(value)\";\n\"z\" = \"\(value)\";\n"
                for (bytes, encoding) in [
                    ([0xFF, 0xFE] + utf16(text, bigEndian: false), StringsEncoding.utf16LE),
                    ([0xFE, 0xFF] + utf16(text, bigEndian: true), .utf16BE), (Array(text.utf8), .utf8),
                ] {
                    let result = StringsFileReader.parse(bytes, path: "t.strings")
                    XCTAssertEqual(result.file?.encoding, encoding)
                    XCTAssertEqual(
                        result.file?.entries.map(\.value), [value, value], "\(encoding) \(padding) \(special)")
                    // U+2028 ends a line, in a string too.
                    XCTAssertEqual(
                        result.file?.entries.map(\.line), [1, special == "\u{2028}" ? 3 : 2],
                        "\(encoding) \(padding) \(special)")
                }
            }
        }
    }

    func testBOMlessUTF16IsReadWithAWarning() {
        for bigEndian in [false, true] {
            let result = StringsFileReader.parse(utf16(text, bigEndian: bigEndian), path: "t.strings")
            XCTAssertEqual(result.file?.encoding, bigEndian ? .utf16BE : .utf16LE)
            XCTAssertEqual(result.file?.hasByteOrderMark, false)
            XCTAssertEqual(result.file?.dictionary, ["k": "é😀"])
            XCTAssertEqual(
                descriptions(result),
                [
                    "t.strings: warning: UTF-16 without a byte order mark: read as "
                        + "\(bigEndian ? "big" : "little")-endian (Apple's reader rejects such a file; add a BOM or "
                        + "save it as UTF-8)"
                ])
        }
    }

    func testUTF32BOMNeedsMoreThanFourBytes() {
        // Exactly FF FE 00 00 is UTF-16 LE (BOM) holding U+0000, which is no token.
        XCTAssertEqual(
            descriptions(StringsFileReader.parse([0xFF, 0xFE, 0, 0], path: "t.strings")),
            ["t.strings:1:1: error: unexpected character U+0000 where a key was expected"])
    }

    func testEmptyFileWarns() {
        let result = StringsFileReader.parse([], path: "t.strings")
        XCTAssertEqual(result.file?.entries, [])
        XCTAssertEqual(
            descriptions(result), ["t.strings: warning: empty file (0 bytes): read as a table with no entries"])
    }

    func testBOMOnlyAndCommentOnlyFilesAreEmptyTables() {
        for bytes: [UInt8] in [[0xFF, 0xFE], [0xEF, 0xBB, 0xBF], Array("  /* nothing */\n// here\n".utf8)] {
            let result = StringsFileReader.parse(bytes, path: "t.strings")
            XCTAssertEqual(result.file?.entries, [])
            XCTAssertEqual(result.diagnostics, [])
        }
    }

    func testInvalidUTF8HasByteOffsetLineAndColumn() {
        let bytes = Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xFF] + Array("\";".utf8)
        let result = StringsFileReader.parse(bytes, path: "t.strings")
        XCTAssertNil(result.file)
        XCTAssertEqual(
            descriptions(result),
            ["t.strings:2:8: error: invalid UTF-8: byte 0xFF cannot start a character (byte offset 18)"])
        XCTAssertEqual(result.diagnostics.first?.location.byteOffset, 18)
    }

    func testTruncatedAndOverlongUTF8() {
        XCTAssertEqual(
            descriptions(StringsFileReader.parse(Array("\"é".utf8.dropLast()), path: "t.strings")),
            ["t.strings:1:2: error: invalid UTF-8: the file ends inside a multi-byte character (byte offset 1)"])
        XCTAssertEqual(
            descriptions(StringsFileReader.parse([0x22, 0xC0, 0xAF, 0x22], path: "t.strings")),
            [
                "t.strings:1:2: error: invalid UTF-8: bytes at this offset encode no valid character (overlong form, "
                    + "surrogate or beyond U+10FFFF) (byte offset 1)"
            ])
        XCTAssertEqual(
            descriptions(StringsFileReader.parse([0x22, 0xC3, 0x41, 0x22], path: "t.strings")),
            [
                "t.strings:1:2: error: invalid UTF-8: byte 0x41 cannot continue the character started by 0xC3 (byte "
                    + "offset 2)"
            ])
    }

    func testInvalidUTF16() {
        let lone =
            [0xFF, 0xFE] + utf16("\"a\" = \"", bigEndian: false) + [0x3D, 0xD8] + utf16("\";", bigEndian: false)
        XCTAssertEqual(
            descriptions(StringsFileReader.parse(lone, path: "t.strings")),
            [
                "t.strings:1:8: error: invalid UTF-16: high surrogate 0xD83D is not followed by a low surrogate (byte "
                    + "offset 16)"
            ])
        let odd = [0xFF, 0xFE] + utf16("\"a\";", bigEndian: false) + [0x41]
        XCTAssertEqual(
            descriptions(StringsFileReader.parse(odd, path: "t.strings")),
            ["t.strings:1:5: error: invalid UTF-16: odd number of bytes (a stray last byte) (byte offset 10)"])
    }

    func testBareCRLineEndingsCountLines() {
        XCTAssertEqual(entries("\"a\" = \"b\";\r\"c\" = \"d\";\r\n\"e\" = \"f\";").map(\.line), [1, 2, 3])
    }

    func testXMLPlistStrings() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>b</key>
            \t<string>2 &amp; 3</string>
            \t<key>a</key>
            \t<string>1</string>
            </dict>
            </plist>
            """
        let result = parse(xml)
        XCTAssertEqual(result.file?.encoding, .xmlPlist)
        XCTAssertEqual(
            result.file?.entries, [StringsEntry(key: "a", value: "1"), StringsEntry(key: "b", value: "2 & 3")])
        XCTAssertEqual(
            descriptions(result),
            [
                "t.strings: note: this .strings file is an XML property list, not text; read as a property list (no "
                    + "comments, no line numbers)"
            ])
    }

    func testBinaryPlistStrings() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["k": "v", "a": "ü"], format: .binary, options: 0)
        let result = StringsFileReader.parse([UInt8](data), path: "t.strings")
        XCTAssertEqual(result.file?.encoding, .binaryPlist)
        XCTAssertEqual(result.file?.entries, [StringsEntry(key: "a", value: "ü"), StringsEntry(key: "k", value: "v")])
        XCTAssertEqual(
            descriptions(result),
            [
                "t.strings: note: this .strings file is a binary property list, not text; read as a property list (no "
                    + "comments, no line numbers)"
            ])
    }

    func testBinaryPlistThatIsNotAStringsTable() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["k": 1], format: .binary, options: 0)
        XCTAssertEqual(
            descriptions(StringsFileReader.parse([UInt8](data), path: "t.strings")),
            ["t.strings: error: the value of \"k\" is not a string in this binary property list"])
    }

    /// A `.strings` that is an XML or binary property list nested 50,000 deep is refused with its
    /// place before Foundation sees it (issue 17).
    func testPropertyListStringsNestedDeeperThan512LevelsAreLocatedErrors() {
        let xml = DeepInput.stringsDictXML(depth: 50_000)
        XCTAssertEqual(
            descriptions(StringsFileReader.parse(Array(xml.utf8), path: "t.strings")),
            ["t.strings:5:\(DeepInput.stringsDictXMLTooDeepColumn): error: nesting deeper than 512 levels"])
        let utf16 = [UInt8](xml.replacingOccurrences(of: "UTF-8", with: "UTF-16").data(using: .utf16)!)
        XCTAssertEqual(
            descriptions(StringsFileReader.parse(utf16, path: "t.strings")),
            ["t.strings:5:\(DeepInput.stringsDictXMLTooDeepColumn): error: nesting deeper than 512 levels"])
        let binary = descriptions(
            StringsFileReader.parse([UInt8](DeepInput.binaryPlist(depth: 50_000)), path: "t.strings"))
        XCTAssertEqual(binary.count, 1)
        XCTAssertTrue(
            binary.first?.hasPrefix(
                "t.strings: error: nesting deeper than 512 levels (binary property list, the container at byte offset ")
                == true, "\(binary)")
        let shared = descriptions(
            StringsFileReader.parse([UInt8](DeepInput.sharedBinaryPlist(levels: 30)), path: "t.strings"))
        XCTAssertTrue(shared.first?.contains("containers shared so often") == true, "\(shared)")
        // Text: the tokenizer reads no nested value at all.
        XCTAssertEqual(
            descriptions(
                StringsFileReader.parse(
                    Array(("\"k\" = " + String(repeating: "{ a = ", count: 50_000)).utf8), path: "t.strings")),
            ["t.strings:1:7: error: the value of \"k\" is a dictionary; a .strings value must be a string"])
    }

    func testRealSparkleBinaryPlist() throws {
        let path = try sharedFolder(
            "corpus/transmission__transmission/macosx/Sparkle.framework/Versions/B/Resources/ro.lproj/Sparkle.strings")
        let result = StringsFileReader.read(path: path)
        XCTAssertEqual(result.file?.encoding, .binaryPlist)
        XCTAssertGreaterThan(result.file?.entries.count ?? 0, 10)
        // NO-BREAK SPACE in keys survives (docs/spec/strings-grammar.md#white-space: it is no white space).
        XCTAssertTrue(result.file?.entries.contains { $0.key.unicodeScalars.contains { $0.value == 0xA0 } } ?? false)
    }

    func testReadReportsIOProblemsAsDiagnostics() throws {
        XCTAssertEqual(
            descriptions(StringsFileReader.read(path: "/nonexistent/x.strings")),
            ["/nonexistent/x.strings: error: no such file"])
        let folder = NSTemporaryDirectory() + "stringsfile-test-\(getpid()).strings"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertEqual(
            descriptions(StringsFileReader.read(path: folder)), ["\(folder): error: is a folder, not a .strings file"])
        let file = folder + "/ok.strings"
        try Data("\"a\" = \"b\";".utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(StringsFileReader.read(path: file).file?.dictionary, ["a": "b"])
    }
}
