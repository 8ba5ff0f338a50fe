import Foundation
import Migration
import TestSupport
import XCTest

@testable import Reporting
@testable import XcodeProject

/// The project edit in words on the bundled sample, and a page for a large project.
final class ProjectAndScaleTests: XCTestCase {
    func testTheSamplesProjectEditIsSaidInWordsPerProjectFile() throws {
        let tree = try TestTree()
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Samples/LegacyApp", toPath: tree.path("LegacyApp"))
        var options = MigrationOptions()
        options.dryRun = true
        let report = ProjectMigrator.migrate(tree.path("LegacyApp"), options: options)
        let page = ReviewPage.migration(report, options: options)
        XCTAssertEqual(
            page.section("Project"),
            [
                "- `LegacyApp.xcodeproj/project.pbxproj`: would be edited",
                "  - 3 variant groups replaced by their catalogs: `Localizable.strings`, `Localizable.stringsdict`, "
                    + "`InfoPlist.strings`",
                "  - 2 catalogs added to the project: `InfoPlist.xcstrings`, `Localizable.xcstrings`",
                "  - 1 Interface Builder variant group given a `mul` catalog in place of its `.strings` files: "
                    + "`Main.storyboard`",
                "  - 2 catalogs added to the build phases the legacy files were in: `InfoPlist.xcstrings in "
                    + "Resources`, `Localizable.xcstrings in Resources`",
                "  - 23 legacy file references removed (the files of the replaced groups)",
                "  - 3 legacy build files removed from the build phases: `Localizable.strings in Resources`, "
                    + "`Localizable.stringsdict in Resources`, `InfoPlist.strings in Resources`",
                "  - 1 group and 1 build phase list the catalogs in place of the legacy files: `LegacyApp`, `Resources`",
                "  - build setting `LOCALIZATION_PREFERS_STRING_CATALOGS = YES` added: project (Debug, Release)",
                "  - build setting `SWIFT_EMIT_LOC_STRINGS = YES` added: project (Debug, Release)",
                "  - `objectVersion` 56 → 60",
                "- `LegacyApp.xcodeproj/stringcat-migration.json`: would be written; stringcat's record of the 23 "
                    + "legacy files kept beside 3 catalogs (`status`, `verify` and `--delete-legacy` read it); it keeps what "
                    + "1 target's bundle held before the migration (`verify` compares the app with it)",
            ])
    }

    func testSyncedFolderMembershipExceptionsAreSaidInWords() {
        var changes = ProjectChanges()
        changes.exceptionsAdded = [
            .init(exceptionSetID: "E1", path: "de.lproj/L.strings"),
            .init(exceptionSetID: "E2", path: "de.lproj/L.strings"),
        ]
        changes.exceptionsRemoved = [.init(exceptionSetID: "E1", path: "fr.lproj/L.strings")]
        XCTAssertEqual(
            ProjectEditWords.lines(changes),
            [
                "1 legacy file kept beside its catalog leaves the membership of its synchronized folder's targets (2 "
                    + "exceptions added)",
                "1 membership exception removed for 1 deleted legacy file",
            ])
    }

    /// 60 languages × 40 tables: the long sections fold, the coverage stays one block, and the
    /// page stays far under the 65,536 characters a GitHub comment holds.
    func testSixtyLanguagesAndFortyTablesFoldIntoAPageACommentCanHold() throws {
        let tree = try TestTree()
        // Codes of the shape of a language tag (`xaa` … `xch`), in the order of their index.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let languages = (0..<60).map { "x\(letters[$0 / 26])\(letters[$0 % 26])" }
        for (index, language) in (["en"] + languages).enumerated() {
            try tree.mkdir("App/\(language).lproj")
            // Every seventh language lacks a table, so that coverage has something to say.
            for table in 0..<40 where index == 0 || (index + table) % 7 != 0 {
                let text = (0..<25).map { "\"key\($0)\" = \"\(language) \($0)\";\n" }.joined()
                try Data(text.utf8).write(
                    to: URL(fileURLWithPath: tree.path("App/\(language).lproj/Table\(table).strings")))
            }
        }
        var options = MigrationOptions()
        options.dryRun = true
        let report = ProjectMigrator.migrate(tree.root, options: options)
        let page = ReviewPage.migration(report, options: options)
        XCTAssertTrue(
            page.hasPrefix(
                "**stringcat migrate --dry-run**: 40 tables → 40 catalogs would be written, 61 languages, 1,000 keys; "
                    + "verify: nothing would be lost\n"
            ), String(page.prefix(300)))
        XCTAssertLessThan(page.utf8.count, 20_000)
        XCTAssertEqual(
            page.components(separatedBy: "<details>").count - 1, 3, "catalogs, coverage, catalogs lacking a language")
        XCTAssertTrue(page.contains("<summary>40 catalogs</summary>"))
        XCTAssertTrue(
            page.contains("<summary>60 languages: 0 complete, the least covered xch 85% (850 / 1,000)</summary>"), page)
        XCTAssertTrue(
            page.contains(
                "- `App/Table0.xcstrings` (25 keys): xag 0% (0 / 25), xan 0% (0 / 25), xau 0% (0 / 25), xbb 0% (0 / "
                    + "25), xbi 0% (0 / 25), xbp 0% (0 / 25), xbw 0% (0 / 25), xcd 0% (0 / 25)\n"
            ), page)
    }
}
