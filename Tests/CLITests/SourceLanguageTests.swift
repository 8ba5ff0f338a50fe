import Foundation
import XCTest

/// `--source-language`: a BCP 47 code, checked before anything is read, written with `-`; and a
/// warning when a table has no strings in the language chosen.
final class SourceLanguageTests: WorkFolderTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/de_DE.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
    }

    func testCodesThatAreNotLanguageCodesAreUsageErrors() throws {
        for (command, code) in [
            ("migrate", "not a code!"), ("migrate", "e"), ("migrate", "english"), ("migrate", "Base"),
            ("migrate", "en-"), ("migrate", "de-DE-x"), ("verify", "not a code!"),
        ] {
            let before = snapshot()
            let run = try Stringcat.run([command, "App", "--source-language", code], in: work)
            XCTAssertEqual(run.status, 2, "\(command) \(code): \(run.stdout)\(run.stderr)")
            XCTAssertTrue(
                run.stderr.hasPrefix(
                    "error: --source-language '\(code)' is not a language code: expected a BCP 47 tag such as en, "
                        + "de-DE, pt-BR or zh-Hans\nusage: stringcat \(command) "
                ),
                run.stderr)
            XCTAssertEqual(snapshot(), before)
        }
        let empty = try Stringcat.run(["migrate", "App", "--source-language="], in: work)
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.hasPrefix("error: missing value for '--source-language <code>'\n"), empty.stderr)
        let option = try Stringcat.run(["migrate", "App", "--source-language", "--json"], in: work)
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.stderr.hasPrefix("error: missing value for '--source-language <code>'\n"), option.stderr)
    }

    func testCodesAreWrittenWithHyphensInTheirUsualCase() throws {
        for (given, expected) in [
            ("de_DE", "de-DE"), ("EN", "en"), ("zh_hans", "zh-Hans"), ("sr-latn-rs", "sr-Latn-RS"),
            ("es-419", "es-419"),
            ("de-CH-1996", "de-CH-1996"), ("ca-valencia", "ca-valencia"),
        ] {
            let run = try Stringcat.run(
                ["migrate", "App", "--dry-run", "--json", "--source-language", given], in: work)
            XCTAssertEqual(run.status, 0, "\(given): \(run.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
            XCTAssertEqual(object["sourceLanguage"] as? String, expected, given)
        }
    }

    func testATableWithNoStringsInTheSourceLanguageIsWarned() throws {
        // de_DE.lproj in a bare folder is the catalog's de-DE: a real source language here.
        let german = try Stringcat.run(["migrate", "App", "--dry-run", "--source-language", "de_DE"], in: work)
        XCTAssertEqual(german.status, 0, german.stderr)
        XCTAssertEqual(german.stderr, "")
        XCTAssertTrue(german.stdout.hasPrefix("source language: de-DE (--source-language)\n"), german.stdout)

        let french = try Stringcat.run(["migrate", "App", "--dry-run", "--source-language", "fr"], in: work)
        XCTAssertEqual(french.status, 0, french.stderr)
        XCTAssertEqual(
            french.stderr,
            "App/Localizable.xcstrings: warning: no strings in the source language 'fr'; if the development language "
                + "is another, pass it with --source-language\n"
        )

        let json = try Stringcat.run(["migrate", "App", "--dry-run", "--json", "--source-language", "fr"], in: work)
        let table =
            ((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any])["tables"]
            as! [[String: Any]])[0]
        let messages = (table["diagnostics"] as! [[String: Any]]).compactMap { $0["message"] as? String }
        XCTAssertTrue(messages.contains { $0.hasPrefix("no strings in the source language 'fr'") }, "\(messages)")
    }

    func testStoryboardAndInfoPlistTablesAreNotWarned() throws {
        // Their source strings are in the storyboard and the Info.plist, not in .strings files.
        try write("App/Base.lproj/Main.storyboard", "<document/>\n")
        try write("App/de_DE.lproj/Main.strings", "\"x.text\" = \"X\";\n")
        try write("App/de_DE.lproj/InfoPlist.strings", "CFBundleName = \"App\";\n")
        let run = try Stringcat.run(
            ["migrate", "App", "--dry-run", "--table", "Main", "--table", "InfoPlist"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("no strings in the source language"), run.stderr)
    }
}
