import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import StringCatalog

/// Issue 40, item 3: `normalize` stages its catalog itself; it cleans what a killed run left
/// beside it first. A previous version kept aside by a killed run is a second link of the
/// catalog, and every later `normalize` stopped at "has 2 hard links".
final class KilledNormalizeTests: XCTestCase {
    func testWhatAKilledNormalizeLeftIsCleanedAndTheCatalogIsNormalized() throws {
        let tree = try TestTree()
        let path = try tree.write(
            "Localizable.xcstrings", "{\"sourceLanguage\":\"en\",\"strings\":{},\"version\":\"1.0\"}")
        XCTAssertEqual(link(path, tree.path(".Localizable.xcstrings.stringcat-2147483646-1.old")), 0)
        try tree.write(".Localizable.xcstrings.stringcat-2147483646-2.tmp", "{")
        XCTAssertEqual(try CatalogNormalizer.normalizeFile(atPath: path, check: false), .normalized)
        XCTAssertEqual(tree.allFiles(), ["Localizable.xcstrings"])
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8),
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}")
    }
}
