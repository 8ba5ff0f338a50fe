import Foundation
import TestSupport
import XCTest
import XcodeProject

/// Issue 32: one model of the user's tree, read by every command, and one safety gate that every
/// option passes. Each test holds one item, on a project built here or the sample.
final class OneTreeModelTests: WorkFolderTestCase {
    private func copySample(to name: String = "App") throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"),
            to: work.appendingPathComponent(name))
    }

    private func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: work.appendingPathComponent(relative).path)
    }

    private func json(_ run: StringcatRun) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stderr)
    }

    /// Project files that reference a file that is not on disk (relative to the work folder).
    private func missingReferences(_ pbxproj: String) throws -> [String] {
        let path = work.appendingPathComponent(pbxproj).path
        let graph = try ProjectGraph(path: path)
        return ProjectReferences(graph: graph, projectFolder: PathResolver.projectFolder(ofProjectFile: path))
            .missingFiles { FileManager.default.fileExists(atPath: $0) }.map {
                String($0.path.dropFirst(work.path.count + 1))
            }
    }

    // MARK: 1. One model: what an option took is found again without it

    func testAStatusAndVerifyWithoutAllFilesFindTheTableAnAllFilesRunTook() throws {
        try copySample()
        // A folder of translations no variant group lists.
        try write("App/Extras/de.lproj/Extra.strings", "\"x\" = \"X-de\";\n")
        try write("App/Extras/en.lproj/Extra.strings", "\"x\" = \"X\";\n")
        let migrated = try Stringcat.run(["migrate", "App", "--all-files"], in: work)
        XCTAssertEqual(migrated.status, 0, migrated.stderr)
        XCTAssertTrue(exists("App/Extras/Extra.xcstrings"))
        let record = try String(
            contentsOf: work.appendingPathComponent("App/LegacyApp.xcodeproj/stringcat-migration.json"), encoding: .utf8
        )
        XCTAssertTrue(record.contains("\"Extras/Extra.xcstrings\" : \"--all-files\""), record)

        let status = try Stringcat.run(["status", "App"], in: work)
        XCTAssertTrue(
            status.stdout.contains("App/Extras/Extra.xcstrings: half-migrated, 2 legacy files\n"), status.stdout)
        let verify = try Stringcat.run(["verify", "App", "--json"], in: work)
        XCTAssertEqual(verify.status, 0, verify.stdout)
        let tables = try json(verify)["tables"] as? [[String: Any]] ?? []
        XCTAssertTrue(
            tables.contains { $0["catalog"] as? String == "App/Extras/Extra.xcstrings" && $0["keys"] as? Int == 1 },
            "\(tables)")
        // Damage to that catalog is caught by the plain verify.
        let catalog = work.appendingPathComponent("App/Extras/Extra.xcstrings")
        try Data(try String(contentsOf: catalog, encoding: .utf8).replacingOccurrences(of: "X-de", with: "Y-de").utf8)
            .write(to: catalog)
        let damaged = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(damaged.status, 1, damaged.stdout)
        XCTAssertTrue(damaged.stderr.contains("Extras/de.lproj/Extra.strings"), damaged.stderr)
    }

    func testATableAnEarlierIncludeTookIsFoundAgainFromTheRecord() throws {
        try copySample()
        try write(
            "App/vendor/Kit/Package.swift",
            "let package = Package(name: \"Kit\", defaultLocalization: \"en\", targets: [.target(name: \"Kit\")])\n")
        try write("App/vendor/Kit/Sources/Kit/en.lproj/Kit.strings", "\"k\" = \"K\";\n")
        try write("App/vendor/Kit/Sources/Kit/de.lproj/Kit.strings", "\"k\" = \"K-de\";\n")
        // What a run with --include leaves when a file of the package could not be deleted: its
        // catalog, that file, and the record that says how the table was taken.
        try write(
            "App/vendor/Kit/Sources/Kit/Kit.xcstrings",
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "k" : {
                  "extractionState" : "migrated",
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "K-de"
                      }
                    },
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "K"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """)
        try write(
            "App/LegacyApp.xcodeproj/stringcat-migration.json",
            """
            {"kept": {"vendor/Kit/Sources/Kit/de.lproj/Kit.strings": "it could not be deleted"},
             "selectedBy": {"vendor/Kit/Sources/Kit/Kit.xcstrings": "--include vendor/Kit"},
             "tables": {"vendor/Kit/Sources/Kit/Kit.xcstrings": ["vendor/Kit/Sources/Kit/de.lproj/Kit.strings", "vendor/Kit/Sources/Kit/en.lproj/Kit.strings"]}}
            """)
        let status = try Stringcat.run(["status", "App"], in: work)
        XCTAssertTrue(
            status.stdout.contains(
                "App/vendor/Kit/Sources/Kit/Kit.xcstrings: half-migrated, 2 legacy files\n"
                    + "  kept by --delete-legacy: App/vendor/Kit/Sources/Kit/de.lproj/Kit.strings: it could not be "
                    + "deleted\n"
            ), status.stdout)
        let verify = try Stringcat.run(["verify", "App", "--json"], in: work)
        XCTAssertEqual(verify.status, 0, verify.stdout)
        XCTAssertEqual((try json(verify)["catalogsOnly"] as? [String]) ?? ["?"], [])
        // A plain --delete-legacy finishes the job the --include run started.
        let finish = try Stringcat.run(["migrate", "App", "--delete-legacy", "--table", "Kit"], in: work)
        XCTAssertEqual(finish.status, 0, finish.stderr)
        XCTAssertFalse(exists("App/vendor/Kit/Sources/Kit/de.lproj/Kit.strings"), finish.stdout)
    }

    // MARK: 3. One language tag: the source language is the key of its values

    func testADevelopmentRegionWithARegionKeysTheSourceValuesAsTheProjectSpellsIt() throws {
        try copySample()
        let pbxproj = work.appendingPathComponent("App/LegacyApp.xcodeproj/project.pbxproj")
        var text = try String(contentsOf: pbxproj, encoding: .utf8)
        text = text.replacingOccurrences(of: "developmentRegion = en;", with: "developmentRegion = en_GB;")
            .replacingOccurrences(of: "en.lproj/", with: "en_GB.lproj/").replacingOccurrences(
                of: "name = en;", with: "name = en_GB;")
        try Data(text.utf8).write(to: pbxproj)
        try FileManager.default.moveItem(
            at: work.appendingPathComponent("App/LegacyApp/en.lproj"),
            to: work.appendingPathComponent("App/LegacyApp/en_GB.lproj"))
        let run = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("no strings in the source language"), run.stderr)
        XCTAssertTrue(
            run.stdout.hasPrefix("source language: en_GB (developmentRegion in LegacyApp.xcodeproj/project.pbxproj)\n"),
            run.stdout)
        let catalog = try XCTUnwrap(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: work.appendingPathComponent("App/LegacyApp/Localizable.xcstrings")))
                as? [String: Any])
        XCTAssertEqual(catalog["sourceLanguage"] as? String, "en_GB")
        let entries = try XCTUnwrap(catalog["strings"] as? [String: [String: Any]])
        let keyed = entries.values.compactMap { ($0["localizations"] as? [String: Any])?.keys }.flatMap { $0 }
        XCTAssertTrue(keyed.contains("en_GB"))
        XCTAssertFalse(keyed.contains("en-GB") || keyed.contains("en"))
        XCTAssertEqual(try Stringcat.run(["verify", "App"], in: work).status, 0)
    }

    // MARK: 4. One gate, every option

    func testNoProjectWithDeleteLegacyIsRefusedAndChangesNothing() throws {
        try copySample()
        let before = snapshot()
        let run = try Stringcat.run(["migrate", "App", "--no-project", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(
            run.stderr.contains(
                "App/LegacyApp.xcodeproj/project.pbxproj: error: --delete-legacy would delete 23 files this project "
                    + "references (LegacyApp/ar.lproj/InfoPlist.strings, LegacyApp/ar.lproj/Localizable.strings, "
                    + "LegacyApp/ar.lproj/Localizable.stringsdict, …); --no-project leaves it unedited: run "
                    + "without --no-project (the project is edited as Xcode edits it), or without "
                    + "--delete-legacy. Nothing was written or deleted"
            ), run.stderr)
        XCTAssertTrue(
            run.stdout.hasSuffix("refused: nothing was written or deleted; see the errors above\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("records the"), run.stdout)
        XCTAssertEqual(snapshot().filter { !$0.key.hasSuffix("stringcat.lock") }, before)
        // The same refusal in a dry run, which says what the run would do.
        let dry = try Stringcat.run(["migrate", "App", "--no-project", "--delete-legacy", "--dry-run"], in: work)
        XCTAssertEqual(dry.status, 1)
        XCTAssertTrue(dry.stderr.contains("--no-project leaves it unedited"), dry.stderr)
    }

    func testAllFilesWithDeleteLegacyEditsTheProjectForTheFilesItReferences() throws {
        try copySample()
        let run = try Stringcat.run(["migrate", "App", "--all-files", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try missingReferences("App/LegacyApp.xcodeproj/project.pbxproj"), [])
        XCTAssertTrue(run.stdout.contains("App/LegacyApp.xcodeproj/project.pbxproj: edited"), run.stdout)
        let status = try Stringcat.run(["status", "App"], in: work)
        XCTAssertEqual(status.status, 0, status.stdout)
        XCTAssertTrue(status.stdout.hasSuffix("status: 3 tables: 3 migrated\n"), status.stdout)
    }

    /// A generated project is its generator's output: the files its spec lists go with
    /// --delete-legacy once proven (docs/spec/project-edit.md#a-generated-project), and the run says to regenerate it.
    func testAGeneratedProjectListingTheDeletedFilesIsToldToBeRegeneratedNotARefusal() throws {
        try copySample()
        try write("App/project.yml", "name: LegacyApp\n")
        let run = try Stringcat.run(["migrate", "App", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(exists("App/LegacyApp/de.lproj/Localizable.strings"))
        XCTAssertTrue(
            run.stderr.contains(
                "App/LegacyApp.xcodeproj/project.pbxproj: warning: the generated project still lists 23 files "
                    + "--delete-legacy deletes; regenerate it (XcodeGen, project.yml) once the spec names the catalogs"
            ), run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "The project is generated (XcodeGen, project.yml): its files were left alone. To finish:"), run.stdout)
    }

    func testAFileAnotherProjectReferencesIsNeverDeleted() throws {
        try copySample()
        // A second project lists one of the app's files as a plain resource (not a variant group).
        var other = MiniProject()
        other.plainFile("LegacyApp/de.lproj/Localizable.strings", in: "", targets: ["Tool"])
        try write("App/Tool.xcodeproj/project.pbxproj", other.text())
        let before = snapshot()
        let run = try Stringcat.run(["migrate", "App", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(
            run.stderr.contains(
                "App/Tool.xcodeproj/project.pbxproj: error: --delete-legacy would delete 1 file this project "
                    + "references (LegacyApp/de.lproj/Localizable.strings); no table of this run replaces them in it: "
                    + "leave them out (--exclude), or run without --delete-legacy. Nothing was written or deleted"
            ), run.stderr)
        XCTAssertEqual(snapshot().filter { !$0.key.hasSuffix("stringcat.lock") }, before)
    }

    func testNoProjectInASynchronizedFolderIsRefusedSinceTheTargetWouldBuildTheTableTwice() throws {
        var project = MiniProject()
        project.objectVersion = 77
        project.synchronizedFolder("App", targets: ["App"])
        try write("Sync.xcodeproj/project.pbxproj", project.text())
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        let before = snapshot()
        let refused = try Stringcat.run(["migrate", ".", "--no-project"], in: work)
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(
            refused.stderr.contains(
                "Sync.xcodeproj/project.pbxproj: error: target App (iOS app) would build Localizable both from a catalog and "
                    + "from legacy files (\"Multiple commands produce …\"); run without --no-project, so that the kept "
                    + "legacy files leave the target's membership. Nothing was written or deleted"
            ), refused.stderr)
        XCTAssertEqual(snapshot().filter { !$0.key.hasSuffix("stringcat.lock") }, before)
        // Without --no-project, the kept files leave the target: no table built twice.
        let run = try Stringcat.run(["migrate", "."], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(exists("App/Localizable.xcstrings"))
    }

    /// Leaving out one language of a variant group's table would take that language out of the
    /// build with the group: the whole table is left alone, and the project keeps building it.
    func testExcludingPartOfAProjectsTableLeavesTheWholeTableAlone() throws {
        try copySample()
        let run = try Stringcat.run(
            ["migrate", "App", "--exclude", "LegacyApp/ja.lproj/Localizable.strings", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(exists("App/LegacyApp/Localizable.xcstrings"))
        XCTAssertTrue(exists("App/LegacyApp/de.lproj/Localizable.strings"))
        XCTAssertTrue(
            run.stdout.contains(
                "its table Localizable is left alone: --exclude leaves out LegacyApp/ja.lproj/Localizable.strings, and "
                    + "a project or package builds a table whole"
            ), run.stdout)
        XCTAssertTrue(exists("App/LegacyApp/InfoPlist.xcstrings"), "the other tables are migrated")
        XCTAssertEqual(try missingReferences("App/LegacyApp.xcodeproj/project.pbxproj"), [])
        let verify = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
    }

    func testAPackageNamingAnLprojAsAResourceKeepsItsFiles() throws {
        try write(
            "Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Kit", defaultLocalization: "en",
                                  targets: [.target(name: "Kit", resources: [.copy("de.lproj")])])

            """)
        try write("Sources/Kit/en.lproj/Kit.strings", "\"k\" = \"K\";\n")
        try write("Sources/Kit/de.lproj/Kit.strings", "\"k\" = \"K-de\";\n")
        let before = snapshot()
        let run = try Stringcat.run(["migrate", ".", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(
            run.stderr.contains(
                "Package.swift: error: --delete-legacy would delete 1 file this manifest names as resources, or empty "
                    + "the .lproj folder it names (Sources/Kit/de.lproj/Kit.strings); point the manifest at the "
                    + "catalog first, or leave them out (--exclude). Nothing was written or deleted"
            ), run.stderr)
        XCTAssertEqual(snapshot().filter { !$0.key.hasSuffix("stringcat.lock") }, before)
    }

    /// A package builds every file of its target: without `--delete-legacy` its catalog would
    /// stand beside the legacy files it replaces.
    func testAPackagesTableWaitsForTheRunThatDeletesItsLegacyFiles() throws {
        try write(
            "Package.swift",
            "let package = Package(name: \"Kit\", defaultLocalization: \"en\", targets: [.target(name: \"Kit\")])\n")
        try write("Sources/Kit/en.lproj/Kit.strings", "\"k\" = \"K\";\n")
        try write("Sources/Kit/de.lproj/Kit.strings", "\"k\" = \"K-de\";\n")
        let waiting = try Stringcat.run(["migrate", "."], in: work)
        XCTAssertEqual(waiting.status, 0, waiting.stderr)
        XCTAssertFalse(exists("Sources/Kit/Kit.xcstrings"))
        XCTAssertTrue(
            waiting.stdout.contains(
                "Sources/Kit/Kit.xcstrings: left for --delete-legacy, 2 languages (de, en), 1 warning\n"),
            waiting.stdout)
        XCTAssertTrue(
            waiting.stdout.hasSuffix(
                "wrote 0 of 1 catalog (0 entries, 0 languages); 1 left for --delete-legacy (in Swift packages)\n"),
            waiting.stdout)
        XCTAssertTrue(
            waiting.stderr.contains(
                "Sources/Kit/Kit.xcstrings: warning: not written: a Swift package builds every file of its target"),
            waiting.stderr)
        // A file the proof would keep (it does not parse): the table still waits, with the reason.
        try write("Sources/Kit/fr.lproj/Kit.stringsdict", "not a property list")
        let kept = try Stringcat.run(["migrate", ".", "--delete-legacy", "--skip-invalid"], in: work)
        XCTAssertFalse(exists("Sources/Kit/Kit.xcstrings"), kept.stdout)
        XCTAssertTrue(
            kept.stderr.contains(
                "not written: 1 legacy file of this package table would stay (fr.lproj/Kit.stringsdict: it does not "
                    + "parse)"
            ), kept.stderr)
        try FileManager.default.removeItem(at: work.appendingPathComponent("Sources/Kit/fr.lproj"))
        let run = try Stringcat.run(["migrate", ".", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(exists("Sources/Kit/Kit.xcstrings"))
        XCTAssertFalse(exists("Sources/Kit/de.lproj"))
    }

    // MARK: 5. A language a bundle would lose

    /// A table whose comment-only files are what puts French in the app stays whole (its files,
    /// its variant group); the run says why; `--delete-empty-languages` migrates it.
    func testALanguageOnlyAnEmptyTableDeclaresStaysAndIsSaid() throws {
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        project.variantGroup("Dummy.strings", in: "App", languages: ["en", "de", "fr"], targets: ["App"])
        try write("App.xcodeproj/project.pbxproj", project.text())
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        for language in ["en", "de", "fr"] {
            try write("App/\(language).lproj/Dummy.strings", "/* Declares \(language). */\n")
        }
        let run = try Stringcat.run(["migrate", ".", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(exists("App/fr.lproj/Dummy.strings"), "French is declared by this file only")
        XCTAssertTrue(exists("App/de.lproj/Dummy.strings"), "the table stays whole")
        XCTAssertTrue(run.stdout.contains("App/Dummy.xcstrings: left alone, "), run.stdout)
        XCTAssertEqual(try missingReferences("App.xcodeproj/project.pbxproj"), [])
        let status = try Stringcat.run(["status", "."], in: work)
        XCTAssertTrue(status.stdout.contains("App/Dummy.xcstrings: legacy only, 3 legacy files"), status.stdout)
        let anyway = try Stringcat.run(["migrate", ".", "--delete-legacy", "--delete-empty-languages"], in: work)
        XCTAssertEqual(anyway.status, 0, anyway.stderr)
        XCTAssertFalse(exists("App/fr.lproj"))
        XCTAssertEqual(try missingReferences("App.xcodeproj/project.pbxproj"), [])
    }

    // MARK: 6. Every leftover file explained

    func testAFileOfATablesNameInNoBuildPhaseIsNamedWithItsReason() throws {
        try copySample()
        try write("App/resources/l10n/Localizable.strings", "\"template\" = \"template\";\n")
        let run = try Stringcat.run(["migrate", "App", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        let line =
            "  1 file (App/resources/l10n/Localizable.strings): not in an .lproj folder, and no project builds it as a "
            + "table (Xcode's migration reads only those)\n"
        XCTAssertTrue(run.stdout.contains(line), run.stdout)
        XCTAssertTrue(try Stringcat.run(["status", "App"], in: work).stdout.contains(line))
    }

    // MARK: 7. Wording

    func testWordsCountWhatTheySay() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write(
            "App/Localizable.xcstrings",
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}")
        let normalize = try Stringcat.run(["normalize", "App/Localizable.xcstrings", "--check"], in: work)
        XCTAssertEqual(normalize.stdout, "0 files not normalized, 1 already normalized\n")
    }
}
