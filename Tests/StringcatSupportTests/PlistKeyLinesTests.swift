import Foundation
import StringcatSupport
import XCTest

/// The one index of `<key>` places in XML property lists: every path with its line and column,
/// and the top-level keys' lines from the same scan.
final class PlistKeyLinesTests: XCTestCase {
    private static let document = [
        #"<?xml version="1.0" encoding="UTF-8"?>"#, // 1
        "<plist version=\"1.0\">", // 2
        "<!-- <key>InComment</key>", // 3
        "     still the comment -->", // 4
        "<dict>\r", // 5 (a lone CR ends it)
        "\t<key>A &amp; B</key><string>x</string>\r", // 6 (CR LF: one line end)
        "\t<key>nested</key>", // 7
        "\t<dict><key>é</key><dict><key>deep</key><string>y</string></dict></dict>", // 8
        "\t<key>list</key><array><dict><key>inArray</key><string>z</string></dict></array>", // 9
        "\t<key>A &amp; B</key><string>again</string>", // 10
        "\t<key/><string>empty</string>", // 11
        "\t<key>two", // 12
        "lines</key><string>w</string>", // 13
        "\t<key>last</key><string><![CDATA[</dict><key>no</key>]]></string>", // 14
        "</dict>",
        "</plist>",
    ].joined(separator: "\n").replacingOccurrences(of: "\r\n", with: "\r")
        .replacingOccurrences(of: "x</string>\r", with: "x</string>\r\n")

    func testTopLevelLinesAreThoseOfTheLastOfEachTopLevelKey() {
        let lines = PlistKeyLines.topLevelLines(inXML: Array(Self.document.utf8))
        XCTAssertEqual(lines, ["A & B": 10, "nested": 7, "list": 9, "two\nlines": 12, "last": 14])
    }

    func testEveryPathHasItsLineAndColumn() {
        let index = PlistKeyLines(xml: Array(Self.document.utf8))
        func place(_ path: [String]) -> String? { index.position(of: path).map { "\($0.line):\($0.column)" } }
        XCTAssertEqual(place(["A & B"]), "10:2")
        XCTAssertEqual(place(["nested"]), "7:2")
        // Columns in scalars: `é` is two bytes, one column.
        XCTAssertEqual(place(["nested", "é"]), "8:8")
        XCTAssertEqual(place(["nested", "é", "deep"]), "8:26")
        XCTAssertEqual(place(["list", "[item]", "inArray"]), "9:30")
        XCTAssertEqual(place(["last"]), "14:2")
        XCTAssertNil(place(["InComment"]))
        XCTAssertEqual(
            index.nearestPosition(of: ["nested", "é", "missing", "more"]).map { "\($0.line):\($0.column)" }, "8:8")
        XCTAssertNil(index.nearestPosition(of: ["missing"]))
        XCTAssertEqual(
            index.duplicates.map { "\($0.path) \($0.position.line):\($0.position.column)" }, ["[\"A & B\"] 10:2"])
    }

    /// Keys deeper than `indexedDepth` are not kept; the top-level lines skip everything nested.
    func testDepthLimit() {
        let depth = PlistKeyLines.indexedDepth
        var text = "<plist><dict>"
        for level in 1...(depth + 2) { text += "<key>k\(level)</key><dict>\n" }
        text += String(repeating: "</dict>", count: depth + 2) + "<key>top</key><string/></dict></plist>"
        let index = PlistKeyLines(xml: Array(text.utf8))
        let path = (1...(depth + 2)).map { "k\($0)" }
        XCTAssertEqual(index.position(of: Array(path.prefix(depth)))?.line, depth)
        XCTAssertNil(index.position(of: Array(path.prefix(depth + 1))))
        XCTAssertEqual(PlistKeyLines.topLevelLines(inXML: Array(text.utf8)), ["k1": 1, "top": depth + 3])
    }

    /// Binary and old-style property lists, and UTF-16 XML, have no key places.
    func testOtherFormsHaveNoPlaces() throws {
        let values: [String: Any] = ["a": "x", "b": ["c": "y"]]
        let binary = try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0)
        let utf16 = try XCTUnwrap(Self.document.replacingOccurrences(of: "UTF-8", with: "UTF-16").data(using: .utf16))
        for bytes in [[UInt8](binary), Array("{ a = x; b = { c = y; }; }".utf8), [UInt8](utf16), []] {
            XCTAssertEqual(PlistKeyLines.topLevelLines(inXML: bytes), [:])
            XCTAssertNil(PlistKeyLines(xml: bytes).position(of: ["a"]))
        }
    }

    /// On generated documents (nesting, arrays, comments, line ends of every kind), each top-level
    /// key's line is its line in the full index.
    func testTopLevelLinesAreTheFullIndexsLines() {
        var random = SplitMix64(seed: 34)
        let breaks = ["\n", "\r", "\r\n", " ", ""]
        func value(_ level: Int) -> String {
            switch random.below(level > 3 ? 1 : 4) {
            case 0: return "<string>v\(breaks[random.below(breaks.count)])w</string>"
            case 1:
                return "<array><string>a</string>"
                    + (random.below(2) == 0 ? "<dict>" + members(level + 1) + "</dict>" : "") + "</array>"
            default: return "<dict>" + members(level + 1) + "</dict>"
            }
        }
        func members(_ level: Int) -> String {
            (0..<random.below(4)).map { _ in
                let comment = random.below(6) == 0 ? "<!-- <key>no</key>\(breaks[random.below(breaks.count)]) -->" : ""
                return comment + "<key>k\(random.below(5))</key>" + breaks[random.below(breaks.count)] + value(level)
                    + breaks[random.below(breaks.count)]
            }.joined()
        }
        for _ in 0..<300 {
            let text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<plist><dict>" + members(1) + "</dict></plist>\n"
            let bytes = Array(text.utf8)
            let top = PlistKeyLines.topLevelLines(inXML: bytes)
            let index = PlistKeyLines(xml: bytes)
            for k in 0..<5 {
                XCTAssertEqual(top["k\(k)"], index.position(of: ["k\(k)"])?.line, text.debugDescription)
            }
        }
    }
}
