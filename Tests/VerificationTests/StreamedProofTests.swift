import Foundation
import LegacyTables
import TestSupport
import XCTest

@testable import StringCatalog
@testable import Verification

/// Issue 17, item 8: `verify` of a 200 MB `.strings` took 3.2 GB, holding the catalog's bytes and
/// its whole model beside the legacy side. A catalog is now compared as it is read, a window at a
/// time; these tests watch the reads.
final class StreamedProofTests: XCTestCase {
    /// A table of `count` keys in en and de, and its catalog (written here: no `Migration`).
    private func largeTable(_ count: Int) throws -> (tree: TestTree, catalog: StringCatalog) {
        let tree = try TestTree()
        var catalog = StringCatalog(sourceLanguage: "en")
        for language in ["en", "de"] {
            var text = ""
            for index in 0..<count {
                let key = "screen.item_\(index)", value = "\(language) value number \(index) with some words in it"
                text += "/* Shown on screen \(index % 97). */\n\"\(key)\" = \"\(value)\";\n"
                catalog.strings[key, default: CatalogEntry()].comment = "Shown on screen \(index % 97)."
                catalog.strings[key]!.localizations[language] = CatalogLocalization(
                    stringUnit: StringUnit(state: .translated, value: value))
            }
            try tree.write("\(language).lproj/Localizable.strings", text)
        }
        try tree.write("Localizable.xcstrings", CatalogWriter.data(for: catalog))
        return (tree, catalog)
    }

    /// The proof of the one table of `tree` against its catalog on disk, as `verify` gives it,
    /// each read of the catalog told to `catalogReads`.
    private func verify(
        _ tree: TestTree,
        catalogReads: @escaping @Sendable (CatalogEntryStream.Event) -> Void
    ) -> TableVerification {
        let project = ProjectTables.find(tree.root, tables: [], sourceLanguage: nil, requireTables: false)
        XCTAssertEqual(project.tables.count, 1)
        let table = project.tables[0]
        return ProjectVerifier.verify(
            table, files: table.allFiles.map(LegacyFileLeaves.read), catalog: .onDisk,
            sourceLanguage: table.sourceLanguage, catalogReads: catalogReads)
    }

    func testALargeCatalogIsComparedAWindowAtATimeNeverWhole() throws {
        let (tree, _) = try largeTable(20_000)
        let size = try XCTUnwrap(
            FileManager.default.attributesOfItem(atPath: tree.path("Localizable.xcstrings"))[.size] as? Int)
        XCTAssertGreaterThan(size, 2 * CatalogEntryStream.Window.defaultSize)
        nonisolated(unsafe) var events: [CatalogEntryStream.Event] = []
        let proof = verify(tree) { events.append($0) }
        XCTAssertTrue(proof.isLossless, "\(proof.losses.prefix(3).map(\.diagnostic.description))")
        XCTAssertEqual(proof.keyCount, 20_000)
        XCTAssertFalse(events.contains(.wholeFile))
        XCTAssertGreaterThanOrEqual(events.count, 3, "\(size) bytes read in \(events.count) windows")
        XCTAssertEqual(Set(events), [.window(CatalogEntryStream.Window.defaultSize)], "the window never grew")
    }

    func testALossInTheLastWindowIsFoundAndNamed() throws {
        var (tree, catalog) = try largeTable(20_000)
        catalog.strings["screen.item_19999"]!.localizations["de"]!.stringUnit!.value = "changed"
        catalog.strings["screen.item_19998"]!.comment = nil
        catalog.strings["screen.item_19997"] = nil
        try tree.write("Localizable.xcstrings", CatalogWriter.data(for: catalog))
        nonisolated(unsafe) var events: [CatalogEntryStream.Event] = []
        let proof = verify(tree) { events.append($0) }
        XCTAssertFalse(events.contains(.wholeFile))
        let de = tree.path("de.lproj/Localizable.strings"), en = tree.path("en.lproj/Localizable.strings")
        XCTAssertEqual(
            proof.losses.map(\.diagnostic.description),
            [
                "\(de):39996:1: error: \"screen.item_19997\" [de]: key missing",
                "\(de):40000:1: error: \"screen.item_19999\" [de]: value changed: \"de value number 19999 with some "
                    + "words in it\" -> \"changed\"",
                "\(en):39996:1: error: \"screen.item_19997\" [en]: key missing",
                "\(en):39996:1: error: \"screen.item_19997\" [en]: comment changed: \"Shown on screen 15.\" -> none",
                "\(en):39998:1: error: \"screen.item_19998\" [en]: comment changed: \"Shown on screen 16.\" -> none",
            ])
        XCTAssertEqual(proof.files.filter { !$0.isCarried }.map(\.path), [de, en])
    }
}
