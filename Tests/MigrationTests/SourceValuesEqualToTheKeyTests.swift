import Foundation
import LegacyTables
import StringCatalog
import TestSupport
import XCTest

@testable import Migration
@testable import Verification

/// (docs/spec/migration.md#the-source-language-is-written-even-when-it-equals-the-key), checked against
/// docs/spec/migration.md#entries-of-a-strings-table and the goldens: what decides is which file is the source
/// language's, and `Base.lproj` is the source language's file as `en.lproj` is. Its values are written under the source
/// language like `en.lproj`'s, **including values equal to their key**: Xcode's migration keeps them (HSTracker's
/// `Base.lproj`, 139 of 139; owncloud's `en.lproj`, 864 of 864; TUSafariActivity). The wording ("omitted")
/// describes what a build does later to keys it finds in code (docs/spec/migration.md#what-a-build-does-afterwards),
/// not the migration.
final class SourceValuesEqualToTheKeyTests: XCTestCase {
    func testBaseAndEnglishValuesEqualToTheKeyAreKeptAndVerified() throws {
        let tree = try TestTree()
        try tree.write(
            "App/Base.lproj/Localizable.strings",
            "\"Cancel\" = \"Cancel\";\n\"only.base\" = \"only.base\";\n\"ok\" = \"OK\";\n")
        try tree.write("App/de.lproj/Localizable.strings", "\"Cancel\" = \"Abbrechen\";\n")
        try tree.write("Other/en.lproj/Localizable.strings", "\"Cancel\" = \"Cancel\";\n")
        try tree.write("Other/Base.lproj/Localizable.strings", "\"Cancel\" = \"Cancel\";\n\"Done\" = \"Done\";\n")
        let report = ProjectMigrator.migrate(tree.root, options: MigrationOptions())
        XCTAssertFalse(report.hasErrors, "\(report.tables.flatMap(\.diagnostics))")
        let app = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        XCTAssertEqual(app.strings["Cancel"]?.localizations["en"]?.stringUnit?.value, "Cancel")
        XCTAssertEqual(app.strings["only.base"]?.localizations["en"]?.stringUnit?.value, "only.base")
        XCTAssertEqual(app.strings["ok"]?.localizations["en"]?.stringUnit?.value, "OK")
        // Base.lproj beside en.lproj: Xcode takes en from en.lproj only; "Done", which only Base.lproj
        // has, gets no en value, and no other language has it (docs/spec/migration-rules.md).
        let other = try CatalogReader.read(path: tree.path("Other/Localizable.xcstrings"))
        XCTAssertEqual(other.strings["Cancel"]?.localizations["en"]?.stringUnit?.value, "Cancel")
        XCTAssertNil(other.strings["Done"])
        let proof = ProjectVerifier.verify(
            ProjectTables.find(tree.root, tables: [], sourceLanguage: nil, requireTables: false))
        XCTAssertTrue(proof.isLossless, "\(proof.tables.flatMap(\.losses).map(\.diagnostic.description))")
    }

    /// HSTracker's `Translations/macOS` table has only `Base.lproj` for the source language; 139
    /// of its values equal their key, and Xcode's catalog has every one under `en` (all `manual`,
    /// the migration's shape). Migrated with its project, ours has them too.
    func testSharedBaseValuesEqualToTheKeyAreKeptAsXcodeKeptThem() throws {
        let pair = try sharedFolder("goldens/HearthSim__HSTracker")
        let tree = try TestTree()
        try FileManager.default.removeItem(atPath: tree.root)
        try FileManager.default.copyItem(atPath: "\(pair)/before", toPath: tree.root)
        try FileManager.default.copyItem(
            atPath: "\(pair)/context/HSTracker.xcodeproj", toPath: tree.path("HSTracker.xcodeproj"))
        var options = MigrationOptions()
        options.tables = ["Localizable"]
        let report = ProjectMigrator.migrate(tree.root, options: options)
        XCTAssertFalse(report.hasErrors, "\(report.tables.flatMap(\.diagnostics).filter(\.isError))")
        let catalogPath = "Translations/macOS/Localizable.xcstrings"
        let ours = try CatalogReader.read(path: tree.path(catalogPath))
        let xcode =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "\(pair)/after/\(catalogPath)"))) as! [String: Any]
        var equalToKey = 0
        for (key, value) in xcode["strings"] as! [String: [String: Any]]
        where value["extractionState"] as? String == "manual" {
            let english =
                ((value["localizations"] as? [String: [String: Any]])?["en"]?["stringUnit"] as? [String: String])?[
                    "value"]
            XCTAssertEqual(ours.strings[key]?.localizations["en"]?.stringUnit?.value, english, key)
            if english == key { equalToKey += 1 }
        }
        XCTAssertEqual(equalToKey, 139)
    }
}
