import Foundation
import XCTest

final class MigrateCommandTests: WorkFolderTestCase {
    /// A catalog whose English value of "a" was edited after a migration.
    static let catalogWithEditedA = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Edited A"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    private func read(_ relative: String) throws -> Data {
        try Data(contentsOf: work.appendingPathComponent(relative))
    }

    func testSampleMigratesToTheExpectedCatalogsByteForByte() throws {
        let sample = Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp").path
        let before = try FileManager.default.subpathsOfDirectory(atPath: sample).sorted()
        let run = try Stringcat.run(["migrate", sample, "--output", work.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        XCTAssertTrue(run.stdout.contains("source language: en (developmentRegion in "), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("wrote 3 of 3 catalogs (15 entries, 6 languages)\n"), run.stdout)
        let expected = Stringcat.repositoryRoot.appendingPathComponent("Tests/CLITests/Fixtures/LegacyApp-catalogs")
        for name in ["Localizable.xcstrings", "InfoPlist.xcstrings", "mul.lproj/Main.xcstrings"] {
            XCTAssertEqual(
                try read("LegacyApp/" + name), try Data(contentsOf: expected.appendingPathComponent(name)), name)
        }
        XCTAssertEqual(
            try FileManager.default.subpathsOfDirectory(atPath: sample).sorted(), before,
            "the sample must be left untouched")
    }

    func testExistingCatalogIsNeverOverwrittenWithoutForce() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/Localizable.xcstrings", "my own catalog")
        let run = try Stringcat.run(["migrate", work.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.contains(
                "App/Localizable.xcstrings: error: a catalog already exists here; it is left untouched (--merge adds "
                    + "what it lacks, --force replaces it)"
            ), run.stderr)
        XCTAssertEqual(String(decoding: try read("App/Localizable.xcstrings"), as: UTF8.self), "my own catalog")

        let forced = try Stringcat.run(["migrate", work.path, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(
            String(decoding: try read("App/Localizable.xcstrings"), as: UTF8.self).contains(
                "\"extractionState\" : \"migrated\""))
    }

    func testMergeAddsWhatTheCatalogLacksAndKeepsItsValues() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        try write("App/Localizable.xcstrings", Self.catalogWithEditedA)
        let run = try Stringcat.run(["migrate", work.path, "--merge"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("App/Localizable.xcstrings: merged"), run.stdout)
        XCTAssertTrue(
            run.stderr.contains(
                "note: merge: 1 entry added, 1 translation added to existing entries, 1 differing value kept as the "
                    + "catalog has them (--prefer legacy takes the legacy files' values)"
            ), run.stderr)
        XCTAssertTrue(run.stderr.contains("note: merge: the values that differ: \"a\" [en]\n"), run.stderr)
        let catalog = try JSONSerialization.jsonObject(with: try read("App/Localizable.xcstrings")) as! [String: Any]
        let strings = catalog["strings"] as! [String: [String: Any]]
        let a = strings["a"]!["localizations"] as! [String: [String: [String: String]]]
        XCTAssertEqual(a["en"]?["stringUnit"]?["value"], "Edited A")
        XCTAssertEqual(a["de"]?["stringUnit"]?["value"], "A-de")
        XCTAssertNil(strings["a"]!["extractionState"], "existing entries keep their fields")
        XCTAssertEqual(strings["b"]?["extractionState"] as? String, "migrated")
    }

    func testMergePreferLegacyTakesTheLegacyValues() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/Localizable.xcstrings", Self.catalogWithEditedA)
        let run = try Stringcat.run(["migrate", work.path, "--merge", "--prefer", "legacy", "--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let catalog = try JSONSerialization.jsonObject(with: try read("App/Localizable.xcstrings")) as! [String: Any]
        let a =
            (catalog["strings"] as! [String: [String: Any]])["a"]!["localizations"]
            as! [String: [String: [String: String]]]
        XCTAssertEqual(a["en"]?["stringUnit"]?["value"], "A")
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        let table = (report["tables"] as! [[String: Any]])[0]
        let differences = table["mergeDifferences"] as? [[String: Any]]
        XCTAssertEqual(differences?.count, 1)
        XCTAssertEqual(differences?.first?["key"] as? String, "a")
        XCTAssertEqual(differences?.first?["languages"] as? [String], ["en"])
        let wrong = try Stringcat.run(["migrate", work.path, "--prefer", "legacy"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.hasPrefix("error: --prefer only applies with --merge\n"), wrong.stderr)
    }

    /// docs/spec/project-edit.md#an-empty-table-gets-an-empty-catalog (GoMap, canvas-ios): a table whose files hold no
    /// entry gets its catalog, empty, as Xcode's migration gives it one; verify compares it (nothing to lose) and
    /// --delete-legacy takes the empty files.
    func testAnEmptyTableGetsAnEmptyCatalog() throws {
        try write("App/en.lproj/Empty.strings", "\u{FEFF}")
        try write("App/de.lproj/Empty.strings", "/* nothing yet */\n")
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let run = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "App/Empty.xcstrings: written, 0 languages, 0 entries, 0 plural, 0 comments, 0 warnings\n"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("wrote 2 of 2 catalogs (1 entry, 1 language)\n"), run.stdout)
        XCTAssertEqual(
            try String(contentsOf: work.appendingPathComponent("App/Empty.xcstrings"), encoding: .utf8),
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}")
        let verify = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        XCTAssertTrue(
            verify.stdout.contains("App/Empty.xcstrings: catalog on disk: 0 languages, 0 keys, no loss"), verify.stdout)
        // The empty German file is the only thing that declares German (no catalog holds a value
        // in it): deleting it would take German out of the folder, so its table stays, said so,
        // until --delete-empty-languages.
        let delete = try Stringcat.run(["migrate", "App", "--delete-legacy"], in: work)
        XCTAssertEqual(delete.status, 0, delete.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("App/de.lproj/Empty.strings").path))
        XCTAssertTrue(delete.stdout.contains("App/Empty.xcstrings: left alone, "), delete.stdout)
        XCTAssertTrue(
            delete.stderr.contains(
                "App/Empty.xcstrings: warning: left alone: its files in de hold no entry, and they are what puts that "
                    + "language in the bundle of App (folder of .lproj folders)"),
            delete.stderr)
        let anyway = try Stringcat.run(["migrate", "App", "--delete-legacy", "--delete-empty-languages"], in: work)
        XCTAssertEqual(anyway.status, 0, anyway.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("App/de.lproj/Empty.strings").path))
    }

    /// Junk where a key should start ends the table, as in Apple's reader and Xcode: the entries
    /// before it are migrated, a warning says how many lines were not read, and the file is kept.
    func testJunkWhereAKeyShouldStartEndsTheTableWithAWarningAndTheFileIsKept() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n;;\n\"b\" = \"B-de\";\n")
        let run = try Stringcat.run(["migrate", "App", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "App/de.lproj/Localizable.strings:2:1: warning: ';' where a key should start: the table ends here, as "
                    + "in Apple's reader and Xcode's migration, and the rest of the file is not read (lines 2–3, 2 "
                    + "lines)\n"
            ), run.stderr)
        let catalog = try String(contentsOf: work.appendingPathComponent("App/Localizable.xcstrings"), encoding: .utf8)
        XCTAssertTrue(catalog.contains("\"value\" : \"A-de\""))
        XCTAssertFalse(catalog.contains("B-de"))
        XCTAssertTrue(
            run.stdout.contains(
                "  kept App/de.lproj/Localizable.strings: part of it is not read, as in Xcode: ';' where a key should "
                    + "start: lines 2-3 (2 lines) are not read\n"
            ), run.stdout)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("App/de.lproj/Localizable.strings").path)
        )
        // --strict makes it an error: no catalog for the table.
        try FileManager.default.removeItem(at: work.appendingPathComponent("App/Localizable.xcstrings"))
        let strict = try Stringcat.run(["migrate", "App", "--strict"], in: work)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(
            strict.stderr.contains("App/de.lproj/Localizable.strings:2:1: error: ';' where a key should start"),
            strict.stderr)
        let lint = try Stringcat.run(["lint", "--strict", "App/de.lproj/Localizable.strings"], in: work)
        XCTAssertEqual(lint.status, 1)
    }

    func testMergeAndForceTogetherIsAUsageError() throws {
        let run = try Stringcat.run(["migrate", work.path, "--merge", "--force"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(
            run.stderr.hasPrefix("error: --merge and --force cannot be used together\nusage: stringcat migrate"),
            run.stderr)
    }

    func testInvalidFileStopsItsTableOnlyAndIsNamedWithItsLocation() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = A\n\"b\" = \"B\";\n")
        try write("App/en.lproj/InfoPlist.strings", "CFBundleName = \"App\";\n")
        let run = try Stringcat.run(["migrate", work.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.contains("App/de.lproj/Localizable.strings:1:8: error: missing ';' after the value of \"a\""),
            run.stderr)
        XCTAssertTrue(run.stdout.contains("App/Localizable.xcstrings: failed"), run.stdout)
        XCTAssertTrue(run.stdout.contains("App/InfoPlist.xcstrings: written"), run.stdout)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("App/Localizable.xcstrings").path))

        let skipping = try Stringcat.run(["migrate", work.path, "--skip-invalid", "--table", "Localizable"])
        XCTAssertEqual(skipping.status, 0, skipping.stderr)
        XCTAssertTrue(
            skipping.stderr.contains(
                "App/de.lproj/Localizable.strings:1:8: warning: missing ';' after the value of \"a\" (file skipped: "
                    + "--skip-invalid)"
            ), skipping.stderr)
        XCTAssertTrue(
            skipping.stdout.contains(
                "App/Localizable.xcstrings: written, 1 language (en), 1 entry, 0 plural, 0 comments, 1 warning, 1 file "
                    + "skipped"
            ), skipping.stdout)
    }

    func testDryRunWritesNothingAndPrintsThePlan() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let before = snapshot()
        let run = try Stringcat.run(["migrate", work.path, "--dry-run"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains("App/Localizable.xcstrings: would write, 1 language (en), 1 entry"), run.stdout)
        XCTAssertTrue(
            run.stdout.contains("  reads \(work.path)/App/en.lproj/Localizable.strings")
                || run.stdout.contains("reads App/en.lproj/Localizable.strings"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("would write 1 of 1 catalog (1 entry, 1 language)\n"), run.stdout)
        XCTAssertEqual(snapshot(), before)
    }

    func testTableFilterLeavesOtherTablesAlone() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/en.lproj/InfoPlist.strings", "CFBundleName = \"App\";\n")
        let run = try Stringcat.run(["migrate", work.path, "--table", "InfoPlist"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("App/InfoPlist.xcstrings").path))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("App/Localizable.xcstrings").path))
        let unknown = try Stringcat.run(["migrate", work.path, "--table", "Nope"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("error: no table named Nope in this project"), unknown.stderr)
        // A table migrated with no legacy file left is not an unknown name: `status` lists it.
        try FileManager.default.removeItem(at: work.appendingPathComponent("App/en.lproj/InfoPlist.strings"))
        let done = try Stringcat.run(["migrate", work.path, "--table", "InfoPlist"])
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertTrue(
            done.stderr.contains(
                "InfoPlist.xcstrings: note: InfoPlist is already migrated and has no legacy file left: nothing to do"),
            done.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("App/Localizable.xcstrings").path))
    }

    func testJSONReport() throws {
        try write("App/en.lproj/Localizable.strings", "/* Greeting */\n\"a\" = \"A\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        let run = try Stringcat.run(["migrate", work.path, "--json", "--dry-run", "--source-language", "en"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(object["sourceLanguage"] as? String, "en")
        XCTAssertEqual(object["sourceLanguageOrigin"] as? String, "--source-language")
        XCTAssertEqual(object["ok"] as? Bool, true)
        let table = (object["tables"] as! [[String: Any]])[0]
        XCTAssertEqual(table["table"] as? String, "Localizable")
        XCTAssertEqual(table["outcome"] as? String, "would write")
        XCTAssertEqual(table["languages"] as? [String], ["de", "en"])
        XCTAssertEqual(table["entries"] as? Int, 1)
        XCTAssertEqual(table["comments"] as? Int, 1)
    }

    func testBadPathsAreClearErrors() throws {
        let missing = try Stringcat.run(["migrate", work.appendingPathComponent("nope").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("nope: error: no such file or folder"), missing.stderr)

        try write("empty/readme.txt", "nothing here")
        let empty = try Stringcat.run(["migrate", work.appendingPathComponent("empty").path])
        XCTAssertEqual(empty.status, 1)
        XCTAssertTrue(
            empty.stderr.contains("error: no .strings or .stringsdict files in any .lproj folder here"), empty.stderr)
    }

    func testUnwritableOutputFailsAndCreatesNothing() throws {
        guard getuid() != 0 else { throw XCTSkip("running as root: folder permissions do not apply") }
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        chmod(work.appendingPathComponent("out").path, 0o555)
        let run = try Stringcat.run([
            "migrate", work.appendingPathComponent("App").path, "--output", work.appendingPathComponent("out").path,
        ])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("error: cannot write"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out").path), [])
    }

    func testOutputUnderAPlainFileFailsAndChangesNothing() throws {
        // Works as root too, where folder permissions are not enforced.
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = \"B\";\n")
        try write("blocker", "a plain file")
        let before = snapshot()
        let run = try Stringcat.run([
            "migrate", work.appendingPathComponent("App").path, "--output",
            work.appendingPathComponent("blocker/out").path,
        ])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("error: cannot create folder"), run.stderr)
        XCTAssertEqual(snapshot(), before)
    }

    func testDeleteLegacyDeletesOnlyWhatTheWrittenCatalogProvablyHolds() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        // Does not parse (an unquoted value without its ;: no reading takes it).
        try write("App/fr.lproj/Localizable.strings", "\"a\" = A-fr\n")
        try write("App/Base.lproj/Localizable.strings", "\"a\" = \"Other A\";\n\"b\" = \"B\";\n") // differs from en
        let dry = try Stringcat.run(["migrate", work.path, "--delete-legacy", "--skip-invalid", "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("App/de.lproj/Localizable.strings (would delete)"), dry.stdout)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("App/de.lproj/Localizable.strings").path)
        )

        let run = try Stringcat.run(["migrate", work.path, "--delete-legacy", "--skip-invalid"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let left = (FileManager.default.subpaths(atPath: work.path) ?? []).filter { $0.hasSuffix(".strings") }.sorted()
        // The invalid file and the Base file whose value differs stay, and so does en.lproj: it
        // decides which of the two values of "a" the catalog holds. de is in the catalog.
        XCTAssertEqual(
            left,
            [
                "App/Base.lproj/Localizable.strings", "App/en.lproj/Localizable.strings",
                "App/fr.lproj/Localizable.strings",
            ])
        XCTAssertTrue(
            run.stdout.contains(
                "App/en.lproj/Localizable.strings: another file of its language (en) stays because it gives some keys "
                    + "differently; this one decides which values the catalog holds\n"
            ), run.stdout)
        XCTAssertTrue(run.stdout.contains("deleted"), run.stdout)
        XCTAssertTrue(run.stdout.contains("App/fr.lproj/Localizable.strings: it does not parse\n"), run.stdout)
        // Base.lproj also holds "b", which en.lproj lacks and Xcode's migration does not take from it.
        XCTAssertTrue(
            run.stdout.contains(
                "App/Base.lproj/Localizable.strings: it holds 1 key that the source language's own folder lacks, which "
                    + "Xcode's migration does not take from Base.lproj\n"
            ), run.stdout)
        // One line with the counts; --verbose lists each file and folder.
        XCTAssertTrue(
            run.stdout.contains("  deleted 1 legacy file, removed 1 emptied .lproj folder; --verbose lists each\n"),
            run.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("App/de.lproj").path))
    }

    func testDeleteLegacyRefusesWhenTheCatalogDiffers() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/Localizable.xcstrings", Self.catalogWithEditedA)
        let run = try Stringcat.run(["migrate", work.path, "--merge", "--delete-legacy"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("error: \"a\" [en]: value changed: \"A\" -> \"Edited A\""), run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "error: legacy files not deleted: the catalog does not hold them without loss: 1 loss; run stringcat "
                    + "verify"
            ), run.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("App/en.lproj/Localizable.strings").path)
        )
    }
}
