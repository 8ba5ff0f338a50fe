import XCTest

final class ToolTests: XCTestCase {
    func testHelpListsEverySubcommand() throws {
        let run = try Stringcat.run(["--help"])
        XCTAssertEqual(run.status, 0)
        for name in ["migrate", "compile", "verify", "lint", "print", "normalize"] {
            XCTAssertTrue(run.stdout.contains("  \(name) "), "help lacks \(name):\n\(run.stdout)")
        }
    }

    func testVersion() throws {
        let run = try Stringcat.run(["--version"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.hasPrefix("stringcat "))
    }

    func testUnknownSubcommandIsAUsageError() throws {
        let run = try Stringcat.run(["frobnicate"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("error: unknown subcommand 'frobnicate'"))
        XCTAssertEqual(run.stdout, "")
    }

    func testNoArgumentsPrintsUsageAndFails() throws {
        let run = try Stringcat.run([])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("usage: stringcat SUBCOMMAND"))
    }
}
