import XCTest

@testable import StringsFile

/// Escapes in quoted strings, as CF's `getSlashedChar` reads them (docs/spec/strings-grammar.md#the-strings-grammar,
/// #where-other-readers-differ).
final class EscapeTests: XCTestCase {
    func testSimpleEscapes() {
        XCTAssertEqual(
            scalars(value(#""k" = "\a\b\f\n\r\t\v\"\'\\";"#)),
            [0x07, 0x08, 0x0C, 0x0A, 0x0D, 0x09, 0x0B, 0x22, 0x27, 0x5C])
        XCTAssertEqual(parse(#""k" = "\a\b\f\n\r\t\v\"\'\\";"#).diagnostics, [])
    }

    func testRawNewlineInsideQuotesIsKept() {
        XCTAssertEqual(value("\"multi\" = \"Line one\nline two\";"), "Line one\nline two")
    }

    func testBackslashNewlineIsANewline() {
        XCTAssertEqual(value("\"bs_nl\" = \"Multi\\\nline\";"), "Multi\nline")
    }

    func testUppercaseUEscape() {
        XCTAssertEqual(value(#""k" = "\U00e9\U00C9";"#), "éÉ")
    }

    func testUppercaseUStopsAtNonHex() {
        XCTAssertEqual(value(#""k" = "\U41z";"#), "Az")
        XCTAssertEqual(value(#""k" = "\U00411";"#), "A1")
        XCTAssertEqual(scalars(value(#""k" = "\Uzz";"#)), [0, 0x7A, 0x7A]) // CF reads no digits as U+0000
    }

    func testSurrogatePairEscapesMakeOneCharacter() {
        XCTAssertEqual(value(#""k" = "\UD83D\UDE00";"#), "😀")
    }

    func testLoneHighSurrogateIsAnError() {
        XCTAssertEqual(
            descriptions(parse("\"a\" = \"b\";\n\"k\" = \"x\\UD83Dy\";")),
            [
                "t.strings:2:9: error: escape \\UD83D is a lone high surrogate; write the character itself or a full "
                    + "surrogate pair"
            ])
    }

    func testHighSurrogateFollowedByNonSurrogateEscapeIsAnError() {
        XCTAssertEqual(
            descriptions(parse(#""k" = "\UD83D\U0041";"#)),
            [
                "t.strings:1:8: error: escape \\UD83D is a high surrogate not followed by a low surrogate escape "
                    + "(\\UDC00–\\UDFFF)"
            ])
    }

    func testLoneLowSurrogateIsAnError() {
        XCTAssertEqual(
            descriptions(parse(#""k" = "\UDE00";"#)),
            [
                "t.strings:1:8: error: escape \\UDE00 is a lone low surrogate; write the character itself or a full "
                    + "surrogate pair"
            ])
    }

    func testOctalIsNextStepNotLatin1() {
        XCTAssertEqual(value(#""k" = "\351";"#), "Ø")
        XCTAssertEqual(value(#""k" = "\101";"#), "A")
        XCTAssertEqual(scalars(value(#""k" = "\0101";"#)), [0x08, 0x31]) // three digits at most
        XCTAssertEqual(scalars(value(#""k" = "\7\08";"#)), [0x07, 0x00, 0x38])
        XCTAssertEqual(value(#""k" = "\200\341\376";"#), "\u{A0}Æ\u{0}") // 0xFE is unassigned: CF gives U+0000
    }

    func testOctalAboveByteWrapsLikeCF() {
        // CF accumulates into a uint8_t: \777 is 0x1FF & 0xFF = 0xFF, unassigned, so U+0000.
        XCTAssertEqual(scalars(value(#""k" = "\777\501";"#)), [0x00, 0x41])
    }

    func testNextStepTableMatchesFoundation() {
        for byte in 0x80...0xFD {
            let expected = String(data: Data([UInt8(byte)]), encoding: .nextstep)?.unicodeScalars.first?.value
            XCTAssertEqual(NextStepEncoding.scalar(for: UInt8(byte)), expected, "NeXTSTEP byte \(byte)")
        }
    }

    func testLowercaseUIsNotAnEscape() {
        let result = parse(#""k" = "\u0041 \u203A";"#)
        XCTAssertEqual(result.file?.entries.first?.value, "u0041 u203A")
        XCTAssertEqual(
            descriptions(result),
            [
                "t.strings:1:8: warning: '\\u' is not an escape in .strings files: Apple reads it as 'u' (use '\\U' "
                    + "followed by 4 hex digits)",
                "t.strings:1:15: warning: '\\u' is not an escape in .strings files: Apple reads it as 'u' (use '\\U' "
                    + "followed by 4 hex digits)",
            ])
    }

    func testUnknownEscapeDropsTheBackslashWithAWarning() {
        let result = parse("\"k\" = \"\\(x) \\n\\E \\ה\";")
        XCTAssertEqual(result.file?.entries.first?.value, "(x) \nE ה")
        XCTAssertEqual(
            descriptions(result),
            [
                "t.strings:1:8: warning: unknown escape '\\(': read as '('",
                "t.strings:1:15: warning: unknown escape '\\E': read as 'E'",
                "t.strings:1:18: warning: unknown escape '\\ה': read as 'ה'",
            ])
    }

    func testEscapesWorkInKeysAndSingleQuotes() {
        XCTAssertEqual(entries(#"'a\'b' = 'c\tb';"#).map { [$0.key, $0.value] }, [["a'b", "c\tb"]])
    }

    func testEscapedQuoteDoesNotEndTheString() {
        XCTAssertEqual(value(#""k" = "say \"hi\"";"#), "say \"hi\"")
    }
}
