import XCTest

@testable import StringsFile

final class TokenizerAndScannerTests: XCTestCase {
    private let pbxproj = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {
        /* Begin PBXProject section */
        \t\t29B97313FDCFA39411CA2CEA /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tcompatibilityVersion = "Xcode 3.2";
        \t\t\tcomment = "developmentRegion = fr;";
        \t\t\t/* developmentRegion = de; */
        \t\t\tdevelopmentRegion = en;
        \t\t\tknownRegions = (
        \t\t\t\ten,
        \t\t\t\tBase,
        \t\t\t);
        \t\t};
        \t\tX = { developmentRegion = "pt-BR"; };
        \t};
        \trootObject = 29B97313FDCFA39411CA2CEA /* Project object */;
        }
        """

    func testFirstDevelopmentRegion() {
        XCTAssertEqual(OldStylePlistScanner.firstValue(forKey: "developmentRegion", in: Array(pbxproj.utf8)), "en")
        XCTAssertEqual(
            OldStylePlistScanner.values(forKey: "developmentRegion", in: Array(pbxproj.utf8)), ["en", "pt-BR"])
        XCTAssertNil(OldStylePlistScanner.firstValue(forKey: "missing", in: Array(pbxproj.utf8)))
    }

    func testScannerOnUnreadableBytes() {
        XCTAssertNil(OldStylePlistScanner.firstValue(forKey: "developmentRegion", in: [0xFF, 0xFF, 0x41]))
    }

    func testTokenKindsAndOffsets() throws {
        var tokenizer = StringsTokenizer(scalars: "{ a = (\"b\", 'c'); /* x */ } // y\n<>é".unicodeScalars.map(\.value))
        var tokens: [StringsToken] = []
        while let token = try tokenizer.next() { tokens.append(token) }
        XCTAssertEqual(
            tokens.map(\.kind),
            [
                .openBrace, .unquotedString, .equals, .openParen, .quotedString, .comma, .quotedString,
                .closeParen, .semicolon, .comment, .closeBrace, .comment, .openAngle, .closeAngle, .other,
            ])
        XCTAssertEqual(
            tokens.map(\.text), ["{", "a", "=", "(", "b", ",", "c", ")", ";", " x ", "}", " y", "<", ">", "é"])
        XCTAssertEqual(tokens[4].start, 7)
        XCTAssertEqual(tokens[4].end, 10)
        XCTAssertEqual(tokenizer.position(of: tokens[12].start).line, 2)
    }

    func testTokenizerThrowsForUnterminatedString() {
        var tokenizer = StringsTokenizer(scalars: "a = \"b".unicodeScalars.map(\.value))
        XCTAssertEqual(try tokenizer.next()?.text, "a")
        XCTAssertEqual(try tokenizer.next()?.kind, .equals)
        XCTAssertThrowsError(try tokenizer.next()) { error in
            XCTAssertEqual(
                error as? StringsTokenIssue,
                StringsTokenIssue(offset: 4, message: "unterminated string: the quote opened here is never closed"))
        }
    }
}
