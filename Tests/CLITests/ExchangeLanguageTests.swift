import Foundation
import XCTest

/// `export` and `import` find a project's languages as the app model and the catalogs spell them:
/// a language asked for in any spelling is the project's own (`--language de-DE` exports
/// `de_DE.lproj`), an XLIFF's `target-language` lands in the catalog's spelling, the export's
/// proof covers legacy tables too, and an import that would take a value out of the app is
/// refused (issue 39, item 4).
final class ExchangeLanguageTests: WorkFolderTestCase {
    /// The sample with its German folder named `de_DE.lproj`, as older projects name regions.
    private func sampleWithDeDE() throws {
        let app = work.appendingPathComponent("App")
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"), to: app)
        try FileManager.default.moveItem(
            at: app.appendingPathComponent("LegacyApp/de.lproj"),
            to: app.appendingPathComponent("LegacyApp/de_DE.lproj"))
        let projectFile = app.appendingPathComponent("LegacyApp.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: projectFile, encoding: .utf8)
        let renamed = try NSRegularExpression(pattern: "\\bde\\b").stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "de_DE")
        XCTAssertNotEqual(renamed, text)
        try renamed.write(to: projectFile, atomically: true, encoding: .utf8)
    }

    func testEitherSpellingOfARegionExportsItsLegacyTranslationsAndTheProofReadsTheTables() throws {
        try sampleWithDeDE()
        for (code, output) in [("de_DE", "Out1"), ("de-DE", "Out2")] {
            let run = try Stringcat.run(["export", "App", "--output", output, "--language", code], in: work)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(
                run.stdout,
                "\(output)/de_DE.xcloc: written, 10 units, 10 with a translation\n"
                    + "proof: every value of 0 catalogs and 2 legacy tables is in its language's XLIFF (10 values "
                    + "compared); importing the files back changes no catalog\n"
                    + "wrote 1 of 1 package (0 catalogs, 2 legacy tables) into \(output)\n")
        }
        // A language the project does not have yet: exported without a translation, and the proof
        // says it had nothing to compare.
        let new = try Stringcat.run(["export", "App", "--output", "Out3", "--language", "fr"], in: work)
        XCTAssertEqual(new.status, 0, new.stderr)
        XCTAssertTrue(new.stdout.hasPrefix("Out3/fr.xcloc: written, 10 units, 0 with a translation\n"), new.stdout)
        XCTAssertTrue(
            new.stdout.contains(
                "(0 values compared: no catalog or table holds a value in the languages exported)"), new.stdout)
    }

    func testATargetLanguageInAnotherSpellingIsImportedIntoTheCatalogsOwnLocalization() throws {
        try sampleWithDeDE()
        XCTAssertEqual(try Stringcat.run(["migrate", "App", "--quiet"], in: work).status, 0)
        let export = try Stringcat.run(["export", "App", "--output", "Out", "--language", "de-DE"], in: work)
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(
            export.stdout.hasPrefix("Out/de_DE.xcloc: written, 20 units, 20 with a translation\n"), export.stdout)
        let xliffPath = work.appendingPathComponent("Out/de_DE.xcloc/Localized Contents/de_DE.xliff")
        var xliff = try String(contentsOf: xliffPath, encoding: .utf8)
        xliff = xliff.replacingOccurrences(of: "target-language=\"de_DE\"", with: "target-language=\"de-DE\"")
        let welcome = "<target state=\"translated\">Willkommen</target>"
        XCTAssertTrue(xliff.contains(welcome), xliff)
        xliff = xliff.replacingOccurrences(
            of: welcome, with: "<target state=\"translated\">Herzlich willkommen</target>")
        try xliff.write(to: xliffPath, atomically: true, encoding: .utf8)
        let run = try Stringcat.run(["import", "Out/de_DE.xcloc", "--project", "App"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        let catalog = try String(
            contentsOf: work.appendingPathComponent("App/LegacyApp/Localizable.xcstrings"), encoding: .utf8)
        XCTAssertTrue(catalog.contains("\"value\" : \"Herzlich willkommen\""), catalog)
        XCTAssertFalse(catalog.contains("\"de-DE\""), catalog)
    }

    func testAnImportThatWouldTakeAValueOutOfTheAppIsRefusedAndWritesNothing() throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"),
            to: work.appendingPathComponent("App"))
        XCTAssertEqual(try Stringcat.run(["migrate", "App", "--quiet"], in: work).status, 0)
        XCTAssertEqual(try Stringcat.run(["export", "App", "--output", "Out", "--language", "de"], in: work).status, 0)
        let xliffPath = work.appendingPathComponent("Out/de.xcloc/Localized Contents/de.xliff")
        let xliff = try String(contentsOf: xliffPath, encoding: .utf8)
        // The translator marks "Welcome" new: Xcode's build writes no value in state new, so the
        // app's German table would lose it.
        let welcome = "<target state=\"translated\">Willkommen</target>"
        XCTAssertTrue(xliff.contains(welcome), xliff)
        try xliff.replacingOccurrences(of: welcome, with: "<target state=\"new\">Willkommen</target>")
            .write(to: xliffPath, atomically: true, encoding: .utf8)
        let before = snapshot()
        let run = try Stringcat.run(["import", "Out/de.xcloc", "--project", "App"], in: work)
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(
            run.stderr.contains(
                "App/LegacyApp/Localizable.xcstrings: error: the import would leave \"Welcome\" out of the de "
                    + "Localizable table the app builds (Xcode's build writes no value in state new, nor one it "
                    + "cannot compile): nothing was written"), run.stderr)
        XCTAssertEqual(snapshot(), before)
    }
}
