import Foundation
import XCTest

/// Each command's options come from one table: every option its help lists is in its usage line
/// and parsed (never an unknown option), the usage line names no option the list lacks, and an
/// option several commands share takes the same values in each, with the same usage errors.
final class OptionTableTests: WorkFolderTestCase {
    private let commands = ["migrate", "compile", "verify", "lint", "print", "normalize", "status", "export", "import"]

    /// The options a help lists, each with its value as the help shows it (nil: a flag).
    private func listedOptions(_ help: String) -> [(name: String, value: String?)] {
        guard let list = help.components(separatedBy: "\noptions:\n").last else { return [] }
        return list.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  --") else { return nil }
            let words = line.dropFirst(2).split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            let value = words.count > 1 && !words[1].isEmpty ? String(words[1]) : nil
            return (String(words[0]), value)
        }
    }

    func testEveryListedOptionIsInTheUsageLineAndTheUsageLineNamesNoOther() throws {
        for command in commands {
            let help = try Stringcat.run([command, "--help"]).stdout
            let usage = String(help.prefix { $0 != "\n" })
            let listed = listedOptions(help).map(\.name)
            XCTAssertFalse(listed.isEmpty, command)
            let inUsage = usage.split(whereSeparator: { " [|]".contains($0) }).filter { $0.hasPrefix("--") }
            XCTAssertEqual(Set(inUsage.map(String.init)), Set(listed), "\(command): \(usage)")
        }
    }

    func testEveryListedOptionIsParsedAsTheHelpSays() throws {
        for command in commands {
            let help = try Stringcat.run([command, "--help"]).stdout
            for (name, value) in listedOptions(help) {
                let run = try Stringcat.run([command, "\(name)="], in: work)
                XCTAssertEqual(run.status, 2, "\(command) \(name)")
                let expected =
                    value.map { "error: missing value for '\(name) <\($0.lowercased())>'\n" }
                    ?? "error: \(name) takes no value\n"
                XCTAssertTrue(
                    run.stderr.hasPrefix(expected + "usage: stringcat \(command) "), "\(command) \(name): \(run.stderr)"
                )
            }
            let unknown = try Stringcat.run([command, "--no-such-option"], in: work)
            XCTAssertEqual(unknown.status, 2)
            XCTAssertTrue(unknown.stderr.hasPrefix("error: unknown option --no-such-option\n"), unknown.stderr)
        }
    }

    func testAnOptionWithChoicesRefusesAnyOtherValueInTheWordsOfItsHelp() throws {
        for (arguments, message) in [
            (["migrate", "--merge", "--prefer", "both"], "--prefer must be catalog or legacy"),
            (["migrate", "--format-version", "1.2"], "--format-version must be 1.0 or 1.1"),
            (["compile", "X.xcstrings", "--strings-format", "json"], "--strings-format must be text, xml or binary"),
        ] {
            let before = snapshot()
            let run = try Stringcat.run(arguments, in: work)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(
                run.stderr.hasPrefix("error: \(message)\nusage: stringcat \(arguments[0]) "),
                "\(arguments): \(run.stderr)")
            XCTAssertEqual(snapshot(), before)
        }
    }

    /// `--xcode-version` has one vocabulary: what is not an Xcode version is refused in the same
    /// words by both commands; `migrate` takes a release by its major version, `export` a major
    /// version as its latest known release.
    func testXcodeVersionIsOneVocabularyInMigrateAndExport() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        for bad in ["xcode16", "16.", "16.4/", "1.2.3.4"] {
            for command in [["migrate", "App"], ["export", "App", "--output", "Out"]] {
                let run = try Stringcat.run(command + ["--xcode-version", bad], in: work)
                XCTAssertEqual(run.status, 2, "\(command) \(bad)")
                XCTAssertTrue(
                    run.stderr.hasPrefix(
                        "error: --xcode-version '\(bad)' is not an Xcode version: expected a major version (16), a "
                            + "release (16.4) or a release and its build (16.4/16F6)\nusage: stringcat \(command[0]) "),
                    run.stderr)
            }
        }
        // 16.4/16F6 is Xcode 16's migration: catalogs 1.0; 26.3 is Xcode 26's: 1.1.
        for (version, format) in [("16.4/16F6", "1.0"), ("26.3", "1.1")] {
            let run = try Stringcat.run(["migrate", "App", "--force", "--xcode-version", version], in: work)
            XCTAssertEqual(run.status, 0, run.stderr)
            let catalog = try String(
                contentsOf: work.appendingPathComponent("App/Localizable.xcstrings"), encoding: .utf8)
            XCTAssertTrue(catalog.hasSuffix("  \"version\" : \"\(format)\"\n}"), "\(version): \(catalog)")
        }
        // A major version alone exports as its latest known release.
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("Cat"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent(
                "Tests/CLITests/Fixtures/LegacyApp-catalogs/Localizable.xcstrings"),
            to: work.appendingPathComponent("Cat/Localizable.xcstrings"))
        let export = try Stringcat.run(["export", "Cat", "--output", "Out", "--xcode-version", "16"], in: work)
        XCTAssertEqual(export.status, 0, export.stderr)
        let xliff = try String(
            contentsOf: work.appendingPathComponent("Out/en.xcloc/Localized Contents/en.xliff"), encoding: .utf8)
        XCTAssertTrue(
            xliff.contains(
                "<tool tool-id=\"com.apple.dt.xcode\" tool-name=\"Xcode\" tool-version=\"16.4\" build-num=\"16F6\"/>"),
            xliff)
    }
}
