import Foundation
import StringCatalog
import StringcatSupport
import TestSupport
import XCTest
import XLIFF
import Xcloc

@testable import XclocExport

/// The export rules (docs/spec/xliff.md §2.3–2.8), each from a catalog written from the rule.
final class ExportRulesTests: XCTestCase {
    let tool = XLIFFTool(version: "16.4", build: "16F6")

    func catalog(_ strings: String, source: String = "en") throws -> StringCatalog {
        try CatalogReader.parse(
            Data("{\"sourceLanguage\":\"\(source)\",\"strings\":{\(strings)},\"version\":\"1.0\"}".utf8),
            path: "t.xcstrings")
    }

    /// The units of `catalog` in `language`, as (id, source, target, state).
    func units(_ catalog: StringCatalog, _ language: String) -> [String] {
        CatalogExporter.file(catalog, path: "t", original: "t", language: language, tool: tool).file.units.map { unit in
            var line = "\(unit.id) | \(describe(unit.source))"
            if let target = unit.target { line += " -> \(describe(target.text)) [\(target.state ?? "-")]" }
            return line
        }
    }

    func describe(_ text: XLIFFText) -> String {
        switch text {
        case .plain(let value): return value
        case .set(let values): return "{" + values.joined(separator: ", ") + "}"
        }
    }

    func unit(_ value: String, _ state: String = "translated") -> String {
        "{\"stringUnit\":{\"state\":\"\(state)\",\"value\":\"\(value)\"}}"
    }

    func testEveryKeyIsExportedAndATargetOnlyWhereTheLanguageHasAValue() throws {
        let c = try catalog(
            """
            "Done":{"localizations":{"en":\(unit("Done")),"de":\(unit("Fertig", "needs_review"))}},
            "Stale":{"extractionState":"stale","localizations":{"en":\(unit("Old"))}},
            "No source":{},
            "":{"localizations":{"en":\(unit(""))}}
            """)
        XCTAssertEqual(
            units(c, "de"),
            [" | ", "Done | Done -> Fertig [needs-review-l10n]", "No source | No source", "Stale | Old"])
        XCTAssertEqual(units(c, "fr"), [" | ", "Done | Done", "No source | No source", "Stale | Old"])
    }

    func testTheSourceLanguageHasTargetsEqualToItsSourcesAndNewWhereTheKeyIsTheText() throws {
        let c = try catalog(
            """
            "Done":{"localizations":{"en":\(unit("Done!", "needs_review"))}},
            "Key only":{"localizations":{"de":\(unit("Nur"))}}
            """)
        XCTAssertEqual(
            units(c, "en"), ["Done | Done! -> Done! [needs-review-l10n]", "Key only | Key only -> Key only [new]"])
    }

    func testPluralKeysWithoutATranslationGetTheLanguagesCategoriesWithTheSourcesOther() throws {
        let plural = "{\"variations\":{\"plural\":{\"one\":\(unit("%lld day")),\"other\":\(unit("%lld days"))}}}"
        let c = try catalog("\"%lld days\":{\"localizations\":{\"en\":\(plural)}}")
        XCTAssertEqual(
            units(c, "ru"),
            [
                "%lld days|==|plural.few | %lld days", "%lld days|==|plural.many | %lld days",
                "%lld days|==|plural.one | %lld day", "%lld days|==|plural.other | %lld days",
            ])
        XCTAssertEqual(units(c, "ja"), ["%lld days|==|plural.other | %lld days"])
        XCTAssertEqual(units(c, "es"), ["%lld days|==|plural.one | %lld day", "%lld days|==|plural.other | %lld days"])
        // An explicit zero of the source is kept in every language.
        let withZero =
            "{\"variations\":{\"plural\":{\"zero\":\(unit("none")),\"one\":\(unit("one")),\"other\":\(unit("many"))}}}"
        let z = try catalog("\"n\":{\"localizations\":{\"en\":\(withZero)}}")
        XCTAssertEqual(units(z, "ja"), ["n|==|plural.other | many", "n|==|plural.zero | none"])
    }

    func testALanguagesOwnStructureDecidesItsUnits() throws {
        let plural = "{\"variations\":{\"plural\":{\"one\":\(unit("%ld file")),\"other\":\(unit("%ld files"))}}}"
        let c = try catalog(
            """
            "%ld files":{"localizations":{"en":\(plural),"ja":\(unit("%ldファイル"))}},
            "Plain":{"localizations":{"en":\(unit("Plain")),"pt-BR":{"variations":{"plural":{"one":\(unit("um")),"other":\(unit("vários"))}}}}}
            """)
        // ja is plain where en varies: one unit, whose source is the key (en has no plain value).
        XCTAssertEqual(units(c, "ja").first, "%ld files | %ld files -> %ldファイル [translated]")
        // pt-BR varies where en is plain: its categories, with en's plain value as source.
        XCTAssertEqual(
            units(c, "pt-BR").filter { $0.hasPrefix("Plain") },
            [
                "Plain|==|plural.one | Plain -> um [translated]",
                "Plain|==|plural.other | Plain -> vários [translated]",
            ])
    }

    func testSubstitutionsGetUnitsForTheMainStringAndEachCaseWithArgumentNumbers() throws {
        func localization(_ main: String, _ names: [(String, Int, String)]) -> String {
            let subs = names.map { name, arg, spec in
                "\"\(name)\":{\"argNum\":\(arg),\"formatSpecifier\":\"\(spec)\",\"variations\":{\"plural\":{\"one\":\(unit("%arg " + name)),\"other\":\(unit("%arg " + name + "s"))}}}"
            }.joined(separator: ",")
            return "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(main)\"},\"substitutions\":{\(subs)}}"
        }
        let key = "%.1f meters, %ld nodes"
        let c = try catalog(
            """
            "\(key)":{"localizations":{"en":\(localization("%#@meters@, %#@nodes@", [("meters", 1, "f"), ("nodes", 2, "ld")])),
            "et":\(localization("%#@meters@, %#@nodes@", [("nodes", 2, "ld")]))}}
            """)
        XCTAssertEqual(
            units(c, "en"),
            [
                "\(key) | %1$#@meters@, %2$#@nodes@ -> %1$#@meters@, %2$#@nodes@ [translated]",
                "\(key)|==|substitutions.meters.plural.one | %1$f meters -> %1$f meters [translated]",
                "\(key)|==|substitutions.meters.plural.other | %1$f meterss -> %1$f meterss [translated]",
                "\(key)|==|substitutions.nodes.plural.one | %2$ld nodes -> %2$ld nodes [translated]",
                "\(key)|==|substitutions.nodes.plural.other | %2$ld nodess -> %2$ld nodess [translated]",
            ])
        // et lacks `meters`: no units for it, and its name is not numbered (GoMap et.xliff).
        XCTAssertEqual(units(c, "et").first, "\(key) | %#@meters@, %2$#@nodes@ -> %#@meters@, %2$#@nodes@ [translated]")
        XCTAssertEqual(units(c, "et").count, 3)
    }

    func testDeviceVariationsAndStringSetsHaveTheirOwnUnits() throws {
        let c = try catalog(
            """
            "Blur":{"localizations":{"en":{"variations":{"device":{"mac":\(unit("Disable")),"other":\(unit("Turn off"))}}}}},
            "Search":{"localizations":{"en":{"stringSet":{"state":"translated","values":["Search on ${applicationName}"]}}}}
            """)
        XCTAssertEqual(
            units(c, "de"),
            [
                "Blur|==|device.mac | Disable", "Blur|==|device.other | Turn off",
                "Search | {Search on ${applicationName}}",
            ])
    }

    func testDontTranslateKeysAreExportedWithTranslateNoAndNotesCarryCommentsAndTheirOrigin() throws {
        let c = try catalog(
            """
            "7z8":{"comment":"Do not localize","shouldTranslate":false,"localizations":{"zh":\(unit(""))}},
            "Hi":{"comment":"Greeting","isCommentAutoGenerated":true},
            "Bare":{}
            """)
        let file = CatalogExporter.file(c, path: "t", original: "t", language: "zh", tool: tool).file
        XCTAssertEqual(file.units.map(\.translate), [false, true, true])
        XCTAssertEqual(file.units[0].target, XLIFFTarget(text: .plain(""), state: "translated"))
        XCTAssertEqual(file.units.map(\.note), ["Do not localize", nil, "Greeting"])
        XCTAssertEqual(file.units.map(\.noteFrom), [nil, nil, "auto-generated"])
    }

    func testValuesXMLCannotHoldAreListedAndLeftOut() throws {
        let c = try catalog(
            """
            "Bad target":{"localizations":{"en":\(unit("ok")),"de":\(unit("x\\u0018y"))}},
            "Bad\\u0001key":{"localizations":{"en":\(unit("v"))}}
            """)
        let made = CatalogExporter.file(c, path: "t.xcstrings", original: "t", language: "de", tool: tool)
        XCTAssertEqual(made.file.units.map(\.id), ["Bad target"])
        XCTAssertNil(made.file.units[0].target)
        XCTAssertEqual(
            Set(made.unexportable.map { "\($0.unitID.debugDescription) \($0.field) \($0.onlyTarget)" }),
            ["\"Bad target\" target true", "\"Bad\\u{01}key\" id false"])
    }

    func testSourceContentsIsTheCatalogReducedToItsSourceLanguage() throws {
        let c = try catalog(
            """
            "A":{"comment":"c","extractionState":"manual","localizations":{"en":\(unit("A")),"de":\(unit("Ä"))}},
            "B":{"localizations":{"de":\(unit("Bé"))}}
            """)
        XCTAssertEqual(
            String(decoding: CatalogWriter.bytes(for: SourceContents.catalog(c)), as: UTF8.self),
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "A" : {
                  "comment" : "c",
                  "extractionState" : "manual",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "A"
                      }
                    }
                  }
                },
                "B" : {

                }
              },
              "version" : "1.0"
            }
            """)
    }

    // MARK: The run

    /// A project folder with one catalog (and what `extra` adds).
    func project(_ strings: String, extra: [String: String] = [:]) throws -> TestTree {
        let tree = try TestTree()
        try tree.write(
            "App/Localizable.xcstrings", "{\"sourceLanguage\":\"en\",\"strings\":{\(strings)},\"version\":\"1.0\"}")
        for (path, text) in extra { try tree.write(path, text) }
        return tree
    }

    func testAnExportWritesOnePackagePerLanguageAndAgainChangesNothing() throws {
        let tree = try project("\"Done\":{\"localizations\":{\"en\":\(unit("Done")),\"de\":\(unit("Fertig"))}}")
        let output = tree.path("Out")
        let report = ProjectExporter.export(tree.root, options: ExportOptions(outputDirectory: output, tool: tool))
        XCTAssertEqual(report.diagnostics, [])
        XCTAssertEqual(
            report.packages.map { "\($0.language) \($0.outcome) \($0.units) \($0.targets)" },
            ["de written 1 1", "en written 1 1"])
        XCTAssertTrue(tree.exists("Out/de.xcloc/contents.json"))
        XCTAssertTrue(tree.exists("Out/de.xcloc/Source Contents/App/Localizable.xcstrings"))
        let xliff = try String(contentsOfFile: tree.path("Out/de.xcloc/Localized Contents/de.xliff"), encoding: .utf8)
        XCTAssertTrue(xliff.contains("<target state=\"translated\">Fertig</target>"))
        let again = ProjectExporter.export(tree.root, options: ExportOptions(outputDirectory: output, tool: tool))
        XCTAssertEqual(again.packages.map(\.outcome), [.unchanged, .unchanged])
    }

    func testAnEditedEarlierExportIsNotReplacedWithoutForce() throws {
        let tree = try project("\"Done\":{\"localizations\":{\"en\":\(unit("Done")),\"de\":\(unit("Fertig"))}}")
        let output = tree.path("Out")
        _ = ProjectExporter.export(tree.root, options: ExportOptions(outputDirectory: output, tool: tool))
        let edited = tree.path("Out/de.xcloc/Localized Contents/de.xliff")
        try Data("translator's work".utf8).write(to: URL(fileURLWithPath: edited))
        let refused = ProjectExporter.export(tree.root, options: ExportOptions(outputDirectory: output, tool: tool))
        XCTAssertTrue(refused.hasErrors)
        XCTAssertEqual(refused.diagnostics.first?.location.path, edited)
        XCTAssertEqual(try String(contentsOfFile: edited, encoding: .utf8), "translator's work")
        var force = ExportOptions(outputDirectory: output, tool: tool)
        force.force = true
        XCTAssertFalse(ProjectExporter.export(tree.root, options: force).hasErrors)
        XCTAssertNotEqual(try String(contentsOfFile: edited, encoding: .utf8), "translator's work")
    }

    func testAValueXMLCannotHoldStopsTheExportUnlessSkipped() throws {
        let tree = try project("\"Bad\":{\"localizations\":{\"en\":\(unit("ok")),\"zh-Hant\":\(unit("a\\u0018b"))}}")
        let output = tree.path("Out")
        let refused = ProjectExporter.export(tree.root, options: ExportOptions(outputDirectory: output, tool: tool))
        XCTAssertEqual(
            refused.diagnostics.filter(\.isError).map(\.message),
            [
                "target of Bad holds U+18, a character XML 1.0 cannot hold: its translation is left out of the export "
                    + "(fix the value, or pass --skip-invalid)"
            ])
        XCTAssertFalse(tree.exists("Out"))
        var skip = ExportOptions(outputDirectory: output, tool: tool)
        skip.skipInvalid = true
        let written = ProjectExporter.export(tree.root, options: skip)
        XCTAssertFalse(written.hasErrors)
        XCTAssertEqual(written.diagnostics.map(\.severity), [.warning])
        XCTAssertTrue(tree.exists("Out/zh-Hant.xcloc/Localized Contents/zh-Hant.xliff"))
    }

    func testAFailedCheckWritesNothing() throws {
        let tree = try project("\"Done\":{\"localizations\":{\"en\":\(unit("Done"))}}")
        var options = ExportOptions(outputDirectory: tree.path("Out"), tool: tool)
        options.check = { input in [.error("refused \(input.language)", at: .file("x"))] }
        let report = ProjectExporter.export(tree.root, options: options)
        XCTAssertEqual(report.diagnostics.map(\.message), ["refused en"])
        XCTAssertFalse(report.written)
        XCTAssertFalse(tree.exists("Out"))
    }

    func testLegacyStringsTablesAreExportedBesideTheCatalogs() throws {
        let tree = try project(
            "\"A\":{\"localizations\":{\"en\":\(unit("A"))}}",
            extra: [
                "Pkg/en.lproj/Localizable.strings":
                    "/* No comment provided by engineer. */\n\"Connecting\" = \"Connecting\";\n",
                "Pkg/de.lproj/Localizable.strings": "\"Connecting\" = \"Verbinde\";\n",
            ])
        let report = ProjectExporter.export(
            tree.root, options: ExportOptions(outputDirectory: tree.path("Out"), tool: tool))
        XCTAssertFalse(report.hasErrors, "\(report.diagnostics)")
        XCTAssertEqual(report.files.map(\.original), ["App/Localizable.xcstrings", "Pkg/en.lproj/Localizable.strings"])
        let de = try String(contentsOfFile: tree.path("Out/de.xcloc/Localized Contents/de.xliff"), encoding: .utf8)
        XCTAssertTrue(
            de.contains(
                """
                  <file original="Pkg/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
                """))
        XCTAssertTrue(
            de.contains(
                "<source>Connecting</source>\n        <target>Verbinde</target>\n        <note>No comment provided by "
                    + "engineer.</note>"
            ))
        XCTAssertTrue(tree.exists("Out/de.xcloc/Source Contents/Pkg/en.lproj/Localizable.strings"))
    }

    func testNothingToExportIsAnError() throws {
        let tree = try TestTree()
        try tree.write("README", "nothing")
        let report = ProjectExporter.export(
            tree.root, options: ExportOptions(outputDirectory: tree.path("Out"), tool: tool))
        XCTAssertTrue(report.hasErrors)
        XCTAssertFalse(tree.exists("Out"))
    }
}
