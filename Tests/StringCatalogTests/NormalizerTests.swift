import Foundation
import StringcatSupport
import XCTest

@testable import StringCatalog

final class NormalizerTests: XCTestCase {
    private let normalized = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "75" : {
              "comment" : "a/b"
            },
            "100" : {

            }
          },
          "version" : "1.1"
        }
        """

    func testAlreadyNormalizedBytes() throws {
        let result = try CatalogNormalizer.normalize(Data(normalized.utf8), path: "N.xcstrings")
        XCTAssertTrue(result.isAlreadyNormalized)
        XCTAssertEqual(result.normalized, Data(normalized.utf8))
    }

    func testWhitespaceOrderEscapesAndTrailingNewlineAreNormalizedKeepingTheVersion() throws {
        let messy =
            "{\"version\":\"1.1\",\"strings\":{\"100\":{},\"75\":{\"comment\":\"a\\/b\"}},\"sourceLanguage\":\"en\"}\n"
        let result = try CatalogNormalizer.normalize(Data(messy.utf8), path: "N.xcstrings")
        XCTAssertFalse(result.isAlreadyNormalized)
        XCTAssertEqual(String(decoding: result.normalized, as: UTF8.self), normalized)
        XCTAssertFalse(try CatalogNormalizer.isNormalized(Data((normalized + "\n").utf8), path: "N.xcstrings"))
    }

    func testBOMAndCRLFAreNormalizedAway() throws {
        let crlf = "\u{FEFF}" + normalized.replacingOccurrences(of: "\n", with: "\r\n")
        let result = try CatalogNormalizer.normalize(Data(crlf.utf8), path: "N.xcstrings")
        XCTAssertFalse(result.isAlreadyNormalized)
        XCTAssertEqual(String(decoding: result.normalized, as: UTF8.self), normalized)
        // Columns after a BOM count from the first visible character.
        let d = diagnostic { _ = try CatalogNormalizer.normalize(Data("\u{FEFF}{x".utf8), path: "N.xcstrings") }
        XCTAssertEqual(d?.description, "N.xcstrings:1:2: error: unexpected character 'x', expected a key in quotes")
    }

    func testFilesAreRewrittenOnlyWhenNeededAndCheckWritesNothing() throws {
        let folder = NSTemporaryDirectory() + "normalizer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let messyPath = folder + "/Messy.xcstrings"
        let cleanPath = folder + "/Clean.xcstrings"
        let messy = Data(normalized.replacingOccurrences(of: "  ", with: "\t").utf8)
        try messy.write(to: URL(fileURLWithPath: messyPath))
        try Data(normalized.utf8).write(to: URL(fileURLWithPath: cleanPath))

        XCTAssertEqual(try CatalogNormalizer.normalizeFile(atPath: messyPath, check: true), .normalized)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: messyPath)), messy)
        XCTAssertEqual(try CatalogNormalizer.normalizeFile(atPath: cleanPath, check: false), .alreadyNormalized)

        XCTAssertEqual(try CatalogNormalizer.normalizeFile(atPath: messyPath, check: false), .normalized)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: messyPath)), Data(normalized.utf8))
        XCTAssertEqual(try CatalogNormalizer.normalizeFile(atPath: messyPath, check: false), .alreadyNormalized)
    }

    func testInvalidCatalogIsADiagnosticAndTheFileIsUntouched() throws {
        let folder = NSTemporaryDirectory() + "normalizer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/Bad.xcstrings"
        let bad = Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n".utf8)
        try bad.write(to: URL(fileURLWithPath: path))
        let d = diagnostic { _ = try CatalogNormalizer.normalizeFile(atPath: path, check: false) }
        XCTAssertEqual(d?.description, "\(path):4:1: error: unexpected end of file, expected a key in quotes")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bad)
    }
}
