import Foundation
import StringcatSupport
import XCTest

@testable import StringCatalog

/// Bad input is reported with a location: line:column for JSON syntax, a path for shapes.
final class DiagnosticsTests: XCTestCase {
    private func error(_ text: String) -> String? {
        diagnostic { _ = try parseCatalog(text, path: "L.xcstrings") }?.description
    }

    private func wrap(_ entry: String) -> String {
        "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Done\" : \(entry)\n  },\n  \"version\" : "
            + "\"1.0\"\n}"
    }

    // MARK: Syntax

    func testMissingCommaReportsLineAndColumn() {
        XCTAssertEqual(
            error("{\n  \"sourceLanguage\" : \"en\"\n  \"strings\" : {}\n}"),
            "L.xcstrings:3:3: error: unexpected character '\"', expected ',' or '}'")
    }

    func testTrailingCommaAndColumnCountsCharactersNotBytes() {
        XCTAssertEqual(
            error("{\n  \"é🧭\" : \"ü\",\n}"),
            "L.xcstrings:3:1: error: unexpected character '}', expected a key in quotes")
        XCTAssertEqual(
            error("{\"é🧭\" : x}"),
            "L.xcstrings:1:9: error: unexpected character 'x', expected a value")
    }

    func testCRLFLinesAndEndOfFile() {
        XCTAssertEqual(
            error("{\r\n  \"a\" : \"b\"\r\n"), "L.xcstrings:3:1: error: unexpected end of file, expected ',' or '}'")
        XCTAssertEqual(error(""), "L.xcstrings:1:1: error: unexpected end of file, expected a value")
    }

    func testStringErrors() {
        XCTAssertEqual(
            error("{\"a\" : \"x\ty\"}"), "L.xcstrings:1:10: error: unescaped control character U+0009 in string")
        XCTAssertEqual(error("{\"a\" : \"x\\qy\"}"), "L.xcstrings:1:10: error: invalid escape sequence in string")
        XCTAssertEqual(error("{\"a\" : \"\\ud800x\"}"), "L.xcstrings:1:9: error: unpaired surrogate in \\u escape")
        XCTAssertEqual(error("{\n\"a\" : \"abc"), "L.xcstrings:2:7: error: unterminated string")
    }

    func testInvalidUTF8IsAnErrorNotAReplacementCharacter() {
        var bytes = Array("{\"a\" : \"ok".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"}".utf8)
        let d = diagnostic { _ = try CatalogReader.parse(Data(bytes), path: "L.xcstrings") }
        XCTAssertEqual(d?.description, "L.xcstrings:1:11: error: invalid UTF-8 byte sequence")
    }

    /// Strings are scanned 8 bytes at a time: every length and every place of a multi-byte
    /// character, an escape, a control character or an invalid byte around the words' edges
    /// gives the value, or the error at its column, as a byte-by-byte scan does.
    func testStringsOfEveryLengthWithSpecialBytesAtEveryPlace() throws {
        let prefix = Array("{\"a\" : \"".utf8) // the body starts at column 9
        for length in 0..<26 {
            let plain = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            XCTAssertEqual(try value(prefix + plain), String(decoding: plain, as: UTF8.self))
            for place in 0...length {
                let before = Array(plain[..<place]), after = Array(plain[place...])
                XCTAssertEqual(
                    try value(prefix + before + Array("é".utf8) + after),
                    String(decoding: before, as: UTF8.self) + "é" + String(decoding: after, as: UTF8.self))
                XCTAssertEqual(
                    try value(prefix + before + Array("\\n".utf8) + after),
                    String(decoding: before, as: UTF8.self) + "\n" + String(decoding: after, as: UTF8.self))
                XCTAssertNil(try value(prefix + Array("é".utf8) + before + [0xFF] + after))
                XCTAssertEqual(
                    errorAt(prefix + Array("é".utf8) + before + [0xFF] + after),
                    "L.xcstrings:1:\(10 + place): error: invalid UTF-8 byte sequence")
                XCTAssertEqual(
                    errorAt(prefix + before + [0x09] + after),
                    "L.xcstrings:1:\(9 + place): error: unescaped control character U+0009 in string")
            }
        }
    }

    /// The value of `"a"` in `{"a" : "…"}` whose text up to the closing quote is `bytes`, nil when
    /// it does not parse.
    private func value(_ bytes: [UInt8]) throws -> String? {
        // A document with only "a" is not a catalog: the value is read by the JSON parser.
        let data = Data(bytes + Array("\"}".utf8))
        return data.withUnsafeBytes { raw -> String? in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            guard case .object(let members)? = try? parser.parseValue(depth: 0), case .string(let text)? = members["a"]
            else { return nil }
            return text
        }
    }

    private func errorAt(_ bytes: [UInt8]) -> String? {
        diagnostic { _ = try CatalogReader.parse(Data(bytes + Array("\"}".utf8)), path: "L.xcstrings") }?.description
    }

    func testDuplicateKeyIsAnError() {
        XCTAssertEqual(
            error("{\n  \"a\" : 1,\n  \"a\" : 2\n}"), "L.xcstrings:3:3: error: duplicate key \"a\" in the same object")
    }

    func testKeysEqualOnlyUnderUnicodeNormalizationAreReportedNotMerged() {
        XCTAssertEqual(
            error("{\n  \"caf\u{E9}\" : 1,\n  \"cafe\u{301}\" : 2\n}"),
            "L.xcstrings:3:3: error: key \"cafe\u{301}\" differs from the earlier key \"caf\u{E9}\" only by Unicode "
                + "normalization (composed vs decomposed characters); stringcat cannot keep both"
        )
    }

    func testTextAfterTheValueAndBadNumbers() {
        XCTAssertEqual(
            error(#"{"sourceLanguage":"en","strings":{},"version":"1.0"} {}"#),
            "L.xcstrings:1:54: error: unexpected character '{' after the end of the JSON value")
        XCTAssertEqual(error("{\"a\" : 01}"), "L.xcstrings:1:9: error: invalid number: leading zero")
        XCTAssertEqual(error("{\"a\" : tru}"), "L.xcstrings:1:8: error: unexpected character 't', expected a value")
    }

    func testDeepNestingIsRefusedWithoutCrashing() {
        let text = String(repeating: "[", count: 100_000)
        XCTAssertEqual(error(text), "L.xcstrings:1:513: error: nesting deeper than 512 levels")
        // Objects, 50,000 deep in an unknown field of an entry: the `{` of level 513.
        let objects =
            #"{"sourceLanguage":"en","strings":{"a":{"x":"# + String(repeating: #"{"k":"#, count: 50_000) + "1"
            + String(repeating: "}", count: 50_000) + "}}}"
        XCTAssertEqual(error(objects), "L.xcstrings:1:\(44 + 509 * 5): error: nesting deeper than 512 levels")
    }

    // MARK: Shapes (reported at the value, or at the object missing a field, with the path)

    func testValueNotAString() {
        XCTAssertEqual(
            error(
                wrap(#"{ "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : 3 } } } }"#)),
            #"L.xcstrings:4:96: error: strings["Done"].localizations.de.stringUnit.value: expected a string, found a number"#
        )
    }

    func testStateMissing() {
        XCTAssertEqual(
            error(wrap(#"{ "localizations" : { "zh-Hans" : { "stringUnit" : { "value" : "完成" } } } }"#)),
            #"L.xcstrings:4:65: error: strings["Done"].localizations.zh-Hans.stringUnit.state: missing (required)"#)
    }

    func testArgNumNotAnInteger() {
        let entry = #"{ "localizations" : { "en" : { "substitutions" : { "count" : { "argNum" : "1" } } } } }"#
        XCTAssertEqual(
            error(wrap(entry)),
            #"L.xcstrings:4:88: error: strings["Done"].localizations.en.substitutions.count.argNum: expected an integer, found a string"#
        )
        let float = #"{ "localizations" : { "en" : { "substitutions" : { "count" : { "argNum" : 1.5 } } } } }"#
        XCTAssertEqual(
            error(wrap(float)),
            #"L.xcstrings:4:88: error: strings["Done"].localizations.en.substitutions.count.argNum: expected an integer, found a number"#
        )
    }

    func testBooleansMustBeBooleans() {
        XCTAssertEqual(
            error(wrap(#"{ "shouldTranslate" : 0 }"#)),
            #"L.xcstrings:4:36: error: strings["Done"].shouldTranslate: expected true or false, found a number"#)
    }

    func testNestedVariationCasePath() {
        let entry =
            #"{ "localizations" : { "en" : { "variations" : { "device" : { "ipad" : { "variations" : { "plural" : { "one" : [] } } } } } } } }"#
        XCTAssertEqual(
            error(wrap(entry)),
            #"L.xcstrings:4:124: error: strings["Done"].localizations.en.variations.device.ipad.variations.plural.one: expected an object, found an array"#
        )
    }

    func testKeysThatAreNotPlainNamesAreQuotedInPaths() {
        // (A language key is always a tag now, and a tag is written plain.)
        let text =
            "{\"sourceLanguage\":\"en\",\"strings\":{\"a "
            + "\\\"b\\\".c\":{\"localizations\":{\"zh-Hans\":{\"stringUnit\":true}}}},\"version\":\"1.0\"}"
        XCTAssertEqual(
            error(text),
            #"L.xcstrings:1:89: error: strings["a \"b\".c"].localizations.zh-Hans.stringUnit: expected an object, found a boolean"#
        )
    }

    func testDuplicateKnownFieldAndNestingOfVariations() {
        XCTAssertEqual(
            error(wrap(#"{ "comment" : "a", "comment" : "b" }"#)),
            #"L.xcstrings:4:33: error: duplicate key "comment" in the same object"#)
        var entry = #"{ "stringUnit" : { "state" : "new", "value" : "x" } }"#
        for _ in 0..<70 { entry = #"{ "variations" : { "device" : { "mac" : "# + entry + " } } }" }
        let text = wrap(#"{ "localizations" : { "en" : "# + entry + " } }")
        let message = error(text) ?? ""
        XCTAssertTrue(message.hasSuffix("variations nested deeper than 64 levels"), message)
    }

    func testTopLevelShape() {
        XCTAssertEqual(error("[]"), "L.xcstrings:1:1: error: top level: expected an object, found an array")
        XCTAssertEqual(
            error(#"{"sourceLanguage":"en","strings":{}}"#), "L.xcstrings:1:1: error: version: missing (required)")
        XCTAssertEqual(
            error(#"{"sourceLanguage":"en","strings":[],"version":"1.0"}"#),
            "L.xcstrings:1:34: error: strings: expected an object, found an array")
    }

    func testUnreadableFile() {
        let missing = NSTemporaryDirectory() + "/no-such-\(UUID().uuidString).xcstrings"
        XCTAssertEqual(
            diagnostic { _ = try CatalogReader.read(path: missing) }?.description,
            "\(missing): error: cannot read catalog: no such file")
    }
}
