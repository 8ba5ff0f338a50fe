import Foundation
import XCTest

/// `stringcat compile` end to end: the sample app is migrated with the built tool, then its
/// catalogs are compiled back.
final class CompileCommandTests: XCTestCase {
    private var work = ""
    private var catalogs: [String] = []

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("compile-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let sample = Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp").path
        let migrate = try Stringcat.run(["migrate", sample, "--output", work + "/cat"])
        XCTAssertEqual(migrate.status, 0, migrate.stderr)
        let app = work + "/cat/LegacyApp"
        catalogs = [app + "/Localizable.xcstrings", app + "/InfoPlist.xcstrings", app + "/mul.lproj/Main.xcstrings"]
        for catalog in catalogs { XCTAssertTrue(FileManager.default.fileExists(atPath: catalog), catalog) }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: work)
    }

    private func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file under `folder`, relative to it, sorted.
    private func files(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
            .filter { !$0.hasSuffix(".lproj") && !$0.hasSuffix(".xcstrings") && $0.contains(".lproj/") }.sorted()
    }

    func testCompilesTheSampleBesideItsCatalogs() throws {
        let run = try Stringcat.run(["compile"] + catalogs)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let app = work + "/cat/LegacyApp"
        var expected: [String] = []
        for language in ["ar", "de", "ja", "ru", "zh-Hans"] {
            expected += [
                "\(language).lproj/InfoPlist.strings", "\(language).lproj/Localizable.strings",
                "\(language).lproj/Localizable.stringsdict", "\(language).lproj/Main.strings",
            ]
        }
        expected += ["en.lproj/InfoPlist.strings", "en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict"]
        XCTAssertEqual(files(under: app), expected.sorted())
        XCTAssertTrue(run.stdout.contains("wrote \(app)/de.lproj/Main.strings (3 strings)\n"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("wrote 23 files for 3 catalogs (6 languages)\n"), run.stdout)

        // Source-language units equal to their key are written; comments come from the catalog.
        XCTAssertEqual(
            text(app + "/en.lproj/Localizable.strings"),
            """
            "button.cancel" = "Cancel";

            /* Button that saves the document */
            "button.save" = "Save";

            /* Greeting with the user's first and last name */
            "greeting.full_name" = "Hello, %1$@ %2$@!";

            /* A quote inside a value, and a line break */
            "quote.example" = "She said \\"Hello\\"\\nand left.";

            /* Title of the settings screen */
            "settings.title" = "Settings";

            /* Upload progress: %1$@ is the file name, %2$d the percentage */
            "upload.progress" = "Uploading %1$@ (%2$d%%)";

            /* Title of the main screen; the key is its own English text */
            "Welcome" = "Welcome";

            """)
        XCTAssertEqual(
            text(app + "/de.lproj/Main.strings"),
            """
            /* Class = "UILabel"; text = "Welcome"; ObjectID = "Kq3-fT-9aB"; */
            "Kq3-fT-9aB.text" = "Willkommen";

            /* Class = "UIButton"; normalTitle = "Save"; ObjectID = "x7P-2d-Lm0"; */
            "x7P-2d-Lm0.normalTitle" = "Sichern";

            /* Class = "UINavigationItem"; title = "Untitled"; ObjectID = "Zr5-Qa-1Uc"; */
            "Zr5-Qa-1Uc.title" = "Ohne Titel";

            """)

        // Every plural form of the legacy Arabic .stringsdict is back; the shape (a) variable is arg1.
        let original = try XCTUnwrap(
            text(
                Stringcat.repositoryRoot.appendingPathComponent(
                    "Samples/LegacyApp/LegacyApp/ar.lproj/Localizable.stringsdict"
                ).path))
        let compiled = try XCTUnwrap(text(app + "/ar.lproj/Localizable.stringsdict"))
        let stringLines = { (s: String) in
            Set(
                s.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                    $0.hasPrefix("<string>")
                })
        }
        XCTAssertEqual(stringLines(original).subtracting(stringLines(compiled)), ["<string>%#@messages@</string>"])
        XCTAssertTrue(compiled.contains("<key>arg1</key>"))
        XCTAssertTrue(compiled.contains("<string>%#@arg1@</string>"))
    }

    func testASecondCompileWithTheSameOutputSaysUnchangedAndExitsZero() throws {
        let app = work + "/cat/LegacyApp"
        XCTAssertEqual(try Stringcat.run(["compile"] + catalogs).status, 0)
        let path = app + "/de.lproj/Localizable.strings"
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 1.1)
        let again = try Stringcat.run(["compile"] + catalogs)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stderr, "")
        XCTAssertTrue(
            again.stdout.contains("unchanged \(path) (7 strings, the same bytes as this run's)\n"), again.stdout)
        XCTAssertTrue(
            again.stdout.hasSuffix("wrote 0 files for 3 catalogs (6 languages); 23 unchanged\n"), again.stdout)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, modified)
    }

    func testExistingFileIsRefusedWithoutForceAndNothingIsWritten() throws {
        let app = work + "/cat/LegacyApp"
        XCTAssertEqual(try Stringcat.run(["compile"] + catalogs).status, 0)
        try FileManager.default.removeItem(atPath: app + "/ja.lproj")
        try Data("/* edited by hand */\n".utf8).write(to: URL(fileURLWithPath: app + "/de.lproj/Localizable.strings"))

        let refused = try Stringcat.run(["compile"] + catalogs)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stdout, "")
        // Only the file that differs is refused: ar, en, ru and zh-Hans hold this run's bytes
        // already (unchanged), ja was removed.
        XCTAssertTrue(
            refused.stderr.contains(
                "\(app)/de.lproj/Localizable.strings: error: already exists (use --force to overwrite it); nothing was "
                    + "written\n"
            ), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("ar.lproj"), refused.stderr)
        XCTAssertTrue(
            refused.stderr.hasSuffix("nothing written: fix the errors above or pass --force\n"), refused.stderr)
        let verbose = try Stringcat.run(["compile", "--verbose"] + catalogs)
        XCTAssertEqual(verbose.status, 1)
        XCTAssertTrue(
            verbose.stderr.contains(
                "\(app)/de.lproj/Localizable.strings: error: already exists (use --force to overwrite it); nothing was "
                    + "written\n"
            ), verbose.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app + "/ja.lproj"), "a refused run writes no file at all")
        XCTAssertEqual(text(app + "/de.lproj/Localizable.strings"), "/* edited by hand */\n")

        let forced = try Stringcat.run(["compile", "--force"] + catalogs)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(
            forced.stdout.contains(
                "wrote \(app)/de.lproj/Localizable.strings (7 strings, replacing the existing file)\n"), forced.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: app + "/ja.lproj/Main.strings"))
        XCTAssertTrue(text(app + "/de.lproj/Localizable.strings")?.contains("\"button.save\" = \"Sichern\";") == true)
    }

    func testDryRunListsAndWritesNothing() throws {
        let out = work + "/out"
        let run = try Stringcat.run(["compile", "--dry-run", "--output", out, catalogs[0]])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains("would write \(out)/ru.lproj/Localizable.stringsdict (2 plural/device rules)\n"),
            run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("would write 12 files for 1 catalog (6 languages)\n"), run.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testLanguageFilterAndXMLFormat() throws {
        let out = work + "/out"
        let run = try Stringcat.run(
            ["compile", "--language", "de", "--language=zh-Hans", "--strings-format", "xml", "--output", out] + catalogs
        )
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            files(under: out),
            [
                "de.lproj/InfoPlist.strings", "de.lproj/Localizable.strings", "de.lproj/Localizable.stringsdict",
                "de.lproj/Main.strings",
                "zh-Hans.lproj/InfoPlist.strings", "zh-Hans.lproj/Localizable.strings",
                "zh-Hans.lproj/Localizable.stringsdict", "zh-Hans.lproj/Main.strings",
            ])
        XCTAssertEqual(
            text(out + "/de.lproj/Main.strings"),
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>Kq3-fT-9aB.text</key>
            \t<string>Willkommen</string>
            \t<key>Zr5-Qa-1Uc.title</key>
            \t<string>Ohne Titel</string>
            \t<key>x7P-2d-Lm0.normalTitle</key>
            \t<string>Sichern</string>
            </dict>
            </plist>

            """)
    }

    func testACatalogThatIsNotJSONIsAnErrorWithLineAndColumn() throws {
        let bad = work + "/Broken.xcstrings"
        try Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : [}\n".utf8).write(
            to: URL(fileURLWithPath: bad))
        let run = try Stringcat.run(["compile", bad, catalogs[0]])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        let firstLine = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(firstLine.hasPrefix("\(bad):4:12: error: "), run.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: work + "/cat/LegacyApp/de.lproj"),
            "nothing is written when any catalog is bad")
    }

    func testUsageErrors() throws {
        let noCatalog = try Stringcat.run(["compile"])
        XCTAssertEqual(noCatalog.status, 2)
        XCTAssertTrue(
            noCatalog.stderr.hasPrefix("error: no catalog given\nusage: stringcat compile CATALOG_OR_FOLDER..."),
            noCatalog.stderr)
        let badFormat = try Stringcat.run(["compile", "--strings-format", "yaml", catalogs[0]])
        XCTAssertEqual(badFormat.status, 2)
        XCTAssertTrue(
            badFormat.stderr.hasPrefix("error: --strings-format must be text, xml or binary\n"), badFormat.stderr)
        let missing = try Stringcat.run(["compile", work + "/nope.xcstrings"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(
            missing.stderr,
            "\(work)/nope.xcstrings: error: cannot read catalog: no such file\nnothing written: fix the errors above\n")
    }
}

/// `compile` and `normalize` take folders: every catalog below them.
final class CompileFolderTests: WorkFolderTestCase {
    /// A folder argument compiles every catalog below it; with --output each keeps its place.
    func testAFolderCompilesEveryCatalogAndOutputKeepsRelativePaths() throws {
        let catalog =
            #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"A"}}}}},"version":"1.0"}"#
        try write("Project/App/Localizable.xcstrings", catalog)
        try write("Project/Widget/Localizable.xcstrings", catalog)
        try write("Project/App/mul.lproj/Main.xcstrings", catalog)
        let run = try Stringcat.run(["compile", "Project", "--output", "out"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        let written = (FileManager.default.subpaths(atPath: work.appendingPathComponent("out").path) ?? []).filter {
            $0.hasSuffix(".strings")
        }.sorted()
        XCTAssertEqual(
            written,
            ["App/de.lproj/Localizable.strings", "App/de.lproj/Main.strings", "Widget/de.lproj/Localizable.strings"])
        let normalize = try Stringcat.run(["normalize", "--check", "Project"], in: work)
        XCTAssertEqual(normalize.status, 1)
        XCTAssertTrue(normalize.stdout.hasSuffix("3 files not normalized, 0 already normalized\n"), normalize.stdout)
        let empty = try Stringcat.run(["compile", "out"], in: work)
        XCTAssertEqual(empty.status, 1)
        XCTAssertEqual(empty.stderr, "out: error: no .xcstrings file in this folder\n")
    }
}
