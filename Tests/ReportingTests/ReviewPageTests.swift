import Foundation
import Migration
import StringCatalog
import StringcatSupport
import TestSupport
import XCTest

@testable import Reporting

/// The pages of `migrate`, `verify` and `status --report`, on real runs of the commands' library
/// functions over a small folder (`Fixture`) and over the bundled sample project.
final class ReviewPageTests: XCTestCase {
    func testTheDryRunPageSaysWhatWouldHappenInTheConditionalAndNothingIsWritten() throws {
        let tree = try TestTree()
        try Fixture.write(into: tree)
        let before = tree.allFiles()
        let page = Fixture.migrate(tree) {
            $0.dryRun = true; $0.deleteLegacy = true
        }.page
        XCTAssertEqual(tree.allFiles(), before)
        XCTAssertEqual(
            page,
            """
            **stringcat migrate --dry-run**: 2 tables → 2 catalogs would be written, 3 languages, 5 keys; would delete 6 legacy files, would keep 2; verify: nothing would be lost

            Source language: `en` — default: no project file declares one; use --source-language to choose. Paths are relative to the folder migrated. A dry run: nothing is written yet.

            ### Catalogs

            | Catalog | Outcome | Languages | Keys | Plural | Device | Comments | Legacy files |
            | --- | --- | --: | --: | --: | --: | --: | --- |
            | `App/Localizable.xcstrings` | would write | 3 | 3 | 1 | 0 | 2 | would delete 5 |
            | `Menu/Menu.xcstrings` | would write | 2 | 2 | 0 | 0 | 0 | would delete 1, keep 2 |

            Plural: entries with variations (plural forms, or device cases); Device: those with device cases. Comments: entries with a comment.

            ### Not carried

            - `App/Localizable.xcstrings`: 1 comment in other languages than the source: a catalog holds one comment per key; it would go with the deleted legacy files; 1 shadowed value the app never shows (a `.strings` value whose key the `.stringsdict` also has, or a second folder of a language that gives a key differently): the catalog holds the value the app shows
            - `Menu/Menu.xcstrings`: 1 shadowed value the app never shows (a `.strings` value whose key the `.stringsdict` also has, or a second folder of a language that gives a key differently): the catalog holds the value the app shows

            Legacy files `--delete-legacy` would keep, each with its reason:

            - `Menu/en.lproj/Menu.strings`: another file of its language (en) stays because it gives some keys differently; this one decides which values the catalog holds
            - `Menu/Base.lproj/Menu.strings`: it gives some keys differently from en.lproj/Menu.strings, whose values the catalog holds

            ### Coverage

            Per language, the keys the catalogs hold a value for in that language (a string, or plural or device variations), out of all their keys. `en`, the source language, is left out: its text is the catalog's value, the key, or the storyboard's.

            ```text
            de  ██████████  100%  (5 / 5)
            fr  ██░░░░░░░░   20%  (1 / 5)
            ```

            Catalogs that lack values in a language, the least covered first:

            - `App/Localizable.xcstrings` (3 keys): fr 33% (1 / 3)
            - `Menu/Menu.xcstrings` (2 keys): fr 0% (0 / 2)

            ### Errors, warnings and notes

            Grouped by kind (2 warnings, 1 note); the command's `--verbose` lists each.

            | Severity | Count | First at | Message (the first of its kind) |
            | --- | --: | --- | --- |
            | warning | 1 | `App/Localizable.xcstrings` | --delete-legacy would delete these legacy files and drop 1 comment in other languages than the source: a catalog holds one comment per key |
            | warning | 1 | `Menu/Base.lproj/Menu.strings` | holds the same language as en.lproj; 0 keys only this file has are migrated; 1 key differs and en.lproj's values are kept: "open" |
            | note | 1 | `App/en.lproj/Localizable.stringsdict:5:1` | "items" is in both the .strings and the .stringsdict of en; the .stringsdict form is kept, as Xcode does |

            """)
    }

    func testTheVerdictComesFirstWithTheNumbersOfTheRunAndTheProofOfWhatItLeft() throws {
        let tree = try TestTree()
        try Fixture.write(into: tree)
        let (report, page) = Fixture.migrate(tree) { $0.deleteLegacy = true }
        let first = page.components(separatedBy: "\n")[0]
        XCTAssertEqual(
            first,
            "**stringcat migrate**: 2 tables → 2 catalogs written, 3 languages, 5 keys; deleted 6 legacy files, kept "
                + "2; verify: nothing lost (each deleted file was proven held by its catalog first)"
        )
        // The same numbers as the report the command prints and gives as --json.
        XCTAssertEqual(report.tables.reduce(0) { $0 + $1.entryCount }, 5)
        XCTAssertEqual(Set(report.tables.flatMap(\.languages)).count, 3)
        XCTAssertEqual(report.tables.reduce(0) { $0 + $1.deletedFiles.count }, 6)
        XCTAssertEqual(report.tables.reduce(0) { $0 + $1.keptFiles.count }, 2)
    }

    func testEveryFileDeleteLegacyKeptIsNamedWithItsReasonAndWhatWentWithTheOthers() throws {
        let tree = try TestTree()
        try Fixture.write(into: tree)
        let page = Fixture.migrate(tree) { $0.deleteLegacy = true }.page
        XCTAssertEqual(
            page.section("Not carried"),
            [
                "- `App/Localizable.xcstrings`: 1 comment in other languages than the source: a catalog holds one "
                    + "comment per key; it went with the deleted legacy files; 1 shadowed value the app never shows (a "
                    + "`.strings` value whose key the `.stringsdict` also has, or a second folder of a language "
                    + "that gives a key differently): the catalog holds the value the app shows",
                "- `Menu/Menu.xcstrings`: 1 shadowed value the app never shows (a `.strings` value whose key the "
                    + "`.stringsdict` also has, or a second folder of a language that gives a key differently): the "
                    + "catalog holds the value the app shows",
                "",
                "Legacy files kept by `--delete-legacy`, each with its reason:",
                "",
                "- `Menu/en.lproj/Menu.strings`: another file of its language (en) stays because it gives some keys "
                    + "differently; this one decides which values the catalog holds",
                "- `Menu/Base.lproj/Menu.strings`: it gives some keys differently from en.lproj/Menu.strings, whose "
                    + "values the catalog holds",
            ])
        XCTAssertEqual(
            page.section("Catalogs")[2...3],
            [
                "| `App/Localizable.xcstrings` | written | 3 | 3 | 1 | 0 | 2 | 5 deleted |",
                "| `Menu/Menu.xcstrings` | written | 2 | 2 | 0 | 0 | 0 | 1 deleted, 2 kept |",
            ])
    }

    func testCoverageCountsPerLanguageTheKeysTheCatalogsGiveAValueIn() throws {
        let tree = try TestTree()
        try Fixture.write(into: tree)
        let page = Fixture.migrate(tree).page
        // Independently of the page: fr has a value for 1 of the 5 keys of the two catalogs.
        let app = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        let menu = try CatalogReader.read(path: tree.path("Menu/Menu.xcstrings"))
        XCTAssertEqual([app, menu].map { $0.strings.values.filter { $0.localizations["fr"] != nil }.count }, [1, 0])
        XCTAssertEqual(app.strings.count + menu.strings.count, 5)
        XCTAssertEqual(
            Array(page.section("Coverage")[2...5]),
            [
                "```text",
                "de  ██████████  100%  (5 / 5)",
                "fr  ██░░░░░░░░   20%  (1 / 5)",
                "```",
            ])
        XCTAssertEqual(
            Array(page.section("Coverage").suffix(2)),
            [
                "- `App/Localizable.xcstrings` (3 keys): fr 33% (1 / 3)",
                "- `Menu/Menu.xcstrings` (2 keys): fr 0% (0 / 2)",
            ])
    }

    func testTheVerifyPageHasItsSummaryLineAndNamesTheFilesThatMustStay() throws {
        let tree = try TestTree()
        try Fixture.write(into: tree)
        let page = Fixture.verify(tree).page
        XCTAssertTrue(
            page.hasPrefix(
                "**stringcat verify**: 2 tables, 5 keys in 3 languages: nothing lost (2 of them checked against the "
                    + "catalog migrate would write)\n"
            ), page)
        XCTAssertEqual(
            page.section("Catalogs")[2...3],
            [
                "| `App/Localizable.xcstrings` | catalog migrate would write | 3 | 3 | 1 | 0 | none | 5 carried |",
                "| `Menu/Menu.xcstrings` | catalog migrate would write | 2 | 2 | 0 | 0 | none | 2 carried, 1 must stay "
                    + "|",
            ])
        XCTAssertEqual(
            Array(page.section("Not carried").suffix(3)),
            [
                "Legacy files the catalogs do not carry whole, which must stay (`migrate --delete-legacy` keeps them), "
                    + "each with its reason:",
                "",
                "- `Menu/Base.lproj/Menu.strings`: it gives some keys differently from en.lproj/Menu.strings, whose "
                    + "values the catalog holds",
            ])
    }

    func testShadowedValuesAreCountedFromWhatBothCommandsSay() throws {
        let tree = try TestTree()
        try Fixture.write(into: tree)
        let verification = Fixture.verify(tree).report
        XCTAssertEqual(verification.tables.map { ShadowedValues.count(in: $0.notes) }, [1, 1])
        let migration = Fixture.migrate(tree).report
        XCTAssertEqual(migration.tables.map { ShadowedValues.count(in: $0.diagnostics) }, [1, 1])
        XCTAssertEqual(
            ShadowedValues.count(
                in: .warning(
                    "holds the same language as en.lproj; 2 keys only this file has are migrated; 12 keys differ and "
                        + "en.lproj's values are kept: \"a\"",
                    at: .file("x"))), 12)
        XCTAssertEqual(
            ShadowedValues.count(
                in: .note(
                    "3 keys are also in the .stringsdict of de; the app shows the .stringsdict form, which is what the "
                        + "catalog keeps",
                    at: .file("x"))), 3)
    }

    func testTheStatusPageCountsTablesByStateAndReadsTheCatalogsOnDisk() throws {
        let tree = try TestTree()
        try Fixture.write(into: tree)
        _ = Fixture.migrate(tree) { $0.deleteLegacy = true }
        let page = ReviewPage.status(MigrationStatus.status(tree.root))
        XCTAssertTrue(page.hasPrefix("**stringcat status**: 2 tables: 1 half-migrated, 1 catalog only\n"), page)
        XCTAssertEqual(
            page.section("Tables"),
            [
                "| Catalog | State | Legacy files | Languages | Keys | Project |",
                "| --- | --- | --: | --: | --: | --- |",
                "| `App/Localizable.xcstrings` | catalog only | 0 | 3 | 3 | – |",
                "| `Menu/Menu.xcstrings` | half-migrated | 2 | 2 | 2 | – |",
                "",
                "Languages and Keys: of the catalog on disk (none yet for a table that is legacy only).",
            ])
    }

    func testTheSameTreeGivesTheSameBytesWhereverItLiesAndNoAbsolutePath() throws {
        let first = try TestTree(), second = try TestTree()
        try Fixture.write(into: first)
        try Fixture.write(into: second)
        let pages = [first, second].map { Fixture.migrate($0) { $0.deleteLegacy = true }.page }
        XCTAssertEqual(pages[0], pages[1])
        for page in pages + [first, second].map({ Fixture.verify($0).page }) {
            XCTAssertFalse(page.contains(first.root) || page.contains(second.root), page)
            XCTAssertFalse(page.contains(NSTemporaryDirectory()), page)
        }
    }

    func testAValueMergeKeptFromTheCatalogIsNotCarriedAndTheProofSaysSo() throws {
        let tree = try TestTree()
        try Fixture.write(into: tree)
        _ = Fixture.migrate(tree)
        try tree.write(
            "App/de.lproj/Localizable.strings", "/* Gruß */\n\"hello\" = \"Guten Tag\";\n\"bye\" = \"Tschüss\";\n")
        let page = Fixture.migrate(tree) { $0.merge = true }.page
        // The catalog keeps its "Hallo": nothing to write, and the proof finds the legacy value missing.
        XCTAssertEqual(
            page.components(separatedBy: "\n")[0],
            "**stringcat migrate**: 2 tables → 0 catalogs written or merged, 2 unchanged, 3 languages, 5 keys; verify: "
                + "1 loss or error in 1 table"
        )
        XCTAssertEqual(
            page.section("Not carried")[0],
            "- `App/Localizable.xcstrings`: 1 comment in other languages than the source: a catalog holds one comment "
                + "per key; it stays in the legacy files only; 1 shadowed value the app never shows (a `.strings` "
                + "value whose key the `.stringsdict` also has, or a second folder of a language that gives a key "
                + "differently): the catalog holds the value the app shows; 1 key the catalog and the legacy "
                + "files give differently (`--merge`): the catalog's values stay, the legacy files' are "
                + "not carried"
        )
        XCTAssertTrue(
            page.contains(
                "| error | 1 | `App/de.lproj/Localizable.strings:2:1` | \"hello\" \\[de\\]: value changed: \"Guten "
                    + "Tag\" -\\> \"Hallo\" |"
            ), page)
    }
}
