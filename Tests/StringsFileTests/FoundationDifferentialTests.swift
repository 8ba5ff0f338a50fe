import Foundation
import StringcatSupport
import XCTest

@testable import StringsFile

/// Seeded random token soup fed to our reader and to Foundation (CF's parser): where Foundation
/// returns a table of strings, ours must be equal (also when CF ends it early where a key should
/// start); where Foundation rejects, we must reject with a location.
final class FoundationDifferentialTests: XCTestCase {
    private let pieces = [
        "\"a\"", "'b'", "c", "d.e", "\"\"", "=", "=", ";", ";", " ", "\n", "\t", "\r\n", "\u{2028}",
        "/* x */", "// y\n", "/*/ z */", "/", "{", "}", "(", "\"\\U0041\"", "\"\\351\\0101\"", "\"\\n\\t\\\\\"",
        "\"x\\\"y\"", "\"\\q\"", "\"\\u00e9\"", "\"\\UD83D\\UDE00\"", "\"é😀\"", "\"a\" = \"b\";", "k = v;", "'s';",
    ]

    func testRandomTokenSoupMatchesFoundation() {
        var rng = SplitMix64(seed: 0xD1FF_2026)
        var accepted = 0, rejected = 0, endedEarly = 0, nonTable = 0
        for round in 0..<2000 {
            var text = ""
            for _ in 0..<(1 + Int(rng.next() % 9)) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
            let ours = parse(text)
            let object = try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
            if let object, !(object is [String: String]) {
                // One string (`"a"`), an array, data, or a table with non-string values: CF
                // returns it; it is no strings table, and we reject it.
                XCTAssertNil(ours.file, "round \(round): \(String(reflecting: text)): Foundation returns \(object)")
                nonTable += 1
                continue
            }
            let foundation = object as? [String: String]
            switch (ours.file, foundation) {
            case let (file?, dict?):
                XCTAssertEqual(file.dictionary, dict, "round \(round): \(String(reflecting: text))")
                accepted += 1
                if file.unreadTail != nil { endedEarly += 1 }
            case (nil, nil):
                let error = ours.diagnostics.first { $0.isError }
                XCTAssertNotNil(error?.location.line, "round \(round): \(String(reflecting: text))")
                rejected += 1
            case (_?, nil):
                XCTFail("round \(round): we accept what Foundation rejects: \(String(reflecting: text))")
            case (nil, _?):
                if ours.diagnostics.contains(where: { $0.isError && $0.message.contains("surrogate") }) {
                    // CF keeps a lone UTF-16 surrogate (Swift shows U+FFFD); we reject it.
                    nonTable += 1
                } else {
                    XCTFail(
                        "round \(round): we reject what Foundation accepts: \(String(reflecting: text)) -> "
                            + "\(ours.diagnostics)"
                    )
                }
            }
        }
        print(
            "differential: \(accepted) accepted by both (\(endedEarly) ended early where a key should start, with a "
                + "warning), \(rejected) rejected by both, \(nonTable) not a table of strings for Foundation (we "
                + "reject them)"
        )
        XCTAssertGreaterThan(accepted, 100)
        XCTAssertGreaterThan(rejected, 100)
        XCTAssertGreaterThan(endedEarly, 10)
    }
}
