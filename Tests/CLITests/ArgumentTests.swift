import Foundation
import XCTest

/// Command-line manners: an option's name is never taken as another option's value, `help
/// COMMAND` is `COMMAND --help`, and every help lists `-h, --help` and the exit statuses.
final class ArgumentTests: WorkFolderTestCase {
    private let commands = ["migrate", "compile", "verify", "lint", "print", "normalize", "status", "export", "import"]

    /// Every option that takes a value, with a command line that gives it another option instead.
    private let optionsFollowedByAnOption: [(arguments: [String], option: String)] = [
        (["migrate", "App", "--output", "--dry-run"], "--output <dir>"),
        (["migrate", "App", "--source-language", "--json"], "--source-language <code>"),
        (["migrate", "App", "--table", "--force"], "--table <name>"),
        (["migrate", "App", "--exclude", "--all-files"], "--exclude <glob>"),
        (["migrate", "App", "--format-version", "--merge"], "--format-version <version>"),
        (["migrate", "App", "--xcode-version", "--merge"], "--xcode-version <version>"),
        (["verify", "App", "--source-language", "--json"], "--source-language <code>"),
        (["verify", "App", "--table", "--json"], "--table <name>"),
        (["compile", "X.xcstrings", "--output", "--force"], "--output <dir>"),
        (["compile", "X.xcstrings", "--language", "--dry-run"], "--language <code>"),
        (["compile", "X.xcstrings", "--strings-format", "--force"], "--strings-format <format>"),
    ]

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent(
                "Tests/CLITests/Fixtures/LegacyApp-catalogs/Localizable.xcstrings"),
            to: work.appendingPathComponent("X.xcstrings"))
    }

    func testAnOptionNameIsNeverTakenAsAValue() throws {
        for (arguments, option) in optionsFollowedByAnOption {
            let before = snapshot()
            let run = try Stringcat.run(arguments, in: work)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stdout)\(run.stderr)")
            XCTAssertTrue(
                run.stderr.hasPrefix("error: missing value for '\(option)'\nusage: stringcat \(arguments[0]) "),
                "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", "\(arguments)")
            XCTAssertEqual(snapshot(), before, "\(arguments) wrote files (a folder named after the option?)")
        }
    }

    func testAnOptionWithoutAnyValueOrWithAnEmptyOneIsAUsageError() throws {
        for arguments in [
            ["migrate", "App", "--output"], ["migrate", "App", "--output="], ["migrate", "App", "--output", ""],
            ["compile", "X.xcstrings", "--language"],
        ] {
            let before = snapshot()
            let run = try Stringcat.run(arguments, in: work)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.hasPrefix("error: missing value for '"), "\(arguments): \(run.stderr)")
            XCTAssertEqual(snapshot(), before)
        }
    }

    /// `--xcode-version` takes Xcode 15, 16 or 26 (a release of them too, `OptionTableTests`) and
    /// writes nothing otherwise; 26 writes catalogs 1.1 unless `--format-version` says otherwise.
    func testXcodeVersionTakesFifteenSixteenOrTwentySixAndSetsTheCatalogVersion() throws {
        for bad in ["17", "27", "14.3/14E222"] {
            let before = snapshot()
            let run = try Stringcat.run(["migrate", "App", "--xcode-version", bad], in: work)
            XCTAssertEqual(run.status, 2, bad)
            XCTAssertTrue(
                run.stderr.hasPrefix(
                    "error: --xcode-version must be 15, 16 or 26, or a release of them (16.4, 26.3/17C529); use 26 "
                        + "for a later Xcode\nusage: stringcat migrate "),
                run.stderr)
            XCTAssertEqual(snapshot(), before, bad)
        }
        for (arguments, version) in [
            (["--xcode-version", "26"], "1.1"), (["--xcode-version", "26", "--format-version", "1.0"], "1.0"),
            (["--xcode-version", "15"], "1.0"),
        ] {
            let run = try Stringcat.run(["migrate", "App", "--force"] + arguments, in: work)
            XCTAssertEqual(run.status, 0, run.stderr)
            let catalog = try String(
                contentsOf: work.appendingPathComponent("App/Localizable.xcstrings"), encoding: .utf8)
            XCTAssertTrue(catalog.hasSuffix("  \"version\" : \"\(version)\"\n}"), "\(arguments): \(catalog)")
        }
    }

    func testAValueStartingWithDashesIsGivenWithAnEqualsSign() throws {
        let run = try Stringcat.run(["migrate", "App", "--output=--odd"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("--odd/Localizable.xcstrings").path))
    }

    func testHelpCommandShowsTheCommandsHelp() throws {
        for command in commands {
            let viaHelp = try Stringcat.run(["help", command])
            let viaFlag = try Stringcat.run([command, "--help"])
            XCTAssertEqual(viaHelp.status, 0)
            XCTAssertEqual(viaHelp.stdout, viaFlag.stdout, command)
            XCTAssertTrue(viaHelp.stdout.hasPrefix("usage: stringcat \(command)"), viaHelp.stdout)
        }
        XCTAssertEqual(try Stringcat.run(["help"]).stdout, try Stringcat.run(["--help"]).stdout)
        let unknown = try Stringcat.run(["help", "frobnicate"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("error: unknown subcommand 'frobnicate'\n"), unknown.stderr)
    }

    func testEveryHelpListsHelpAndTheExitStatuses() throws {
        for command in commands {
            let run = try Stringcat.run([command, "-h"])
            XCTAssertEqual(run.status, 0)
            XCTAssertTrue(run.stdout.contains("\n  -h, --help "), "\(command) --help lacks -h, --help:\n\(run.stdout)")
            XCTAssertTrue(
                run.stdout.contains("\nexit status: 0 "), "\(command) --help lacks the exit statuses:\n\(run.stdout)")
            XCTAssertTrue(run.stdout.contains("2 usage error"), "\(command) --help lacks exit status 2:\n\(run.stdout)")
        }
    }

    func testQuietAndVerboseTogetherIsAUsageError() throws {
        let run = try Stringcat.run(["lint", "X.xcstrings", "--quiet", "--verbose"], in: work)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(
            run.stderr.hasPrefix("error: --quiet and --verbose cannot be used together\nusage: stringcat lint"),
            run.stderr)
    }
}
