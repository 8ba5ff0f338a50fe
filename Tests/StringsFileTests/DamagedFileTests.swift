import Foundation
import XCTest

@testable import StringsFile

/// Where CoreFoundation ends a damaged table and where it rejects the file (the rules listed on
/// `StringsParser`). Every input is also run through Foundation's `PropertyListSerialization`
/// (the same C code), so the evidence is re-checked on each run.
final class DamagedFileTests: XCTestCase {
    /// Foundation's table for the bytes; nil when it fails or returns something else.
    private func foundation(_ bytes: [UInt8]) -> [String: String]? {
        (try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)) as? [String: String]
    }

    private func foundation(_ text: String) -> [String: String]? { foundation(Array(text.utf8)) }

    private func stopWarning(_ at: String, _ found: String, _ span: String) -> String {
        "t.strings:\(at): warning: \(found) where a key should start: the table ends here, as in Apple's reader and "
            + "Xcode's migration, and the rest of the file is not read (\(span))"
    }

    // MARK: The table ends early (a warning)

    func testCyrillicLetterAfterSemicolonEndsTheTable() {
        let text = "\"k\" = \"v\";ы \"a\" = \"b\";"
        XCTAssertEqual(foundation(text), ["k": "v"])
        let result = parse(text)
        XCTAssertEqual(result.file?.dictionary, ["k": "v"])
        XCTAssertEqual(
            descriptions(result), [stopWarning("1:11", "'ы' (U+044B CYRILLIC SMALL LETTER YERU)", "line 1, 1 line")])
        XCTAssertEqual(
            result.file?.unreadTail,
            StringsUnreadTail(line: 1, column: 11, found: "'ы' (U+044B CYRILLIC SMALL LETTER YERU)", lineCount: 1))
    }

    func testDoubleSemicolonEndsTheTableAndCountsTheLinesNotRead() {
        let text = "\"a\" = \"b\";\n\"c\" = \"d\";;\n\"e\" = \"f\";\n\n\"g\" = \"h\";\n"
        XCTAssertEqual(foundation(text), ["a": "b", "c": "d"])
        let result = parse(text)
        XCTAssertEqual(result.file?.entries.map(\.key), ["a", "c"])
        XCTAssertEqual(descriptions(result), [stopWarning("2:11", "';'", "lines 2–5, 4 lines")])
        XCTAssertEqual(result.file?.unreadTail?.lineCount, 4)
    }

    func testEveryCharacterThatCannotStartAKeyEndsTheTable() {
        // Each after `"k" = "v"; `, with an entry after it that is not read.
        let junk: [(String, String)] = [
            ("\\", "'\\'"), ("*", "'*'"), ("%", "'%'"), ("{", "'{'"), ("}", "'}'"), ("(", "'('"), (")", "')'"),
            ("<", "'<'"), (">", "'>'"), (",", "','"), ("#", "'#'"), ("@", "'@'"), ("=", "'='"), ("!", "'!'"),
            ("?", "'?'"),
            ("\u{0}", "character U+0000"), ("\u{1}", "character U+0001"), ("\u{7F}", "character U+007F"),
            ("\u{A0}", "'\u{A0}' (U+00A0 NO-BREAK SPACE)"), ("\u{3000}", "'\u{3000}' (U+3000 IDEOGRAPHIC SPACE)"),
            ("\u{FEFF}", "'\u{FEFF}' (U+FEFF ZERO WIDTH NO-BREAK SPACE)"),
            ("é", "'é' (U+00E9 LATIN SMALL LETTER E WITH ACUTE)"),
        ]
        for (character, shown) in junk {
            let text = "\"k\" = \"v\"; \(character) \"a\" = \"b\";\n"
            XCTAssertEqual(foundation(text), ["k": "v"], "Foundation, \(shown)")
            let result = parse(text)
            XCTAssertEqual(result.file?.dictionary, ["k": "v"], shown)
            XCTAssertEqual(descriptions(result), [stopWarning("1:12", shown, "line 1, 1 line")], shown)
        }
    }

    func testEqualsWhereAKeyShouldStartEndsTheTable() {
        let text = "\"k\" = \"v\";\n= \"a\";\n"
        XCTAssertEqual(foundation(text), ["k": "v"])
        XCTAssertEqual(descriptions(parse(text)), [stopWarning("2:1", "'='", "line 2, 1 line")])
    }

    func testLoneClosingBraceEndsTheTable() {
        let text = "\"a\" = \"b\"; }\n\"c\" = \"d\";"
        XCTAssertEqual(foundation(text), ["a": "b"])
        XCTAssertEqual(parse(text).file?.dictionary, ["a": "b"])
    }

    func testIdeographicSpaceBetweenEntriesEndsTheTable() {
        // Linux Foundation 6.3.1 stops here too; swift-foundation#2222 (docs/spec/strings-grammar.md#white-space) may
        // make newer Apple releases reject the file instead. Either way we keep the entries and warn.
        let text = "\"a\" = \"b\";\n\u{3000}\"c\" = \"d\";"
        XCTAssertEqual(foundation(text), ["a": "b"])
        let result = parse(text)
        XCTAssertEqual(result.file?.dictionary, ["a": "b"])
        XCTAssertEqual(
            descriptions(result), [stopWarning("2:1", "'\u{3000}' (U+3000 IDEOGRAPHIC SPACE)", "line 2, 1 line")])
    }

    func testTrailingNULBytesEndTheTable() {
        let bytes = Array("\"a\" = \"b\";\n".utf8) + [0, 0, 0]
        XCTAssertEqual(foundation(bytes), ["a": "b"])
        let result = StringsFileReader.parse(bytes, path: "t.strings")
        XCTAssertEqual(result.file?.dictionary, ["a": "b"])
        XCTAssertEqual(descriptions(result), [stopWarning("2:1", "character U+0000", "line 2, 1 line")])
    }

    func testUnterminatedQuoteWhereAKeyShouldStartEndsTheTable() {
        for quote in ["\"", "'"] {
            let text = "\"k\" = \"v\";\n\(quote)a = b;\nc = d;\n"
            XCTAssertEqual(foundation(text), ["k": "v"], quote)
            let result = parse(text)
            XCTAssertEqual(result.file?.dictionary, ["k": "v"], quote)
            XCTAssertEqual(
                descriptions(result), [stopWarning("2:1", "a quote that is never closed", "lines 2–3, 2 lines")], quote)
        }
    }

    func testJunkAfterCommentsEndsTheTable() {
        let text = "\"k\" = \"v\";\n/* a comment */\n// another\n;\n"
        XCTAssertEqual(foundation(text), ["k": "v"])
        XCTAssertEqual(descriptions(parse(text)), [stopWarning("4:1", "';'", "line 4, 1 line")])
    }

    func testNothingAfterTheEndIsRead() {
        // An unterminated string and a lone surrogate escape after the end: CF never looks at them.
        for text in [
            "\"k\" = \"v\"; ;\n\"a\" = \"never closed;\n", "\"k\" = \"v\"; ;\n\"\\UD800\" = \"x\";\n",
            "\"k\" = \"v\"; ; \"a\" \"b\"",
        ] {
            XCTAssertEqual(foundation(text), ["k": "v"], text)
            let result = parse(text)
            XCTAssertEqual(result.file?.dictionary, ["k": "v"], text)
            XCTAssertEqual(result.diagnostics.count, 1, "\(result.diagnostics)")
        }
    }

    func testCommentsBeforeTheEndStillAttach() {
        let result = parse("/* first */\n\"k\" = \"v\"; // mine\n;;\n")
        XCTAssertEqual(result.file?.entries.map(\.comment), ["first & mine"])
    }

    // MARK: Strict mode

    func testStrictModeMakesTheEndAnError() {
        let text = "\"k\" = \"v\";\n;\n\"a\" = \"b\";\n"
        let result = StringsFileReader.parse(Array(text.utf8), path: "t.strings", strict: true)
        XCTAssertNil(result.file)
        XCTAssertEqual(
            descriptions(result),
            [
                "t.strings:2:1: error: ';' where a key should start (Apple's reader and Xcode's migration end the "
                    + "table here and ignore the rest of the file: lines 2–3, 2 lines)"
            ])
        // An undamaged file is the same in both modes.
        XCTAssertEqual(
            StringsFileReader.parse(Array("\"k\" = \"v\";".utf8), path: "t.strings", strict: true).file?.dictionary,
            ["k": "v"])
    }

    func testStrictReadFromDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stringcat-strict-\(UUID().uuidString).strings")
        try Data("\"k\" = \"v\";ы".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertEqual(StringsFileReader.read(path: url.path).file?.dictionary, ["k": "v"])
        let strict = StringsFileReader.read(path: url.path, strict: true)
        XCTAssertNil(strict.file)
        XCTAssertEqual(strict.diagnostics.map(\.severity), [.error])
    }

    // MARK: Still errors, as in CF

    func testJunkBeforeTheFirstEntryIsAnError() {
        // CF reads the first object with `requireObject`: the file is rejected.
        let cases = [
            (";", "t.strings:1:1: error: unexpected ';' where a key was expected"),
            ("ы", "t.strings:1:1: error: unexpected 'ы' (U+044B CYRILLIC SMALL LETTER YERU) where a key was expected"),
            ("/* c */ ;\n\"a\" = \"b\";", "t.strings:1:9: error: unexpected ';' where a key was expected"),
            ("\"a", "t.strings:1:1: error: unterminated string: the quote opened here is never closed"),
            ("= \"a\";", "t.strings:1:1: error: missing key before '='"),
            ("}", "t.strings:1:1: error: unexpected '}' where a key was expected"),
        ]
        for (text, expected) in cases {
            XCTAssertNil(foundation(text), text)
            XCTAssertEqual(descriptions(parse(text)), [expected], text)
        }
    }

    func testJunkInsideBracesIsAnError() {
        for text in [
            "{ \"k\" = \"v\"; ы }", "{ \"k\" = \"v\"; ; }", "{ \"k\" = \"v\";", "{ \"k\" = \"v\"; } x",
            "{ \"k\" = \"v\"; \"a }",
        ] {
            XCTAssertNil(foundation(text), text)
            let result = parse(text)
            XCTAssertNil(result.file, text)
            XCTAssertEqual(result.diagnostics.map(\.severity), [.error], text)
        }
        XCTAssertEqual(
            descriptions(parse("{ \"k\" = \"v\"; ы }")),
            ["t.strings:1:14: error: unexpected 'ы' (U+044B CYRILLIC SMALL LETTER YERU) where a key was expected"])
    }

    func testDamageInsideAnEntryIsAnError() {
        let texts = [
            "\"k\" \"v\";", "\"k\" = \"v\" \"a\" = \"b\";", "\"k\" = \"v\"", "\"k\" = ;", "\"k\" = ы;", "\"k\" = \"v;",
            "\"k\" = \"v\"; \"a\"", "\"k\" = \"v\"; a =", "\"k\" = \"v\"; /", "\"k\" = \"v\"; \"a\" = \"b",
            "\"k\" = \"v\"; \"a\" ы;",
        ]
        for text in texts {
            XCTAssertNil(foundation(text), text)
            let result = parse(text)
            XCTAssertNil(result.file, text)
            XCTAssertEqual(result.diagnostics.map(\.severity), [.error], "\(text): \(result.diagnostics)")
        }
    }

    // MARK: The one invalid UTF-8 byte CF lets through

    func testByteA9WhereACharacterShouldStartReadsAsReplacementCharacter() {
        let bytes =
            Array("/* (c) */\n\"k\" = \"a".utf8) + [0xA9] + Array("b\";\n\"l\" = \"".utf8) + [0xA9] + Array("\";".utf8)
        XCTAssertEqual(foundation(bytes), ["k": "a\u{FFFD}b", "l": "\u{FFFD}"])
        let result = StringsFileReader.parse(bytes, path: "t.strings")
        XCTAssertEqual(result.file?.dictionary, ["k": "a\u{FFFD}b", "l": "\u{FFFD}"])
        XCTAssertEqual(
            descriptions(result),
            [
                "t.strings:2:9: warning: invalid UTF-8: byte 0xA9 (and 1 more in this file) read as U+FFFD REPLACEMENT "
                    + "CHARACTER, as Apple's reader does for this one byte (the © of Mac OS Roman); the file is not "
                    + "all UTF-8: re-save it as UTF-8 to keep the character"
            ])
    }

    func testOtherStrayContinuationBytesAreErrors() {
        for bad: [UInt8] in [[0x80], [0xA9, 0x80], [0xBF], [0xC3, 0xA9, 0xFF]] {
            let bytes = Array("\"k\" = \"a".utf8) + bad + Array("b\";".utf8)
            XCTAssertNil(foundation(bytes), "\(bad)")
            XCTAssertNil(StringsFileReader.parse(bytes, path: "t.strings").file, "\(bad)")
        }
        // With a byte order mark, after a valid é, and after other text too.
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("\"k\" = \"é".utf8) + [0xA9] + Array("\";".utf8)
        XCTAssertEqual(foundation(bytes), ["k": "é\u{FFFD}"])
        XCTAssertEqual(StringsFileReader.parse(bytes, path: "t.strings").file?.dictionary, ["k": "é\u{FFFD}"])
    }

    func testByteA9AfterAnEntryEndsTheTable() {
        let bytes = Array("\"k\" = \"v\";".utf8) + [0xA9] + Array(" \"a\" = \"b\";".utf8)
        XCTAssertEqual(foundation(bytes), ["k": "v"])
        let result = StringsFileReader.parse(bytes, path: "t.strings")
        XCTAssertEqual(result.file?.dictionary, ["k": "v"])
        XCTAssertEqual(result.diagnostics.map(\.severity), [.warning, .warning])
    }
}
