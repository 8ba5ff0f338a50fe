import Foundation
import XCTest

/// Issue 33, item 1: a catalog's language code is a path. A localization keyed `../victim/de`
/// made `compile --force` write `proj/../victim/de.lproj/Localizable.strings`, replacing another
/// project's translations; `lint` said nothing. Every command refuses such a code with its
/// location, and nothing is written.
final class HostileLanguageCodeTests: WorkFolderTestCase {
    private func catalog(key: String) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Done" : {
              "localizations" : {
                "\(key)" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Fertig"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }

        """
    }

    private var located: String {
        work.path + "/proj/Localizable.xcstrings:6:9: error: strings[\"Done\"].localizations[\"../victim/de\"]: "
            + "not a language code (a BCP 47 tag such as en, pt-BR or zh-Hans); nothing is read or written for it"
    }

    /// The reproduction of the issue: nothing is written, the victim's file is as it was, and
    /// `lint` names the code with its line and column.
    func testACatalogKeyedWithAPathIsRefusedByCompileForceAndLint() throws {
        try write("proj/Localizable.xcstrings", catalog(key: "../victim/de"))
        try write("victim/de.lproj/Localizable.strings", "\"Done\" = \"the victim's\";\n")
        let before = snapshot()
        let compile = try Stringcat.run(["compile", work.path + "/proj/Localizable.xcstrings", "--force"])
        XCTAssertEqual(compile.status, 1)
        XCTAssertEqual(compile.stdout, "")
        XCTAssertEqual(compile.stderr, located + "\nnothing written: fix the errors above\n")
        XCTAssertEqual(snapshot(), before)

        let lint = try Stringcat.run(["lint", work.path + "/proj"])
        XCTAssertEqual(lint.status, 1)
        XCTAssertEqual(lint.stderr, located + "\n")
        XCTAssertEqual(lint.stdout, "1 file checked: 1 error, 0 warnings\n")
    }

    /// `normalize`, `print` and `export` read the catalog the same way: an error, nothing written.
    func testEveryCommandThatReadsTheCatalogRefusesIt() throws {
        try write("proj/Localizable.xcstrings", catalog(key: "../victim/de"))
        let before = snapshot()
        for arguments in [
            ["normalize", work.path + "/proj"], ["print", work.path + "/proj/Localizable.xcstrings"],
            ["compile", work.path + "/proj", "--output", work.path + "/out", "--force"],
        ] {
            let run = try Stringcat.run(arguments)
            XCTAssertEqual(run.status, 1, arguments.joined(separator: " "))
            XCTAssertTrue(run.stderr.contains(located), "\(arguments): \(run.stderr)")
        }
        XCTAssertEqual(snapshot(), before)
    }

    func testCompileLanguageMustBeALanguageTag() throws {
        try write("proj/Localizable.xcstrings", catalog(key: "de"))
        let before = snapshot()
        for code in ["../victim/de", "a/b", "de.lproj", "x\ny"] {
            let run = try Stringcat.run(["compile", work.path + "/proj", "--language", code])
            XCTAssertEqual(run.status, 2, code)
            let shown = code.replacingOccurrences(of: "\n", with: "\\n")
            let expected =
                "error: --language '\(shown)' is not a language code: expected a BCP 47 tag such as en, de-DE, "
                + "pt-BR or zh-Hans\n"
            XCTAssertTrue(run.stderr.hasPrefix(expected), run.stderr)
        }
        XCTAssertEqual(snapshot(), before)
        // A tag as the catalog spells it still picks its language.
        let run = try Stringcat.run(["compile", work.path + "/proj", "--language", "de"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: work.path + "/proj/de.lproj/Localizable.strings"))
    }

    /// The one write function refuses a destination outside the tree whatever built it: here a
    /// valid code whose `.lproj` folder is a symbolic link out of the catalog's folder.
    func testCompileWritesNothingThroughALinkOutOfTheCatalogsFolder() throws {
        try write("proj/Localizable.xcstrings", catalog(key: "de"))
        try write("victim/de.lproj/Localizable.strings", "\"Done\" = \"the victim's\";\n")
        try FileManager.default.createSymbolicLink(
            atPath: work.path + "/proj/de.lproj",
            withDestinationPath: "../victim/de.lproj")
        let before = snapshot()
        let run = try Stringcat.run(["compile", work.path + "/proj/Localizable.xcstrings", "--force"])
        XCTAssertEqual(run.status, 1)
        let refusal =
            "\(work.path)/proj/de.lproj/Localizable.strings would be written outside \(work.path)/proj, "
            + "through a symbolic link"
        XCTAssertTrue(run.stderr.contains(refusal), run.stderr)
        XCTAssertEqual(snapshot(), before)
    }

    /// A legacy file's folder names its language: `lint` says when it names none.
    func testLintNamesALegacyFolderThatIsNoLanguage() throws {
        try write("App/x y.lproj/Localizable.strings", "\"a\" = \"b\";\n")
        try write("App/Base.lproj/Main.strings", "\"a\" = \"b\";\n")
        let run = try Stringcat.run(["lint", work.path + "/App"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr,
            work.path + "/App/x y.lproj/Localizable.strings: error: the folder name \"x y.lproj\" "
                + "is not a language code (such as en, pt-BR or zh-Hans), so migrate reads this file into no table: "
                + "rename the folder\n")
    }
}
