import Foundation
import LegacyTables
import StringCatalog
import TestSupport
import XCTest

@testable import Migration
@testable import Verification

/// (docs/spec/languages.md#case-is-canonical), end to end: folders in another case (`zh-hans.lproj`, `pt-br.lproj`)
/// become canonical codes in the catalog, and `verify`, which reads the same folders, agrees.
final class LanguageFolderCaseMigrateAndVerifyTests: XCTestCase {
    func testFoldersInAnotherCaseMigrateToCanonicalCodes() throws {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try tree.write("App/zh-hans.lproj/Localizable.strings", "\"a\" = \"甲\";\n")
        try tree.write("App/pt-br.lproj/Localizable.strings", "\"a\" = \"Á\";\n")
        let report = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        XCTAssertFalse(report.hasErrors)
        XCTAssertEqual(report.tables.first?.languages, ["en", "pt-BR", "zh-Hans"])
        let catalog = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        XCTAssertEqual(catalog.strings["a"]?.localizations.keys.sorted(), ["en", "pt-BR", "zh-Hans"])
        let proof = ProjectVerifier.verify(
            ProjectTables.find(tree.path("App"), tables: [], sourceLanguage: nil, requireTables: false))
        XCTAssertTrue(proof.isLossless, "\(proof.tables.flatMap(\.losses).map(\.diagnostic.description))")
    }
}
