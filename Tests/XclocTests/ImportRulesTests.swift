import Foundation
import StringCatalog
import StringcatSupport
import TestSupport
import XCTest
import XLIFF
import Xcloc

@testable import XclocImport

/// The import rules (docs/spec/xliff.md §3, I1–I13), each on a project written from the rule:
/// a catalog, an XLIFF as a translator sends it back, the catalog after `import`.
final class ImportRulesTests: XCTestCase {
    func unit(_ value: String, _ state: String = "translated") -> String {
        "{\"stringUnit\":{\"state\":\"\(state)\",\"value\":\"\(value)\"}}"
    }

    /// A project with `App/Localizable.xcstrings` holding `strings`.
    func project(_ strings: String) throws -> TestTree {
        let tree = try TestTree()
        try tree.write(
            "App/Localizable.xcstrings", "{\"sourceLanguage\":\"en\",\"strings\":{\(strings)},\"version\":\"1.0\"}")
        return tree
    }

    /// An XLIFF of `units` (trans-unit elements) for `original` in `language`.
    func xliff(_ units: String, language: String? = "de", original: String = "App/Localizable.xcstrings") -> String {
        let target = language.map { " target-language=\"\($0)\"" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="\(original)" source-language="en"\(target) datatype="plaintext">
                <body>
            \(units)
                </body>
              </file>
            </xliff>

            """
    }

    func run(_ tree: TestTree, _ xliff: String, dryRun: Bool = false) throws -> ImportReport {
        let input = try tree.write("in.xliff", xliff)
        var options = ImportOptions(projectPath: tree.root)
        options.dryRun = dryRun
        return ProjectImporter.run([input], options: options)
    }

    /// The localization of `key` in `language` after the run, as JSON text.
    func value(_ tree: TestTree, _ key: String, _ language: String = "de") throws -> String? {
        let catalog = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        guard let localization = catalog.strings[key]?.localizations[language] else { return nil }
        let one = StringCatalog(
            sourceLanguage: "en", strings: ["k": CatalogEntry(localizations: [language: localization])])
        let text = String(decoding: CatalogWriter.bytes(for: one), as: UTF8.self)
        return text.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "")
    }

    func testValuesComeBackByteForByteWithTheSubstitutionRewriteUndone() throws {
        let key = "%ld meters, %ld nodes"
        let en =
            "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"%#@meters@, %#@nodes@\"},\"substitutions\":{"
            + "\"meters\":{\"argNum\":1,\"formatSpecifier\":\"ld\",\"variations\":{\"plural\":{\"one\":\(unit("%arg meter")),\"other\":\(unit("%arg meters"))}}},"
            + "\"nodes\":{\"argNum\":2,\"formatSpecifier\":\"ld\",\"variations\":{\"plural\":{\"one\":\(unit("%arg node")),\"other\":\(unit("%arg nodes"))}}}}}"
        let tree = try project("\"\(key)\":{\"localizations\":{\"en\":\(en)}}")
        let report = try run(
            tree,
            xliff(
                """
                <trans-unit id="\(key)"><source>x</source><target state="translated">%1$#@meters@ und %2$#@nodes@ &amp; mehr</target></trans-unit>
                <trans-unit id="\(key)|==|substitutions.meters.plural.one"><source/><target>%1$ld Meter</target></trans-unit>
                <trans-unit id="\(key)|==|substitutions.meters.plural.other"><source/><target>%1$ld Meter</target></trans-unit>
                <trans-unit id="\(key)|==|substitutions.nodes.plural.one"><source/><target>%2$ld Knoten</target></trans-unit>
                <trans-unit id="\(key)|==|substitutions.nodes.plural.other"><source/><target>%2$ld Knoten</target></trans-unit>
                """))
        XCTAssertEqual(report.diagnostics, [])
        XCTAssertEqual(report.languages.map { "\($0.language) \($0.imported)" }, ["de 5"])
        let de = try XCTUnwrap(value(tree, key))
        XCTAssertTrue(de.contains(#""value":"%#@meters@und%#@nodes@&mehr""#), de)
        XCTAssertTrue(de.contains(#""argNum":2,"formatSpecifier":"ld""#), de)
        XCTAssertTrue(de.contains(#""value":"%argKnoten""#), de)
    }

    func testStatesMapBackAndATargetWithoutStateIsTranslated() throws {
        let tree = try project("\"a\":{},\"b\":{},\"c\":{},\"d\":{}")
        _ = try run(
            tree,
            xliff(
                """
                <trans-unit id="a"><source>a</source><target state="needs-review-l10n">A?</target></trans-unit>
                <trans-unit id="b"><source>b</source><target state="new">B</target></trans-unit>
                <trans-unit id="c"><source>c</source><target>C</target></trans-unit>
                <trans-unit id="d"><source>d</source><target state="signed-off">D</target></trans-unit>
                """))
        XCTAssertEqual(
            try value(tree, "a"),
            #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"de":{"stringUnit":{"state":"needs_review","value":"A?"}}}}},"version":"1.0"}"#
        )
        XCTAssertTrue(try XCTUnwrap(value(tree, "b")).contains(#""state":"new","value":"B""#))
        XCTAssertTrue(try XCTUnwrap(value(tree, "c")).contains(#""state":"translated","value":"C""#))
        XCTAssertTrue(try XCTUnwrap(value(tree, "d")).contains(#""state":"translated","value":"D""#))
    }

    func testNeedsTranslationTargetsAndUnitsWithoutTargetWriteNothing() throws {
        let tree = try project("\"kept\":{\"localizations\":{\"de\":\(unit("Alt"))}},\"fresh\":{}")
        let before = tree.read("App/Localizable.xcstrings")
        let report = try run(
            tree,
            xliff(
                """
                <trans-unit id="fresh"><source>fresh</source><target state="needs-translation">Bing atribuzioa</target></trans-unit>
                <trans-unit id="kept"><source>kept</source></trans-unit>
                """))
        XCTAssertEqual(report.changedCatalogs, [])
        XCTAssertEqual(
            report.languages.first?.skipped, ["no target": 1, "state needs-translation: not a translation yet": 1])
        XCTAssertEqual(tree.read("App/Localizable.xcstrings"), before)
    }

    func testATargetEqualToItsSourceIsImportedAndAStaleSourceDoesNotBlock() throws {
        let tree = try project(
            "\"OK\":{\"localizations\":{\"en\":\(unit("OK"))}},\"SHH\":{\"localizations\":{\"en\":\(unit("System Settings"))}}"
        )
        let report = try run(
            tree,
            xliff(
                """
                <trans-unit id="OK"><source>OK</source><target state="translated">OK</target></trans-unit>
                <trans-unit id="SHH"><source>System Preferences</source><target state="translated">Systemeinstellungen</target></trans-unit>
                """))
        XCTAssertEqual(report.languages.first?.imported, 2)
        XCTAssertTrue(try XCTUnwrap(value(tree, "OK")).contains(#""state":"translated","value":"OK""#))
        XCTAssertTrue(try XCTUnwrap(value(tree, "SHH")).contains("Systemeinstellungen"))
    }

    func testUnitsOfUnknownKeysAreReportedAndSkipped() throws {
        let tree = try project("\"known\":{}")
        let report = try run(
            tree,
            xliff(
                """
                <trans-unit id="known"><source>k</source><target>K</target></trans-unit>
                <trans-unit id="Disable menu bar icon highlight color"><source>x</source><target>X</target></trans-unit>
                """))
        XCTAssertFalse(report.hasErrors)
        XCTAssertEqual(
            report.diagnostics.map(\.message),
            ["unit Disable menu bar icon highlight color: the catalog has no such key (skipped)"])
        XCTAssertEqual(report.diagnostics.first?.location.line, 6)
        XCTAssertEqual(report.languages.first?.skipped, ["no such key in the catalog": 1])
        let catalog = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        XCTAssertEqual(catalog.strings.keys.sorted(), ["known"])
    }

    func testOnlyTheTargetLanguageChanges() throws {
        let tree = try project(
            "\"a\":{\"comment\":\"c\",\"localizations\":{\"en\":\(unit("a")),\"fr\":\(unit("à")),\"de\":\(unit("alt", "needs_review"))}}"
        )
        _ = try run(tree, xliff("<trans-unit id=\"a\"><source>a</source><target>neu</target></trans-unit>"))
        let catalog = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        let entry = try XCTUnwrap(catalog.strings["a"])
        XCTAssertEqual(entry.comment, "c")
        XCTAssertEqual(entry.localizations["fr"]?.stringUnit?.value, "à")
        XCTAssertEqual(entry.localizations["en"]?.stringUnit?.value, "a")
        XCTAssertEqual(entry.localizations["de"]?.stringUnit, StringUnit(state: .translated, value: "neu"))
    }

    func testATranslatorMayGiveAValueDeviceVariations() throws {
        let tree = try project("\"Blur\":{\"localizations\":{\"en\":\(unit("Blur")),\"de\":\(unit("Unschärfe"))}}")
        _ = try run(
            tree,
            xliff(
                """
                <trans-unit id="Blur|==|device.applewatch"><source>Blur</source><target>Weich</target></trans-unit>
                <trans-unit id="Blur|==|device.other"><source>Blur</source><target>Unschärfe</target></trans-unit>
                """))
        let de = try XCTUnwrap(
            CatalogReader.read(path: tree.path("App/Localizable.xcstrings")).strings["Blur"]?.localizations["de"])
        XCTAssertNil(de.stringUnit)
        XCTAssertEqual(de.variations?.device?["applewatch"]?.stringUnit?.value, "Weich")
        XCTAssertEqual(de.variations?.device?["other"]?.stringUnit?.value, "Unschärfe")
    }

    func testTheDevelopmentLanguageKeepsItsStatesAndKeysWithoutAValue() throws {
        let tree = try project("\"Unable %d\":{\"localizations\":{\"en\":\(unit("Unable %d", "new"))}},\"No en\":{}")
        let before = tree.read("App/Localizable.xcstrings")
        let report = try run(
            tree,
            xliff(
                """
                <trans-unit id="Unable %d"><source>Unable %d</source><target state="translated">Unable %d</target></trans-unit>
                <trans-unit id="No en"><source>No en</source><target state="translated">No en</target></trans-unit>
                """, language: "en"))
        XCTAssertEqual(report.changedCatalogs, [])
        // "No en" has no value, and its target is the key, as the export writes it: unchanged too.
        XCTAssertEqual(report.languages.first?.unchanged, 2)
        XCTAssertEqual(report.languages.first?.skippedCount, 0)
        XCTAssertEqual(tree.read("App/Localizable.xcstrings"), before)
    }

    func testAFileWithoutTargetLanguageIsAnErrorAndNothingIsWritten() throws {
        let tree = try project("\"a\":{}")
        let before = tree.read("App/Localizable.xcstrings")
        let report = try run(
            tree, xliff("<trans-unit id=\"a\"><source>a</source><target>A</target></trans-unit>", language: nil))
        XCTAssertEqual(
            report.diagnostics.map(\.message),
            [
                "<file original=\"App/Localizable.xcstrings\"> has no target-language: which language its translations "
                    + "are in cannot be known (Xcode refuses such a file too)"
            ])
        XCTAssertEqual(report.diagnostics.first?.location.line, 3)
        XCTAssertEqual(report.diagnostics.first?.location.column, 3)
        XCTAssertEqual(tree.read("App/Localizable.xcstrings"), before)
    }

    /// Issue 33, item 1: the target language becomes a key of the catalog, which `compile` and
    /// `export` make paths from; one that is no language tag is refused by `LanguageTag`.
    func testATargetLanguageThatIsNoLanguageTagIsAnErrorAndNothingIsWritten() throws {
        for hostile in ["../victim/de", "a/b", "de.lproj", "x y"] {
            let tree = try project("\"a\":{}")
            let before = tree.read("App/Localizable.xcstrings")
            let unit = "<trans-unit id=\"a\"><source>a</source><target>A</target></trans-unit>"
            let report = try run(tree, xliff(unit, language: hostile))
            XCTAssertEqual(
                report.diagnostics.map(\.message),
                [
                    "target-language \"\(hostile)\" is not a language code (a BCP 47 tag such as en, pt-BR or "
                        + "zh-Hans); "
                        + "nothing is imported"
                ])
            XCTAssertEqual(report.diagnostics.first?.location.line, 3)
            XCTAssertEqual(tree.read("App/Localizable.xcstrings"), before)
        }
    }

    func testAnotherProjectsXLIFFIsAnErrorAndAnUnknownFileAmongKnownOnesAWarning() throws {
        let tree = try project("\"a\":{}")
        let foreign = try run(
            tree,
            xliff(
                "<trans-unit id=\"a\"><source>a</source><target>A</target></trans-unit>",
                original: "Other/Localizable.xcstrings"))
        XCTAssertEqual(
            foreign.diagnostics.map(\.message),
            [
                "none of the 1 files this XLIFF names is a catalog of this project (Other/Localizable.xcstrings): is "
                    + "it another project's? (give --project)"
            ])
        let mixed =
            xliff("<trans-unit id=\"a\"><source>a</source><target>A</target></trans-unit>").replacingOccurrences(
                of: "</xliff>", with: "")
            + "<file original=\"Gone/InfoPlist.xcstrings\" target-language=\"de\"><body><trans-unit "
            + "id=\"x\"><source/><target>y</target></trans-unit></body></file></xliff>"
        let report = try run(tree, mixed)
        XCTAssertFalse(report.hasErrors)
        XCTAssertEqual(
            report.diagnostics.map(\.message),
            ["Gone/InfoPlist.xcstrings: no file of this project is exported under this name; its 1 units are skipped"])
        XCTAssertEqual(report.changedCatalogs, [tree.path("App/Localizable.xcstrings")])
    }

    func testBadUnitsAreErrorsAtTheirPlaceAndNothingIsWritten() throws {
        let tree = try project(
            "\"a\":{},\"%d "
                + "days\":{\"localizations\":{\"en\":{\"variations\":{\"plural\":{\"one\":\(unit("%d day")),\"other\":\(unit("%d days"))}}}}}"
        )
        let before = tree.read("App/Localizable.xcstrings")
        func error(_ units: String) throws -> String? {
            let report = try run(tree, xliff(units))
            XCTAssertEqual(tree.read("App/Localizable.xcstrings"), before)
            return report.diagnostics.first(where: \.isError).map {
                "\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.message)"
            }
        }
        XCTAssertEqual(
            try error(
                """
                <trans-unit id="a"><source>a</source><target>A</target></trans-unit>
                <trans-unit id="a"><source>a</source><target>B</target></trans-unit>
                """), "6:1 unit a appears twice for de (first at line 5, column 1)")
        XCTAssertEqual(
            try error("<trans-unit id=\"%d days|==|plural.few\"><source/><target>x</target></trans-unit>"),
            "5:1 unit %d days|==|plural.few: de has no plural category few (its categories: zero, one, other)")
        XCTAssertEqual(
            try error("<trans-unit id=\"%d days|==|plural.lots\"><source/><target>x</target></trans-unit>"),
            "5:1 unit %d days|==|plural.lots: lots is not a plural category (zero, one, two, few, many, other)")
        XCTAssertEqual(
            try error("<trans-unit id=\"a\"><source/><target state=\"done\">x</target></trans-unit>"),
            "5:29 unit a: state \"done\" is not an XLIFF 1.2 state (translated, needs-review-l10n, new, "
                + "needs-translation, final, signed-off, or x-…)"
        )
        XCTAssertEqual(
            try error("<trans-unit id=\"a\"><source/><target>x</targt></trans-unit>"), "5:38 </targt> closes <target>")
    }

    func testADryRunWritesNothingAndSaysWhatWouldChange() throws {
        let tree = try project("\"a\":{}")
        let before = tree.read("App/Localizable.xcstrings")
        let report = try run(
            tree, xliff("<trans-unit id=\"a\"><source>a</source><target>A</target></trans-unit>"), dryRun: true)
        XCTAssertEqual(report.changedCatalogs, [tree.path("App/Localizable.xcstrings")])
        XCTAssertFalse(report.written)
        XCTAssertEqual(tree.read("App/Localizable.xcstrings"), before)
    }

    func testImportedCatalogsAreWrittenInXcodesForm() throws {
        let tree = try project("\"b\":{},\"a\":{\"comment\":\"x\"}")
        _ = try run(tree, xliff("<trans-unit id=\"a\"><source>a</source><target>Ä</target></trans-unit>"))
        XCTAssertEqual(
            String(decoding: try XCTUnwrap(tree.read("App/Localizable.xcstrings")), as: UTF8.self),
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "a" : {
                  "comment" : "x",
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Ä"
                      }
                    }
                  }
                },
                "b" : {

                }
              },
              "version" : "1.0"
            }
            """)
    }
}

extension TestTree {
    /// The bytes of the file at `relative`, nil when there is none.
    func read(_ relative: String) -> Data? { FileManager.default.contents(atPath: path(relative)) }
}
