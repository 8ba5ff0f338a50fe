import Foundation
import XCTest

/// Bad input gets a clear error from every command that takes it: the path, what is wrong, and
/// the exit status; and a command given bad input writes nothing.
///
/// Not repeated here (MigrateCommandTests.testBadPathsAreClearErrors): `migrate` on a missing path
/// and on a folder with no `.lproj`.
final class BadInputTests: WorkFolderTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try write("noloc/readme.txt", "no .lproj folder here\n")
        try write("NotJSON.xcstrings", "this is not JSON\n")
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/en.lproj/Localizable.stringsdict", "not a plist <\n")
        try write("Merge/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("Merge/Localizable.xcstrings", "this is not JSON\n")
        // Root-proof "cannot read": a folder with a file's name, a symbolic link to nothing.
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("Folder.xcstrings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("Dir/en.lproj/Localizable.strings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("Link/en.lproj"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("Link/en.lproj/Localizable.strings").path,
            withDestinationPath: work.appendingPathComponent("gone/Localizable.strings").path)
    }

    /// Runs `stringcat` in the work folder; checks the exit status, that each expected line is
    /// printed (diagnostics on stderr, `stdout` lines such as lint's count on stdout), and that
    /// nothing under the work folder changed.
    private func expect(
        _ arguments: [String], status: Int32, lines: [String], stdout: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = snapshot()
        let run = try Stringcat.run(arguments, in: work)
        XCTAssertEqual(
            run.status, status, "\(arguments): stdout:\n\(run.stdout)\nstderr:\n\(run.stderr)", file: file, line: line)
        for (expectedLines, output) in [(lines, run.stderr), (stdout, run.stdout)] {
            let printed = output.split(separator: "\n").map(String.init)
            for expected in expectedLines {
                XCTAssertTrue(
                    printed.contains {
                        $0 == expected || (expected.hasSuffix("…") && $0.hasPrefix(expected.dropLast()))
                    },
                    "\(arguments): expected the line\n  \(expected)\nin:\n\(output)", file: file, line: line)
            }
        }
        XCTAssertEqual(snapshot(), before, "\(arguments) changed files", file: file, line: line)
    }

    // MARK: a folder with no .lproj (or a folder where a file is expected)

    func testFolderWithoutLprojOrWhereAFileIsExpected() throws {
        try expect(
            ["verify", "noloc"], status: 1,
            lines: ["noloc: error: no .strings or .stringsdict files in any .lproj folder here"])
        // compile and normalize search a folder for catalogs; finding none is an error.
        try expect(["compile", "noloc"], status: 1, lines: ["noloc: error: no .xcstrings file in this folder"])
        // lint searches a folder; finding nothing is a warning, not an error.
        try expect(
            ["lint", "noloc"], status: 0,
            lines: ["noloc: warning: no .strings, .stringsdict or .xcstrings file in this folder"],
            stdout: ["0 files checked: 0 errors, 1 warning"])
        try expect(
            ["print", "noloc"], status: 1, lines: ["noloc: error: not a .strings, .stringsdict or .xcstrings file"])
        try expect(["normalize", "noloc"], status: 1, lines: ["noloc: error: no .xcstrings file in this folder"])
    }

    // MARK: a path that does not exist

    func testPathThatDoesNotExist() throws {
        try expect(["verify", "missing"], status: 1, lines: ["missing: error: no such file or folder"])
        try expect(
            ["compile", "missing.xcstrings"], status: 1,
            lines: [
                "missing.xcstrings: error: cannot read catalog: no such file",
                "nothing written: fix the errors above",
            ])
        try expect(
            ["lint", "missing"], status: 1, lines: ["missing: error: no such file or folder"],
            stdout: ["1 file checked: 1 error, 0 warnings"])
        try expect(["lint", "missing.strings"], status: 1, lines: ["missing.strings: error: no such file"])
        try expect(["lint", "missing.stringsdict"], status: 1, lines: ["missing.stringsdict: error: no such file"])
        try expect(["print", "missing.strings"], status: 1, lines: ["missing.strings: error: no such file"])
        try expect(["print", "missing.stringsdict"], status: 1, lines: ["missing.stringsdict: error: no such file"])
        try expect(
            ["print", "missing.xcstrings"], status: 1,
            lines: ["missing.xcstrings: error: cannot read catalog: no such file"])
        try expect(
            ["normalize", "missing.xcstrings"], status: 1,
            lines: ["missing.xcstrings: error: cannot read catalog: no such file"])
    }

    // MARK: a catalog that is not JSON

    func testCatalogThatIsNotJSON() throws {
        let message = "NotJSON.xcstrings:1:1: error: unexpected character 't', expected a value"
        try expect(
            ["compile", "NotJSON.xcstrings"], status: 1, lines: [message, "nothing written: fix the errors above"])
        try expect(
            ["lint", "NotJSON.xcstrings"], status: 1, lines: [message], stdout: ["1 file checked: 1 error, 0 warnings"])
        try expect(["print", "NotJSON.xcstrings"], status: 1, lines: [message])
        try expect(["normalize", "NotJSON.xcstrings"], status: 1, lines: [message])
        try expect(["normalize", "--check", "NotJSON.xcstrings"], status: 1, lines: [message])
        // An existing catalog beside the .lproj folders: merge refuses, verify counts it as a loss.
        try expect(
            ["migrate", "Merge", "--merge"], status: 1,
            lines: ["Merge/Localizable.xcstrings:1:1: error: unexpected character 't', expected a value"])
        try expect(
            ["verify", "Merge"], status: 1,
            lines: ["Merge/Localizable.xcstrings:1:1: error: unexpected character 't', expected a value"],
            stdout: ["Merge/Localizable.xcstrings: catalog on disk: 1 language, 1 key, 1 loss"])
        // Without --merge or --force an existing catalog is never touched, whatever it holds.
        try expect(
            ["migrate", "Merge"], status: 1,
            lines: [
                "Merge/Localizable.xcstrings: error: a catalog already exists here; it is left untouched (--merge adds "
                    + "what it lacks, --force replaces it)"
            ])
    }

    // MARK: a .stringsdict that is not a property list

    func testStringsDictThatIsNotAPropertyList() throws {
        // The parser's own words follow (Foundation's, which differ between platforms).
        let prefix = "App/en.lproj/Localizable.stringsdict:1: error: not a valid property list: …"
        try expect(
            ["migrate", "App"], status: 1,
            lines: [
                prefix,
                "App/Localizable.xcstrings: error: no catalog written for table Localizable: a file does not parse "
                    + "(fix it, or pass --skip-invalid to leave it out)",
            ])
        try expect(["lint", "App/en.lproj/Localizable.stringsdict"], status: 1, lines: [prefix])
        try expect(["print", "App/en.lproj/Localizable.stringsdict"], status: 1, lines: [prefix])
        // verify cannot compare a file it cannot read: an error, exit 1.
        try expect(
            ["verify", "App"], status: 1,
            lines: [
                "App/en.lproj/Localizable.stringsdict: error: cannot be compared, it does not parse: not a valid "
                    + "property list: …"
            ])
    }

    // MARK: a file that cannot be read

    func testFileThatCannotBeReadRootProof() throws {
        // A folder named like a file.
        try expect(
            ["migrate", "Dir"], status: 1,
            lines: [
                "Dir/en.lproj/Localizable.strings: error: is a folder, not a .strings file",
                "Dir/Localizable.xcstrings: error: no catalog written for table Localizable: a file does not parse "
                    + "(fix it, or pass --skip-invalid to leave it out)",
            ])
        try expect(
            ["print", "Dir/en.lproj/Localizable.strings"], status: 1,
            lines: ["Dir/en.lproj/Localizable.strings: error: is a folder, not a .strings file"])
        try expect(
            ["compile", "Folder.xcstrings"], status: 1,
            lines: ["Folder.xcstrings: error: cannot read catalog: is a folder, not a file"])
        try expect(
            ["print", "Folder.xcstrings"], status: 1,
            lines: ["Folder.xcstrings: error: cannot read catalog: is a folder, not a file"])
        try expect(
            ["normalize", "Folder.xcstrings"], status: 1,
            lines: ["Folder.xcstrings: error: cannot read catalog: is a folder, not a file"])
        // A symbolic link to a file that is gone (as if it vanished before the run).
        // (Issue 33: said as a broken link, with its target, not as "no such file".)
        try expect(
            ["migrate", "Link"], status: 1,
            lines: ["Link/en.lproj/Localizable.strings: error: a broken symbolic link to …"])
        try expect(
            ["lint", "Link"], status: 1,
            lines: ["Link/en.lproj/Localizable.strings: error: a broken symbolic link to …"])
        try expect(
            ["print", "Link/en.lproj/Localizable.strings"], status: 1,
            lines: ["Link/en.lproj/Localizable.strings: error: a broken symbolic link to …"])
        try expect(
            ["verify", "Link"], status: 1,
            lines: [
                "Link/en.lproj/Localizable.strings: error: cannot be compared, it does not parse: a broken symbolic "
                    + "link to …"
            ])
    }

    func testFileWithoutReadPermission() throws {
        guard getuid() != 0 else {
            throw XCTSkip(
                "running as root: file permissions do not apply (testFileThatCannotBeReadRootProof covers unreadable "
                    + "files)"
            )
        }
        try write("Locked/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("Locked.xcstrings", "{}")
        chmod(work.appendingPathComponent("Locked/en.lproj/Localizable.strings").path, 0o000)
        chmod(work.appendingPathComponent("Locked.xcstrings").path, 0o000)
        let strings =
            "Locked/en.lproj/Localizable.strings: error: cannot read the file (permission denied or I/O error)"
        try expect(["migrate", "Locked"], status: 1, lines: [strings])
        try expect(["lint", "Locked/en.lproj/Localizable.strings"], status: 1, lines: [strings])
        try expect(["print", "Locked/en.lproj/Localizable.strings"], status: 1, lines: [strings])
        try expect(
            ["verify", "Locked"], status: 1,
            lines: [
                "Locked/en.lproj/Localizable.strings: error: cannot be compared, it does not parse: cannot read the "
                    + "file (permission denied or I/O error)"
            ])
        for command in ["compile", "print", "normalize"] {
            try expect(
                [command, "Locked.xcstrings"], status: 1, lines: ["Locked.xcstrings: error: cannot read catalog: …"])
        }
    }
}
