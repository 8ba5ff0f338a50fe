import Foundation
import TestSupport
import XCTest

@testable import StringCatalog

/// Every Xcode-written catalog in ../shared must come back byte for byte after read + write
/// (docs/spec/catalog-format.md#foundation-writes-the-bytes-xcode-writes use 1), by the fast writer and by the
/// JSONSerialization reference.
final class GoldenRoundTripTests: XCTestCase {
    private func goldenCatalogs() throws -> [String] {
        let shared = try sharedFolder()
        var files: [String] = []
        let goldens = shared + "/goldens"
        for pair in (try? FileManager.default.contentsOfDirectory(atPath: goldens))?.sorted() ?? [] {
            files += catalogFiles(under: goldens + "/" + pair + "/after")
        }
        files += catalogFiles(under: shared + "/corpus")
        if files.isEmpty { throw XCTSkip(sharedFolderMissing("goldens/*/after or corpus catalogs")) }
        return files
    }

    func testEveryGoldenCatalogRoundTripsByteForByte() throws {
        let files = try goldenCatalogs()
        var identical = 0
        var different: [String] = []
        for path in files {
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            let catalog = try CatalogReader.parse(original, path: path)
            if CatalogWriter.data(for: catalog) == original {
                identical += 1
            } else {
                different.append(path)
            }
        }
        print("golden round trip: \(identical) of \(files.count) .xcstrings files identical byte for byte")
        XCTAssertEqual(different, [], "not reproduced byte for byte")
        XCTAssertEqual(identical, files.count)
    }

    func testFastWriterEqualsJSONSerializationOnGoldens() throws {
        for path in try goldenCatalogs() {
            let catalog = try CatalogReader.read(path: path)
            XCTAssertEqual(CatalogWriter.data(for: catalog), try CatalogWriter.foundationData(for: catalog), path)
        }
    }

    func testGoldensAreNormalized() throws {
        for path in try goldenCatalogs() {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertTrue(try CatalogNormalizer.isNormalized(data, path: path), path)
        }
    }
}
