import Foundation
import TestSupport
import XCTest

/// (docs/spec/project-edit.md#a-strings-file-outside-any-lproj): a `.strings` file outside any `.lproj`
/// that the project lists as a plain file (no variant group), such as `InfoPlist.strings` beside `Info.plist`, is
/// the development language's table: its catalog goes beside it and takes its reference's slot.
final class PlainStringsFileTests: WorkFolderTestCase {
    private func text(_ relative: String) throws -> String {
        try String(contentsOf: work.appendingPathComponent(relative), encoding: .utf8)
    }

    private func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: work.appendingPathComponent(relative).path)
    }

    private func writeProject(developmentRegion: String = "en") throws -> (reference: String, project: MiniProject) {
        var project = MiniProject()
        project.developmentRegion = developmentRegion
        project.knownRegions = [developmentRegion, "Base"]
        let reference = project.plainFile("InfoPlist.strings", in: "App", targets: ["App"])
        project.variantGroup("Localizable.strings", in: "App", languages: [developmentRegion], targets: ["App"])
        try write("P/App.xcodeproj/project.pbxproj", project.text())
        try write("P/App/InfoPlist.strings", "/* Shown under the icon */\n\"CFBundleDisplayName\" = \"Notes\";\n")
        try write("P/App/\(developmentRegion).lproj/Localizable.strings", "\"hello\" = \"Hello\";\n")
        return (reference, project)
    }

    func testAPlainStringsFileIsTheDevelopmentLanguagesTableBesideIt() throws {
        let (reference, _) = try writeProject(developmentRegion: "fr")
        let run = try Stringcat.run(["migrate", "P"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("P/App/InfoPlist.xcstrings: written, 1 language (fr), 1 entry"), run.stdout)
        XCTAssertEqual(
            try text("P/App/InfoPlist.xcstrings"),
            """
            {
              "sourceLanguage" : "fr",
              "strings" : {
                "CFBundleDisplayName" : {
                  "comment" : "Shown under the icon",
                  "extractionState" : "migrated",
                  "localizations" : {
                    "fr" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Notes"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """)
        // The catalog's reference takes the plain file's slot; the file's reference and build
        // file are gone, and a build file for the catalog stands where it was.
        let pbxproj = try text("P/App.xcodeproj/project.pbxproj")
        XCTAssertFalse(pbxproj.contains(reference), pbxproj)
        XCTAssertFalse(pbxproj.contains("InfoPlist.strings"), pbxproj)
        XCTAssertTrue(
            pbxproj.contains(
                "/* InfoPlist.xcstrings */ = {isa = PBXFileReference; lastKnownFileType = text.json.xcstrings; path = "
                    + "InfoPlist.xcstrings; sourceTree = \"<group>\"; };"
            ), pbxproj)
        XCTAssertTrue(pbxproj.contains("/* InfoPlist.xcstrings in Resources */ = {isa = PBXBuildFile;"), pbxproj)
        let app = try XCTUnwrap(
            pbxproj.range(of: "/* App */ = {\n\t\t\tisa = PBXGroup;").map {
                String(pbxproj[$0.upperBound...].prefix(300))
            })
        XCTAssertTrue(app.hasPrefix("\n\t\t\tchildren = (\n\t\t\t\t"), app)
        XCTAssertTrue(
            app.range(of: "InfoPlist.xcstrings")!.lowerBound < app.range(of: "Localizable.xcstrings")!.lowerBound, app)
        // The kept file is the table's legacy file for status, verify and --delete-legacy.
        let status = try Stringcat.run(["status", "P"], in: work)
        XCTAssertTrue(
            status.stdout.contains(
                "P/App/InfoPlist.xcstrings: half-migrated, 1 legacy file; project references the catalog\n"),
            status.stdout)
        let verify = try Stringcat.run(["verify", "P"], in: work)
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        XCTAssertTrue(
            verify.stdout.hasSuffix(
                "verify: 2 tables, 2 keys in 1 language: nothing lost; 1 target: the same bundle as before the "
                    + "migration\n"),
            verify.stdout)
        let delete = try Stringcat.run(["migrate", "P", "--delete-legacy"], in: work)
        XCTAssertEqual(delete.status, 0, delete.stderr)
        XCTAssertFalse(exists("P/App/InfoPlist.strings"))
        XCTAssertTrue(exists("P/App"), "the folder that held the plain file stays")
    }

    func testVerifyCatchesADamagedCatalogOfAPlainFile() throws {
        _ = try writeProject()
        XCTAssertEqual(try Stringcat.run(["migrate", "P"], in: work).status, 0)
        let damaged = try text("P/App/InfoPlist.xcstrings").replacingOccurrences(
            of: "\"value\" : \"Notes\"", with: "\"value\" : \"Note\"")
        try write("P/App/InfoPlist.xcstrings", damaged)
        let verify = try Stringcat.run(["verify", "P"], in: work)
        XCTAssertEqual(verify.status, 1, verify.stdout)
        XCTAssertTrue(
            verify.stdout.contains(
                "P/App/InfoPlist.xcstrings: catalog on disk: 1 language, 1 key, 1 loss (1 value changed)\n"),
            verify.stdout)
    }

    func testAPlainStringsFileInsideAnLprojOrOfAnotherBundleIsNoPlainTable() throws {
        var project = MiniProject()
        project.plainFile("Root.strings", in: "App/Settings.bundle", targets: ["App"])
        project.plainFile("Loose.strings", in: "App/de.lproj", targets: ["App"])
        try write("P/App.xcodeproj/project.pbxproj", project.text())
        try write("P/App/Settings.bundle/Root.strings", "\"a\" = \"A\";\n")
        try write("P/App/de.lproj/Loose.strings", "\"b\" = \"B\";\n")
        let run = try Stringcat.run(["migrate", "P", "--dry-run"], in: work)
        XCTAssertFalse(run.stdout.contains("Root.xcstrings"), run.stdout)
        XCTAssertFalse(run.stdout.contains("App/Loose.xcstrings"), run.stdout)
        XCTAssertFalse(run.stdout.contains("de.lproj/Loose.xcstrings"), run.stdout)
    }

    /// alt-tab keeps a genstrings template `l10n/Localizable.strings` beside its `.lproj` folders,
    /// in no build phase: no bundle holds it, so it is no table, and the `.lproj` table keeps its
    /// catalog path.
    func testAPlainStringsFileNoTargetCopiesIsNoTable() throws {
        var project = MiniProject()
        project.knownRegions = ["en", "de"]
        project.plainFile("Localizable.strings", in: "App/l10n", targets: [])
        project.variantGroup("Localizable.strings", in: "App/l10n", languages: ["en", "de"], targets: ["App"])
        try write("P/App.xcodeproj/project.pbxproj", project.text())
        try write("P/App/l10n/Localizable.strings", "\"a\" = \"template\";\n")
        try write("P/App/l10n/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("P/App/l10n/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        let run = try Stringcat.run(["migrate", "P"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains("P/App/l10n/Localizable.xcstrings: written, 2 languages (de, en), 1 entry"), run.stdout)
        XCTAssertFalse(try text("P/App/l10n/Localizable.xcstrings").contains("template"))
        XCTAssertTrue(
            try text("P/App.xcodeproj/project.pbxproj").contains("path = Localizable.strings;"),
            "the template's reference stays")
    }
}
