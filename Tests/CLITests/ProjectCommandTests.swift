import Foundation
import TestSupport
import XCTest

/// `migrate` and `status` on an Xcode project, as a user runs them: what is printed, what is
/// written, what is left alone.
final class ProjectCommandTests: WorkFolderTestCase {
    /// A copy of the bundled sample (an Xcode project) in the work folder, as `App`.
    private func copySample() throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"),
            to: work.appendingPathComponent("App"))
    }

    private var pbxproj: URL { work.appendingPathComponent("App/LegacyApp.xcodeproj/project.pbxproj") }

    func testDryRunPrintsTheProjectEditsAndWritesNothing() throws {
        try copySample()
        let before = snapshot()
        let run = try Stringcat.run(["migrate", "App", "--dry-run"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(snapshot(), before)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains("App/LegacyApp.xcodeproj/project.pbxproj: not edited (--dry-run); the edits it would have:"),
            run.stdout)
        XCTAssertTrue(lines.contains("  - PBXVariantGroup 5C1A0003000000000000001C Localizable.strings"), run.stdout)
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("  + PBXFileReference ") && $0.hasSuffix(" Localizable.xcstrings") },
            run.stdout)
        XCTAssertTrue(lines.contains("  + LOCALIZATION_PREFERS_STRING_CATALOGS = YES (project, Debug)"), run.stdout)
        XCTAssertTrue(lines.contains("  + SWIFT_EMIT_LOC_STRINGS = YES (project, Release)"), run.stdout)
        XCTAssertTrue(lines.contains("  objectVersion 56 -> 60"), run.stdout)
    }

    func testNoProjectWritesTheCatalogsAndLeavesTheProjectAlone() throws {
        try copySample()
        let project = try Data(contentsOf: pbxproj)
        let run = try Stringcat.run(["migrate", "App", "--no-project"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try Data(contentsOf: pbxproj), project)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: work.appendingPathComponent("App/LegacyApp/Localizable.xcstrings").path))
        XCTAssertTrue(
            run.stdout.contains(
                "App/LegacyApp.xcodeproj/project.pbxproj: not edited (--no-project); the edits it would have:\n"),
            run.stdout)
    }

    func testOutputWritesCatalogsAndTheEditedProjectThereAndLeavesTheTreeAlone() throws {
        try copySample()
        let before = snapshot()
        let run = try Stringcat.run(["migrate", "App", "--output", "Preview"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        let preview = (FileManager.default.subpaths(atPath: work.appendingPathComponent("Preview").path) ?? []).filter {
            !$0.hasSuffix(".lproj") && $0.contains(".")
        }.sorted()
        XCTAssertEqual(
            preview,
            [
                "LegacyApp.xcodeproj", "LegacyApp.xcodeproj/project.pbxproj",
                "LegacyApp.xcodeproj/stringcat-migration.json", "LegacyApp/InfoPlist.xcstrings",
                "LegacyApp/Localizable.xcstrings", "LegacyApp/mul.lproj/Main.xcstrings",
            ])
        var after = snapshot()
        after = after.filter { !$0.key.hasPrefix("Preview") }
        XCTAssertEqual(after, before)
        let edited = try String(
            contentsOf: work.appendingPathComponent("Preview/LegacyApp.xcodeproj/project.pbxproj"), encoding: .utf8)
        XCTAssertTrue(edited.contains("lastKnownFileType = text.json.xcstrings; path = Localizable.xcstrings;"))
        XCTAssertFalse(edited.contains("PBXVariantGroup; children = ( 5C1A00020000000000000003"))
    }

    func testOutputWithDeleteLegacyIsRefused() throws {
        try copySample()
        let before = snapshot()
        let run = try Stringcat.run(["migrate", "App", "--output", "Preview", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "error: --output and --delete-legacy cannot be used together: the catalogs go elsewhere, so the legacy "
                    + "files they replace must stay\n"
            ), run.stderr)
        XCTAssertEqual(snapshot(), before)
    }

    func testStatusBetweenTableByTableRuns() throws {
        try copySample()
        var run = try Stringcat.run(["status", "App"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            run.stdout,
            """
            App/LegacyApp/InfoPlist.xcstrings: legacy only, 6 legacy files; project lists the legacy files
            App/LegacyApp/Localizable.xcstrings: legacy only, 12 legacy files; project lists the legacy files
            App/LegacyApp/mul.lproj/Main.xcstrings: legacy only, 5 legacy files; project lists the legacy files
            LegacyApp (iOS app): 6 languages (ar, de, en, ja, ru, zh-Hans), 3 tables (InfoPlist, Localizable, Main)
            status: 3 tables: 3 legacy only

            """)
        XCTAssertEqual(try Stringcat.run(["migrate", "App", "--table", "Localizable"], in: work).status, 0)
        XCTAssertEqual(
            try Stringcat.run(["migrate", "App", "--table", "InfoPlist", "--delete-legacy"], in: work).status, 0)
        run = try Stringcat.run(["status", "App"], in: work)
        XCTAssertEqual(
            run.stdout,
            """
            App/LegacyApp/InfoPlist.xcstrings: migrated; project references the catalog
            App/LegacyApp/Localizable.xcstrings: half-migrated, 12 legacy files; project references the catalog
            App/LegacyApp/mul.lproj/Main.xcstrings: legacy only, 5 legacy files; project lists the legacy files
            LegacyApp (iOS app): 6 languages (ar, de, en, ja, ru, zh-Hans), 3 tables (InfoPlist, Localizable, Main)
            status: 3 tables: 1 legacy only, 1 half-migrated, 1 migrated

            """)
        // The leftovers of the first run go once proven; the last table is migrated.
        XCTAssertEqual(try Stringcat.run(["migrate", "App", "--delete-legacy"], in: work).status, 0)
        run = try Stringcat.run(["status", "App"], in: work)
        XCTAssertTrue(run.stdout.hasSuffix("status: 3 tables: 3 migrated\n"), run.stdout)
        let left = (FileManager.default.subpaths(atPath: work.path) ?? []).filter {
            $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict")
        }
        XCTAssertEqual(left, [])
        XCTAssertTrue(
            try Stringcat.run(["verify", "App"], in: work).stdout.hasSuffix(
                "verify: fully migrated: 3 catalogs, no legacy files left: nothing lost; 1 target: the same bundle as "
                    + "before the migration\n"))
    }

    func testAProjectReferenceToAMissingLegacyFileIsReported() throws {
        try copySample()
        try FileManager.default.removeItem(at: work.appendingPathComponent("App/LegacyApp/de.lproj/InfoPlist.strings"))
        let run = try Stringcat.run(["status", "App"], in: work)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stdout.contains(
                "App/LegacyApp.xcodeproj/project.pbxproj: references a missing file: "
                    + "App/LegacyApp/de.lproj/InfoPlist.strings\n"
            ), run.stdout)
    }
}

/// Running `migrate` again on an unchanged project: exit 0, every table `unchanged`, no file
/// touched (mtimes kept), with or without `--force`.
final class RerunTests: WorkFolderTestCase {
    private func mtimes() throws -> [String: Date] {
        var times: [String: Date] = [:]
        for case let item as String in FileManager.default.enumerator(atPath: work.path)!
        where item.hasSuffix(".xcstrings") || item.hasSuffix(".pbxproj") {
            times[item] =
                try FileManager.default.attributesOfItem(atPath: work.appendingPathComponent(item).path)[
                    .modificationDate] as? Date
        }
        return times
    }

    /// IceCubesApp's project lists InfoPlist groups whose files are not on disk (a reference it
    /// had broken before): the migration warns and goes on, and a re-run after it says there is
    /// nothing left to migrate and exits 0 (it said "no .strings … here" and exited 1).
    func testAReRunExitsZeroWhenTheProjectStillListsGroupsWhoseFilesAreMissing() throws {
        let tree = try TestTree.golden("Dimillian__IceCubesApp")
        let first = try Stringcat.run(["migrate", tree.root, "--delete-legacy"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(
            first.stderr.contains(
                "warning: 12 files the project lists for its tables are not on disk and are not read"), first.stderr)
        for arguments in [["migrate", tree.root], ["migrate", tree.root, "--delete-legacy"]] {
            let again = try Stringcat.run(arguments)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertTrue(again.stdout.contains("nothing left to migrate: every table has its catalog"), again.stdout)
            XCTAssertTrue(
                again.stderr.contains("warning: 12 files the project lists for its tables are not on disk"),
                again.stderr)
        }
    }

    func testMigratingTwiceLeavesEverythingAsItWasAndExitsZero() throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"),
            to: work.appendingPathComponent("App"))
        // A bare folder reading (--no-project keeps the tables in the project, so they are found again).
        XCTAssertEqual(try Stringcat.run(["migrate", "App", "--no-project"], in: work).status, 0)
        let before = snapshot(), times = try mtimes()
        Thread.sleep(forTimeInterval: 1.1)
        for extra in [[], ["--force"]] {
            let again = try Stringcat.run(["migrate", "App", "--no-project"] + extra, in: work)
            XCTAssertEqual(again.status, 0, again.stderr)
            let outcomes = again.stdout.split(separator: "\n").filter { $0.contains(".xcstrings: ") }.map {
                $0.split(separator: ":")[1].split(separator: ",")[0].trimmingCharacters(in: .whitespaces)
            }
            XCTAssertEqual(outcomes, ["unchanged", "unchanged", "unchanged"], again.stdout)
            XCTAssertTrue(
                again.stdout.contains("wrote 0 of 3 catalogs (15 entries, 6 languages); 3 unchanged\n"), again.stdout)
            XCTAssertEqual(snapshot(), before)
            XCTAssertEqual(try mtimes(), times)
        }
        // The project edited by a normal run: the next run finds every table already migrated.
        XCTAssertEqual(try Stringcat.run(["migrate", "App"], in: work).status, 0)
        let third = snapshot(), thirdTimes = try mtimes()
        let again = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(
            again.stdout.contains(
                "App/LegacyApp/Localizable.xcstrings: unchanged (already migrated); 12 legacy files of it are still on "
                    + "disk"
            ), again.stdout)
        XCTAssertTrue(again.stdout.hasSuffix("nothing left to migrate: 3 tables are already migrated\n"), again.stdout)
        XCTAssertEqual(snapshot(), third)
        XCTAssertEqual(try mtimes(), thirdTimes)
    }
}
