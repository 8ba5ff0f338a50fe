import Foundation
import TestSupport
import XCTest

@testable import StringcatSupport

/// The pre-scan every property-list reader runs before anything recursive sees the bytes.
final class PropertyListNestingTests: XCTestCase {
    private func problem(_ text: String) -> PropertyListNesting.Problem? {
        PropertyListNesting.problem(in: Array(text.utf8))
    }

    private func problem(_ data: Data) -> PropertyListNesting.Problem? {
        PropertyListNesting.problem(in: [UInt8](data))
    }

    func testXMLDeeperThan512LevelsIsRefusedAtTheTagThatGoesTooDeep() throws {
        let text = DeepInput.stringsDictXML(depth: 50_000)
        let found = try XCTUnwrap(problem(text))
        XCTAssertEqual(found.message, "nesting deeper than 512 levels")
        XCTAssertEqual(found.line, 5)
        XCTAssertEqual(found.column, DeepInput.stringsDictXMLTooDeepColumn)
        XCTAssertEqual(Array(Array(text.utf8)[found.byteOffset..<(found.byteOffset + 6)]), Array("<dict>".utf8))
        XCTAssertEqual(
            found.location(path: "a.stringsdict").description,
            "a.stringsdict:5:\(DeepInput.stringsDictXMLTooDeepColumn)")

        let arrays = try XCTUnwrap(problem(DeepInput.stringsDictXML(depth: 50_000, array: true)))
        XCTAssertEqual(arrays.line, 5)
        XCTAssertEqual(arrays.column, 12 + 511 * 7 + 1)
    }

    /// 512 levels is what Foundation's readers accept on Linux (measured with Swift 6.3.1: XML
    /// and old-style, the top-level container and 511 more; binary, 512 non-empty containers
    /// and an empty one), and what the catalog reader accepts.
    func testExactly512LevelsAreAcceptedInEveryForm() {
        XCTAssertNil(problem(DeepInput.stringsDictXML(depth: 511)))
        XCTAssertNotNil(problem(DeepInput.stringsDictXML(depth: 512)))
        XCTAssertNil(problem(DeepInput.stringsDictXML(depth: 511, array: true)))
        XCTAssertNotNil(problem(DeepInput.stringsDictXML(depth: 512, array: true)))
        XCTAssertNil(problem(DeepInput.oldStyle(depth: 511)))
        XCTAssertNotNil(problem(DeepInput.oldStyle(depth: 512)))
        XCTAssertNil(problem(DeepInput.binaryPlist(depth: 512)))
        XCTAssertNotNil(problem(DeepInput.binaryPlist(depth: 513)))
        #if os(Linux)
            // Measured on Linux only: CoreFoundation on macOS may read deeper.
            for depth in [511, 512] {
                let text = DeepInput.stringsDictXML(depth: depth)
                let foundation = try? PropertyListSerialization.propertyList(
                    from: Data(text.utf8), options: [], format: nil)
                XCTAssertEqual(
                    foundation == nil, problem(text) != nil, "depth \(depth): Foundation and the pre-scan disagree")
            }
        #endif
    }

    /// What the readers skip is skipped (an empty `<dict/>` is no level, as in Foundation), and
    /// end tags before the top-level value cannot hide the levels after it.
    func testTextTheReadersSkipDoesNotCount() {
        let open = String(repeating: "<dict>", count: 600)
        let close = String(repeating: "</dict>", count: 600)
        XCTAssertNotNil(problem("<plist>" + open + close + "</plist>"))
        XCTAssertNil(
            problem(
                "<plist>" + String(repeating: "<dict><dict/>", count: 1) + String(repeating: "<array/>", count: 600)
                    + "</dict></plist>"))
        XCTAssertNil(
            problem("<plist><!-- " + open + " --><![CDATA[" + open + "]]><?pi " + open + "?><dict></dict></plist>"))
        XCTAssertNil(
            problem(
                "<plist><dict><key>k</key><dictionary>" + String(repeating: "<arrays>", count: 600) + "</dict></plist>")
        )
        XCTAssertNotNil(problem("<!DOCTYPE x [" + close + "]>" + close + "<plist>" + open + "</plist>"))
        XCTAssertNotNil(problem("<plist>" + String(repeating: "<dict >", count: 600) + "</plist>"))
    }

    func testOldStyleSkipsQuotedStringsAndComments() throws {
        let braces = String(repeating: "{(", count: 600)
        XCTAssertNil(problem(#"{ k = "\#(braces)"; j = '\#(braces)'; /* \#(braces) */ // \#(braces)"# + "\n}"))
        XCTAssertNil(problem(#"{ k = "\"\#(braces)"; }"#))
        // Inside an unquoted word `//` is part of the word, as CoreFoundation reads it.
        XCTAssertNotNil(problem("{ k = a//b; j = " + String(repeating: "(", count: 600)))
        let deep = try XCTUnwrap(problem(DeepInput.oldStyle(depth: 50_000)))
        XCTAssertEqual(deep.line, 1)
        XCTAssertEqual(deep.column, 7 + 511 * 6)
    }

    /// UTF-16 and UTF-32 files, with or without a byte order mark: the same line and column.
    func testWideTextIsScannedByCodeUnits() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist>\n<dict>\n<key>é😀</key>"
            + String(repeating: "<dict>", count: 600) + "</plist>"
        for (encoding, bom) in [
            (String.Encoding.utf16LittleEndian, [UInt8]()), (.utf16BigEndian, []), (.utf16, []),
            (.utf32LittleEndian, []), (.utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]),
        ] {
            let bytes = bom + [UInt8](text.data(using: encoding)!)
            let found = try XCTUnwrap(PropertyListNesting.problem(in: bytes), "\(encoding)")
            XCTAssertEqual(found.line, 4, "\(encoding)")
            XCTAssertEqual(found.column, 14 + 511 * 6, "\(encoding)")
        }
    }

    func testBinaryPlistsDeepSharedOrCyclicAreRefused() throws {
        let deep = try XCTUnwrap(problem(DeepInput.binaryPlist(depth: 50_000)))
        XCTAssertTrue(
            deep.message.hasPrefix(
                "nesting deeper than 512 levels (binary property list, the container at byte offset "), deep.message)
        XCTAssertNil(deep.line)

        let shared = try XCTUnwrap(problem(DeepInput.sharedBinaryPlist(levels: 30)))
        XCTAssertTrue(
            shared.message.hasPrefix("containers shared so often that the file makes more than"), shared.message)
        // A little sharing is no bomb: 3 levels make 29 values from a 121-byte file.
        XCTAssertNil(problem(DeepInput.sharedBinaryPlist(levels: 3)))

        let cycle = try XCTUnwrap(problem(DeepInput.cyclicBinaryPlist()))
        XCTAssertTrue(cycle.message.hasPrefix("a container holds itself"), cycle.message)
        XCTAssertNil(
            try? PropertyListSerialization.propertyList(from: DeepInput.cyclicBinaryPlist(), options: [], format: nil))
    }

    /// Sets are refused wherever they are reachable: Foundation on Linux crashes reading a
    /// non-empty one (found by fuzzing), and property lists have no such type.
    func testBinarySetsAreRefused() throws {
        for data in [DeepInput.binaryPlistWithSet(), DeepInput.binaryPlistWithSet(empty: true)] {
            let found = try XCTUnwrap(problem(data))
            XCTAssertEqual(
                found.message,
                "a set, which property lists do not hold (Foundation on Linux crashes reading one) (binary property "
                    + "list, the container at byte offset 19)"
            )
        }
    }

    /// What Foundation writes passes: strings shared between entries (CoreFoundation uniques
    /// them) never make more values than the file has bytes.
    func testBinaryPlistsFoundationWritesPass() throws {
        var table: [String: Any] = [:]
        for i in 0..<300 {
            table["key \(i)"] =
                [
                    "NSStringLocalizedFormatKey": "%#@n@",
                    "n": [
                        "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                        "one": "%d item", "other": "%d items",
                    ],
                ] as [String: Any]
        }
        let data = try PropertyListSerialization.data(fromPropertyList: table, format: .binary, options: 0)
        XCTAssertNil(problem(data))
        let xml = try PropertyListSerialization.data(fromPropertyList: table, format: .xml, options: 0)
        XCTAssertNil(problem(xml))
    }

    /// A binary plist this scan cannot follow is left to Foundation, which refuses it.
    func testMalformedBinaryPlistsAreLeftToFoundation() {
        var data = [UInt8](DeepInput.binaryPlist(depth: 600))
        for cut in [8, 40, 100, data.count - 1] {
            _ = PropertyListNesting.problem(in: Array(data[0..<cut]))
        }
        // A trailer whose top object is past the object count.
        data[data.count - 16] = 0x01
        XCTAssertNil(PropertyListNesting.problem(in: data))
        XCTAssertNil(try? PropertyListSerialization.propertyList(from: Data(data), options: [], format: nil))
    }
}
