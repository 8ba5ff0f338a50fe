import XCTest

@testable import StringsFile

/// docs/spec/strings-grammar.md#the-strings-grammar rows: what CoreFoundation accepts.
final class GrammarTests: XCTestCase {
    func testBasicEntryWithLineAndColumn() {
        let list = entries("\n  \"a\" = \"b\";\n\"c\"=\"d\";")
        XCTAssertEqual(
            list,
            [
                StringsEntry(key: "a", value: "b", comment: nil, line: 2, column: 3),
                StringsEntry(key: "c", value: "d", comment: nil, line: 3, column: 1),
            ])
    }

    func testColumnCountsScalarsNotBytes() {
        let list = entries("\"é\" = \"x\"; \"😀\" = \"y\";")
        XCTAssertEqual(list.map(\.column), [1, 12])
    }

    func testSingleQuotedStrings() {
        XCTAssertEqual(entries("'a' = 'b \" c';"), [StringsEntry(key: "a", value: "b \" c", line: 1, column: 1)])
    }

    func testUnquotedKeyAndValue() {
        let list = entries("NSHumanReadableCopyright = \"©\";\nkey_1$/:.- = value.2;")
        XCTAssertEqual(list.map(\.key), ["NSHumanReadableCopyright", "key_1$/:.-"])
        XCTAssertEqual(list.map(\.value), ["©", "value.2"])
    }

    func testUnquotedStringSwallowsSlashes() {
        // `/` is an unquoted character, so `a//b` is one string, not `a` plus a comment (CF agrees).
        XCTAssertEqual(entries("a//b = c;").map(\.key), ["a//b"])
    }

    func testKeyOnlyShorthand() {
        XCTAssertEqual(entries("\"nokey\";"), [StringsEntry(key: "nokey", value: "nokey", line: 1, column: 1)])
    }

    func testBracedTopLevelDictionary() {
        let result = parse("// header\n{ \"k\" = \"v\"; k2 = v2; } /* trailing */\n")
        XCTAssertEqual(result.file?.dictionary, ["k": "v", "k2": "v2"])
        XCTAssertEqual(result.diagnostics, [])
    }

    func testJunkAfterBracedDictionaryIsAnError() {
        XCTAssertEqual(
            descriptions(parse("{ \"k\" = \"v\"; } x")),
            ["t.strings:1:16: error: unexpected 'x' after the closing '}' of the dictionary"])
    }

    func testUnclosedBracedDictionary() {
        XCTAssertEqual(
            descriptions(parse("{\n\"k\" = \"v\";\n")),
            ["t.strings:3:1: error: missing '}' to close the dictionary opened at line 1, column 1"])
    }

    func testWhiteSpaceSet() {
        // U+0009–U+000D, space, U+2028, U+2029 separate tokens.
        let text = "\t\u{0B}\u{0C}\r\n \u{2028}\"a\"\u{2029}=\"b\"\u{0B};"
        XCTAssertEqual(entries(text).map(\.key), ["a"])
    }

    func testSemicolonRequiredAfterLastEntry() {
        XCTAssertEqual(
            descriptions(parse("\"a\" = \"b\";\n\"c\" = \"d\"")),
            ["t.strings:2:10: error: missing ';' after the value of \"c\""])
    }

    func testSlashAloneIsData() {
        XCTAssertEqual(entries("\"a\" = /;").map(\.value), ["/"])
        XCTAssertEqual(entries("\"a\" = /x/y;").map(\.value), ["/x/y"])
    }

    func testDictionaryValueIsAnError() {
        XCTAssertEqual(
            descriptions(parse("\"a\" = { \"b\" = \"c\"; };")),
            ["t.strings:1:7: error: the value of \"a\" is a dictionary; a .strings value must be a string"])
    }

    func testArrayValueIsAnError() {
        XCTAssertEqual(
            descriptions(parse("\"a\" = (\"b\");")),
            ["t.strings:1:7: error: the value of \"a\" is an array; a .strings value must be a string"])
    }

    func testDataValueIsAnError() {
        XCTAssertEqual(
            descriptions(parse("\"a\" = <0fbd>;")),
            ["t.strings:1:7: error: the value of \"a\" is data (<…>); a .strings value must be a string"])
    }

    func testMissingEquals() {
        XCTAssertEqual(
            descriptions(parse("\"a\" \"b\";")),
            ["t.strings:1:5: error: missing '=' after the key \"a\" (found the string \"b\")"])
    }

    func testMissingValue() {
        XCTAssertEqual(
            descriptions(parse("\"a\" = ;")),
            ["t.strings:1:7: error: missing value after '=' for the key \"a\""])
    }

    func testUnterminatedStringPointsAtOpeningQuote() {
        XCTAssertEqual(
            descriptions(parse("\"a\" = \"b\";\n\"c\" = \"d;\n")),
            ["t.strings:2:7: error: unterminated string: the quote opened here is never closed"])
    }

    func testMissingClosingQuoteSwallowsTheNextLine() {
        // The string runs to the next quote, so the error shows up on the following line.
        XCTAssertEqual(
            descriptions(parse("\"a\" = \"b\";\n\"c\" = \"d;\n\"e\" = \"f\";\n")),
            ["t.strings:3:2: error: missing ';' after the value of \"c\""])
    }

    func testErrorRejectsWholeFile() {
        let result = parse("\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";")
        XCTAssertNil(result.file)
        XCTAssertEqual(descriptions(result), ["t.strings:2:10: error: missing ';' after the value of \"c\""])
    }

    func testMeshtasticDoubleEquals() {
        // Meshtastic pt.lproj: `"config.ringtone"="="Toque RTTTL";` — Xcode skipped the file.
        XCTAssertEqual(
            descriptions(parse("\"config.ringtone\"=\"=\"Toque RTTTL\";")),
            ["t.strings:1:22: error: missing ';' after the value of \"config.ringtone\""])
    }

    func testDuplicateKeyLastWins() {
        let result = parse("\"k\" = \"1\";\n\"x\" = \"y\";\n\"k\" = \"2\";\n\"k\" = \"2\";")
        XCTAssertEqual(result.file?.entries.count, 4)
        XCTAssertEqual(result.file?.dictionary, ["k": "2", "x": "y"])
        XCTAssertEqual(
            descriptions(result),
            [
                "t.strings:3:1: warning: duplicate key \"k\" (also at line 1) with a different value; the last one wins",
                "t.strings:4:1: warning: duplicate key \"k\" (also at line 3) with the same value; the last one wins",
            ])
    }

    func testCanonicallyEquivalentKeysAreDistinctLikeCF() {
        // CFEqual compares UTF-16 literally: precomposed é and e + U+0301 are two keys, no warning.
        let result = parse("\"\u{E9}\" = \"1\";\n\"e\u{301}\" = \"2\";")
        XCTAssertEqual(result.file?.entries.map { scalars($0.key) }, [[0xE9], [0x65, 0x301]])
        XCTAssertEqual(result.diagnostics, [])
    }

    func testDiagnosticsAreInFileOrder() {
        let text = "\"a\" = \"\\q\";\n\"b\" = \"x\";\n\"a\" = \"\\u1\";\n\"c\" = \"\\z\";"
        XCTAssertEqual(
            descriptions(parse(text)),
            [
                "t.strings:1:8: warning: unknown escape '\\q': read as 'q'",
                "t.strings:3:1: warning: duplicate key \"a\" (also at line 1) with a different value; the last one wins",
                "t.strings:3:8: warning: '\\u' is not an escape in .strings files: Apple reads it as 'u' (use '\\U' "
                    + "followed by 4 hex digits)",
                "t.strings:4:8: warning: unknown escape '\\z': read as 'z'",
            ])
    }

    func testEmptyKeyAndValue() {
        XCTAssertEqual(entries("\"\" = \"\";"), [StringsEntry(key: "", value: "", line: 1, column: 1)])
    }

    func testRawControlCharactersInsideValuesAreKept() {
        XCTAssertEqual(scalars(value("\"a\" = \"x\u{13}y\u{18}\u{0C}\";")), [0x78, 0x13, 0x79, 0x18, 0x0C])
    }
}
