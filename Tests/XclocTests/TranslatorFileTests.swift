import Foundation
import StringCatalog
import StringcatSupport
import TestSupport
import XCTest
import XLIFF
import Xcloc

@testable import XclocExport
@testable import XclocImport

/// Issue 40: a translator's file is untrusted input, and a killed run always finishes when run
/// again. Each test is one item of the issue, on a project written for it.
final class TranslatorFileTests: XCTestCase {
    let tool = XLIFFTool(version: "16.4", build: "16F6")
    /// The pid of no process (as the cleanup tests of `AtomicFile` use): a run killed long ago.
    let deadPID = "2147483646"

    func unit(_ value: String, _ state: String = "translated") -> String {
        "{\"stringUnit\":{\"state\":\"\(state)\",\"value\":\"\(value)\"}}"
    }

    /// A project with `App/Localizable.xcstrings` holding `strings`.
    func project(_ strings: String, source: String = "en") throws -> TestTree {
        let tree = try TestTree()
        try tree.write(
            "App/Localizable.xcstrings",
            "{\"sourceLanguage\":\"\(source)\",\"strings\":{\(strings)},\"version\":\"1.0\"}")
        return tree
    }

    func xliff(_ units: String, language: String = "de", original: String = "App/Localizable.xcstrings") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="\(original)" source-language="en" target-language="\(language)" datatype="plaintext">
            <body>
        \(units)
            </body>
          </file>
        </xliff>

        """
    }

    func run(_ tree: TestTree, _ text: String, name: String = "in.xliff", options: ImportOptions? = nil) throws
        -> ImportReport
    {
        let input = try tree.write(name, text)
        return ProjectImporter.run([input], options: options ?? ImportOptions(projectPath: tree.root))
    }

    func catalog(_ tree: TestTree) throws -> StringCatalog {
        try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
    }

    func hiddenFiles(_ tree: TestTree) -> [String] {
        tree.allFiles().filter { ($0 as NSString).lastPathComponent.hasPrefix(".") }
    }

    func errors(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.filter(\.isError).map(\.message) }

    // MARK: Item 2

    /// An `.xliff` inside an `.xcloc` linked to `/dev/zero` made the import allocate until it died;
    /// a FIFO blocked it forever. Only regular files are read: anything else is an error naming it.
    func testAnXLIFFThatIsALinkToADeviceOrAFIFOIsAnErrorNamingItNotAHang() throws {
        let tree = try project("\"a\":{}")
        let before = tree.read("App/Localizable.xcstrings")
        let package = tree.path("de.xcloc/Localized Contents")
        try tree.mkdir("de.xcloc/Localized Contents")
        let file = package + "/de.xliff"
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/dev/zero")
        var report = ProjectImporter.run([tree.path("de.xcloc")], options: ImportOptions(projectPath: tree.root))
        XCTAssertEqual(
            report.diagnostics.map(\.description),
            [
                "\(file): error: cannot read the XLIFF file: it is a device, not a regular file: only regular files "
                    + "are read (remove it, or put the file there)"
            ])
        try FileManager.default.removeItem(atPath: file)
        XCTAssertEqual(mkfifo(file, 0o644), 0)
        report = ProjectImporter.run([tree.path("de.xcloc")], options: ImportOptions(projectPath: tree.root))
        XCTAssertEqual(
            errors(report.diagnostics),
            [
                "cannot read the XLIFF file: it is a FIFO, not a regular file: only regular files are read (remove it, or "
                    + "put the file there)"
            ])
        // Given on its own, the same.
        report = ProjectImporter.run([file], options: ImportOptions(projectPath: tree.root))
        XCTAssertEqual(report.diagnostics.first?.location.path, file)
        XCTAssertTrue(report.hasErrors)
        XCTAssertEqual(tree.read("App/Localizable.xcstrings"), before)
    }

    /// A package's `contents.json` that is a FIFO (a package unpacked from a hostile archive) is
    /// an error, not a hang, when it is read for the package's language.
    func testAPackagesContentsJSONThatIsAFIFOIsAnErrorNamingIt() throws {
        let tree = try project("\"a\":{}")
        try tree.write(
            "de.xcloc/Localized Contents/de.xliff", xliff("<trans-unit id=\"a\"><target>A</target></trans-unit>"))
        XCTAssertEqual(mkfifo(tree.path("de.xcloc/contents.json"), 0o644), 0)
        let report = ProjectImporter.run([tree.path("de.xcloc")], options: ImportOptions(projectPath: tree.root))
        XCTAssertEqual(
            report.diagnostics.map(\.description),
            [
                "\(tree.path("de.xcloc/contents.json")): error: cannot read the package's contents.json: it is a FIFO, "
                    + "not a regular file: only regular files are read (remove it, or put the file there)"
            ])
    }

    /// Export read an earlier export's `contents.json` linked to `/dev/zero`, or a FIFO, until it
    /// died or forever. A translator's `.xcloc` unpacked over the export folder can hold either.
    func testAnEarlierExportsFileThatIsALinkToADeviceOrAFIFOIsAnErrorNamingIt() throws {
        let tree = try project("\"Done\":{\"localizations\":{\"en\":\(unit("Done")),\"de\":\(unit("Fertig"))}}")
        let output = tree.path("Out")
        XCTAssertEqual(
            ProjectExporter.export(tree.root, options: ExportOptions(outputDirectory: output, tool: tool)).diagnostics,
            [])
        let contents = tree.path("Out/de.xcloc/contents.json")
        for make in ["device", "fifo"] {
            try FileManager.default.removeItem(atPath: contents)
            if make == "device" {
                try FileManager.default.createSymbolicLink(atPath: contents, withDestinationPath: "/dev/zero")
            } else {
                XCTAssertEqual(mkfifo(contents, 0o644), 0)
            }
            var options = ExportOptions(outputDirectory: output, tool: tool)
            options.force = true
            let report = ProjectExporter.export(tree.root, options: options)
            XCTAssertEqual(
                report.diagnostics.map(\.description),
                [
                    "\(contents): error: cannot read what stands where the export writes: it is "
                        + (make == "device" ? "a device" : "a FIFO")
                        + ", not a regular file: only regular files are read (remove it, or put the file there)"
                ])
            XCTAssertFalse(report.written)
        }
    }

    // MARK: Items 3 and 4

    /// A killed import left the catalog hard-linked to its previous version
    /// (`.Localizable.xcstrings.stringcat-PID-N.old`): every later import stopped at "has 2 hard
    /// links". What a dead run left is cleaned before the check, and the import finishes.
    func testWhatAKilledImportLeftIsCleanedAndTheImportFinishes() throws {
        let tree = try project("\"a\":{\"localizations\":{\"de\":\(unit("alt"))}}")
        let catalog = tree.path("App/Localizable.xcstrings")
        let aside = tree.path("App/.Localizable.xcstrings.stringcat-\(deadPID)-1.old")
        XCTAssertEqual(link(catalog, aside), 0)
        try tree.write("App/.Localizable.xcstrings.stringcat-\(deadPID)-2.tmp", "half")
        let report = try run(tree, xliff("<trans-unit id=\"a\"><source>a</source><target>neu</target></trans-unit>"))
        XCTAssertEqual(report.diagnostics, [])
        XCTAssertTrue(report.written)
        XCTAssertEqual(try self.catalog(tree).strings["a"]?.localizations["de"]?.stringUnit?.value, "neu")
        XCTAssertEqual(hiddenFiles(tree), [])
    }

    /// A re-run with nothing to write left a dead run's `.old` beside the catalog for ever.
    func testAnImportWithNothingToWriteStillCleansWhatAKilledRunLeft() throws {
        let tree = try project("\"a\":{\"localizations\":{\"de\":\(unit("A"))}}")
        XCTAssertEqual(
            link(
                tree.path("App/Localizable.xcstrings"),
                tree.path("App/.Localizable.xcstrings.stringcat-\(deadPID)-1.old")), 0)
        let report = try run(tree, xliff("<trans-unit id=\"a\"><source>a</source><target>A</target></trans-unit>"))
        XCTAssertEqual(report.diagnostics, [])
        XCTAssertEqual(report.changedCatalogs, [])
        XCTAssertEqual(hiddenFiles(tree), [])
    }

    /// The same for export: a killed export's previous versions and temporary files in the
    /// packages are cleaned, with or without anything to write.
    func testWhatAKilledExportLeftIsCleanedWithOrWithoutAnythingToWrite() throws {
        let tree = try project("\"Done\":{\"localizations\":{\"en\":\(unit("Done")),\"de\":\(unit("Fertig"))}}")
        let output = tree.path("Out")
        XCTAssertTrue(
            ProjectExporter.export(tree.root, options: ExportOptions(outputDirectory: output, tool: tool)).written)
        let contents = tree.path("Out/de.xcloc/contents.json")
        XCTAssertEqual(link(contents, tree.path("Out/de.xcloc/.contents.json.stringcat-\(deadPID)-1.old")), 0)
        try tree.write("Out/de.xcloc/Localized Contents/.de.xliff.stringcat-\(deadPID)-2.tmp", "half")
        let unchanged = ProjectExporter.export(tree.root, options: ExportOptions(outputDirectory: output, tool: tool))
        XCTAssertEqual(unchanged.diagnostics, [])
        XCTAssertEqual(unchanged.packages.map(\.outcome), [.unchanged, .unchanged])
        XCTAssertEqual(hiddenFiles(tree), [])
        // A catalog changed since: the export replaces contents of the packages (--force), and a
        // second link of a file it replaces, left by a dead run, does not stop it.
        try tree.write(
            "App/Localizable.xcstrings",
            "{\"sourceLanguage\":\"en\",\"strings\":{\"Done\":{\"localizations\":{\"en\":\(unit("Done")),\"de\":"
                + "\(unit("Erledigt"))}}},\"version\":\"1.0\"}")
        let xliffPath = tree.path("Out/de.xcloc/Localized Contents/de.xliff")
        XCTAssertEqual(
            link(xliffPath, tree.path("Out/de.xcloc/Localized Contents/.de.xliff.stringcat-\(deadPID)-3.old")), 0)
        var force = ExportOptions(outputDirectory: output, tool: tool)
        force.force = true
        let replaced = ProjectExporter.export(tree.root, options: force)
        XCTAssertEqual(replaced.diagnostics, [])
        XCTAssertTrue(try String(contentsOfFile: xliffPath, encoding: .utf8).contains("Erledigt"))
        XCTAssertEqual(hiddenFiles(tree), [])
    }

    /// `ProjectImporter.run` and `ProjectExporter.write` dropped what `AtomicFile.writeAll` returns:
    /// a previous version that could not be removed was left with exit 0 and no word. It is now
    /// an error naming the file (the catalogs stand, and the report says they were written).
    func testAPreviousVersionThatCannotBeRemovedIsAnErrorNamingIt() throws {
        struct Busy: FileRemoving {
            func removeFile(_ path: String) throws(RemovalError) { throw RemovalError(code: EBUSY) }
            func removeEmptyFolder(_ path: String) throws(RemovalError) { throw RemovalError(code: EBUSY) }
        }
        let tree = try project("\"a\":{\"localizations\":{\"en\":\(unit("a")),\"de\":\(unit("alt"))}}")
        var options = ImportOptions(projectPath: tree.root)
        options.fileRemover = Busy()
        let report = try run(
            tree, xliff("<trans-unit id=\"a\"><source>a</source><target>neu</target></trans-unit>"), options: options)
        XCTAssertTrue(report.written)
        XCTAssertEqual(report.diagnostics.count, 1)
        let left = try XCTUnwrap(hiddenFiles(tree).first)
        XCTAssertTrue(left.hasPrefix("App/.Localizable.xcstrings.stringcat-"), left)
        XCTAssertEqual(
            report.diagnostics.first?.description,
            "\(tree.path("App/Localizable.xcstrings")): error: written, but its previous version, kept aside while the "
                + "new one was put in place, could not be removed (Device or resource busy (EBUSY): it is in use (a "
                + "mount point, or open on a system that forbids deleting open files)): delete \(tree.path(left))")
        try FileManager.default.removeItem(atPath: tree.path(left))

        let output = tree.path("Out")
        XCTAssertTrue(
            ProjectExporter.export(tree.root, options: ExportOptions(outputDirectory: output, tool: tool)).written)
        try tree.write(
            "App/Localizable.xcstrings",
            "{\"sourceLanguage\":\"en\",\"strings\":{\"a\":{\"localizations\":{\"en\":\(unit("a")),\"de\":"
                + "\(unit("anders"))}}},\"version\":\"1.0\"}")
        var exportOptions = ExportOptions(outputDirectory: output, tool: tool)
        exportOptions.force = true
        exportOptions.fileRemover = Busy()
        let export = ProjectExporter.export(tree.root, options: exportOptions)
        XCTAssertTrue(export.written)
        XCTAssertFalse(export.diagnostics.isEmpty)
        XCTAssertTrue(
            export.diagnostics.allSatisfy {
                $0.isError && $0.message.contains("could not be removed (Device or resource busy")
            },
            "\(export.diagnostics)")
        XCTAssertEqual(export.diagnostics.count, hiddenFiles(tree).count)
    }

    // MARK: Item 5

    /// `target-language` was validated as a tag but used as written: `zh_Hans` landed beside
    /// `zh-Hans` (the app kept the old text), `DE` beside `de`, `English` beside `en`. It is now
    /// the catalog's own spelling of that language.
    func testATargetLanguageIsImportedUnderTheCatalogsOwnSpellingOfIt() throws {
        let tree = try project(
            "\"a\":{\"localizations\":{\"en\":\(unit("a")),\"de\":\(unit("alt")),\"zh-Hans\":\(unit("旧")),"
                + "\"pt_BR\":\(unit("velho")),\"de-AT\":\(unit("oid"))}}")
        for (written, spelled, value) in [
            ("zh_Hans", "zh-Hans", "新"), ("DE", "de", "neu"), ("English", "en", "A!"), ("pt-br", "pt_BR", "novo"),
            ("de_AT", "de-AT", "neich"),
        ] {
            let report = try run(
                tree,
                xliff(
                    "<trans-unit id=\"a\"><source>a</source><target>\(value)</target></trans-unit>", language: written))
            XCTAssertEqual(report.diagnostics.filter(\.isError), [], written)
            XCTAssertEqual(report.languages.map(\.language), [spelled])
            XCTAssertEqual(
                report.diagnostics.map(\.message),
                [
                    "target-language \"\(written)\" is imported as \"\(spelled)\", the catalog's spelling of that language"
                ])
            let localizations = try XCTUnwrap(catalog(tree).strings["a"]?.localizations)
            XCTAssertEqual(localizations[spelled]?.stringUnit?.value, value, written)
            XCTAssertEqual(localizations.keys.sorted(), ["de", "de-AT", "en", "pt_BR", "zh-Hans"], written)
        }
        // A language the catalog does not hold yet: canonical BCP 47.
        _ = try run(
            tree,
            xliff("<trans-unit id=\"a\"><source>a</source><target>nouveau</target></trans-unit>", language: "FR_ca"))
        XCTAssertEqual(try catalog(tree).strings["a"]?.localizations["fr-CA"]?.stringUnit?.value, "nouveau")
    }

    /// A catalog holding one language under two spellings: which one is meant cannot be known.
    func testALanguageTheCatalogHoldsUnderTwoSpellingsIsRefused() throws {
        let tree = try project("\"a\":{\"localizations\":{\"zh_Hans\":\(unit("一")),\"zh-Hans\":\(unit("二"))}}")
        let before = tree.read("App/Localizable.xcstrings")
        let report = try run(
            tree, xliff("<trans-unit id=\"a\"><source>a</source><target>三</target></trans-unit>", language: "zh-hans"))
        XCTAssertEqual(
            errors(report.diagnostics),
            [
                "target-language \"zh-hans\" is zh-Hans, which the catalog holds under \"zh-Hans\" and \"zh_Hans\": which "
                    + "one the translations are for cannot be known; nothing is imported (keep one of them)"
            ])
        XCTAssertEqual(tree.read("App/Localizable.xcstrings"), before)
    }

    /// Item 5 and 10: `target-language="fr"` inside `de.xcloc` was imported into fr without a word.
    func testATargetLanguageThatIsNotThePackagesIsAWarning() throws {
        let tree = try project("\"a\":{\"localizations\":{\"en\":\(unit("a"))}}")
        try tree.write(
            "de.xcloc/Localized Contents/de.xliff",
            xliff("<trans-unit id=\"a\"><source>a</source><target>le A</target></trans-unit>", language: "fr"))
        var report = ProjectImporter.run([tree.path("de.xcloc")], options: ImportOptions(projectPath: tree.root))
        XCTAssertEqual(
            report.diagnostics.map(\.message),
            [
                "target-language \"fr\" is not the language of the package this XLIFF came in (de.xcloc says de, by its "
                    + "name): its units are imported into fr; is it the right file?"
            ])
        XCTAssertEqual(report.diagnostics.first?.severity, .warning)
        XCTAssertEqual(report.diagnostics.first?.location.line, 3)
        // contents.json says the package's language when it has one (a renamed package).
        try tree.write("pkg.xcloc/contents.json", "{\"targetLocale\" : \"ja\", \"version\" : \"1.0\"}")
        try tree.write(
            "pkg.xcloc/Localized Contents/x.xliff",
            xliff("<trans-unit id=\"a\"><source>a</source><target>A</target></trans-unit>", language: "de"))
        report = ProjectImporter.run([tree.path("pkg.xcloc")], options: ImportOptions(projectPath: tree.root))
        XCTAssertEqual(
            report.diagnostics.map(\.message),
            [
                "target-language \"de\" is not the language of the package this XLIFF came in (pkg.xcloc says ja, by its "
                    + "contents.json's targetLocale): its units are imported into de; is it the right file?"
            ])
    }

    // MARK: Item 6

    /// 1 GB of `<file original="unknown">` took 8.1 GB: every skipped file was kept in a list. One
    /// entry per original and input, the first 20 originals named, the rest counted.
    func testSkippedFilesAreListedByOriginalNotByElement() throws {
        let tree = try project("\"a\":{}")
        let known =
            "<file original=\"App/Localizable.xcstrings\" target-language=\"de\"><body><trans-unit id=\"a\">"
            + "<target>A</target></trans-unit></body></file>"
        var text = "<xliff version=\"1.2\">" + known
        let unknown =
            "<file original=\"unknown\" target-language=\"de\"><body><trans-unit id=\"x\"><target>y</target>"
            + "</trans-unit></body></file>\n"
        text += String(repeating: unknown, count: 10_000)
        for index in 0..<100 {
            text +=
                "<file original=\"other-\(index)\" target-language=\"de\"><body><trans-unit id=\"x\"/>"
                + "<trans-unit id=\"y\"/></body></file>\n"
        }
        text += "</xliff>"
        let report = try run(tree, text)
        XCTAssertFalse(report.hasErrors)
        XCTAssertEqual(report.skippedFiles.count, 20)
        XCTAssertEqual(
            report.skippedFiles.first.map { "\($0.original) \($0.units) \($0.elements)" }, "unknown 10000 10000")
        XCTAssertEqual(report.skippedFiles.last?.original, "other-18")
        XCTAssertEqual([report.unlistedSkippedFiles, report.unlistedSkippedUnits], [81, 162])
        XCTAssertEqual(
            report.diagnostics.map(\.message).first,
            "unknown: no file of this project is exported under this name; its 10000 units (in 10000 <file> elements) "
                + "are skipped")
        XCTAssertEqual(
            report.diagnostics.map(\.message).last,
            "and 81 more <file> elements of other files (162 units) are skipped")
    }

    // MARK: Item 8

    /// Units at places the key's values do not have replaced the value, and `compile` then left
    /// the key out: `plural.one.plural.other.device.mac` dropped de's "Sichern". Refused, with
    /// each reason, and nothing is written.
    func testAUnitAtAPlaceTheKeysValuesDoNotHaveIsRefused() throws {
        let plural =
            "{\"variations\":{\"plural\":{\"one\":\(unit("%lld day")),\"other\":\(unit("%lld days"))}}}"
        let substitution =
            "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"%#@n@\"},\"substitutions\":{\"n\":{\"argNum\":1,"
            + "\"formatSpecifier\":\"lld\",\"variations\":{\"plural\":{\"one\":\(unit("%arg file")),\"other\":"
            + "\(unit("%arg files"))}}}}}"
        let tree = try project(
            "\"button.save\":{\"localizations\":{\"en\":\(unit("Save")),\"de\":\(unit("Sichern"))}},"
                + "\"%lld days\":{\"localizations\":{\"en\":\(plural)}},"
                + "\"%lld files\":{\"localizations\":{\"en\":\(substitution)}},"
                + "\"phrases\":{\"localizations\":{\"en\":{\"stringSet\":{\"state\":\"translated\",\"values\":[\"a\",\"b\"]}}}}"
        )
        let before = tree.read("App/Localizable.xcstrings")
        func refusal(_ units: String) throws -> String? {
            let report = try run(tree, xliff(units))
            XCTAssertEqual(tree.read("App/Localizable.xcstrings"), before, units)
            return errors(report.diagnostics).first
        }
        XCTAssertEqual(
            try refusal(
                "<trans-unit id=\"button.save|==|plural.one.plural.other.device.mac\"><source/><target>X</target></trans-unit>"
            ),
            "unit button.save|==|plural.one.plural.other.device.mac: the key's values have no place "
                + "plural.one.plural.other.device.mac (Xcode writes no such unit, and the catalog could not hold it: "
                + "re-export to get the units of this key); nothing is imported")
        XCTAssertEqual(
            try refusal(
                "<trans-unit id=\"button.save\"><source/><target><mrk mtype=\"x-set\">a</mrk></target></trans-unit>"),
            "unit button.save: a string set (<mrk mtype=\"x-set\">) where the catalog's value is a plain string; "
                + "nothing is imported")
        XCTAssertEqual(
            try refusal("<trans-unit id=\"phrases\"><source/><target>plain</target></trans-unit>"),
            "unit phrases: a plain string where the catalog's value is a string set (<mrk mtype=\"x-set\">); nothing "
                + "is imported")
        XCTAssertEqual(
            try refusal(
                "<trans-unit id=\"%lld files|==|substitutions.m.plural.one\"><source/><target>x</target></trans-unit>"),
            "unit %lld files|==|substitutions.m.plural.one: the key's values have no substitution m (no %#@m@ in "
                + "them); nothing is imported")
        XCTAssertEqual(
            try refusal("<trans-unit id=\"button.save|==|device.toaster\"><source/><target>x</target></trans-unit>"),
            "unit button.save|==|device.toaster: toaster is not a device (appletv, applevision, applewatch, ipad, "
                + "iphone, ipod, mac, other); nothing is imported")
        XCTAssertEqual(
            try refusal("<trans-unit id=\"%lld days|==|device.mac\"><source/><target>x</target></trans-unit>"),
            "unit %lld days|==|device.mac: the key's values have no place device.mac (Xcode writes no such unit, and "
                + "the catalog could not hold it: re-export to get the units of this key); nothing is imported")
        XCTAssertEqual(
            try refusal(
                """
                <trans-unit id="button.save"><source/><target>Speichern</target></trans-unit>
                <trans-unit id="button.save|==|plural.other"><source/><target>Speichern</target></trans-unit>
                """),
            "unit button.save|==|plural.other: button.save is given both a plain value and variations of it in de (the "
                + "other at line 5): the catalog would keep one and lose the other; nothing is imported (keep the units "
                + "of one)")
        // What Xcode writes, and the variations a translator may give a plain value (I10), are read.
        let report = try run(
            tree,
            xliff(
                """
                <trans-unit id="%lld days|==|plural.one"><source/><target>%lld Tag</target></trans-unit>
                <trans-unit id="%lld days|==|plural.other"><source/><target>%lld Tage</target></trans-unit>
                <trans-unit id="%lld files|==|substitutions.n.plural.other"><source/><target>%1$lld Dateien</target></trans-unit>
                <trans-unit id="button.save|==|device.mac"><source/><target>Sichern…</target></trans-unit>
                <trans-unit id="button.save|==|device.other"><source/><target>Sichern</target></trans-unit>
                """))
        XCTAssertEqual(report.diagnostics, [])
        XCTAssertEqual(report.languages.first?.imported, 5)
    }

    // MARK: Item 10

    /// "appears twice (first at line 62)" across two inputs did not name the first input.
    func testAUnitTwiceInTwoInputsNamesTheFirstInputsFile() throws {
        let tree = try project("\"a\":{}")
        let one = try tree.write(
            "one.xliff", xliff("<trans-unit id=\"a\"><source>a</source><target>A</target></trans-unit>"))
        let two = try tree.write(
            "two.xliff", xliff("<trans-unit id=\"a\"><source>a</source><target>B</target></trans-unit>"))
        let report = ProjectImporter.run([one, two], options: ImportOptions(projectPath: tree.root))
        XCTAssertEqual(
            report.diagnostics.map(\.description),
            ["\(two):5:1: error: unit a appears twice for de (first at \(one):5:1)"])
    }

    /// A 0444 catalog (a read-only checkout, as Perforce's) was replaced in silence. It is
    /// replaced (as Xcode does: the folder allows it), keeping its mode, with a warning saying so.
    func testAReadOnlyCatalogIsReplacedWithAWarningSayingSo() throws {
        let tree = try project("\"a\":{}")
        let catalog = tree.path("App/Localizable.xcstrings")
        XCTAssertEqual(chmod(catalog, 0o444), 0)
        defer { chmod(catalog, 0o644) }
        let unit = "<trans-unit id=\"a\"><source>a</source><target>A</target></trans-unit>"
        var options = ImportOptions(projectPath: tree.root)
        options.dryRun = true
        let dry = try run(tree, xliff(unit), options: options)
        XCTAssertEqual(
            dry.diagnostics.map(\.description),
            [
                "\(catalog): warning: the catalog is read-only (mode 444), as a checkout not opened for edit is "
                    + "(Perforce): it would be replaced, keeping its mode; open it for edit (p4 edit) or tell your "
                    + "version control (p4 reconcile)"
            ])
        let report = try run(tree, xliff(unit))
        XCTAssertEqual(
            report.diagnostics.map(\.description),
            [
                "\(catalog): warning: the catalog is read-only (mode 444), as a checkout not opened for edit is "
                    + "(Perforce): replaced, keeping its mode; open it for edit (p4 edit) or tell your version control "
                    + "(p4 reconcile)"
            ])
        XCTAssertTrue(report.written)
        XCTAssertEqual(try self.catalog(tree).strings["a"]?.localizations["de"]?.stringUnit?.value, "A")
        var info = stat()
        XCTAssertEqual(stat(catalog, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o444)
    }

    /// A translator's changed format specifiers (`%1$@` -> `%1$d`, a dropped `%2$@`, an added
    /// `%n`) were imported without a word: each is a warning naming the unit, as Xcode's editor
    /// warns, and the value is imported as it is.
    func testChangedFormatSpecifiersAreAWarningNamingTheUnit() throws {
        let plural = "{\"variations\":{\"plural\":{\"one\":\(unit("%lld day")),\"other\":\(unit("%lld days"))}}}"
        let tree = try project(
            "\"greet\":{\"localizations\":{\"en\":\(unit("%1$@ sent %2$@"))}},"
                + "\"count\":{\"localizations\":{\"en\":\(unit("%d items"))}},"
                + "\"%lld days\":{\"localizations\":{\"en\":\(plural)}}")
        let report = try run(
            tree,
            xliff(
                """
                <trans-unit id="greet"><source/><target>%1$d hat gesendet</target></trans-unit>
                <trans-unit id="count"><source/><target>%d Dinge %n</target></trans-unit>
                <trans-unit id="%lld days|==|plural.one"><source/><target>Ein Tag</target></trans-unit>
                <trans-unit id="%lld days|==|plural.other"><source/><target>%lld Tage</target></trans-unit>
                """))
        XCTAssertEqual(
            report.diagnostics.map {
                "\($0.severity) \($0.location.line ?? 0):\($0.location.column ?? 0) \($0.message)"
            },
            [
                "warning 5:33 unit greet: its format specifiers differ from the source's (%1$@ became %1$d; %2$@ is "
                    + "missing): imported as it is; check it, the app may show the wrong value or crash",
                "warning 6:33 unit count: its format specifiers differ from the source's (%n added): imported as it is; "
                    + "check it, the app may show the wrong value or crash",
            ])
        XCTAssertEqual(report.languages.first?.imported, 4)
    }

    // MARK: Item 11

    /// Export and import took the system's file writer: no test could fail their writes. A disk
    /// that fills while the second catalog streams out leaves the first as it was.
    func testADiskThatFillsDuringAnImportLeavesEveryCatalogAsItWas() throws {
        let tree = try project("\"a\":{\"localizations\":{\"de\":\(unit("alt"))}}")
        try tree.write(
            "App/InfoPlist.xcstrings",
            "{\"sourceLanguage\":\"en\",\"strings\":{\"CFBundleName\":{\"localizations\":{\"de\":\(unit("Alt"))}}},"
                + "\"version\":\"1.0\"}")
        let before = [tree.read("App/Localizable.xcstrings"), tree.read("App/InfoPlist.xcstrings")]
        let text = """
            <xliff version="1.2">
              <file original="App/InfoPlist.xcstrings" target-language="de"><body>
                <trans-unit id="CFBundleName"><target>Neu</target></trans-unit></body></file>
              <file original="App/Localizable.xcstrings" target-language="de"><body>
                <trans-unit id="a"><target>neu</target></trans-unit></body></file>
            </xliff>
            """
        for fault in ["append", "commit"] {
            let writer = FaultyWriter()
            let full = { (path: String) throws in
                if path.hasSuffix("Localizable.xcstrings") { throw POSIXError(.ENOSPC) }
            }
            if fault == "append" { writer.beforeAppend = full } else { writer.beforeCommit = full }
            var options = ImportOptions(projectPath: tree.root)
            options.fileWriter = writer
            let report = try run(tree, text, options: options)
            XCTAssertFalse(report.written)
            XCTAssertEqual(
                errors(report.diagnostics),
                [
                    "no catalog was written: cannot write \(tree.path("App/Localizable.xcstrings")): No space left on device"
                ],
                fault)
            XCTAssertEqual(
                [tree.read("App/Localizable.xcstrings"), tree.read("App/InfoPlist.xcstrings")], before, fault)
            XCTAssertEqual(hiddenFiles(tree), [], fault)
        }
    }

    /// The same for export, into a folder that does not exist yet: nothing is left, not even the
    /// folder; and the lock is taken in the output folder itself, made first, never in the
    /// nearest folder above it that exists (item 10: a `.stringcat.lock` outside `--output`).
    func testADiskThatFillsDuringAnExportLeavesNothingAndTheLockIsTheOutputsOwn() throws {
        let tree = try project("\"Done\":{\"localizations\":{\"en\":\(unit("Done")),\"de\":\(unit("Fertig"))}}")
        try tree.mkdir("Exports")
        let output = tree.path("Exports/new/Out")
        var locks: [String] = []
        let writer = FaultyWriter()
        writer.beforeCommit = { path in
            locks = tree.allFiles().filter { $0.hasSuffix(".stringcat.lock") }
            if path.hasSuffix("en.xliff") { throw POSIXError(.ENOSPC) }
        }
        var options = ExportOptions(outputDirectory: output, tool: tool)
        options.fileWriter = writer
        let report = ProjectExporter.export(tree.root, options: options)
        XCTAssertFalse(report.written)
        XCTAssertEqual(
            errors(report.diagnostics),
            [
                "nothing was written: cannot write \(output)/en.xcloc/Localized Contents/en.xliff: No space left on device"
            ])
        XCTAssertEqual(locks, ["Exports/new/Out/.stringcat.lock"])
        XCTAssertEqual(tree.allFiles(), ["App/Localizable.xcstrings"])
        XCTAssertFalse(tree.exists("Exports/new"))
        XCTAssertTrue(tree.exists("Exports"))
        // An append that fails (a full disk while a file is staged) the same.
        let appendWriter = FaultyWriter(beforeAppend: { path in
            if path.hasSuffix("de.xliff") { throw POSIXError(.EIO) }
        })
        options.fileWriter = appendWriter
        let failed = ProjectExporter.export(tree.root, options: options)
        XCTAssertEqual(
            errors(failed.diagnostics),
            ["nothing was written: cannot write \(output)/de.xcloc/Localized Contents/de.xliff: Input/output error"])
        XCTAssertEqual(tree.allFiles(), ["App/Localizable.xcstrings"])
        XCTAssertFalse(tree.exists("Exports/new"))
    }
}
