import Foundation
import XCTest

/// Colour and progress lines are for people at a terminal: never in a pipe, and no colour with
/// NO_COLOR set.
final class TerminalOutputTests: WorkFolderTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"a\" = \"B\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = A\n")
    }

    /// Every command that prints diagnostics, with a warning and an error to print.
    private var commands: [[String]] {
        [
            ["lint", "App"], ["migrate", "App", "--dry-run"], ["verify", "App"], ["compile", "missing.xcstrings"],
            ["normalize", "--check", "missing.xcstrings"], ["migrate", "--output", "--dry-run"],
        ]
    }

    func testPipedOutputHasNoEscapeCodes() throws {
        for arguments in commands {
            for environment: [String: String?] in [["NO_COLOR": nil, "TERM": "xterm-256color"], ["NO_COLOR": "1"]] {
                let run = try Stringcat.run(arguments, in: work, environment: environment)
                XCTAssertTrue(run.stderr.contains("error:"), "\(arguments): \(run.stderr)")
                XCTAssertFalse(
                    run.stderr.contains("\u{1B}") || run.stderr.contains("\r"),
                    "\(arguments) \(environment): \(run.stderr.debugDescription)")
                XCTAssertFalse(run.stdout.contains("\u{1B}"), "\(arguments): \(run.stdout.debugDescription)")
            }
        }
    }

    func testOnATerminalSeveritiesAreColouredUnlessNoColorIsSet() throws {
        guard
            let coloured = try Stringcat.runWithStderrOnATerminal(
                ["lint", "App"], in: work, environment: ["NO_COLOR": nil, "TERM": "xterm-256color"])
        else {
            throw XCTSkip("no pseudo-terminal on this system")
        }
        XCTAssertEqual(coloured.status, 1)
        XCTAssertTrue(
            coloured.stderr.contains("App/de.lproj/Localizable.strings:1:8: \u{1B}[1;31merror:\u{1B}[0m missing ';'"),
            coloured.stderr.debugDescription)
        XCTAssertTrue(
            coloured.stderr.contains(": \u{1B}[1;35mwarning:\u{1B}[0m duplicate key"), coloured.stderr.debugDescription)
        XCTAssertFalse(coloured.stdout.contains("\u{1B}"), "stdout is a pipe: \(coloured.stdout.debugDescription)")

        let plain = try Stringcat.runWithStderrOnATerminal(
            ["lint", "App"], in: work, environment: ["NO_COLOR": "1", "TERM": "xterm-256color"])!
        XCTAssertTrue(
            plain.stderr.contains("App/de.lproj/Localizable.strings:1:8: error: missing ';'"),
            plain.stderr.debugDescription)
        XCTAssertFalse(plain.stderr.contains("\u{1B}[1;3"), plain.stderr.debugDescription)
    }

    func testOnATerminalLongCommandsShowAProgressLineAndClearIt() throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent(
                "Tests/CLITests/Fixtures/LegacyApp-catalogs/Localizable.xcstrings"),
            to: work.appendingPathComponent("X.xcstrings"))
        for (arguments, progress) in [
            (["lint", "App"], "lint: "), (["verify", "App"], "verify: "),
            (["migrate", "App", "--dry-run"], "[1/1] Localizable"),
            (["compile", "X.xcstrings", "--dry-run"], "compile: planning 1 catalog"),
        ] {
            guard let run = try Stringcat.runWithStderrOnATerminal(arguments, in: work, environment: ["NO_COLOR": "1"])
            else {
                throw XCTSkip("no pseudo-terminal on this system")
            }
            XCTAssertTrue(run.stderr.contains("\r\u{1B}[K" + progress), "\(arguments): \(run.stderr.debugDescription)")
            XCTAssertFalse(run.stdout.contains("\r"), "\(arguments): \(run.stdout.debugDescription)")
        }
    }
}
