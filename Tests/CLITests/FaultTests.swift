import Foundation
import Migration
import TestSupport
import XCTest

/// Issue 23, the third fault pass: each fault injected into a real run of the tool (a project
/// file that does not parse, a lock file that is a link, two runs on a project and its
/// subfolder, a project changed while a run reads it or before it writes, links that leave the
/// tree, a project that defines an object twice or names no language), and what the tree and
/// the report are afterwards.
final class FaultTests: WorkFolderTestCase {
    private var app: URL { work.appendingPathComponent("App") }
    private var pbxproj: URL { app.appendingPathComponent("LegacyApp.xcodeproj/project.pbxproj") }

    private func copySample() throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"), to: app)
    }

    private func withoutLocks(_ snapshot: [String: Data]) -> [String: Data] {
        snapshot.filter { !$0.key.hasSuffix("stringcat.lock") }
    }

    // MARK: Item 1

    /// A project file that does not parse stops everything under it: nothing written, nothing
    /// deleted, exit 1, the parse error's place; --all-files is the way on without it.
    func testAProjectFileThatDoesNotParseStopsEverythingUnderIt() throws {
        try copySample()
        let original = try String(contentsOf: pbxproj, encoding: .utf8)
        let conflicted = original.replacingOccurrences(
            of: "\t\t\tdevelopmentRegion = en;\n",
            with:
                "<<<<<<< HEAD\n\t\t\tdevelopmentRegion = en;\n=======\n\t\t\tdevelopmentRegion = de;\n>>>>>>> feature\n"
        )
        let cases: [(name: String, text: String, location: String)] = [
            ("empty", "", "App/LegacyApp.xcodeproj/project.pbxproj: error: "),
            ("truncated", String(original.prefix(original.count / 2)), "App/LegacyApp.xcodeproj/project.pbxproj:"),
            ("conflicted", conflicted, "App/LegacyApp.xcodeproj/project.pbxproj:"),
        ]
        for broken in cases {
            try Data(broken.text.utf8).write(to: pbxproj)
            let before = snapshot()
            let run = try Stringcat.run(["migrate", "App", "--delete-legacy"], in: work)
            XCTAssertEqual(run.status, 1, broken.name)
            XCTAssertTrue(run.stderr.contains(broken.location), "\(broken.name): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("does not parse"), "\(broken.name): \(run.stderr)")
            XCTAssertTrue(
                run.stderr.contains("nothing under \(app.path) is migrated or deleted, and the project is not edited"),
                "\(broken.name): \(run.stderr)")
            XCTAssertEqual(withoutLocks(snapshot()), withoutLocks(before), "\(broken.name): the tree is as it was")
        }
        XCTAssertTrue(
            try Stringcat.run(["migrate", "App"], in: work).stderr.contains(
                "it holds git merge-conflict markers: resolve the conflict first"))
        // --all-files reads the folder as a bare one.
        let bare = try Stringcat.run(["migrate", "App", "--all-files"], in: work)
        XCTAssertEqual(bare.status, 0, bare.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: app.appendingPathComponent("LegacyApp/Localizable.xcstrings").path))
    }

    // MARK: Items 2 and 10

    func testALockFileThatIsALinkOrAFolderIsNeverUsedAndTheRunChangesNothing() throws {
        try copySample()
        let strings = app.appendingPathComponent("LegacyApp/en.lproj/Localizable.strings")
        let bytes = try Data(contentsOf: strings)
        try FileManager.default.createSymbolicLink(
            atPath: app.appendingPathComponent(".stringcat.lock").path,
            withDestinationPath: "LegacyApp/en.lproj/Localizable.strings")
        let before = snapshot()
        let run = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.contains("App/.stringcat.lock: error: cannot hold the lock of this tree: "), run.stderr)
        XCTAssertEqual(try Data(contentsOf: strings), bytes, "the English strings are untouched")
        XCTAssertEqual(snapshot(), before)
        XCTAssertEqual(run.stdout, "", "a run that could not lock prints no table line")

        try FileManager.default.removeItem(at: app.appendingPathComponent(".stringcat.lock"))
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent(".stringcat.lock"), withIntermediateDirectories: false)
        let folder = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(folder.status, 1)
        XCTAssertTrue(
            folder.stderr.contains("App/.stringcat.lock: error: cannot hold the lock of this tree: "), folder.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: app.appendingPathComponent("LegacyApp/Localizable.xcstrings").path))
    }

    // MARK: Items 3 and 4

    /// A run on the project and a run on a folder inside it meet at one lock: the second stops,
    /// having changed nothing; the first, paused after its lock, reads the project only then.
    func testARunOnAProjectAndARunOnItsSubfolderMeetAndTheProjectIsReadAfterTheLock() throws {
        try copySample()
        var options = MigrationOptions()
        options.force = true
        options.allFiles = true
        let first = PausedMigration(app.path, options: options, pausingAt: .lockHeld)
        let before = withoutLocks(snapshot())
        let second = try Stringcat.run(
            ["migrate", "App/LegacyApp", "--table", "Localizable", "--delete-legacy"], in: work)
        XCTAssertEqual(second.status, 1, second.stdout + second.stderr)
        XCTAssertTrue(
            second.stderr.contains("error: another stringcat run (pid \(first.processIdentifier), started "),
            second.stderr)
        XCTAssertEqual(withoutLocks(snapshot()), before, "the second run changed nothing")
        // While the first run waits, a file of the project goes: the run must see the tree as it
        // is once it holds the lock (it reads it then), not as it was when it started.
        try FileManager.default.removeItem(at: app.appendingPathComponent("LegacyApp/ja.lproj/InfoPlist.strings"))
        let result = first.finish()
        XCTAssertFalse(result.hasErrors, result.allDiagnostics)
        XCTAssertFalse(
            try String(contentsOf: app.appendingPathComponent("LegacyApp/InfoPlist.xcstrings"), encoding: .utf8)
                .contains("\"ja\""))
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: app.appendingPathComponent("LegacyApp/ja.lproj/Localizable.strings").path))
    }

    // MARK: Item 5

    /// An editor (Xcode) saves project.pbxproj while a run works: the run does not overwrite it,
    /// undoes what it wrote, and says so.
    func testAProjectFileChangedDuringTheRunIsNotReplacedAndTheRunIsUndone() throws {
        try copySample()
        var expected = withoutLocks(snapshot())
        let run = PausedMigration(app.path, options: MigrationOptions(), pausingAt: .aboutToWrite)
        let saved = Data((try String(contentsOf: pbxproj, encoding: .utf8) + "\n").utf8)
        try saved.write(to: pbxproj)
        expected["App/LegacyApp.xcodeproj/project.pbxproj"] = saved
        let result = run.finish()
        XCTAssertTrue(result.hasErrors)
        XCTAssertTrue(
            result.allDiagnostics.contains(
                "App/LegacyApp.xcodeproj/project.pbxproj: error: project.pbxproj changed during the run (another "
                    + "program wrote it after stringcat read it); nothing was changed. Run again"
            ), result.allDiagnostics)
        XCTAssertEqual(
            withoutLocks(snapshot()), expected, "the editor's save stands, and no catalog or staged file is left")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: app.appendingPathComponent("LegacyApp/Localizable.xcstrings").path))
    }

    // MARK: Issue 33, item 8

    /// `verify` while a `migrate --delete-legacy` holds the tree says that a migration is running
    /// (its pid), compares nothing and exits 1, instead of calling the files being deleted losses;
    /// once the run has finished, verify proves the tree.
    func testVerifyDuringAMigrationSaysSoInsteadOfReportingLosses() throws {
        try copySample()
        var options = MigrationOptions()
        options.deleteLegacy = true
        let run = PausedMigration(app.path, options: options, pausingAt: .aboutToWrite)
        for path in ["App", "App/LegacyApp", "."] {
            let verify = try Stringcat.run(["verify", path], in: work)
            XCTAssertEqual(verify.status, 1, path)
            XCTAssertTrue(
                verify.stderr.contains("error: another stringcat run (pid \(run.processIdentifier)"),
                "\(path): \(verify.stderr)")
            XCTAssertTrue(
                verify.stderr.contains(
                    "verify compares nothing while a migration changes the files. Run verify again when it has finished"
                ), verify.stderr)
            XCTAssertFalse(
                verify.stderr.contains("missing") || verify.stdout.contains("loss"), verify.stdout + verify.stderr)
        }
        let result = run.finish()
        XCTAssertFalse(result.hasErrors, result.allDiagnostics)
        let after = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(after.status, 0, after.stderr)
    }

    // MARK: Item 8

    /// An `.xcodeproj` that is a link out of the tree is not written through; a project.pbxproj
    /// that is a link inside the tree stays a link, and the file it leads to gets the edit.
    func testProjectFilesAreNeverWrittenThroughALinkThatLeavesTheTreeAndLinksStayLinks() throws {
        try copySample()
        let outside = work.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: app.appendingPathComponent("LegacyApp.xcodeproj"),
            to: outside.appendingPathComponent("LegacyApp.xcodeproj"))
        try FileManager.default.createSymbolicLink(
            atPath: app.appendingPathComponent("LegacyApp.xcodeproj").path,
            withDestinationPath: "../outside/LegacyApp.xcodeproj")
        let outsideBytes = try Data(contentsOf: outside.appendingPathComponent("LegacyApp.xcodeproj/project.pbxproj"))
        let run = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertEqual(
            try Data(contentsOf: outside.appendingPathComponent("LegacyApp.xcodeproj/project.pbxproj")), outsideBytes)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: app.appendingPathComponent("LegacyApp/Localizable.xcstrings").path),
            "the run is undone")

        // A link inside the tree.
        try FileManager.default.removeItem(at: app.appendingPathComponent("LegacyApp.xcodeproj"))
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("LegacyApp.xcodeproj"), withIntermediateDirectories: true)
        try outsideBytes.write(to: app.appendingPathComponent("project.original"))
        try FileManager.default.createSymbolicLink(atPath: pbxproj.path, withDestinationPath: "../project.original")
        let linked = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(linked.status, 0, linked.stderr)
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: pbxproj.path), "../project.original",
            "the link stays a link")
        XCTAssertTrue(
            try String(contentsOf: app.appendingPathComponent("project.original"), encoding: .utf8).contains(
                "Localizable.xcstrings"))
    }

    // MARK: Item 10

    func testAProjectDefiningAnObjectTwiceOrNamingNoLanguageIsRefusedWithTheReason() throws {
        try copySample()
        let original = try String(contentsOf: pbxproj, encoding: .utf8)
        // The first variant group's first line, defined a second time.
        let lines = original.components(separatedBy: "\n")
        let fileReference = try XCTUnwrap(
            lines.first { $0.contains("isa = PBXFileReference;") && $0.contains("Localizable.strings") })
        try Data(original.replacingOccurrences(of: fileReference, with: fileReference + "\n" + fileReference).utf8)
            .write(to: pbxproj)
        let before = snapshot()
        let twice = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(twice.status, 1)
        let id = String(fileReference.trimmingCharacters(in: .whitespaces).prefix(24))
        XCTAssertTrue(
            twice.stderr.contains(
                "App/LegacyApp.xcodeproj/project.pbxproj: error: the project file defines 1 object ID twice (\(id))"),
            twice.stderr)
        XCTAssertEqual(withoutLocks(snapshot()), withoutLocks(before))

        try Data(
            original.replacingOccurrences(
                of: "developmentRegion = en;", with: "developmentRegion = \"$(DEVELOPMENT_LANGUAGE)\";"
            ).utf8
        ).write(to: pbxproj)
        let region = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(region.status, 1)
        XCTAssertTrue(
            region.stderr.contains("error: developmentRegion \"$(DEVELOPMENT_LANGUAGE)\" is not a language code"),
            region.stderr)
        // --source-language says which it is.
        let chosen = try Stringcat.run(["migrate", "App", "--source-language", "en"], in: work)
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
    }

    // MARK: Item 10, what is wrong said as it is

    /// Groups that form a cycle lie in no folder: each variant group says so, naming the cycle,
    /// and the run stops with what is wrong (not "lists no localized variant group").
    func testVariantGroupsInACycleOfGroupsAreNamedWithTheCycle() throws {
        try copySample()
        var text = try String(contentsOf: pbxproj, encoding: .utf8)
        let main =
            "\t\t\t\t5C1A00050000000000000024 /* LegacyApp */,\n\t\t\t\t5C1A00050000000000000025 /* Products */,\n"
        XCTAssertTrue(text.contains(main))
        text = text.replacingOccurrences(of: main, with: "\t\t\t\t5C1A00050000000000000025 /* Products */,\n")
        text = text.replacingOccurrences(
            of: "\t\t\t\t5C1A0003000000000000001B /* Main.storyboard */,\n",
            with:
                "\t\t\t\t5C1A00050000000000000024 /* LegacyApp */,\n\t\t\t\t5C1A0003000000000000001B /* "
                + "Main.storyboard */,\n"
        )
        try text.write(to: pbxproj, atomically: true, encoding: .utf8)
        let before = snapshot()
        let run = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.contains(
                "App/LegacyApp.xcodeproj/project.pbxproj: warning: variant group Localizable.strings "
                    + "(5C1A0003000000000000001C) is not migrated: its groups form a cycle (LegacyApp "
                    + "(5C1A00050000000000000024) -> LegacyApp (5C1A00050000000000000024)): it lies in no folder\n"
            ), run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "App: error: the Xcode project's 4 localized variant groups cannot be placed on disk (the warnings "
                    + "above say why), and Xcode's migration reads only those; fix the project in Xcode, or migrate "
                    + "the folders with --all-files\n"
            ), run.stderr)
        XCTAssertFalse(run.stderr.contains("lists no localized variant group"), run.stderr)
        XCTAssertEqual(withoutLocks(snapshot()), withoutLocks(before))
    }

    /// A variant group that lists an object the file does not define is named with the ID; its
    /// other files are migrated.
    func testAVariantGroupListingAnUndefinedObjectSaysSo() throws {
        try copySample()
        var text = try String(contentsOf: pbxproj, encoding: .utf8)
        let group =
            "5C1A0003000000000000001C /* Localizable.strings */ = {\n\t\t\tisa = PBXVariantGroup;\n\t\t\tchildren = (\n"
        XCTAssertTrue(text.contains(group))
        text = text.replacingOccurrences(of: group, with: group + "\t\t\t\tDEADBEEFDEADBEEFDEADBEEF /* xx */,\n")
        try text.write(to: pbxproj, atomically: true, encoding: .utf8)
        let run = try Stringcat.run(["migrate", "App", "--dry-run"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "App/LegacyApp.xcodeproj/project.pbxproj: warning: variant group Localizable.strings "
                    + "(5C1A0003000000000000001C) lists an object the file does not define (DEADBEEFDEADBEEFDEADBEEF)\n"
            ), run.stderr)
        XCTAssertTrue(run.stdout.contains("App/LegacyApp/Localizable.xcstrings: would write, 6 languages"), run.stdout)
    }

    /// "through a symbolic link" only where a link took a file out of the tree: a project that
    /// lists a table's files outside PATH says they lie there.
    func testATableOutsideThePathIsNotSaidToBeThroughALink() throws {
        try copySample()
        var text = try String(contentsOf: pbxproj, encoding: .utf8)
        text = text.replacingOccurrences(of: "\t\t\tpath = LegacyApp;\n", with: "\t\t\tpath = ../Shared;\n")
        try text.write(to: pbxproj, atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(
            at: app.appendingPathComponent("LegacyApp"), to: work.appendingPathComponent("Shared"))
        let run = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(
            run.stderr.contains("Shared/Localizable.xcstrings: error: the catalog would be written outside"), run.stderr
        )
        XCTAssertTrue(
            run.stderr.contains(
                "beside its table's files (the project lists them there); not written: run migrate on a folder that "
                    + "holds them\n"
            ), run.stderr)
        XCTAssertFalse(run.stderr.contains("symbolic link"), run.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("Shared/Localizable.xcstrings").path))
    }
}
