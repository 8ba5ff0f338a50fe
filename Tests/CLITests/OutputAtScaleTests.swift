import Foundation
import TestSupport
import XCTest

/// Diagnostics at scale: one line per kind of diagnostic and table, with a count and the first
/// location; `--verbose` prints each; `--quiet` only errors and the summary line.
final class OutputAtScaleTests: WorkFolderTestCase {
    private let groupedEscapes =
        "App/de.lproj/Localizable.strings:1:14: warning: unknown escape '\\?': read as '?' (and 24 more like it in "
        + "this table; --verbose shows each)"
    private let duplicate =
        "App/ja.lproj/Localizable.strings:21:1: warning: duplicate key \"k0\" (also at line 1) with a different value; "
        + "the last one wins"

    /// One table in three languages: 25 unknown escapes in de and ja (one kind), one duplicate
    /// key in ja (another kind).
    override func setUpWithError() throws {
        try super.setUpWithError()
        try write("App/en.lproj/Localizable.strings", (0..<20).map { "\"k\($0)\" = \"why\";\n" }.joined())
        try write("App/de.lproj/Localizable.strings", (0..<5).map { "\"k\($0)\" = \"warum\\?\";\n" }.joined())
        try write(
            "App/ja.lproj/Localizable.strings",
            (0..<20).map { "\"k\($0)\" = \"why\\?\";\n" }.joined() + "\"k0\" = \"dup\";\n")
    }

    private func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    func testMigrateGroupsRepeatedDiagnosticsPerTable() throws {
        let run = try Stringcat.run(["migrate", "App", "--dry-run"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(lines(run.stderr), [groupedEscapes, duplicate])

        let verbose = try Stringcat.run(["migrate", "App", "--dry-run", "--verbose"], in: work)
        XCTAssertEqual(lines(verbose.stderr).count, 26, verbose.stderr)
        XCTAssertTrue(
            lines(verbose.stderr).contains(
                "App/ja.lproj/Localizable.strings:20:13: warning: unknown escape '\\?': read as '?'"), verbose.stderr)
        XCTAssertEqual(verbose.stdout, run.stdout)

        let quiet = try Stringcat.run(["migrate", "App", "--dry-run", "--quiet"], in: work)
        XCTAssertEqual(quiet.stderr, "")
        XCTAssertEqual(quiet.stdout, "would write 1 of 1 catalog (20 entries, 3 languages)\n")
    }

    func testQuietStillPrintsErrors() throws {
        try write("App/fr.lproj/Localizable.strings", "\"a\" = A\n")
        let quiet = try Stringcat.run(["migrate", "App", "--quiet"], in: work)
        XCTAssertEqual(quiet.status, 1)
        XCTAssertEqual(
            lines(quiet.stderr),
            [
                "App/fr.lproj/Localizable.strings:1:8: error: missing ';' after the value of \"a\"",
                "App/Localizable.xcstrings: error: no catalog written for table Localizable: a file does not parse "
                    + "(fix it, or pass --skip-invalid to leave it out)",
            ])
        XCTAssertEqual(quiet.stdout, "wrote 0 of 1 catalog (0 entries, 0 languages); 1 failed, see the errors above\n")
    }

    func testLintGroupsTheFilesOfOneTableInEveryLanguage() throws {
        let run = try Stringcat.run(["lint", "App"], in: work)
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(lines(run.stderr), [groupedEscapes, duplicate])
        XCTAssertEqual(run.stdout, "3 files checked: 0 errors, 26 warnings\n")
        XCTAssertEqual(lines(try Stringcat.run(["lint", "App", "--verbose"], in: work).stderr).count, 26)
        let quiet = try Stringcat.run(["lint", "App", "--quiet"], in: work)
        XCTAssertEqual(quiet.stderr, "")
        XCTAssertEqual(quiet.stdout, "3 files checked: 0 errors, 26 warnings\n")
    }

    func testVerifyGroupsLossesOfOneKind() throws {
        XCTAssertEqual(try Stringcat.run(["migrate", "App"], in: work).status, 0)
        let catalog = work.appendingPathComponent("App/Localizable.xcstrings")
        let text = try String(contentsOf: catalog, encoding: .utf8).replacingOccurrences(
            of: "\"value\" : \"warum?\"", with: "\"value\" : \"WARUM?\"")
        try Data(text.utf8).write(to: catalog)

        let run = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            lines(run.stderr).filter { $0.contains(": error: ") },
            [
                "App/de.lproj/Localizable.strings:1:1: error: \"k0\" [de]: value changed: \"warum?\" -> \"WARUM?\" "
                    + "(and 4 more like it in this table; --verbose shows each)"
            ])
        XCTAssertEqual(
            lines(try Stringcat.run(["verify", "App", "--verbose"], in: work).stderr).filter {
                $0.contains("value changed")
            }.count, 5)
        let quiet = try Stringcat.run(["verify", "App", "--quiet"], in: work)
        XCTAssertEqual(lines(quiet.stderr).count, 1, quiet.stderr)
        XCTAssertEqual(quiet.stdout, "verify: 1 table, 20 keys in 3 languages: 5 losses in 1 table\n")
    }

    func testCompileAndNormalizeQuietPrintOnlyTheSummary() throws {
        XCTAssertEqual(try Stringcat.run(["migrate", "App"], in: work).status, 0)
        let compile = try Stringcat.run(
            ["compile", "App/Localizable.xcstrings", "--output", "out", "--quiet"], in: work)
        XCTAssertEqual(compile.status, 0, compile.stderr)
        XCTAssertEqual(compile.stdout, "wrote 3 files for 1 catalog (3 languages)\n")
        XCTAssertEqual(compile.stderr, "")

        try Data("{\"sourceLanguage\":\"en\",\"strings\":{},\"version\":\"1.0\"}".utf8).write(
            to: work.appendingPathComponent("A.xcstrings"))
        let normalize = try Stringcat.run(["normalize", "A.xcstrings", "--quiet"], in: work)
        XCTAssertEqual(normalize.status, 0, normalize.stderr)
        XCTAssertEqual(normalize.stdout, "1 file normalized, 0 already normalized\n")
    }

    // MARK: the corpus (../shared, beside the repository)

    /// `migrate --dry-run` on two large apps prints at most 40 lines on stderr; each diagnostic
    /// is still there with --verbose.
    func testDryRunOnLargeAppsPrintsAtMost40LinesOnStderr() throws {
        let corpus = try sharedFolder("corpus")
        let corpusFolder = URL(fileURLWithPath: corpus)
        for app in ["iina__iina", "mastodon__mastodon-ios"] {
            let run = try Stringcat.run(["migrate", app, "--dry-run"], in: corpusFolder)
            XCTAssertEqual(run.status, 0, "\(app): \(run.stderr)")
            let count = lines(run.stderr).count
            XCTAssertLessThanOrEqual(count, 40, "\(app): \(count) lines on stderr:\n\(run.stderr)")
            XCTAssertTrue(lines(run.stdout).last?.hasPrefix("would write ") == true, run.stdout)
            let verbose = try Stringcat.run(["migrate", app, "--dry-run", "--verbose"], in: corpusFolder)
            XCTAssertGreaterThanOrEqual(lines(verbose.stderr).count, count, app)
        }
    }
}
