import Foundation
import LegacyTables
import StringCatalog
import TestSupport
import Verification
import XCTest

@testable import Migration

/// `Base.lproj` beside the source language's own folder (`en.lproj`): Xcode's migration takes the
/// source language from `en.lproj` only, so a key only `Base.lproj` has gets no `en` value (its other
/// languages stay); with no `en.lproj`, `Base.lproj` is the source, its values written even when
/// they equal the key (docs/spec/migration-rules.md, "Base.lproj beside the source language's folder").
final class BaseBesideSourceFolderTests: XCTestCase {
    private func tree() throws -> TestTree {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        try tree.write(
            "App/Base.lproj/Localizable.strings",
            "\"a\" = \"A (Base)\";\n/* Base's comment */\n\"c\" = \"C (Base)\";\n\"d\" = \"D (Base)\";\n")
        try tree.write(
            "App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n/* German comment */\n\"c\" = \"C-de\";\n")
        return tree
    }

    func testAKeyOnlyBaseHasGetsNoSourceValueAndItsOtherLanguagesStay() throws {
        let tree = try tree()
        let report = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        XCTAssertFalse(report.hasErrors)
        let catalog = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        XCTAssertEqual(catalog.strings.keys.sorted(), ["a", "b", "c"], "d is in no language Xcode reads")
        XCTAssertEqual(catalog.strings["a"]?.localizations["en"]?.stringUnit?.value, "A")
        XCTAssertEqual(catalog.strings["c"]?.localizations.keys.sorted(), ["de"])
        XCTAssertEqual(
            catalog.strings["c"]?.comment, "German comment", "the source language lacks c: the others' comment")
        let warnings = report.tables.flatMap(\.diagnostics).filter { $0.severity == .warning }.map(\.description)
        XCTAssertEqual(
            warnings,
            [
                tree.path("App/Base.lproj/Localizable.strings") + ": warning: holds the same language as en.lproj; "
                    + "2 keys only this file has are not migrated (\"c\", \"d\"): as in Xcode's migration, the source "
                    + "language "
                    + "comes from en.lproj only, whose table the app reads; this file is kept; 1 key differs and "
                    + "en.lproj's "
                    + "values are kept: \"a\""
            ])
    }

    func testVerifyNamesTheBaseOnlyKeysAndKeepsTheFilesButCallsNothingLost() throws {
        let tree = try tree()
        var options = MigrationOptions()
        options.deleteLegacy = true
        let report = ProjectMigrator.migrate(tree.path("App"), options: options)
        XCTAssertFalse(
            report.hasErrors, report.tables.flatMap(\.diagnostics).map(\.description).joined(separator: "\n"))
        XCTAssertEqual(report.tables.flatMap(\.deletedFiles), [tree.path("App/de.lproj/Localizable.strings")])
        XCTAssertEqual(
            Set(report.tables.flatMap(\.keptFiles).map(\.path)),
            [tree.path("App/Base.lproj/Localizable.strings"), tree.path("App/en.lproj/Localizable.strings")])

        let proof = ProjectVerifier.verify(ProjectTables.find(tree.path("App"), tables: [], sourceLanguage: nil))
        XCTAssertTrue(
            proof.isLossless, proof.tables.flatMap(\.losses).map(\.diagnostic.description).joined(separator: "\n"))
        let notes = proof.tables.flatMap(\.notes).map(\.description)
        XCTAssertTrue(
            notes.contains(
                tree.path("App/Base.lproj/Localizable.strings") + ": warning: 2 keys only this file has are not in "
                    + "the catalog's en (\"c\", \"d\"): beside the source language's own folder, Xcode's migration "
                    + "takes en from that folder only, whose table the app reads; this file is kept"), "\(notes)")
        let verdict = proof.tables.flatMap(\.files).first { $0.path.hasSuffix("Base.lproj/Localizable.strings") }
        XCTAssertEqual(verdict?.isCarried, false)
    }

    func testVerifyStillCatchesAKeyOfTheSourceFolderMissingFromTheCatalog() throws {
        let tree = try tree()
        _ = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        let path = tree.path("App/Localizable.xcstrings")
        var catalog = try CatalogReader.read(path: path)
        catalog.strings["b"] = nil
        try CatalogWriter.data(for: catalog).write(to: URL(fileURLWithPath: path))
        let proof = ProjectVerifier.verify(ProjectTables.find(tree.path("App"), tables: [], sourceLanguage: nil))
        XCTAssertEqual(
            proof.tables.flatMap(\.losses).map { "\($0.kind.rawValue) \($0.language) \($0.key ?? "")" },
            ["key missing en b"])
    }

    func testWithoutTheSourceFolderBaseIsTheSourceEvenWhereAValueEqualsItsKey() throws {
        let tree = try TestTree()
        try tree.write("App/Base.lproj/Localizable.strings", "\"Open\" = \"Open\";\n\"x\" = \"X\";\n")
        try tree.write("App/de.lproj/Localizable.strings", "\"Open\" = \"Öffnen\";\n")
        _ = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        let catalog = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        XCTAssertEqual(
            catalog.strings["Open"]?.localizations.mapValues { $0.stringUnit?.value }, ["en": "Open", "de": "Öffnen"])
        XCTAssertEqual(catalog.strings["x"]?.localizations.mapValues { $0.stringUnit?.value }, ["en": "X"])
    }
}
