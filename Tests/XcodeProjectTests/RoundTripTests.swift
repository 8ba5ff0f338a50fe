import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import XcodeProject

/// Parse then write gives the same bytes, for every real project file we have and for the
/// layouts they lack.
final class RoundTripTests: XCTestCase {
    func testEveryRealProjectFileComesBackByteForByte() throws {
        let shared = try sharedFolder()
        var files: [String] = []
        for folder in ["pbxproj", "corpus", "goldens"] { files += projectFiles(under: shared + "/" + folder) }
        // 45 in pbxproj/, 37 in corpus/, 54 in goldens/ (27 each in context/ and after-project/).
        XCTAssertEqual(files.count, 136, "real project files found")
        var bytesChecked = 0
        for path in files {
            let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
            do {
                let document = try PBXProjectReader.parse(bytes, path: path)
                let written = PBXProjectWriter.bytes(document)
                if written != bytes { XCTFail("\(path): written bytes differ from the file") }
                XCTAssertNotNil(document.objectsDictionary, path)
            } catch {
                XCTFail("\(error)")
            }
            bytesChecked += bytes.count
        }
        print("round trip: \(files.count) real project files, \(bytesChecked) bytes, all identical")
    }

    func testSyntheticLayoutsComeBackByteForByte() throws {
        let fixtures: [String] = [
            // CRLF line ends and a BOM.
            "\u{FEFF}// !$*UTF8*$!\r\n{\r\n\tarchiveVersion = 1;\r\n\tobjects = {\r\n\r\n/* Begin PBXGroup section "
                + "*/\r\n\t\tAB /* x */ = {isa = PBXGroup; children = (\r\n\t\t\t); };\r\n/* End PBXGroup section "
                + "*/\r\n\t};\r\n}\r\n",
            // Comments where Xcode never writes them, and a `//` line comment.
            "// !$*UTF8*$!\n{ /* a */ archiveVersion /* b */ = /* c */ 1 /* d */ ; // e\n objects = { }; list = ( a /* "
                + "f */ , b ) ; } /* end */\n",
            // Duplicate keys, quoted keys, single quotes, data, escapes, non-ASCII.
            "{ a = 1; a = 2; \"b c\" = 'x'; d = <0fbd7>; e = \"tab\\t\\\"q\\\" \\U00e9 é\"; f = ( ); g = {}; }",
            // No trailing comma, no trailing newline, CR-only line ends.
            "{\r\tx = (1, 2);\r}",
        ]
        for text in fixtures {
            let bytes = Array(text.utf8)
            let document = try PBXProjectReader.parse(bytes, path: "fixture")
            XCTAssertEqual(PBXProjectWriter.bytes(document), bytes, text)
        }
    }

    func testDecodedValuesOfOddTokens() throws {
        let document = try parseProject("{ a = 1; a = 2; \"b c\" = 'x'; e = \"tab\\t\\\"q\\\" \\U00e9 é\\012\"; }")
        let root = try XCTUnwrap(document.rootDictionary)
        XCTAssertEqual(document.string("a", in: root), "2", "the last of duplicate keys wins, as in Core Foundation")
        XCTAssertEqual(document.string("b c", in: root), "x")
        XCTAssertEqual(document.string("e", in: root), "tab\t\"q\" é é\n")
    }

    func testMalformedFilesGiveOneLocatedError() {
        let cases: [(String, String)] = [
            ("{\n\ta = 1;\n\tb = ;\n}", "fixture.pbxproj:3:6: error: expected a value, found ';'"),
            ("{\n\ta = 1\n}", "fixture.pbxproj:3:1: error: expected ';' after the value, found '}'"),
            ("{ a = \"é open; }", "fixture.pbxproj:1:7: error: unterminated quoted string"),
            ("{ a = (1 2); }", "fixture.pbxproj:1:10: error: expected ',' or ')' after an array element"),
            (
                "{ a = 1; } }",
                "fixture.pbxproj:1:12: error: unexpected text after the end of the project's top-level value"
            ),
            ("{ /* no end", "fixture.pbxproj:1:3: error: unterminated comment: '/*' without '*/'"),
            ("{ a = 1;", "fixture.pbxproj:1:1: error: unterminated dictionary: '{' without '}'"),
            ("", "fixture.pbxproj:1:1: error: the project file is empty"),
            ("{ é = 1; ~ = 2; }", "fixture.pbxproj:1:10: error: expected a key or '}', found '~'"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(projectParseError(Array(text.utf8))?.description, expected, text)
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "(", count: 10_000)
        XCTAssertEqual(projectParseError(Array(text.utf8))?.message, "nesting deeper than 200 levels")
        // 50,000 dictionaries: the 200th `{` of the chain (the top-level one is the first level).
        let deep =
            "{\n\tdeep = " + String(repeating: "{a = ", count: 50_000) + "b" + String(repeating: "; }", count: 50_000)
            + ";\n}\n"
        XCTAssertEqual(
            projectParseError(Array(deep.utf8))?.description,
            "fixture.pbxproj:2:\(9 + 199 * 5): error: nesting deeper than 200 levels")
    }
}
