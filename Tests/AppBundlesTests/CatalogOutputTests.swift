import AppBundles
import Languages
import StringCatalog
import XCTest

/// What a catalog puts in a bundle (docs/spec/app-bundle.md#what-a-catalog-puts-in-a-bundle).
final class CatalogOutputTests: XCTestCase {
    private func output(_ entries: [String: CatalogEntry], source: String = "en") -> CatalogOutput {
        var output = CatalogOutput(sourceLanguage: LanguageTag(source), keys: [:], ownSourceValues: 0)
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) { output.add(key, entry) }
        return output
    }

    private func unit(_ value: String, _ state: TranslationState = .translated) -> CatalogLocalization {
        CatalogLocalization(stringUnit: StringUnit(state: state, value: value))
    }

    func testALanguageWithAValueGetsAFolderAndOneWithoutNone() {
        let made = output([
            "greeting": CatalogEntry(localizations: ["en": unit("Hello"), "de": unit("Hallo")]),
            "bye": CatalogEntry(localizations: ["en": unit("Bye")]),
        ])
        XCTAssertEqual(made.languages, [LanguageTag("en")!, LanguageTag("de")!])
        XCTAssertEqual(made.keys[LanguageTag("de")!], 1)
        XCTAssertEqual(made.keys[LanguageTag("en")!], 2)
        XCTAssertEqual(made.ownSourceValues, 2)
    }

    /// kouki-dan/xcode-and-playgrounds: keys with no `en` unit compile to no `en.lproj`; source
    /// values that only repeat their keys make no folder in the model either (the safe side).
    func testSourceValuesEqualToTheirKeysMakeNoFolderButAreCounted() {
        let made = output([
            "Open": CatalogEntry(localizations: ["en": unit("Open"), "ja": unit("開く")]),
            "Close": CatalogEntry(localizations: ["en": unit("Close")]),
        ])
        XCTAssertEqual(made.languages, [LanguageTag("ja")!])
        XCTAssertEqual(made.keys[LanguageTag("en")!], 2)
        XCTAssertEqual(made.ownSourceValues, 0)
    }

    /// A unit in state `new` is not compiled (`CompileSelection`): its language gets no folder.
    func testUnitsTheCompilerLeavesOutGiveNoFolder() {
        let made = output(["a": CatalogEntry(localizations: ["en": unit("A!"), "fr": unit("A-fr", .new)])])
        XCTAssertEqual(made.languages, [LanguageTag("en")!])
        XCTAssertNil(made.keys[LanguageTag("fr")!])
    }

    /// A plural is more than the key in the source language: its folder is made.
    func testASourcePluralIsAValueOfItsOwn() {
        let plural = CatalogLocalization(
            variations: CatalogVariations(plural: ["one": unit("%d file"), "other": unit("%d files")]))
        let made = output(["%d files": CatalogEntry(localizations: ["en": plural])])
        XCTAssertEqual(made.languages, [LanguageTag("en")!])
        XCTAssertEqual(made.ownSourceValues, 1)
    }

    func testACatalogOnDiskIsReadEntryByEntryWithItsSourceLanguage() throws {
        let path = NSTemporaryDirectory() + "catalog-output-\(UUID().uuidString).xcstrings"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(
            """
            {
              "sourceLanguage" : "de",
              "strings" : {
                "Hallo" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo" } },
                    "fr" : { "stringUnit" : { "state" : "translated", "value" : "Salut" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        let read = try CatalogOutput.read(path: path).get()
        XCTAssertEqual(read.sourceLanguage, LanguageTag("de"))
        XCTAssertEqual(read.languages, [LanguageTag("fr")!], "de only repeats its key")
        XCTAssertThrowsError(try CatalogOutput.read(path: path + ".missing").get())
    }
}
