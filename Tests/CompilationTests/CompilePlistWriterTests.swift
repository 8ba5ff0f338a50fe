import Foundation
import StringsDict
import TestSupport
import XCTest

@testable import Compilation

/// `PlistXMLWriter` writes what `PropertyListSerialization` (XML) writes, byte for byte.
final class CompilePlistWriterTests: XCTestCase {
    private func foundation(_ object: [String: Any]) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
    }

    func testTrickyStringsAndKeysMatchFoundation() throws {
        var controls = ""
        for value in 1..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(value)!) }
        let object: [String: Any] = [
            "controls": controls,
            "markup": "\"'<b>&amp;</b> ]]> \u{7F} \u{2028} 😀 \u{FFFD} é e\u{301}",
            "": "",
            "empty": [String: Any](),
            "order": [
                "x": "1", "X": "2", "😀": "3", "\u{FF5E}": "4", "é": "5", "Z10": "6", "Z9": "7", "_": "8", "a b": "9",
                "a\u{E000}": "10", "a😀": "11", "a\u{D7FF}": "12", "a\u{FFFF}": "13", "a𝄞b": "14", "a": "15", "ab": "16",
            ],
            "nested": ["NSStringLocalizedFormatKey": "%#@arg1@", "arg1": ["other": "%lld & more", "one": "<1>"]],
        ]
        let ours = PlistXMLWriter.data(object)
        XCTAssertEqual(String(decoding: ours, as: UTF8.self), String(decoding: try foundation(object), as: UTF8.self))
        XCTAssertEqual(ours, try foundation(object))
    }

    /// `escaped` is the text of an element as `data` writes it: only `&`, `<` and `>` become entities.
    func testEscapedTextIsWhatTheWriterWritesInAnElement() {
        let text = "\"'<b>&amp;</b> ]]> \u{1}\t\n é"
        XCTAssertEqual(PlistXMLWriter.escaped(text), "\"'&lt;b&gt;&amp;amp;&lt;/b&gt; ]]&gt; \u{1}\t\n é")
        let written = String(decoding: PlistXMLWriter.data(["k": text]), as: UTF8.self)
        XCTAssertTrue(written.contains("<string>" + PlistXMLWriter.escaped(text) + "</string>"), written)
    }
}
