import Foundation
import StringsDict
import TestSupport
import XCTest

@testable import Compilation

/// `PlistXMLWriter` on real compiled tables: what the golden `before/` projects migrate and compile to.
final class CompiledGoldenPlistTests: XCTestCase {
    private func foundation(_ object: [String: Any]) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
    }

    /// Every compiled table of the golden `before/` projects (strings and rules), in both writers.
    func testCompiledGoldenTablesMatchFoundation() throws {
        let goldens = try sharedFolder("goldens")
        let names = try FileManager.default.contentsOfDirectory(atPath: goldens)
        var files = 0
        for name in names.sorted() where !name.hasPrefix(".") {
            for table in CompileRoundTripTests.migrateAndCompile(goldens + "/" + name + "/before") {
                for language in table.languages {
                    var strings: [String: Any] = [:]
                    for entry in language.strings { strings[entry.key] = entry.value }
                    XCTAssertEqual(
                        PlistXMLWriter.data(strings), try foundation(strings),
                        "\(name) \(table.tableName) \(language.language)")
                    let rules = StringsDictWriter.propertyList(language.stringsDict)
                    XCTAssertEqual(
                        PlistXMLWriter.data(rules), try foundation(rules),
                        "\(name) \(table.tableName) \(language.language) rules")
                    files += 2
                }
            }
        }
        print("plist writer: \(files) compiled files equal to PropertyListSerialization output")
        XCTAssertGreaterThan(files, 500)
    }
}
