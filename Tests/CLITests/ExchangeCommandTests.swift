import Foundation
import XCTest

/// `stringcat export` and `stringcat import` as a user runs them: exit statuses, what they print,
/// `--json`, `--report`, and the round trip to a translator and back.
final class ExchangeCommandTests: WorkFolderTestCase {
    let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Done" : {
              "comment" : "A button",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Fertig"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Done"
                  }
                }
              }
            },
            "Quit" : {

            }
          },
          "version" : "1.0"
        }
        """

    func testExportThenATranslatorsImportWritesTheTranslationAndNothingElse() throws {
        try write("App/Localizable.xcstrings", catalog)
        let export = try Stringcat.run(["export", "App", "--output", "Out", "--xcode-version", "16.4"], in: work)
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(
            export.stdout.contains(
                "proof: every value of 1 catalog is in its language's XLIFF (2 values compared); importing the files "
                    + "back changes no catalog"
            ), export.stdout)
        XCTAssertTrue(export.stdout.hasSuffix("wrote 2 of 2 packages (1 catalog) into Out\n"), export.stdout)
        let xliffPath = work.appendingPathComponent("Out/de.xcloc/Localized Contents/de.xliff")
        var xliff = try String(contentsOf: xliffPath, encoding: .utf8)
        XCTAssertTrue(xliff.contains("tool-version=\"16.4\" build-num=\"16F6\""))
        // The translator fills in "Quit".
        xliff = xliff.replacingOccurrences(
            of: "<source>Quit</source>",
            with: "<source>Quit</source>\n        <target state=\"translated\">Beenden</target>")
        try xliff.write(to: xliffPath, atomically: true, encoding: .utf8)
        let untouched = try Stringcat.run(["import", "Out/en.xcloc", "--project", "App"], in: work)
        XCTAssertEqual(untouched.status, 0, untouched.stderr)
        XCTAssertEqual(
            try String(contentsOf: work.appendingPathComponent("App/Localizable.xcstrings"), encoding: .utf8), catalog)
        let imported = try Stringcat.run(["import", "Out/de.xcloc", "--project", "App"], in: work)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(
            imported.stdout,
            "App/Localizable.xcstrings [de]: 1 imported, 1 unchanged\nwrote 1 catalog (1 value imported from 1 XLIFF "
                + "file)\n"
        )
        let after = try String(contentsOf: work.appendingPathComponent("App/Localizable.xcstrings"), encoding: .utf8)
        XCTAssertEqual(
            after,
            catalog.replacingOccurrences(
                of: "\"Quit\" : {\n\n    }",
                with: """
                    "Quit" : {
                          "localizations" : {
                            "de" : {
                              "stringUnit" : {
                                "state" : "translated",
                                "value" : "Beenden"
                              }
                            }
                          }
                        }
                    """))
    }

    func testJSONAndReportDescribeTheRun() throws {
        try write("App/Localizable.xcstrings", catalog)
        let export = try Stringcat.run(
            ["export", "App", "--output", "Out", "--json", "--report", "export.md"], in: work)
        XCTAssertEqual(export.status, 0, export.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["ok"] as? Bool, true)
        XCTAssertEqual((json["packages"] as? [[String: Any]])?.map { $0["language"] as? String }, ["de", "en"])
        XCTAssertEqual((json["proof"] as? [String: Any])?["checked"] as? Int, 2)
        let page = try String(contentsOf: work.appendingPathComponent("export.md"), encoding: .utf8)
        XCTAssertTrue(page.hasPrefix("# Export: wrote 2 languages, 1 catalog\n"), page)
        XCTAssertFalse(page.contains(work.path))
        let imported = try Stringcat.run(
            ["import", "Out/de.xcloc", "--project", "App", "--dry-run", "--json", "--report", "import.md"], in: work)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let importJSON = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [String: Any])
        // "Done", as translated, and "Quit", which has no German value and no target.
        XCTAssertEqual((importJSON["catalogs"] as? [[String: Any]])?.first?["unchanged"] as? Int, 2)
        XCTAssertEqual(importJSON["written"] as? Bool, false)
        let importPage = try String(contentsOf: work.appendingPathComponent("import.md"), encoding: .utf8)
        XCTAssertTrue(
            importPage.hasPrefix("# Import: nothing to change, the catalogs already hold every translation\n"),
            importPage)
    }

    func testBadInputExitsOneWithALocatedErrorAndUsageMistakesExitTwo() throws {
        try write("App/Localizable.xcstrings", catalog)
        try write(
            "bad.xliff",
            "<xliff version=\"1.2\">\n  <file original=\"App/Localizable.xcstrings\">\n    <body/>\n  "
                + "</file>\n</xliff>\n"
        )
        let before = snapshot()
        let bad = try Stringcat.run(["import", "bad.xliff", "--project", "."], in: work)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(
            bad.stderr.contains(
                "bad.xliff:2:3: error: <file original=\"App/Localizable.xcstrings\"> has no target-language"),
            bad.stderr)
        XCTAssertEqual(snapshot(), before)
        XCTAssertEqual(try Stringcat.run(["export", "App"], in: work).status, 2)
        XCTAssertEqual(
            try Stringcat.run(["export", "App", "--output", "O", "--xcode-version", "9.9"], in: work).status, 2)
        XCTAssertEqual(try Stringcat.run(["import"], in: work).status, 2)
        XCTAssertEqual(try Stringcat.run(["import", "missing.xcloc"], in: work).status, 1)
    }
}
