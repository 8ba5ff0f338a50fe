import Foundation
import StringCatalog
import StringcatSupport
import StringsFile
import TestSupport
import XCTest

@testable import Compilation

/// Which units are written (docs/spec/compile-output.md#strings-output and the choices in docs/compile.md), in which
/// order, and the bytes of each `--strings-format`.
final class CompileSelectionTests: XCTestCase {
    func testStateNewIsSkippedEverythingElseIsWritten() throws {
        let table = try compileJSON(
            """
            "Info" : { "extractionState" : "extracted_with_value", "localizations" : {
              "en" : { "stringUnit" : { "state" : "new", "value" : "Why we need photos" } },
              "ja" : { "stringUnit" : { "state" : "translated", "value" : "理由" } } } },
            "Old" : { "extractionState" : "stale", "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Old" } } } },
            "Review" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "needs_review", "value" : "Review me" } } } },
            "Brand" : { "shouldTranslate" : false, "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Brand" } },
              "ja" : { "stringUnit" : { "state" : "translated", "value" : "ブランド" } } } },
            "Only a key" : { },
            "Empty" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "" } } } }
            """)
        XCTAssertEqual(table.languages.map(\.language), ["en", "ja"])
        XCTAssertEqual(table.language("en")?.strings.map(\.key), ["Brand", "Empty", "Old", "Review"])
        XCTAssertEqual(table.language("en")?.strings.map(\.value), ["Brand", "", "Old", "Review me"])
        XCTAssertEqual(table.language("ja")?.strings.map(\.key), ["Brand", "Info"])
        XCTAssertEqual(table.diagnostics, [])
    }

    func testALanguageWithOnlyNewUnitsGetsNoFile() throws {
        let table = try compileJSON(
            """
            "a" : { "localizations" : { "en" : { "stringUnit" : { "state" : "new", "value" : "A" } },
                                        "fr" : { "stringUnit" : { "state" : "translated", "value" : "Un" } } } }
            """)
        XCTAssertEqual(table.languages.map(\.language), ["fr"])
    }

    func testCatalogOrderAndCommentsAreKept() throws {
        let table = try compileJSON(
            """
            "item 100" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "c" } } } },
            "Item 75" : { "comment" : "numeric order", "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "b" } } } },
            "%@" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "e" } } } },
            ".dot" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "d" } } } },
            "apple" : { "comment" : "fruit", "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "a" } } } }
            """)
        let de = try XCTUnwrap(table.language("de"))
        XCTAssertEqual(de.strings.map(\.key), [".dot", "%@", "apple", "Item 75", "item 100"])
        XCTAssertEqual(de.strings.map(\.comment), [nil, nil, "fruit", "numeric order", nil])
        XCTAssertEqual(
            String(decoding: CompiledFileRenderer.strings(de.strings, format: .text), as: UTF8.self),
            """
            ".dot" = "d";

            "%@" = "e";

            /* fruit */
            "apple" = "a";

            /* numeric order */
            "Item 75" = "b";

            "item 100" = "c";

            """)
    }

    func testXMLIsThePropertyListXcstringstoolWritesAndBinaryReadsBack() throws {
        let entries = [
            StringsEntry(key: "b", value: "<B & C>", comment: "dropped"), StringsEntry(key: "A", value: "ä"),
        ]
        XCTAssertEqual(
            String(decoding: CompiledFileRenderer.strings(entries, format: .xml), as: UTF8.self),
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>A</key>
            \t<string>ä</string>
            \t<key>b</key>
            \t<string>&lt;B &amp; C&gt;</string>
            </dict>
            </plist>

            """)
        let binary = CompiledFileRenderer.strings(entries, format: .binary)
        XCTAssertEqual(Array(binary.prefix(8)), Array("bplist00".utf8))
        let read = StringsFileReader.parse([UInt8](binary), path: "x.strings")
        XCTAssertEqual(read.file?.dictionary, ["b": "<B & C>", "A": "ä"])
    }

    func testTextOutputReadsBackToTheSameKeysValuesAndComments() throws {
        let entries = [
            StringsEntry(key: "quote \"x\"", value: "line\nbreak\ttab \\ back", comment: "a */ tricky comment"),
            StringsEntry(key: "", value: "empty key"),
            StringsEntry(key: "emoji", value: "👍🏽 \u{2028}", comment: "multi\n  line"),
        ]
        let data = CompiledFileRenderer.strings(entries, format: .text)
        let read = StringsFileReader.parse([UInt8](data), path: "x.strings")
        XCTAssertEqual(read.diagnostics, [])
        XCTAssertEqual(
            read.file?.entries.map { [$0.key, $0.value, $0.comment ?? "-"] },
            entries.map { [$0.key, $0.value, $0.comment ?? "-"] })
    }

    func testLanguageFilterKeepsTheRequestedOrderAndWarnsAboutAbsentLanguages() throws {
        let table = try compileJSON(
            """
            "a" : { "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "A-de" } },
              "fr" : { "stringUnit" : { "state" : "translated", "value" : "A-fr" } },
              "zh-Hans" : { "stringUnit" : { "state" : "translated", "value" : "A-zh" } } } }
            """, languages: ["zh-Hans", "de", "xx"])
        XCTAssertEqual(table.languages.map(\.language), ["zh-Hans", "de"])
        XCTAssertEqual(
            table.diagnostics.map(\.description),
            [
                "Test.xcstrings: warning: the catalog has no xx translations; no xx.lproj files are written"
            ])
    }

    func testInterfaceBuilderCatalogsWriteBesideMulLproj() {
        XCTAssertEqual(
            CatalogCompiler.outputFolder(
                forCatalogAt: URL(fileURLWithPath: "/p/App/mul.lproj/Main.xcstrings"), output: nil), "/p/App")
        XCTAssertEqual(
            CatalogCompiler.outputFolder(
                forCatalogAt: URL(fileURLWithPath: "/p/App/Localizable.xcstrings"), output: nil), "/p/App")
        XCTAssertEqual(
            CatalogCompiler.outputFolder(
                forCatalogAt: URL(fileURLWithPath: "/p/App/mul.lproj/Main.xcstrings"), output: "/out/x/.."), "/out")
    }

    func testKeyLocatorFindsEscapedKeys() {
        let json = "{\n  \"strings\" : {\n    \"a\\\"b\\n\" : {\n\n    },\n    \"c\" : {\n\n    }\n  }\n}"
        XCTAssertEqual(CatalogKeyLocator.line(of: "a\"b\n", in: Array(json.utf8)), 3)
        XCTAssertEqual(CatalogKeyLocator.line(of: "c", in: Array(json.utf8)), 6)
        XCTAssertNil(CatalogKeyLocator.line(of: "d", in: Array(json.utf8)))
    }

    func testExistingFilesRefuseTheWholeRunAndForceReplacesThem() throws {
        let folder = try temporaryFolder()
        let catalog = folder + "/Localizable.xcstrings"
        let json = """
            { "sourceLanguage" : "en", "strings" : {
              "a" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "A" } },
                                          "fr" : { "stringUnit" : { "state" : "translated", "value" : "Á" } } } } },
              "version" : "1.0" }
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: catalog))
        try FileManager.default.createDirectory(atPath: folder + "/fr.lproj", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/fr.lproj/Localizable.strings"))

        var options = CompileOptions()
        let refused = CatalogCompiler.run([catalog], options: options)
        XCTAssertFalse(refused.written)
        XCTAssertEqual(
            refused.diagnostics.map(\.description),
            [
                "\(folder)/fr.lproj/Localizable.strings: error: already exists (use --force to overwrite it); nothing "
                    + "was written"
            ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/de.lproj"))
        XCTAssertEqual(FileManager.default.contents(atPath: folder + "/fr.lproj/Localizable.strings"), Data("old".utf8))

        options.force = true
        let forced = CatalogCompiler.run([catalog], options: options)
        XCTAssertTrue(forced.written)
        XCTAssertEqual(
            String(
                decoding: FileManager.default.contents(atPath: folder + "/fr.lproj/Localizable.strings") ?? Data(),
                as: UTF8.self), "\"a\" = \"Á\";\n")
        XCTAssertEqual(
            String(
                decoding: FileManager.default.contents(atPath: folder + "/de.lproj/Localizable.strings") ?? Data(),
                as: UTF8.self), "\"a\" = \"A\";\n")
    }

    func testAFailedWriteUndoesTheRun() throws {
        let folder = try temporaryFolder()
        let catalog = folder + "/T.xcstrings"
        let json = """
            { "sourceLanguage" : "en", "strings" : {
              "a" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "A" } },
                                          "fr" : { "stringUnit" : { "state" : "translated", "value" : "B" } } } } },
              "version" : "1.0" }
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: catalog))
        var options = CompileOptions()
        options.fileWriter = FaultyWriter(beforeCommit: { path in
            if path.hasSuffix("fr.lproj/T.strings") { throw AtomicFile.WriteError.cannotWrite(path, "disk full") }
        })
        let report = CatalogCompiler.run([catalog], options: options)
        XCTAssertFalse(report.written)
        XCTAssertTrue(report.hasErrors)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder + "/de.lproj/T.strings"),
            "the de file written before the failure is removed")
    }

    func testTwoCatalogsWritingOneFileIsAnError() throws {
        let folder = try temporaryFolder()
        let json =
            #"{ "sourceLanguage" : "en", "strings" : { "a" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "A" } } } } }, "version" : "1.0" }"#
        for sub in ["one", "two"] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(sub)", withIntermediateDirectories: true)
            try Data(json.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(sub)/L.xcstrings"))
        }
        var options = CompileOptions()
        options.outputDirectory = folder + "/out"
        let report = CatalogCompiler.run(["\(folder)/one/L.xcstrings", "\(folder)/two/L.xcstrings"], options: options)
        XCTAssertEqual(
            report.diagnostics.map(\.description),
            [
                "\(folder)/two/L.xcstrings: error: \(folder)/out/de.lproj/L.strings would be written by both "
                    + "\(folder)/one/L.xcstrings and this catalog"
            ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/out"))
    }
}
