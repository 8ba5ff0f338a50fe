import Foundation
import TestSupport
import XCTest

/// Issue 22, item by item: layouts of real projects (one variant group per language,
/// synchronized folders, a root `Package.swift`, vendored packages, several projects), and what
/// `migrate`, a second `migrate`, `status` and `verify` say of them. Each rule on a minimal project
/// built here, and on the shared app that shows it when `../shared` is there.
final class RealProjectTests: WorkFolderTestCase {
    // MARK: Helpers

    /// The files and folders under `folder`, with the bytes of the files.
    private func tree(_ folder: URL) -> [String: Data] {
        var items: [String: Data] = [:]
        for case let item as String in FileManager.default.enumerator(atPath: folder.path)! {
            items[item] =
                FileManager.default.contents(atPath: folder.appendingPathComponent(item).path) ?? Data("<folder>".utf8)
        }
        return items
    }

    private func text(_ relative: String) throws -> String {
        try String(contentsOf: work.appendingPathComponent(relative), encoding: .utf8)
    }

    private func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: work.appendingPathComponent(relative).path)
    }

    private func copySample(to name: String = "App") throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"),
            to: work.appendingPathComponent(name))
    }

    /// A copy of `../shared/corpus/<app>` in the work folder (writable), or a skip.
    private func copyCorpusApp(_ app: String, to name: String) throws {
        let source = try sharedFolder("corpus/" + app)
        let destination = work.appendingPathComponent(name)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: destination)
        for case let item as String in FileManager.default.enumerator(atPath: destination.path)! {
            chmod(destination.appendingPathComponent(item).path, 0o755)
        }
        chmod(destination.path, 0o755)
    }

    /// Every `.xcstrings` under the work folder, relative.
    private func catalogs(under name: String) -> [String] {
        (FileManager.default.subpaths(atPath: work.appendingPathComponent(name).path) ?? []).filter {
            $0.hasSuffix(".xcstrings")
        }.sorted()
    }

    // MARK: 1. One variant group per language (docs/spec/project-edit.md#one-variant-group-per-language)

    func testOneVariantGroupPerLanguageIsOneTableBesideTheLprojFolders() throws {
        var project = MiniProject()
        project.knownRegions = ["en", "de", "fr"]
        project.variantGroupPerLanguage(
            "Localizable.strings", in: "App/l10n", languages: ["en", "de", "fr"], targets: ["App"])
        project.variantGroupPerLanguage(
            "InfoPlist.strings", in: "App/l10n", languages: ["en", "de", "fr"], targets: ["App"])
        try write("P/App.xcodeproj/project.pbxproj", project.text())
        for (language, word) in [("en", "Hello"), ("de", "Hallo"), ("fr", "Bonjour")] {
            try write("P/App/l10n/\(language).lproj/Localizable.strings", "\"hello\" = \"\(word)\";\n")
            try write("P/App/l10n/\(language).lproj/InfoPlist.strings", "\"CFBundleName\" = \"App \(language)\";\n")
        }
        let run = try Stringcat.run(["migrate", "P"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(catalogs(under: "P"), ["App/l10n/InfoPlist.xcstrings", "App/l10n/Localizable.xcstrings"])
        XCTAssertTrue(
            run.stdout.contains("P/App/l10n/Localizable.xcstrings: written, 3 languages (de, en, fr), 1 entry"),
            run.stdout)
        let pbxproj = try text("P/App.xcodeproj/project.pbxproj")
        XCTAssertFalse(pbxproj.contains("PBXVariantGroup"), pbxproj)
        // The references go into the l10n group, before its first .lproj group; those stay, empty.
        XCTAssertTrue(
            pbxproj.contains("children = (\n\t\t\t\t") && pbxproj.contains("/* InfoPlist.xcstrings */,\n\t\t\t\t"),
            pbxproj)
        let l10n = try XCTUnwrap(
            pbxproj.range(of: "/* l10n */ = {").map { String(pbxproj[$0.upperBound...].prefix(400)) })
        XCTAssertTrue(
            l10n.contains("/* InfoPlist.xcstrings */,\n\t\t\t\t")
                && l10n.contains("/* Localizable.xcstrings */,\n\t\t\t\t"), l10n)
        XCTAssertTrue(
            l10n.range(of: "Localizable.xcstrings")!.lowerBound < l10n.range(of: "en.lproj")!.lowerBound, l10n)
        // status and verify see the three legacy files of each table, still on disk.
        let status = try Stringcat.run(["status", "P"], in: work)
        XCTAssertTrue(
            status.stdout.contains(
                "P/App/l10n/Localizable.xcstrings: half-migrated, 3 legacy files; project references the catalog\n"),
            status.stdout)
        let verify = try Stringcat.run(["verify", "P"], in: work)
        XCTAssertEqual(verify.status, 0, verify.stderr)
        XCTAssertTrue(
            verify.stdout.contains(
                "verify: 2 tables, 2 keys in 3 languages: nothing lost; 1 target: the same bundle as before the "
                    + "migration\n"),
            verify.stdout)
    }

    func testAltTabGetsOneCatalogPerTableInItsL10nFolder() throws {
        try copyCorpusApp("lwouis__alt-tab-macos", to: "alt")
        let run = try Stringcat.run(["migrate", "alt"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            catalogs(under: "alt"), ["resources/l10n/InfoPlist.xcstrings", "resources/l10n/Localizable.xcstrings"])
        XCTAssertTrue(
            run.stdout.contains("alt/resources/l10n/Localizable.xcstrings: written, 21 languages"), run.stdout)
        let status = try Stringcat.run(["status", "alt"], in: work)
        XCTAssertTrue(status.stdout.hasSuffix("status: 2 tables: 2 half-migrated\n"), status.stdout)
    }

    // MARK: 2. Synchronized folders (docs/spec/project-edit.md#synchronized-folders)

    /// Table after table (`--table`) ends in the files one whole run leaves, the migration record
    /// included: home-assistant's synchronized-folder tables `Core` and `Frontend` need no project
    /// edit (their files are in no target), and their runs wrote no record at all.
    func testTableAfterTableEndsInTheFilesOfOneWholeRunInSynchronizedFolders() throws {
        try copyCorpusApp("home-assistant__iOS", to: "one")
        try copyCorpusApp("home-assistant__iOS", to: "whole")
        XCTAssertEqual(try Stringcat.run(["migrate", "whole", "--quiet"], in: work).status, 0)
        for table in ["Core", "Frontend", "InfoPlist", "Localizable"] {
            let run = try Stringcat.run(["migrate", "one", "--table", table, "--quiet"], in: work)
            XCTAssertEqual(run.status, 0, "\(table): \(run.stderr)")
        }
        let files = snapshot()
        let one = files.filter { $0.key.hasPrefix("one/") }, whole = files.filter { $0.key.hasPrefix("whole/") }
        XCTAssertEqual(one.count, whole.count)
        for (path, data) in one where whole["whole/" + path.dropFirst(4)] != data {
            XCTFail("\(path) differs from one whole run's")
        }
    }

    /// `migrate iina/iina` (a folder inside the project's folder) reads the Xcode project above
    /// it: the same tables, catalogs, project edit and deletions as a run on the project. Read as
    /// a bare folder it deleted 1,956 files, 869 of them in no variant group, and left the project
    /// referencing the deleted ones.
    func testAFolderInsideAProjectIsMigratedAsThatProjectsTables() throws {
        try copyCorpusApp("iina__iina", to: "sub")
        try copyCorpusApp("iina__iina", to: "whole")
        let whole = try Stringcat.run(["migrate", "whole", "--delete-legacy", "--quiet"], in: work)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let sub = try Stringcat.run(["migrate", "sub/iina", "--delete-legacy"], in: work)
        XCTAssertEqual(sub.status, 0, sub.stderr)
        XCTAssertTrue(
            sub.stderr.contains(
                "sub/iina: note: this folder is inside the Xcode project ../iina.xcodeproj: its tables here are read "
                    + "(and migrated) as that project's"
            ), sub.stderr)
        XCTAssertTrue(
            sub.stdout.hasSuffix(
                "wrote 35 of 35 catalogs (1319 entries, 31 languages); deleted 1087 legacy files, kept 2\n"), sub.stdout
        )
        let files = snapshot()
        let one = files.filter { $0.key.hasPrefix("sub/") }, other = files.filter { $0.key.hasPrefix("whole/") }
        XCTAssertEqual(one.count, other.count)
        for (path, data) in one where other["whole/" + path.dropFirst(4)] != data {
            XCTFail("\(path) differs from the run on the project")
        }

        // A folder of the project that holds no table of it: said, nothing written.
        try write("sub/iina/Extra/de.lproj/Extra.strings", "\"a\" = \"b\";\n")
        let extra = try Stringcat.run(["migrate", "sub/iina/Extra"], in: work)
        XCTAssertEqual(extra.status, 1)
        XCTAssertTrue(
            extra.stderr.contains(
                "sub/iina/Extra: error: no table of the Xcode project ../../iina.xcodeproj lies under this folder; its "
                    + "1 legacy file is in no variant group (--all-files reads this folder alone)"
            ), extra.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("sub/iina/Extra/Extra.xcstrings").path))
        // One language's folder is no table.
        let german = try Stringcat.run(["migrate", "sub/iina/Extra/de.lproj"], in: work)
        XCTAssertEqual(german.status, 1)
        XCTAssertTrue(
            german.stderr.contains(
                "sub/iina/Extra/de.lproj: error: an .lproj folder holds one language of its tables, and a catalog "
                    + "holds every language: run stringcat on the folder that holds the .lproj folders (Extra), or on "
                    + "the project"
            ), german.stderr)
    }

    func testKeptLegacyFilesLeaveTheSynchronizedFolderTargetsUntilTheyAreDeleted() throws {
        var project = MiniProject()
        project.objectVersion = 77
        project.synchronizedFolder("App", targets: ["App", "Widget"], exceptions: ["App": ["Info.plist"]])
        try write("P/App.xcodeproj/project.pbxproj", project.text())
        try write("P/App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("P/App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        try write("P/App/Settings/en.lproj/Settings.strings", "\"s\" = \"S\";\n")
        let original = try text("P/App.xcodeproj/project.pbxproj")

        let run = try Stringcat.run(["migrate", "P"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "P/App.xcodeproj/project.pbxproj: edited (0 objects removed, 1 added, the kept legacy files of 2 "
                    + "synchronized tables leave their targets' membership until --delete-legacy deletes them)\n"
            ), run.stdout)
        let edited = try text("P/App.xcodeproj/project.pbxproj")
        // The App target's set gains both tables (case folded order, before Info.plist); the
        // Widget target gets a set of its own, listed by the folder.
        XCTAssertTrue(edited.contains("membershipExceptions = (\n\t\t\t\tInfo.plist,\n") == false, edited)
        XCTAssertTrue(
            edited.contains("\t\t\t\tInfo.plist,\n\t\t\t\t/Localized/Localizable.strings,\n") == false, edited)
        XCTAssertTrue(
            edited.contains(
                "membershipExceptions = "
                    + "(\n\t\t\t\t/Localized/Localizable.strings,\n\t\t\t\t/Localized/Settings/Settings.strings,\n\t\t\t\tInfo.plist,\n\t\t\t);\n\t\t\ttarget = "
            ), edited)
        XCTAssertEqual(
            edited.components(separatedBy: "isa = PBXFileSystemSynchronizedBuildFileExceptionSet;").count - 1, 2, edited
        )
        XCTAssertEqual(edited.components(separatedBy: "/Localized/Localizable.strings,").count - 1, 2, edited)
        XCTAssertTrue(exists("P/App/Localizable.xcstrings") && exists("P/App/Settings/Settings.xcstrings"))
        // A second run changes nothing.
        let again = try Stringcat.run(["migrate", "P"], in: work)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try text("P/App.xcodeproj/project.pbxproj"), edited)
        // Deleting the legacy files takes them out of the exception sets again: the project is as it was.
        let delete = try Stringcat.run(["migrate", "P", "--delete-legacy"], in: work)
        XCTAssertEqual(delete.status, 0, delete.stderr)
        XCTAssertTrue(
            delete.stdout.contains(
                "P/App.xcodeproj/project.pbxproj: edited (4 membership exceptions of deleted files removed)\n")
                || delete.stdout.contains("membership exceptions of deleted files removed"), delete.stdout)
        XCTAssertEqual(try text("P/App.xcodeproj/project.pbxproj"), original)
        XCTAssertFalse(exists("P/App/en.lproj/Localizable.strings"))
    }

    func testKeePassiumProjectsComeBackByteForByteAfterDeleteLegacy() throws {
        try copyCorpusApp("keepassium__KeePassium", to: "kp")
        let before = try text("kp/KeePassium.xcodeproj/project.pbxproj")
        XCTAssertEqual(try Stringcat.run(["migrate", "kp"], in: work).status, 0)
        let edited = try text("kp/KeePassium.xcodeproj/project.pbxproj")
        XCTAssertTrue(
            edited.contains("/Localized/general/about/AboutVC.strings,"), "kept legacy files leave the targets")
        let delete = try Stringcat.run(["migrate", "kp", "--delete-legacy"], in: work)
        XCTAssertEqual(delete.status, 0, delete.stderr)
        XCTAssertEqual(try text("kp/KeePassium.xcodeproj/project.pbxproj"), before)
        // Once every table's files are gone, the catalogs in the synchronized folders are what is
        // left: running it again is no error and changes nothing.
        let tree = self.tree(work.appendingPathComponent("kp"))
        let again = try Stringcat.run(["migrate", "kp", "--delete-legacy"], in: work)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(
            again.stdout.hasSuffix("nothing left to migrate: every table has its catalog; deleted 0 legacy files\n"),
            again.stdout)
        XCTAssertEqual(self.tree(work.appendingPathComponent("kp")), tree)
    }

    // MARK: 3. One table model: migrate, status, verify and --delete-legacy agree

    func testAfterAPlainMigrateStatusAndVerifySeeTheKeptFilesAndDamageIsCaught() throws {
        try copySample()
        // A language in no variant group: left alone by migrate, and by verify after it.
        try write("App/LegacyApp/fr.lproj/Localizable.strings", "\"button.save\" = \"Enregistrer\";\n")
        XCTAssertEqual(try Stringcat.run(["migrate", "App"], in: work).status, 0)
        XCTAssertTrue(exists("App/LegacyApp.xcodeproj/stringcat-migration.json"))
        let status = try Stringcat.run(["status", "App"], in: work)
        XCTAssertEqual(
            status.stdout,
            """
            App/LegacyApp/InfoPlist.xcstrings: half-migrated, 6 legacy files; project references the catalog
            App/LegacyApp/Localizable.xcstrings: half-migrated, 12 legacy files; project references the catalog; 1 legacy file of its name beside it is not its own (in no variant group of the project (Xcode's migration reads only those; --all-files takes every file))
            App/LegacyApp/mul.lproj/Main.xcstrings: half-migrated, 5 legacy files; project references the catalog
            left alone: 1 legacy file in 1 folder, in no table:
              1 file (App/LegacyApp/fr.lproj/Localizable.strings): in no variant group of the project (Xcode's migration reads only those; --all-files takes every file)
            LegacyApp (iOS app): 6 languages (ar, de, en, ja, ru, zh-Hans), 3 tables (InfoPlist, Localizable, Main)
            status: 3 tables: 3 half-migrated

            """)
        let verify = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(verify.status, 0, verify.stderr)
        XCTAssertTrue(
            verify.stderr.contains(
                "App/LegacyApp/fr.lproj/Localizable.strings: warning: not compared with Localizable.xcstrings, beside "
                    + "it: in no variant group of the project"
            ), verify.stderr)
        XCTAssertTrue(
            verify.stdout.hasSuffix(
                "; 1 legacy file beside catalogs not compared (no table takes them: see the warnings); 1 target: the "
                    + "same bundle as before the migration\n"), verify.stdout
        )
        // Damage to each catalog is found: the legacy files are compared, not "nothing to compare".
        for (catalog, from, to) in [
            ("App/LegacyApp/Localizable.xcstrings", "Einstellungen", "Optionen"),
            ("App/LegacyApp/mul.lproj/Main.xcstrings", "Ohne Titel", "Unbenannt"),
        ] {
            let original = try text(catalog)
            XCTAssertTrue(original.contains(from), catalog)
            try write(catalog, original.replacingOccurrences(of: from, with: to))
            let damaged = try Stringcat.run(["verify", "App"], in: work)
            XCTAssertEqual(damaged.status, 1, catalog)
            XCTAssertTrue(damaged.stderr.contains("value changed"), damaged.stderr)
            try write(catalog, original)
        }
    }

    func testMigrateThenDeleteLegacyEndsInTheTreeOfOneDeleteLegacyRun() throws {
        try copySample(to: "Two")
        try copySample(to: "One")
        for name in ["Two", "One"] {
            try write("\(name)/LegacyApp/fr.lproj/Localizable.strings", "\"button.save\" = \"Enregistrer\";\n")
        }
        // A plain run is what a run killed between the project's rename and its deletions leaves.
        XCTAssertEqual(try Stringcat.run(["migrate", "Two"], in: work).status, 0)
        let second = try Stringcat.run(["migrate", "Two", "--delete-legacy"], in: work)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(
            second.stdout.hasSuffix(
                "nothing left to migrate: 3 tables are already migrated; deleted 23 legacy files\n"), second.stdout)
        XCTAssertTrue(
            second.stdout.contains(
                "stringcat-migration.json: written; no legacy file of a migrated table is left; keeps what 1 target's "
                    + "bundle held before the migration"), second.stdout)
        let one = try Stringcat.run(["migrate", "One", "--delete-legacy"], in: work)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(tree(work.appendingPathComponent("Two")), tree(work.appendingPathComponent("One")))
        XCTAssertTrue(exists("One/LegacyApp/fr.lproj/Localizable.strings"), "a file in no variant group is left alone")
        XCTAssertTrue(
            exists("One/LegacyApp.xcodeproj/stringcat-migration.json"),
            "the record keeps the bundle before the migration once the last kept file is gone")
        let status = try Stringcat.run(["status", "One"], in: work)
        XCTAssertTrue(status.stdout.hasSuffix("status: 3 tables: 3 migrated\n"), status.stdout)
    }

    func testAProjectXcodeMigratedLeavesFilesBesideItsCatalogAloneAndVerifyNamesThem() throws {
        try copyCorpusApp("owncloud__ios-app", to: "oc")
        let verify = try Stringcat.run(["verify", "oc", "--verbose"], in: work)
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        XCTAssertTrue(
            verify.stderr.contains(
                "oc/ownCloud/Resources/tr.lproj/Localizable.strings: warning: not compared with Localizable.xcstrings, "
                    + "beside it: in no variant group of the project"
            ), verify.stderr)
        let before = tree(work.appendingPathComponent("oc"))
        let delete = try Stringcat.run(["migrate", "oc", "--delete-legacy"], in: work)
        XCTAssertEqual(delete.status, 0, delete.stderr)
        XCTAssertEqual(tree(work.appendingPathComponent("oc")), before, "files Xcode's migration left alone stay")
    }

    // MARK: 4. A root Package.swift beside the project

    func testARootPackageThatOwnsNoTableLeavesTheProjectsTablesToIt() throws {
        try copySample(to: "App")
        try write(
            "App/Package.swift",
            """
            // swift-tools-version:5.3
            import PackageDescription
            // defaultLocalization: "fr" in a comment is not read.
            let package = Package(name: "Lib", targets: [.binaryTarget(name: "Lib", url: "https://example.invalid/Lib.zip", checksum: "0")])

            """)
        XCTAssertEqual(try Stringcat.run(["migrate", "App"], in: work).status, 0)
        let again = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stderr.contains("already exists") || again.stderr.contains("tools-version"), again.stderr)
        XCTAssertTrue(again.stdout.hasSuffix("nothing left to migrate: 3 tables are already migrated\n"), again.stdout)
    }

    func testSparkleIsMigratedOnceAndASecondRunIsClean() throws {
        try copyCorpusApp("sparkle-project__Sparkle", to: "sp")
        XCTAssertEqual(try Stringcat.run(["migrate", "sp"], in: work).status, 0)
        let again = try Stringcat.run(["migrate", "sp"], in: work)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stderr, "")
        XCTAssertTrue(again.stdout.hasSuffix("nothing left to migrate: 5 tables are already migrated\n"), again.stdout)
    }

    // MARK: 5. Vendored packages

    func testAPackageInsideTheTreeIsThirdPartyUnlessIncluded() throws {
        try copySample(to: "App")
        try write(
            "App/vendor/Kit/Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Kit", defaultLocalization: "en", targets: [.target(name: "Kit", path: "Sources/Kit")])

            """)
        try write("App/vendor/Kit/Sources/Kit/en.lproj/Kit.strings", "\"k\" = \"K\";\n")
        let run = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "skipped: 1 package inside the tree that is third-party or unused (App/vendor/Kit); --verbose says "
                    + "why, --include PATH migrates one\n"
            ), run.stdout)
        XCTAssertFalse(exists("App/vendor/Kit/Sources/Kit/Kit.xcstrings"))
        // A package builds every file of its target: its catalog waits for the run that deletes
        // the legacy files it replaces.
        let included = try Stringcat.run(["migrate", "App", "--include", "vendor/Kit", "--table", "Kit"], in: work)
        XCTAssertEqual(included.status, 0, included.stderr)
        XCTAssertFalse(exists("App/vendor/Kit/Sources/Kit/Kit.xcstrings"), included.stdout)
        XCTAssertTrue(
            included.stdout.contains("App/vendor/Kit/Sources/Kit/Kit.xcstrings: left for --delete-legacy"),
            included.stdout)
        let deleting = try Stringcat.run(
            ["migrate", "App", "--include", "vendor/Kit", "--table", "Kit", "--delete-legacy"], in: work)
        XCTAssertEqual(deleting.status, 0, deleting.stderr)
        XCTAssertTrue(exists("App/vendor/Kit/Sources/Kit/Kit.xcstrings"), deleting.stdout)
        XCTAssertFalse(exists("App/vendor/Kit/Sources/Kit/en.lproj/Kit.strings"), deleting.stdout)
    }

    func testAltTabsVendoredPackagesAreSkipped() throws {
        try copyCorpusApp("lwouis__alt-tab-macos", to: "alt")
        let run = try Stringcat.run(["migrate", "alt", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains("skipped: 3 packages inside the tree that are third-party or unused"), run.stdout)
        XCTAssertTrue(exists("alt/vendor/Sparkle/Sources/Sparkle/Base.lproj/Sparkle.strings"))
        XCTAssertEqual(
            (FileManager.default.subpaths(atPath: work.appendingPathComponent("alt/vendor").path) ?? []).filter {
                $0.hasSuffix(".xcstrings")
            }, [])
    }

    // MARK: 6. Each table takes the development region of the project that lists it

    func testEachTableTakesTheDevelopmentRegionOfItsOwnProject() throws {
        var helper = MiniProject()
        helper.developmentRegion = "en"
        try write("P/Helper.xcodeproj/project.pbxproj", helper.text())
        var app = MiniProject()
        app.developmentRegion = "de"
        app.knownRegions = ["de", "Base", "en"]
        app.variantGroup("Localizable.strings", in: "App", languages: ["Base", "en"], targets: ["App"])
        try write("P/App.xcodeproj/project.pbxproj", app.text())
        try write("P/App/Base.lproj/Localizable.strings", "/* Gruß */\n\"hello\" = \"Hallo\";\n")
        try write("P/App/en.lproj/Localizable.strings", "\"hello\" = \"Hello\";\n")
        let run = try Stringcat.run(["migrate", "P"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.hasPrefix("source language: de (developmentRegion in App.xcodeproj/project.pbxproj)\n"),
            run.stdout)
        let catalog = try text("P/App/Localizable.xcstrings")
        XCTAssertTrue(catalog.contains("\"sourceLanguage\" : \"de\""), catalog)
        XCTAssertTrue(
            catalog.contains(
                "\"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            "
                    + "\"value\" : \"Hallo\""
            ), catalog)
        XCTAssertFalse(run.stderr.contains("declares source language"), run.stderr)
    }

    // MARK: 7. --output: nothing there is replaced without --force

    func testASecondRunIntoOutputReplacesNoProjectFileWithoutForce() throws {
        try copySample(to: "App")
        XCTAssertEqual(try Stringcat.run(["migrate", "App", "--output", "Out"], in: work).status, 0)
        let catalog = "Out/LegacyApp/Localizable.xcstrings"
        try write(catalog, try text(catalog).replacingOccurrences(of: "Einstellungen", with: "Optionen"))
        let before = tree(work.appendingPathComponent("Out"))
        let again = try Stringcat.run(["migrate", "App", "--output", "Out"], in: work)
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(
            again.stderr.contains(
                "Out/LegacyApp.xcodeproj/project.pbxproj: error: a project file already exists here and differs from "
                    + "this run's edit; it is left untouched (--force replaces it)"
            ), again.stderr)
        XCTAssertEqual(tree(work.appendingPathComponent("Out")), before)
        let forced = try Stringcat.run(["migrate", "App", "--output", "Out", "--force"], in: work)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertFalse(try text(catalog).contains("Optionen"))
    }

    // MARK: 8. Comments in other languages

    func testCommentsOfOtherLanguagesAreCountedByMigrateVerifyAndDeleteLegacy() throws {
        try write("F/en.lproj/Localizable.strings", "/* Greeting */\n\"hello\" = \"Hello\";\n\"bye\" = \"Bye\";\n")
        try write(
            "F/de.lproj/Localizable.strings",
            "/* Begrüßung */\n\"hello\" = \"Hallo\";\n/* Abschied */\n\"bye\" = \"Tschüss\";\n")
        try write("F/fr.lproj/Localizable.strings", "/* Greeting */\n\"hello\" = \"Bonjour\";\n")
        let migrate = try Stringcat.run(["migrate", "F"], in: work)
        XCTAssertEqual(migrate.status, 0, migrate.stderr)
        // de's two comments differ from the catalog's ("Greeting", none); fr's is the same.
        XCTAssertTrue(
            migrate.stdout.contains(
                "2 entries, 0 plural, 1 comment (2 comments in other languages cannot be held by a catalog)"),
            migrate.stdout)
        let verify = try Stringcat.run(["verify", "F"], in: work)
        XCTAssertTrue(
            verify.stdout.contains("no loss; 2 comments in other languages cannot be held by a catalog\n"),
            verify.stdout)
        let delete = try Stringcat.run(["migrate", "F", "--delete-legacy"], in: work)
        XCTAssertTrue(
            delete.stderr.contains(
                "F/Localizable.xcstrings: warning: deleting these legacy files drops 2 comments in other languages "
                    + "than the source: a catalog holds one comment per key\n"
            ), delete.stderr)
    }

    // MARK: 9. zero forms

    func testAZeroFormIsCarriedWithoutAWarningInEveryLanguage() throws {
        let dict = stringsDictXML([
            (
                key: "%d files", format: "%#@n@",
                variables: [
                    (
                        name: "n", type: "d",
                        forms: [("zero", "Keine Dateien"), ("one", "%d Datei"), ("other", "%d Dateien")]
                    )
                ]
            )
        ])
        try write("F/en.lproj/Localizable.strings", "\"x\" = \"X\";\n")
        try write("F/de.lproj/Localizable.stringsdict", dict)
        let run = try Stringcat.run(["migrate", "F"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("zero"), run.stderr)
        XCTAssertTrue(
            try text("F/Localizable.xcstrings").contains(
                "\"zero\" : {\n                \"stringUnit\" : {\n                  \"state\" : \"translated\",\n     "
                    + "             \"value\" : \"Keine Dateien\""
            ))
        XCTAssertEqual(try Stringcat.run(["verify", "F"], in: work).status, 0)
    }

    // MARK: 10. Output at scale

    func testDeleteLegacyPrintsOneLinePerTableAndVerboseListsEachFile() throws {
        try copySample(to: "App")
        let run = try Stringcat.run(["migrate", "App", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "App/LegacyApp/Localizable.xcstrings: written, 6 languages (ar, de, en, ja, ru, zh-Hans), 9 entries, 2 "
                    + "plural, 6 comments (1 comment in other languages cannot be held by a catalog), 1 warning\n  "
                    + "deleted 12 legacy files, removed 1 emptied .lproj folder; --verbose lists each\n"
            ), run.stdout)
        // The record lists no file once they are all gone; it keeps the bundle before the migration.
        XCTAssertTrue(
            run.stdout.contains(
                "App/LegacyApp.xcodeproj/stringcat-migration.json: written; no legacy file of a migrated table is "
                    + "left; keeps what 1 target's bundle held before the migration"), run.stdout)
        XCTAssertFalse(run.stdout.contains("  deleted App/"), run.stdout)
        try FileManager.default.removeItem(at: work.appendingPathComponent("App"))
        try copySample(to: "App")
        let verbose = try Stringcat.run(["migrate", "App", "--delete-legacy", "--verbose"], in: work)
        XCTAssertTrue(verbose.stdout.contains("  deleted App/LegacyApp/de.lproj/Localizable.strings\n"), verbose.stdout)
    }

    func testAFrameworksCurrentLinkIsNotALoop() throws {
        try write("F/Kit.framework/Versions/A/Resources/en.lproj/Kit.strings", "\"k\" = \"K\";\n")
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("F/Kit.framework/Versions/Current").path, withDestinationPath: "A")
        try write("F/App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let run = try Stringcat.run(["migrate", "F", "--dry-run"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("loop"), run.stderr)
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("F/App/back").path, withDestinationPath: "..")
        let loop = try Stringcat.run(["migrate", "F", "--dry-run"], in: work)
        XCTAssertTrue(loop.stderr.contains("F/App/back: warning: symbolic link loop (it leads back to"), loop.stderr)
    }

    // MARK: A line read as Xcode's migration reads it (docs/spec/migration.md#xcode-reads-what-corefoundation-rejects)

    func testAFileWhoseLineReadingLeavesTextOutIsKeptByDeleteLegacy() throws {
        try write("F/en.lproj/Localizable.strings", "\"a\" = \"Safe mode\";\n\"b\" = \"B\";\n")
        // de: stray quotes inside a value (Apple's reader rejects the file); fr: only a missing ';'.
        try write("F/de.lproj/Localizable.strings", "\"a\" = \"der \"sichere\" Modus\";\n\"b\" = \"B-de\";\n")
        try write("F/fr.lproj/Localizable.strings", "\"a\" = \"mode sans échec\"\n\"b\" = \"B-fr\";\n")
        let run = try Stringcat.run(["migrate", "F", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "  kept F/de.lproj/Localizable.strings: it is read as Xcode's migration reads it, which leaves text of "
                    + "a line out (line 1: \"a\": 2 unescaped quotes inside the value, left out)"
            ), run.stdout)
        XCTAssertTrue(exists("F/de.lproj/Localizable.strings"))
        XCTAssertFalse(exists("F/fr.lproj/Localizable.strings"), "a line read whole (only its ';' missing) is carried")
        XCTAssertTrue(try text("F/Localizable.xcstrings").contains("\"value\" : \"der sichere Modus\""))
    }

    // MARK: 11. Smaller

    func testCountsOfOneAreSingular() throws {
        try write("F/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let run = try Stringcat.run(["migrate", "F"], in: work)
        XCTAssertTrue(run.stdout.hasSuffix("wrote 1 of 1 catalog (1 entry, 1 language)\n"), run.stdout)
        let verify = try Stringcat.run(["verify", "F"], in: work)
        XCTAssertTrue(verify.stdout.hasSuffix("verify: 1 table, 1 key in 1 language: nothing lost\n"), verify.stdout)
        let status = try Stringcat.run(["status", "F"], in: work)
        XCTAssertTrue(status.stdout.hasSuffix("status: 1 table: 1 half-migrated\n"), status.stdout)
    }

    func testMigrateAndVerifyCountTheSameLanguagesForACatalog() throws {
        try write("F/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("F/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        try write("F/fr.lproj/Localizable.strings", "/* nothing translated yet */\n")
        let run = try Stringcat.run(["migrate", "F"], in: work)
        XCTAssertTrue(run.stdout.contains("F/Localizable.xcstrings: written, 2 languages (de, en)"), run.stdout)
        let verify = try Stringcat.run(["verify", "F"], in: work)
        XCTAssertTrue(
            verify.stdout.contains("F/Localizable.xcstrings: catalog on disk: 2 languages, 1 key, no loss\n"),
            verify.stdout)
    }

    func testATableNameQualifiedByItsFolderPicksOneOfSeveral() throws {
        try write("F/App/en.lproj/InfoPlist.strings", "\"CFBundleName\" = \"App\";\n")
        try write("F/Share/en.lproj/InfoPlist.strings", "\"CFBundleName\" = \"Share\";\n")
        try write("F/Widget/en.lproj/InfoPlist.strings", "\"CFBundleName\" = \"Widget\";\n")
        let run = try Stringcat.run(["migrate", "F", "--table", "Share/InfoPlist"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(catalogs(under: "F"), ["Share/InfoPlist.xcstrings"])
        let unknown = try Stringcat.run(["migrate", "F", "--table", "Nowhere/InfoPlist"], in: work)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(
            unknown.stderr.contains("error: no table named Nowhere/InfoPlist in this project"), unknown.stderr)
    }
}
