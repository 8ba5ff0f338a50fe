import Foundation
import StringCatalog
import StringcatSupport
import TestSupport
import XCTest
import XLIFF
import XclocExport
import XclocProof

/// The independent proof: it finds every value of an export, and notices one missing or changed.
final class ExportProofTests: XCTestCase {
    let catalog: StringCatalog = {
        func unit(_ value: String, _ state: String = "translated") -> String {
            "{\"stringUnit\":{\"state\":\"\(state)\",\"value\":\"\(value)\"}}"
        }
        let substitution =
            "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"%#@n@ "
            + "Dateien\"},\"substitutions\":{\"n\":{\"argNum\":1,"
            + "\"formatSpecifier\":\"lld\",\"variations\":{\"plural\":{\"one\":\(unit("%arg Datei")),\"other\":\(unit("%arg Dateien"))}}}}}"
        let json = """
            {"sourceLanguage":"en","strings":{
            "Done":{"comment":"Button","localizations":{"en":\(unit("Done")),"de":\(unit("Fertig", "needs_review"))}},
            "Files":{"localizations":{"de":\(substitution)}},
            "Blur":{"shouldTranslate":false,"localizations":{"de":{"variations":{"device":{"mac":\(unit("Mac")),"other":\(unit("Andere"))}}}}},
            "Phrase":{"localizations":{"de":{"stringSet":{"state":"translated","values":["Suche","Finde"]}}}},
            "Bad":{"localizations":{"de":\(unit("a\\u0018b"))}}
            },"version":"1.0"}
            """
        return try! CatalogReader.parse(Data(json.utf8), path: "t")
    }()

    func export() -> [UInt8] {
        let made = CatalogExporter.file(
            catalog, path: "t", original: "App/L.xcstrings", language: "de",
            tool: XLIFFTool(version: "16.4", build: "16F6"))
        return XLIFFWriter.document([made.file])
    }

    func testTheProofFindsEveryValueOfAnExport() throws {
        let result = try ExportProof.check(
            export(), path: "de.xliff", language: "de", catalogs: [("App/L.xcstrings", catalog)])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.checked, 7)
        XCTAssertEqual(result.notXML, 1)
        XCTAssertTrue(result.holds)
    }

    func testTheProofNoticesAChangedMissingOrMislabelledValue() throws {
        let text = String(decoding: export(), as: UTF8.self)
        let cases: [(String, String, String)] = [
            ("Fertig", "Fertig!", "App/L.xcstrings: unit \"Done\" has the target \"Fertig!\", the catalog \"Fertig\""),
            (
                "%1$lld Dateien</target>", "%lld Dateien</target>",
                "App/L.xcstrings: unit \"Files|==|substitutions.n.plural.other\" has the target \"%lld Dateien\", the "
                    + "catalog \"%arg Dateien\""
            ),
            (
                "needs-review-l10n", "translated",
                "App/L.xcstrings: unit \"Done\" is in state translated, the catalog's value is needs_review"
            ),
            (
                "<note>Button</note>", "<note/>",
                "App/L.xcstrings: unit \"Done\" has the note \"\", the key's comment is \"Button\""
            ),
            (
                "id=\"Blur|==|device.mac\" translate=\"no\"", "id=\"Blur|==|device.mac\"",
                "App/L.xcstrings: unit \"Blur|==|device.mac\" says translate=yes, the key's shouldTranslate is false"
            ),
            ("id=\"Phrase\"", "id=\"Phrases\"", "App/L.xcstrings: de value of \"Phrase\" has no unit in the export"),
        ]
        for (from, to, expected) in cases {
            XCTAssertTrue(text.contains(from), from)
            let damaged = Array(text.replacingOccurrences(of: from, with: to).utf8)
            let result = try ExportProof.check(
                damaged, path: "de.xliff", language: "de", catalogs: [("App/L.xcstrings", catalog)])
            XCTAssertEqual(result.problems, [expected])
            XCTAssertFalse(result.holds)
        }
        let elsewhere = try ExportProof.check(
            export(), path: "de.xliff", language: "de", catalogs: [("App/Other.xcstrings", catalog)])
        XCTAssertEqual(elsewhere.problems, ["App/Other.xcstrings: no <file> for this catalog in the de export"])
    }

    func testTheProofSharesNoCodeWithTheExporterOrTheImporter() throws {
        let folder = URL(fileURLWithPath: repositoryRoot).appendingPathComponent("Sources/XclocProof")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for module in ["Xcloc", "XclocExport", "XclocImport"] {
                XCTAssertFalse(text.contains("import \(module)\n"), "\(name) imports \(module)")
            }
        }
        let manifest = try String(
            contentsOf: URL(fileURLWithPath: repositoryRoot).appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try XCTUnwrap(manifest.split(separator: "\n").first { $0.contains(".target(name: \"XclocProof\"") })
        let dependencies = try XCTUnwrap(line.range(of: "dependencies:")).upperBound
        XCTAssertFalse(line[dependencies...].contains("\"Xcloc"), String(line))
    }
}

/// The proof reads a language in any spelling, and reads legacy `.strings` tables itself: an
/// export that carried no translation of `de_DE.lproj` under `de-DE` could not pass.
final class ExportProofSpellingTests: XCTestCase {
    func testACatalogsDeDEValuesAreLookedForInTheExportOfDeDashDE() throws {
        let json = """
            {"sourceLanguage":"en","strings":{"Done":{"localizations":{
            "de_DE":{"stringUnit":{"state":"translated","value":"Fertig"}}}}},"version":"1.0"}
            """
        let catalog = try CatalogReader.parse(Data(json.utf8), path: "t")
        // An export that looked for "de-DE" and found nothing: the unit has no target.
        let empty = CatalogExporter.file(
            catalog, path: "t", original: "App/L.xcstrings", language: "de-DE",
            tool: XLIFFTool(version: "16.4", build: "16F6"))
        let missed = ExportProof.check([empty.file], language: "de-DE", catalogs: [("App/L.xcstrings", catalog)])
        XCTAssertEqual(missed.checked, 1)
        XCTAssertEqual(missed.problems, ["App/L.xcstrings: unit \"Done\" has no <target>, the catalog has \"Fertig\""])
        // Read in the catalog's own spelling, the export holds it.
        let found = CatalogExporter.file(
            catalog, path: "t", original: "App/L.xcstrings", language: "de-DE", spelledInCatalog: "de_DE",
            tool: XLIFFTool(version: "16.4", build: "16F6"))
        let held = ExportProof.check([found.file], language: "de-DE", catalogs: [("App/L.xcstrings", catalog)])
        XCTAssertEqual(held.problems, [])
        XCTAssertEqual(held.checked, 1)
    }

    func testALegacyTablesValuesAreComparedAndAMissingTranslationFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (language, text) in [
            ("en", "\"Done\" = \"Done\";\n\"Quit\" = \"Quit\";\n"), ("de_DE", "\"Done\" = \"Fertig\";\n"),
        ] {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        let table = ExportProof.LegacyTable(
            original: "App/en.lproj/Localizable.strings", sourceLanguage: "en",
            files: [
                ("en", folder.path + "/en.lproj/Localizable.strings"),
                ("de_DE", folder.path + "/de_DE.lproj/Localizable.strings"),
            ])
        func file(_ targets: [String: String]) -> XLIFFFile {
            let units = ["Done", "Quit"].map { key in
                XLIFFUnit(
                    id: key, source: .plain(key),
                    target: targets[key].map { XLIFFTarget(text: .plain($0), state: nil) }, note: nil)
            }
            let header = XLIFFFileHeader(
                original: table.original, sourceLanguage: "en", targetLanguage: "de-DE", datatype: "plaintext",
                attributeOrder: .languagesFirst, tool: XLIFFTool(version: "16.4", build: "16F6"))
            return XLIFFFile(header: header, units: units)
        }
        let held = ExportProof.check([file(["Done": "Fertig"])], language: "de-DE", catalogs: [], legacyTables: [table])
        XCTAssertEqual(held.problems, [])
        XCTAssertEqual(held.checked, 1)
        let lost = ExportProof.check([file([:])], language: "de-DE", catalogs: [], legacyTables: [table])
        XCTAssertEqual(
            lost.problems,
            ["App/en.lproj/Localizable.strings: unit \"Done\" has the target \"(none)\", the de-DE file \"Fertig\""])
        let added = ExportProof.check(
            [file(["Done": "Fertig", "Quit": "Beenden"])], language: "de-DE", catalogs: [], legacyTables: [table])
        XCTAssertEqual(
            added.problems,
            ["App/en.lproj/Localizable.strings: unit \"Quit\" has the target \"Beenden\", the de-DE file \"(none)\""])
        let absent = ExportProof.check([], language: "de-DE", catalogs: [], legacyTables: [table])
        XCTAssertEqual(
            absent.problems, ["App/en.lproj/Localizable.strings: no <file> for this table in the de-DE export"])
    }
}
