import Foundation
import XCTest

/// Diagnostics on stderr, one line each, control characters escaped, paths relative to the
/// current folder; results and summaries on stdout.
final class StreamsTests: WorkFolderTestCase {
    func testLintPrintsDiagnosticsOnStderrWithRelativePathsAndTheCountOnStdout() throws {
        try write("App/de.lproj/Localizable.strings", "\"a\" = A\n")
        // An absolute path inside the current folder is printed relative to it.
        let run = try Stringcat.run(["lint", work.appendingPathComponent("App").path], in: work)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr, "App/de.lproj/Localizable.strings:1:8: error: missing ';' after the value of \"a\"\n")
        XCTAssertEqual(run.stdout, "1 file checked: 1 error, 0 warnings\n")
    }

    func testAKeyWithALineBreakIsOneEscapedLine() throws {
        // The key is "a<LF>b<TAB>c" (escaped in the file); its duplicate is warned.
        try write("App/en.lproj/Localizable.strings", "\"a\\nb\\tc\" = \"1\";\n\"a\\nb\\tc\" = \"2\";\n")
        let expected =
            "App/en.lproj/Localizable.strings:2:1: warning: duplicate key \"a\\nb\\tc\" (also at line 1) with a "
            + "different value; the last one wins\n"
        let lint = try Stringcat.run(["lint", "App"], in: work)
        XCTAssertEqual(lint.stderr, expected)
        let migrate = try Stringcat.run(["migrate", "App", "--dry-run"], in: work)
        XCTAssertEqual(migrate.stderr, expected)
        let print = try Stringcat.run(["print", "App/en.lproj/Localizable.strings"], in: work)
        XCTAssertEqual(print.stderr, expected)
    }

    func testVerifyPrintsLossesOnStderrAndTheReportOnStdout() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        try write("App/Localizable.xcstrings", MigrateCommandTests.catalogWithEditedA)
        let run = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr,
            """
            App/en.lproj/Localizable.strings:1:1: error: "a" [en]: value changed: "A" -> "Edited A"
            App/en.lproj/Localizable.strings:2:1: error: "b" [en]: key missing

            """)
        XCTAssertEqual(
            run.stdout,
            """
            App/Localizable.xcstrings: catalog on disk: 1 language, 2 keys, 2 losses (1 key missing, 1 value changed)
            verify: 1 table, 2 keys in 1 language: 2 losses in 1 table

            """)
    }

    func testNormalizeCheckReportsEachCatalogAsAnErrorOnStderr() throws {
        try write("A.xcstrings", "{\"sourceLanguage\":\"en\",\"strings\":{},\"version\":\"1.0\"}")
        let before = snapshot()
        let run = try Stringcat.run(["normalize", "--check", "A.xcstrings"], in: work)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr,
            "A.xcstrings: error: not normalized: not in the form Xcode writes; stringcat normalize rewrites it\n")
        XCTAssertEqual(run.stdout, "1 file not normalized, 0 already normalized\n")
        XCTAssertEqual(snapshot(), before)
    }

    func testTheCurrentFolderIsPrintedAsDot() throws {
        let run = try Stringcat.run(["verify", "."], in: work)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, ".: error: no .strings or .stringsdict files in any .lproj folder here\n")
    }
}
