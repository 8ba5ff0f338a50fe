import Foundation
import StringcatSupport
import XCTest

@testable import StringsFile

/// (docs/spec/migration.md#xcode-reads-what-corefoundation-rejects), on seeded token soup: Xcode's reading
/// (`StringsReading.xcodeMigration`) differs from Apple's only where Foundation rejects the text. Where Foundation
/// returns a table, both readings give the same entries and the same diagnostics; where it rejects the text, Xcode's
/// reading either rejects it too or reads it with a warning for each entry read from its line;
/// with `strict`, it rejects exactly what Apple's reading rejects, with the same errors.
final class XcodeReadingDifferentialTests: XCTestCase {
    private let pieces = [
        "\"a\" = \"b\";", "\"a\" = \"b\"", "\"c\" = \"d", "\"e\" = \"f\" g;", "\"h\" = \"i \"j\";", "k = v;",
        "'s' = 't'",
        "\n", "\n", "\r\n", " ", ";", "=", "\"", "/* x */", "// y\n", "\"\\q\"", "\"é😀\"", "{", "}",
    ]

    private func read(_ text: String, strict: Bool = false, reading: StringsReading) -> StringsReadResult {
        StringsFileReader.parse(Array(text.utf8), path: "t.strings", strict: strict, reading: reading)
    }

    func testRecoveryOnlyWhereFoundationRejects() {
        var rng = SplitMix64(seed: 0x2025_0001)
        var same = 0, recovered = 0, rejected = 0
        for round in 0..<3000 {
            var text = ""
            for _ in 0..<(1 + Int(rng.next() % 8)) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
            let apple = read(text, reading: .foundation)
            let xcode = read(text, reading: .xcodeMigration)
            let strictXcode = read(text, strict: true, reading: .xcodeMigration)
            let strictApple = read(text, strict: true, reading: .foundation)
            let context = "round \(round): \(String(reflecting: text))"
            XCTAssertEqual(strictXcode.file?.entries, strictApple.file?.entries, context)
            XCTAssertEqual(descriptions(strictXcode), descriptions(strictApple), context)
            let foundation =
                (try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil))
                as? [String: String]
            if foundation != nil || apple.file != nil {
                XCTAssertEqual(xcode.file?.entries, apple.file?.entries, context)
                XCTAssertEqual(descriptions(xcode), descriptions(apple), context)
                XCTAssertEqual(xcode.file?.recoveredEntries ?? [], [], context)
                same += 1
            } else if let file = xcode.file {
                XCTAssertFalse(
                    file.recoveredEntries.isEmpty,
                    "\(context): Xcode's reading accepts, with nothing recovered, what Apple's rejects")
                let warnedLines = xcode.diagnostics.filter {
                    $0.message.contains("read from its line as Xcode's migration reads it")
                }.map(\.location.line)
                XCTAssertEqual(warnedLines, file.recoveredEntries.map(\.line), context)
                for entry in file.recoveredEntries {
                    XCTAssertTrue(
                        file.entries.contains {
                            $0.key == entry.key && $0.value == entry.value && $0.line == entry.line
                        }, context)
                }
                recovered += 1
            } else {
                XCTAssertNotNil(xcode.diagnostics.first(where: \.isError)?.location.line, context)
                rejected += 1
            }
        }
        print(
            "rule 1 differential: \(same) read the same both ways, \(recovered) read only by Xcode's reading (with "
                + "warnings), \(rejected) rejected by both"
        )
        XCTAssertGreaterThan(same, 300)
        XCTAssertGreaterThan(recovered, 300)
        XCTAssertGreaterThan(rejected, 100)
    }
}
