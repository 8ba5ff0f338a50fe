import Foundation
import TestSupport
import XCTest

/// Issue 39: the app is the unit. No run changes what a target's build puts in its bundle (its
/// languages, its tables, their keys) but what the user asks for by name, and `verify` proves it
/// target by target (docs/spec/app-bundle.md). Each layout where a migration used to drop a
/// language from the built app, on a project built here or the sample.
final class AppBundleTests: WorkFolderTestCase {
    private func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: work.appendingPathComponent(relative).path)
    }

    private func read(_ relative: String) throws -> String {
        try String(contentsOf: work.appendingPathComponent(relative), encoding: .utf8)
    }

    private func json(_ arguments: [String]) throws -> [String: Any] {
        let run = try Stringcat.run(arguments + ["--json"], in: work)
        return try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stderr)
    }

    /// Target title -> its languages, as `status --json` says them.
    private func languages(_ path: String) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for target in try json(["status", path])["targets"] as? [[String: Any]] ?? [] {
            result[target["target"] as? String ?? ""] = target["languages"] as? [String]
        }
        return result
    }

    private func copySample(to name: String = "App") throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"),
            to: work.appendingPathComponent(name))
    }

    // MARK: Layouts that used to lose a language

    /// mattermost-mobile's layout: every language declared by empty files of two tables that two
    /// targets build. Migrated, both would make catalogs with no language, and both targets would
    /// ship no `.lproj`. One table stays (it is what declares the languages), the other, whose
    /// languages the first keeps in both bundles, is migrated: every bundle is as it was.
    func testAllEmptyTablesThatDeclareEveryLanguageAreLeftAloneAndEveryBundleKeepsItsLanguages() throws {
        var project = MiniProject()
        let codes = ["en", "de", "fr", "pt-BR", "zh-CN"]
        project.variantGroup("Localizable.strings", in: "App", languages: codes, targets: ["App", "Share"])
        project.variantGroup("InfoPlist.strings", in: "App", languages: codes, targets: ["App", "Share"])
        try write("ios/App.xcodeproj/project.pbxproj", project.text())
        for language in codes {
            try write("ios/App/\(language).lproj/Localizable.strings", "")
            try write("ios/App/\(language).lproj/InfoPlist.strings", "")
        }
        let before = try languages("ios")
        XCTAssertEqual(before["App (iOS app)"], ["de", "en", "fr", "pt-BR", "zh-CN"])
        for options in [[], ["--delete-legacy"]] {
            let run = try Stringcat.run(["migrate", "ios"] + options, in: work)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(
                run.stdout.contains("ios/App/InfoPlist.xcstrings: left alone, 0 languages, "), run.stdout)
            XCTAssertTrue(
                run.stderr.contains(
                    "ios/App/InfoPlist.xcstrings: warning: left alone: its files in de, en, fr, pt-BR, zh-CN hold no "
                        + "entry, and they are what puts those languages in the bundle of App (iOS app), Share (iOS app); a "
                        + "catalog makes no .lproj for a language it holds no value in, so migrated, the app would no "
                        + "longer offer them (--delete-empty-languages migrates the table and drops them)\n"),
                run.stderr)
            XCTAssertEqual(try languages("ios"), before, options.joined())
            XCTAssertTrue(exists("ios/App/de.lproj/InfoPlist.strings"))
            XCTAssertTrue(try read("ios/App.xcodeproj/project.pbxproj").contains("/* InfoPlist.strings */ = {"))
        }
        let verify = try Stringcat.run(["verify", "ios"], in: work)
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        XCTAssertTrue(
            verify.stdout.contains(
                "App (iOS app): 5 languages, 2 tables, 0 keys: the same bundle as before the migration\n"),
            verify.stdout)
    }

    /// iMast's `Dummy.strings` (comments only, one per language) beside a real table: French is in
    /// the app only through it, so it stays; German and English stay through the Localizable
    /// catalog. With --delete-empty-languages the table is migrated and the run names what the
    /// app no longer offers; verify says it was asked for.
    func testACommentOnlyTableInSomeLanguagesStaysUnlessTheUserDropsThoseLanguagesByName() throws {
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
        XCTAssertTrue(run.stdout.contains("App/Dummy.xcstrings: left alone, 0 languages, 1 warning\n"), run.stdout)
        XCTAssertTrue(
            run.stderr.contains(
                "App/Dummy.xcstrings: warning: left alone: its files in fr hold no entry, and they are what puts that "
                    + "language in the bundle of App (iOS app)"),
            run.stderr)
        XCTAssertTrue(exists("App/fr.lproj/Dummy.strings"))
        XCTAssertTrue(exists("App/de.lproj/Dummy.strings"), "the table stays whole")
        XCTAssertFalse(exists("App/de.lproj/Localizable.strings"), "Localizable was migrated and its files deleted")
        XCTAssertEqual(try languages(".")["App (iOS app)"], ["de", "en", "fr"])
        let verify = try Stringcat.run(["verify", "."], in: work)
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        XCTAssertTrue(
            verify.stdout.contains(
                "App (iOS app): 3 languages, 2 tables, 1 key: the same bundle as before the migration\n"),
            verify.stdout)

        let drop = try Stringcat.run(["migrate", ".", "--delete-legacy", "--delete-empty-languages"], in: work)
        XCTAssertEqual(drop.status, 0, drop.stderr)
        XCTAssertTrue(
            drop.stdout.contains("; App (iOS app) no longer offers fr (--delete-empty-languages)"), drop.stdout)
        XCTAssertFalse(exists("App/fr.lproj"))
        XCTAssertEqual(try languages(".")["App (iOS app)"], ["de", "en"])
        let after = try Stringcat.run(["verify", "."], in: work)
        XCTAssertEqual(after.status, 0, after.stdout + after.stderr)
        XCTAssertTrue(
            after.stdout.contains(
                "App (iOS app): 2 languages, 2 tables, 1 key: the same bundle as before the migration (but fr, dropped on "
                    + "request: migrate --delete-empty-languages)\n"),
            after.stdout)
    }

    /// The development language's table holds no entry and nothing else puts `en` in the bundle:
    /// the table stays (a catalog with no `en` value makes no `en.lproj`).
    func testTheDevelopmentLanguagesEmptyTableStaysWhenItAloneDeclaresTheLanguage() throws {
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        try write("App.xcodeproj/project.pbxproj", project.text())
        try write("App/en.lproj/Localizable.strings", "\u{FEFF}")
        try write("App/de.lproj/Localizable.strings", "\"Hello\" = \"Hallo\";\n")
        let run = try Stringcat.run(["migrate", "."], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("left alone: its files in en hold no entry"), run.stderr)
        XCTAssertFalse(exists("App/Localizable.xcstrings"))
        XCTAssertEqual(try languages(".")["App (iOS app)"], ["de", "en"])
    }

    /// An English table whose values are its keys is all the development language has: whether
    /// a build writes `en.lproj` for such values is not known, so the table stays; with
    /// --delete-empty-languages it is migrated (as Xcode migrates it).
    func testAnEnglishTableWhoseValuesAreItsKeysStaysUnlessAskedLikeXcode() throws {
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        try write("App.xcodeproj/project.pbxproj", project.text())
        try write("App/en.lproj/Localizable.strings", "\"Open\" = \"Open\";\n")
        try write("App/de.lproj/Localizable.strings", "\"Open\" = \"Öffnen\";\n")
        let run = try Stringcat.run(["migrate", "."], in: work)
        XCTAssertTrue(
            run.stderr.contains("left alone: its files in en hold no entry or only values equal to their keys"),
            run.stderr)
        XCTAssertFalse(exists("App/Localizable.xcstrings"))
        let asXcode = try Stringcat.run(["migrate", ".", "--delete-empty-languages"], in: work)
        XCTAssertEqual(asXcode.status, 0, asXcode.stderr)
        XCTAssertTrue(exists("App/Localizable.xcstrings"))
        XCTAssertTrue(
            asXcode.stdout.contains("App (iOS app) no longer offers en (--delete-empty-languages)"), asXcode.stdout)
    }

    /// Tables of 4 bytes (a UTF-16 byte order mark and a line break) in four languages beside
    /// full ones: those four languages are in the app through them only. The table stays.
    func testFourByteTablesInSomeLanguagesKeepTheirLanguagesInEveryTarget() throws {
        var project = MiniProject()
        let full = ["en", "de"], empty = ["enm", "fa", "mn", "peo"]
        project.variantGroup("Localizable.strings", in: "App", languages: full + empty, targets: ["App", "Widget"])
        try write("App.xcodeproj/project.pbxproj", project.text())
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        for language in empty {
            try FileManager.default.createDirectory(
                at: work.appendingPathComponent("App/\(language).lproj"), withIntermediateDirectories: true)
            try Data([0xFF, 0xFE, 0x0A, 0x00]).write(
                to: work.appendingPathComponent("App/\(language).lproj/Localizable.strings"))
        }
        let run = try Stringcat.run(["migrate", ".", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "left alone: its files in enm, fa, mn, peo hold no entry, and they are what puts those languages in "
                    + "the bundle of App (iOS app), Widget (iOS app)"),
            run.stderr)
        let after = try languages(".")
        XCTAssertEqual(after["App (iOS app)"], ["de", "en", "enm", "fa", "mn", "peo"])
        XCTAssertEqual(after["Widget (iOS app)"], ["de", "en", "enm", "fa", "mn", "peo"])
    }

    /// Xcode 16 synchronized folder: the catalog would go into the folder and the kept legacy
    /// files would leave the target; a comment-only French table keeps French only if it stays.
    func testASynchronizedFolderKeepsTheLanguageItsEmptyFileDeclares() throws {
        var project = MiniProject()
        project.objectVersion = 77
        project.synchronizedFolder("App", targets: ["App"])
        try write("App.xcodeproj/project.pbxproj", project.text())
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/fr.lproj/Localizable.strings", "/* to do */\n")
        for options in [[], ["--delete-legacy"]] {
            let run = try Stringcat.run(["migrate", "."] + options, in: work)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stderr.contains("left alone: its files in fr hold no entry"), run.stderr)
            XCTAssertEqual(try languages(".")["App (iOS app)"], ["en", "fr"])
        }
        let drop = try Stringcat.run(["migrate", ".", "--delete-empty-languages"], in: work)
        XCTAssertEqual(drop.status, 0, drop.stderr)
        XCTAssertTrue(exists("App/Localizable.xcstrings"))
        XCTAssertEqual(try languages(".")["App (iOS app)"], ["en"])
    }

    /// A Swift package's target: its resource bundle has every `.lproj` of its folder; the table
    /// migrated with --delete-legacy would leave a French folder declared by a comment-only file.
    func testAPackageTargetKeepsTheLanguageItsEmptyFileDeclares() throws {
        try write(
            "Kit/Package.swift",
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", "
                + "defaultLocalization: \"en\", targets: [.target(name: \"Kit\")])\n")
        try write("Kit/Sources/Kit/Resources/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("Kit/Sources/Kit/Resources/fr.lproj/Localizable.strings", "/* à faire */\n")
        let run = try Stringcat.run(["migrate", "Kit", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "left alone: its files in fr hold no entry, and they are what puts that language in "
                    + "the bundle of Kit (Swift package target)"),
            run.stderr)
        XCTAssertTrue(exists("Kit/Sources/Kit/Resources/fr.lproj/Localizable.strings"))
        XCTAssertFalse(exists("Kit/Sources/Kit/Resources/Localizable.xcstrings"))
        XCTAssertEqual(try languages("Kit")["Kit (Swift package target)"], ["en", "fr"])
    }

    // MARK: The sample with every German file emptied

    /// Every file of `de.lproj` emptied: the empty `.stringsdict` is no property list, so
    /// Localizable is not migrated (an error, exit 1), and of the two tables left, one stays to
    /// keep German in the app. After `migrate` and after `migrate --delete-legacy` the built app
    /// still holds `de.lproj`, and verify says so target by target.
    func testTheSampleWithEveryGermanFileEmptiedStillShipsGerman() throws {
        try copySample()
        for file in ["InfoPlist.strings", "Localizable.strings", "Localizable.stringsdict", "Main.strings"] {
            try Data().write(to: work.appendingPathComponent("App/LegacyApp/de.lproj/\(file)"))
        }
        let before = try languages("App")
        XCTAssertEqual(before["LegacyApp (iOS app)"], ["ar", "de", "en", "ja", "ru", "zh-Hans"])
        for options in [["--skip-invalid"], ["--skip-invalid", "--delete-legacy"]] {
            let run = try Stringcat.run(["migrate", "App"] + options, in: work)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stderr.contains("warning: left alone: its files in de hold no entry"), run.stderr)
            XCTAssertEqual(try languages("App"), before, options.joined(separator: " "))
            XCTAssertTrue(
                try read("App/LegacyApp.xcodeproj/project.pbxproj").contains("de.lproj/"),
                "the project still builds a German file")
        }
        let verify = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertTrue(
            verify.stdout.contains("LegacyApp (iOS app): 6 languages, "), verify.stdout)
        XCTAssertTrue(verify.stdout.contains(": the same bundle as before the migration\n"), verify.stdout)
        // Without --skip-invalid, Localizable stops with its error; German stays all the same.
        try FileManager.default.removeItem(at: work.appendingPathComponent("App"))
        try copySample()
        for file in ["InfoPlist.strings", "Localizable.strings", "Localizable.stringsdict", "Main.strings"] {
            try Data().write(to: work.appendingPathComponent("App/LegacyApp/de.lproj/\(file)"))
        }
        let strict = try Stringcat.run(["migrate", "App", "--delete-legacy"], in: work)
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("de.lproj/Localizable.stringsdict: error: not a valid property list"))
        XCTAssertEqual(try languages("App"), before)
    }

    // MARK: Project-side damage is caught

    /// After a plain migrate, the catalog's build file taken out of the target's Resources phase:
    /// every file is still there and every catalog holds every value, but the app has no
    /// Localizable table. verify names the target, exit 1; the undamaged tree passes.
    func testVerifyNamesATargetWhoseCatalogLeftItsResourcesPhase() throws {
        try copySample()
        XCTAssertEqual(try Stringcat.run(["migrate", "App"], in: work).status, 0)
        let clean = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertTrue(
            clean.stdout.contains(
                "LegacyApp (iOS app): 6 languages, 3 tables, 15 keys: the same bundle as before the migration\n"),
            clean.stdout)
        let path = "App/LegacyApp.xcodeproj/project.pbxproj"
        let project = try read(path)
        let damaged = project.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !($0.hasSuffix("/* Localizable.xcstrings in Resources */,"))
        }.joined(separator: "\n")
        XCTAssertNotEqual(damaged, project)
        try Data(damaged.utf8).write(to: work.appendingPathComponent(path))
        let run = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.contains(
                "App/LegacyApp.xcodeproj/project.pbxproj: error: target LegacyApp (iOS app) loses Localizable in ar, "
                    + "de, en, ja, ru, zh-Hans (9 keys each); no stringcat run does that (its gate refuses it): the "
                    + "project or a catalog changed after the migration\n"),
            run.stderr)
        XCTAssertTrue(run.stdout.contains("1 target's bundle differs from the bundle before the migration"), run.stdout)
    }
}
