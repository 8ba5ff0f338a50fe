import Foundation
import StringCatalog
import XCTest
@testable import Migration

final class VerifierTests: XCTestCase {
    /// A copy of the bundled sample, migrated in place.
    private func migratedSample() throws -> TestTree {
        let tree = try TestTree()
        try FileManager.default.removeItem(atPath: tree.root)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Samples/LegacyApp", toPath: tree.root)
        let report = ProjectMigrator.migrate(tree.root, options: MigrationOptions())
        XCTAssertFalse(report.hasErrors)
        return tree
    }

    private func mutateCatalog(_ tree: TestTree, _ change: (inout StringCatalog) -> Void) throws {
        let path = tree.path("LegacyApp/Localizable.xcstrings")
        var catalog = try CatalogReader.read(path: path)
        change(&catalog)
        try CatalogWriter.data(for: catalog).write(to: URL(fileURLWithPath: path))
    }

    private func existingCheck(_ tree: TestTree) -> CheckResult {
        let report = RoundTripVerifier.verify(tree.root, tables: ["Localizable"])
        XCTAssertEqual(report.tables.count, 1)
        XCTAssertEqual(report.tables[0].checks.map(\.check), [.roundTrip, .existingCatalog])
        XCTAssertTrue(report.tables[0].checks[0].isLossless, "\(report.tables[0].checks[0].differences)")
        return report.tables[0].checks[1]
    }

    func testTheMigratedSampleVerifiesWithoutLoss() throws {
        let tree = try migratedSample()
        let report = RoundTripVerifier.verify(tree.root)
        XCTAssertTrue(report.isLossless, "\(report.tables.flatMap { $0.checks.flatMap(\.differences) })")
        XCTAssertEqual(report.tables.map { $0.checks.map(\.check) }, [[.roundTrip, .existingCatalog], [.roundTrip, .existingCatalog], [.roundTrip, .existingCatalog]])
        XCTAssertEqual(report.tables.map { $0.checks[0].keyCount }, [3, 9, 3])
    }

    func testDroppedKeyIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) { $0.strings["button.save"]!.localizations["de"] = nil }
        let check = existingCheck(tree)
        XCTAssertEqual(check.differences.map(\.diagnostic.description),
                       ["\(tree.path("LegacyApp/de.lproj/Localizable.strings")):10:1: error: \"button.save\" [de]: key missing"])
    }

    func testChangedValueIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) { $0.strings["button.cancel"]!.localizations["ru"]!.stringUnit!.value = "Отмена" }
        let check = existingCheck(tree)
        XCTAssertEqual(check.differences.map(\.diagnostic.description),
                       ["\(tree.path("LegacyApp/ru.lproj/Localizable.strings")):5:1: error: \"button.cancel\" [ru]: value changed: \"Отменить\" -> \"Отмена\""])
    }

    func testDroppedPluralCategoryIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) { $0.strings["inbox.unread %lld"]!.localizations["ru"]!.variations!.plural!["few"] = nil }
        let check = existingCheck(tree)
        XCTAssertEqual(check.differences.map(\.kind), [.pluralCategoryMissing])
        XCTAssertEqual(check.differences.first?.key, "inbox.unread %lld")
        XCTAssertEqual(check.differences.first?.language, "ru")
        XCTAssertEqual(check.differences.first?.detail, "argument 1: few (\"%lld непрочитанных сообщения\") missing")
    }

    func testChangedSpecifierIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) { $0.strings["photos.in.albums %lld %lld"]!.localizations["de"]!.substitutions["albums"]!.formatSpecifier = "@" }
        let check = existingCheck(tree)
        // `%arg` now stands for `%@` too, so the two forms change with it.
        XCTAssertEqual(check.differences.map(\.kind), [.specifierChanged, .pluralCategoryChanged, .pluralCategoryChanged])
        XCTAssertEqual(check.differences.map(\.detail), [
            "argument 2: value type lld -> @",
            "argument 2: one: \"%lld Album\" -> \"%@ Album\"",
            "argument 2: other: \"%lld Alben\" -> \"%@ Alben\"",
        ])
    }

    func testChangedCommentIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) { $0.strings["settings.title"]!.comment = "Settings" }
        let check = existingCheck(tree)
        XCTAssertEqual(check.differences.map(\.diagnostic.description),
                       ["\(tree.path("LegacyApp/en.lproj/Localizable.strings")):26:1: error: \"settings.title\" [en]: comment changed: \"Title of the settings screen\" -> \"Settings\""])
    }

    func testDroppedLanguageIsCaught() throws {
        let tree = try migratedSample()
        try mutateCatalog(tree) { catalog in
            for key in catalog.strings.keys { catalog.strings[key]!.localizations["ja"] = nil }
        }
        let check = existingCheck(tree)
        XCTAssertEqual(check.differences.map(\.kind), [.languageMissing])
        XCTAssertEqual(check.differences.first?.language, "ja")
        XCTAssertEqual(check.differences.first?.detail, "9 keys of ja are not in the catalog")
    }

    func testInvalidFilesAreNotesWithTheirErrorNotLosses() throws {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try tree.write("App/de.lproj/Localizable.strings", "\"a\" = \"B\"\n")
        let report = RoundTripVerifier.verify(tree.root)
        XCTAssertTrue(report.isLossless)
        XCTAssertEqual(report.tables[0].notes.map(\.description),
                       ["\(tree.path("App/de.lproj/Localizable.strings")):1:10: note: skipped, it does not parse: missing ';' after the value of \"a\""])
    }

    func testEquivalentSpellingsAreEqual() throws {
        // `%#@v@` and `%1$#@arg1@`, names, and `%arg` against the value type's specifier.
        let tree = try TestTree()
        try tree.write("App/de.lproj/Localizable.stringsdict", stringsDictXML([
            ("n %lld", "%#@things@", [("things", "lld", [("one", "%lld Ding"), ("other", "%lld Dinge")])]),
            ("m %lld %lld", "%#@a@ und %#@b@", [("a", "lld", [("other", "%lld A")]), ("b", "d", [("other", "%d B")])]),
        ]))
        let report = RoundTripVerifier.verify(tree.root)
        XCTAssertTrue(report.isLossless, "\(report.tables.flatMap { $0.checks.flatMap(\.differences) })")
        XCTAssertEqual(report.tables[0].checks[0].keyCount, 2)
    }
}
