import Foundation
import StringcatSupport
import XCTest
@testable import StringsFile

/// Seeded random token soup fed to our reader and to Foundation (CF's parser): where both accept,
/// the tables must be equal; where Foundation rejects, we must reject with a location.
final class FoundationDifferentialTests: XCTestCase {
    private let pieces = [
        "\"a\"", "'b'", "c", "d.e", "\"\"", "=", "=", ";", ";", " ", "\n", "\t", "\r\n", "\u{2028}",
        "/* x */", "// y\n", "/*/ z */", "/", "{", "}", "(", "\"\\U0041\"", "\"\\351\\0101\"", "\"\\n\\t\\\\\"",
        "\"x\\\"y\"", "\"\\q\"", "\"\\u00e9\"", "\"\\UD83D\\UDE00\"", "\"é😀\"", "\"a\" = \"b\";", "k = v;", "'s';",
    ]

    func testRandomTokenSoupMatchesFoundation() {
        var rng = SplitMix64(seed: 0xD1FF_2026)
        var accepted = 0, rejected = 0, truncatedByFoundation = 0
        for round in 0..<2000 {
            var text = ""
            for _ in 0..<(1 + Int(rng.next() % 9)) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
            let ours = parse(text)
            let foundation = try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil) as? [String: String]
            switch (ours.file, foundation) {
            case let (file?, dict?):
                XCTAssertEqual(file.dictionary, dict, "round \(round): \(String(reflecting: text))")
                accepted += 1
            case (nil, nil):
                let error = ours.diagnostics.first { $0.isError }
                XCTAssertNotNil(error?.location.line, "round \(round): \(String(reflecting: text))")
                rejected += 1
            case (_?, nil):
                XCTFail("round \(round): we accept what Foundation rejects: \(String(reflecting: text))")
            case (nil, _?):
                // This Foundation stops silently at a character that cannot start a key
                // (swift-foundation#2222); we report it.
                let message = ours.diagnostics.first { $0.isError }?.message ?? ""
                XCTAssertTrue(message.contains("where a key was expected") || message == "missing key before '='", "round \(round): \(String(reflecting: text)) -> \(ours.diagnostics)")
                truncatedByFoundation += 1
            }
        }
        print("differential: \(accepted) accepted by both, \(rejected) rejected by both, \(truncatedByFoundation) truncated silently by Foundation")
        XCTAssertGreaterThan(accepted, 100)
        XCTAssertGreaterThan(rejected, 100)
        XCTAssertGreaterThan(truncatedByFoundation, 10)
    }
}
