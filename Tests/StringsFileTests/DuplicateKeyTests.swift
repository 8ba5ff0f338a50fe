import XCTest

@testable import StringsFile

/// Duplicate keys in tables big enough to make the key table grow, and keys that differ only
/// in Unicode normalization.
final class DuplicateKeyTests: XCTestCase {
    func testDuplicatesAreFoundAfterTheKeyTableGrows() {
        // Short entries: far more keys than the table is sized for from the byte count.
        var text = ""
        for i in 0..<5000 { text += "k\(i)=v;\n" }
        text += "k0 = w;\nk4999 = v;\n\"k2500\";\n"
        let result = parse(text)
        XCTAssertEqual(result.file?.entries.count, 5003)
        XCTAssertEqual(result.file?.dictionary.count, 5000)
        XCTAssertEqual(result.file?.dictionary["k0"], "w")
        XCTAssertEqual(result.file?.dictionary["k2500"], "k2500")
        XCTAssertEqual(
            descriptions(result),
            [
                "t.strings:5001:1: warning: duplicate key \"k0\" (also at line 1) with a different value; the last one "
                    + "wins",
                "t.strings:5002:1: warning: duplicate key \"k4999\" (also at line 5000) with the same value; the last "
                    + "one wins",
                "t.strings:5003:1: warning: duplicate key \"k2500\" (also at line 2501) with a different value; the "
                    + "last one wins",
            ])
    }

    func testCanonicallyEquivalentKeysAreDistinct() {
        // U+00E9 and e + U+0301 are == as Swift Strings but different keys for CoreFoundation.
        let result = parse("\"\u{E9}\" = \"1\";\n\"e\u{301}\" = \"2\";\n\"\u{E9}\" = \"3\";\n")
        XCTAssertEqual(result.file?.entries.map(\.value), ["1", "2", "3"])
        XCTAssertEqual(
            descriptions(result),
            [
                "t.strings:3:1: warning: duplicate key \"\u{E9}\" (also at line 1) with a different value; the last "
                    + "one wins"
            ])
    }
}
