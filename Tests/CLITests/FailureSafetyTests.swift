import Foundation
import XCTest

/// A `migrate` or `compile` that cannot finish exits 1 with a clear message and leaves every file
/// as it was: none created, truncated, replaced or deleted (the bytes of the whole tree are
/// compared before and after).
///
/// Already held elsewhere, not repeated here: MigrateCommandTests (read-only output folder,
/// output under a plain file, an existing catalog without --force), MigrationSafetyTests and
/// CompileWriteFailureTests (a write failing mid-run, in process: disk full).
final class FailureSafetyTests: WorkFolderTestCase {
    private func copyCatalogFixture(to relative: String) throws {
        let fixture = Stringcat.repositoryRoot.appendingPathComponent(
            "Tests/CLITests/Fixtures/LegacyApp-catalogs/Localizable.xcstrings")
        let target = work.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture, to: target)
    }

    /// Runs in the work folder; absolute paths in the output are written `<work>/…` (on macOS
    /// the tool sees the temporary folder through /private, the test without).
    private func run(_ arguments: [String]) throws -> StringcatRun {
        var run = try Stringcat.run(arguments, in: work)
        for prefix in [work.resolvingSymlinksInPath().path, work.path] {
            run.stdout = run.stdout.replacingOccurrences(of: prefix, with: "<work>")
            run.stderr = run.stderr.replacingOccurrences(of: prefix, with: "<work>")
        }
        return run
    }

    // MARK: compile

    func testCompileUnderAPlainFileFailsAndChangesNothing() throws {
        // Root-proof "cannot write": the output folder would have to be made inside a file.
        try copyCatalogFixture(to: "Localizable.xcstrings")
        try write("blocker", "a plain file")
        let before = snapshot()
        let run = try run(["compile", "Localizable.xcstrings", "--output", "blocker/out"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "blocker/out/ar.lproj/Localizable.strings: error: cannot create folder <work>/blocker/out/ar.lproj: "),
            run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "; the files this run wrote were put back as they were\nnothing written: fix the errors above\n"),
            run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(snapshot(), before)
    }

    func testCompileIntoAReadOnlyFolderFailsAndChangesNothing() throws {
        guard getuid() != 0 else {
            throw XCTSkip(
                "running as root: folder permissions do not apply (testCompileUnderAPlainFileFailsAndChangesNothing is "
                    + "the root-proof variant)"
            )
        }
        try copyCatalogFixture(to: "Localizable.xcstrings")
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        chmod(work.appendingPathComponent("out").path, 0o555)
        let before = snapshot()
        let run = try run(["compile", "Localizable.xcstrings", "--output", "out"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains(": error: cannot create folder "), run.stderr)
        XCTAssertEqual(snapshot(), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out").path), [])
    }

    func testCompileNeverOverwritesAnExistingFileWithoutForce() throws {
        try copyCatalogFixture(to: "Localizable.xcstrings")
        try write("out/de.lproj/Localizable.strings", "\"mine\" = \"my own file\";\n")
        let before = snapshot()
        let run = try run(["compile", "Localizable.xcstrings", "--output", "out"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr,
            """
            out/de.lproj/Localizable.strings: error: already exists (use --force to overwrite it); nothing was written
            nothing written: fix the errors above or pass --force

            """)
        // Not only the existing file: no file of any language is written.
        XCTAssertEqual(snapshot(), before)
    }

    func testCompileFailingMidRunPutsBackWhatItWrote() throws {
        // With --force, ar, de, en and ja are written before ru fails (its target is a folder):
        // the new files are removed again and de's previous content is restored.
        try copyCatalogFixture(to: "Localizable.xcstrings")
        try write("out/de.lproj/Localizable.strings", "\"mine\" = \"my own file\";\n")
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("out/ru.lproj/Localizable.strings"), withIntermediateDirectories: true)
        let before = snapshot()
        let run = try run(["compile", "Localizable.xcstrings", "--output", "out", "--force"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "out/ru.lproj/Localizable.strings: error: cannot write <work>/out/ru.lproj/Localizable.strings: "),
            run.stderr)
        XCTAssertTrue(
            run.stderr.hasSuffix(
                "; the files this run wrote were put back as they were\nnothing written: fix the errors above\n"),
            run.stderr)
        XCTAssertEqual(snapshot(), before)
        // No temporary file is left either.
        let leftovers = (FileManager.default.subpaths(atPath: work.path) ?? []).filter { $0.contains(".stringcat-") }
        XCTAssertEqual(leftovers, [])
    }

    func testCompileWithOneUnreadableCatalogWritesNothingForTheOthers() throws {
        try copyCatalogFixture(to: "A/Localizable.xcstrings")
        try write("B/Localizable.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n")
        let before = snapshot()
        let run = try run(["compile", "A/Localizable.xcstrings", "B/Localizable.xcstrings"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr,
            "B/Localizable.xcstrings:4:1: error: unexpected end of file, expected a key in quotes\nnothing written: "
                + "fix the errors above\n"
        )
        XCTAssertEqual(snapshot(), before)
    }

    // MARK: migrate

    func testMigrateFailingMidRunPutsBackWhatItWrote() throws {
        // Root-proof write failure: B's catalog path is a folder. A's catalog is replaced first
        // (--force), then restored when B fails.
        try write("A/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("A/Localizable.xcstrings", "old A, the user's own")
        try write("B/en.lproj/Localizable.strings", "\"b\" = \"B\";\n")
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("B/Localizable.xcstrings"), withIntermediateDirectories: true)
        let before = snapshot()
        let run = try run(["migrate", ".", "--force"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.contains("B/Localizable.xcstrings: error: cannot write <work>/B/Localizable.xcstrings: "),
            run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "A/Localizable.xcstrings: error: not written: another file of this run could not be written, so the "
                    + "run was undone"
            ), run.stderr)
        XCTAssertEqual(snapshot(), before)
    }

    func testMigrateWithAFileThatCannotBeReadWritesNothing() throws {
        // Root-proof stand-ins for a file that vanished or cannot be read: a dangling symbolic
        // link in one table, a folder named like the file in another.
        try write("A/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("A/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("A/fr.lproj"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("A/fr.lproj/Localizable.strings").path,
            withDestinationPath: work.appendingPathComponent("gone.strings").path)
        try write("B/en.lproj/Main.strings", "\"b\" = \"B\";\n")
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("B/de.lproj/Main.strings"), withIntermediateDirectories: true)
        let before = snapshot()
        let run = try run(["migrate", "."])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.contains("A/fr.lproj/Localizable.strings: error: a broken symbolic link to "), run.stderr)
        XCTAssertTrue(run.stderr.contains("gone.strings: its target does not exist; not read\n"), run.stderr)
        XCTAssertTrue(
            run.stderr.contains("B/de.lproj/Main.strings: error: is a folder, not a .strings file\n"), run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "A/Localizable.xcstrings: error: no catalog written for table Localizable: a file does not parse (fix "
                    + "it, or pass --skip-invalid to leave it out)"
            ), run.stderr)
        XCTAssertTrue(
            run.stderr.contains("B/Main.xcstrings: error: no catalog written for table Main: a file does not parse"),
            run.stderr)
        XCTAssertEqual(snapshot(), before)
    }

    func testMigrateWithAnUnreadableFileWritesNothing() throws {
        guard getuid() != 0 else {
            throw XCTSkip(
                "running as root: file permissions do not apply (testMigrateWithAFileThatCannotBeReadWritesNothing is "
                    + "the root-proof variant)"
            )
        }
        try write("A/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("A/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        chmod(work.appendingPathComponent("A/de.lproj/Localizable.strings").path, 0o000)
        let before = snapshot()
        let run = try run(["migrate", "A"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.contains(
                "A/de.lproj/Localizable.strings: error: cannot read the file (permission denied or I/O error)"),
            run.stderr)
        XCTAssertEqual(snapshot(), before)
    }
}
