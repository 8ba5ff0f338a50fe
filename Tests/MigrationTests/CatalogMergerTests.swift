import Foundation
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile
import TestSupport
import XCTest

@testable import Migration

final class CatalogMergerTests: XCTestCase {
    private func strings(_ text: String, path: String = "x.strings") -> StringsFile {
        let result = StringsFileReader.parse(Array(text.utf8), path: path)
        XCTAssertNotNil(result.file, "\(result.diagnostics)")
        return result.file!
    }

    private func dict(_ xml: String, language: String) -> StringsDictFile {
        let result = StringsDictReader.parse(
            Data(xml.utf8), path: "\(language).lproj/Localizable.stringsdict", language: language)
        XCTAssertNotNil(result.file, "\(result.diagnostics)")
        return result.file!
    }

    private func unit(_ value: String) -> CatalogLocalization {
        CatalogLocalization(stringUnit: StringUnit(state: .translated, value: value))
    }

    func testEveryValueIsMigratedTranslatedWithSourceUnitsKept() {
        let result = CatalogMerger.merge(
            [
                LegacyLanguageContent(
                    language: "en",
                    strings: strings(
                        "/* Shown on the button */\n\"Open in Safari\" = \"Open in Safari\";\n\"empty\" = \"\";\n")),
                LegacyLanguageContent(
                    language: "nl",
                    strings: strings("\"Open in Safari\" = \"Open in Safari\";\n\"only.nl\" = \"Alleen\";\n")),
            ], sourceLanguage: "en")
        let open = result.catalog.strings["Open in Safari"]!
        XCTAssertEqual(open.extractionState, .migrated)
        XCTAssertEqual(open.comment, "Shown on the button")
        XCTAssertEqual(open.localizations, ["en": unit("Open in Safari"), "nl": unit("Open in Safari")])
        XCTAssertEqual(result.catalog.strings["empty"]!.localizations, ["en": unit("")])
        // A key missing from the source file gets no source localization.
        XCTAssertEqual(result.catalog.strings["only.nl"]!.localizations, ["nl": unit("Alleen")])
        XCTAssertEqual(result.commentCount, 1)
        XCTAssertEqual(result.catalog.sourceLanguage, "en")
    }

    func testCommentRules() {
        let result = CatalogMerger.merge(
            [
                LegacyLanguageContent(
                    language: "en",
                    strings: strings(
                        """
                        /* Header */

                        /* Single Account */
                        "dup" = "A";
                        "move" = "Move here";
                        /* No comment provided by engineer. */
                        "boiler" = "B";
                        /* Single Account */
                        "dup" = "A";
                        """)),
                LegacyLanguageContent(
                    language: "cs",
                    strings: strings(
                        "/* Directory */\n\"move\" = \"Presunout\";\n/* Client Messages */\n\"empty\" = "
                            + "\"Prazdny\";\n/* Other */\n\"tie\" = \"1\";\n"
                    )),
                LegacyLanguageContent(
                    language: "de",
                    strings: strings("/* Client Messages */\n\"empty\" = \"Leer\";\n/* Zzz */\n\"tie\" = \"2\";\n")),
                LegacyLanguageContent(language: "fr", strings: strings("/* Messages */\n\"empty\" = \"Vide\";\n")),
            ], sourceLanguage: "en")
        let comments = result.catalog.strings.mapValues { $0.comment }
        XCTAssertEqual(comments["dup"], .some("Single AccountSingle Account"), "duplicates join their comments")
        XCTAssertEqual(comments["move"], .some(nil), "the source has the key: other languages' comments are ignored")
        XCTAssertEqual(comments["boiler"], .some(nil), "Xcode's placeholder comment is dropped")
        XCTAssertEqual(
            comments["empty"], .some("Client Messages"), "source lacks the key: the comment most languages share")
        XCTAssertEqual(comments["tie"], .some("Other"), "a tie goes to the first language in code order")
    }

    func testStringsDictShapes() {
        let xml = stringsDictXML([
            ("a %lld", "%#@n@", [("n", "lld", [("one", "%lld item"), ("other", "%lld items")])]),
            ("b %lld", "%#@n@", [("n", "lld", [("one", "liked it"), ("other", "liked them")])]),
            (
                "c %lld %lld", "%#@posts@ von %#@people@",
                [
                    ("people", "lld", [("one", "%lld Person"), ("other", "%lld Personen")]),
                    ("posts", "lld", [("other", "%lld Beiträge")]),
                ]
            ),
            (
                "d %lld %lld", "%2$#@people@ %1$#@posts@",
                [("people", "lld", [("other", "%lld lagun")]), ("posts", "lld", [("other", "%lld mezu")])]
            ),
            ("e %lld", "%1#@count@ left", [("count", "lld", [("other", "%lld")])]),
            (
                "f %lld %lld", "%#@count_posts@ von %#@count_voters@",
                [
                    ("count_votes", "lld", [("other", "%lld Stimmen")]),
                    ("count_voters", "lld", [("other", "%lld Leute")]),
                ]
            ),
        ])
        let result = CatalogMerger.merge(
            [LegacyLanguageContent(language: "de", stringsDict: dict(xml, language: "de"))], sourceLanguage: "en")
        func json(_ key: String) -> String {
            let catalog = StringCatalog(sourceLanguage: "en", strings: [key: result.catalog.strings[key]!])
            let text = String(decoding: CatalogWriter.data(for: catalog), as: UTF8.self)
            return text.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "")
        }
        let unit = #"{"stringUnit":{"state":"translated","value":"%@"}}"#
        func u(_ v: String) -> String { unit.replacingOccurrences(of: "%@", with: v) }
        // (a) plain plural variations
        XCTAssertTrue(
            json("a %lld").contains(
                #""de":{"variations":{"plural":{"one":\#(u("%llditem")),"other":\#(u("%llditems"))}}}"#), json("a %lld")
        )
        // (b) a substitution without argNum, the format key as value
        XCTAssertTrue(
            json("b %lld").contains(
                #""stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"formatSpecifier":"lld","variations""#
            ), json("b %lld"))
        XCTAssertFalse(json("b %lld").contains("argNum"))
        // (c) unpositioned, several variables: %arg in forms
        XCTAssertTrue(json("c %lld %lld").contains(#""value":"%#@posts@von%#@people@""#), json("c %lld %lld"))
        XCTAssertTrue(json("c %lld %lld").contains(u("%argPersonen")), json("c %lld %lld"))
        // (c) positional: argNum, %N$ removed from the value, forms keep %lld
        XCTAssertTrue(json("d %lld %lld").contains(#""value":"%#@people@%#@posts@""#), json("d %lld %lld"))
        XCTAssertTrue(
            json("d %lld %lld").contains(
                #""people":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{"other":\#(u("%lldlagun"))}}}"#),
            json("d %lld %lld"))
        // malformed spelling kept verbatim, no argNum
        XCTAssertTrue(json("e %lld").contains(#""value":"%1#@count@left""#), json("e %lld"))
        XCTAssertFalse(json("e %lld").contains("argNum"))
        // a reference to a variable with no dictionary takes the unused one's name
        XCTAssertTrue(
            json("f %lld %lld").contains(#""value":"%#@count_votes@von%#@count_voters@""#), json("f %lld %lld"))
        XCTAssertEqual(result.pluralEntryCount, 6)
        XCTAssertEqual(
            result.diagnostics.filter { $0.severity == .warning }.map(\.message),
            [
                "\"f %lld %lld\": the format key names %#@count_posts@, which has no dictionary; the unused variable "
                    + "count_votes is used in its place, as Xcode does"
            ])
    }

    func testStringsDictWinsOverStringsForTheSameKey() {
        let xml = stringsDictXML([("n %lld", "%#@n@", [("n", "lld", [("other", "%lld Dinge")])])])
        let result = CatalogMerger.merge(
            [
                LegacyLanguageContent(
                    language: "de", strings: strings("\"n %lld\" = \"%lld Sachen\";\n"),
                    stringsDict: dict(xml, language: "de"))
            ], sourceLanguage: "en")
        XCTAssertNil(result.catalog.strings["n %lld"]!.localizations["de"]!.stringUnit)
        XCTAssertEqual(result.diagnostics.map(\.severity), [.note])
        XCTAssertTrue(result.diagnostics[0].message.contains("the .stringsdict form is kept"))
    }

    func testDeviceRuleBecomesDeviceVariationsAndWidthRuleIsRefused() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>tap</key><dict><key>NSStringDeviceSpecificRuleType</key><dict>
              <key>iphone</key><string>Tap here</string>
              <key>mac</key><string>Click here</string>
            </dict></dict>
            <key>wide</key><dict><key>NSStringVariableWidthRuleType</key><dict>
              <key>1</key><string>Hi</string><key>50</key><string>Hello there</string>
            </dict></dict>
            </dict></plist>
            """
        let result = CatalogMerger.merge(
            [LegacyLanguageContent(language: "en", stringsDict: dict(xml, language: "en"))], sourceLanguage: "en")
        XCTAssertEqual(
            result.catalog.strings["tap"]!.localizations["en"]!.variations?.device,
            ["iphone": unit("Tap here"), "mac": unit("Click here")])
        XCTAssertNil(result.catalog.strings["wide"])
        XCTAssertEqual(result.diagnostics.filter(\.isError).count, 1)
        XCTAssertTrue(
            result.diagnostics.first(where: \.isError)!.message.hasPrefix(
                "\"wide\" uses NSStringVariableWidthRuleType, which a String Catalog cannot hold"))
    }
}

final class StreamedMergeTests: XCTestCase {
    /// `migrate` streams a table's plan to disk, building each block of entries on the encoding
    /// threads; the bytes must be exactly those of the catalog built whole, on a table with
    /// duplicates, plurals in both files, and a normalization conflict.
    func testStreamedPlanIsTheCatalogBuiltWhole() throws {
        var rng = SplitMix64(seed: 0x5A4D)
        var contents: [LegacyLanguageContent] = []
        for language in ["de", "en", "fr", "ja"] {
            var text = ""
            for index in 0..<600 {
                let key = index % 97 == 0 ? "caf\u{E9} \(index % 3)" : "key.\(rng.below(700))"
                text += "/* c\(rng.below(4)) */\n\"\(key)\" = \"\(language) \(index)\";\n"
            }
            text += "\"caf\u{65}\u{301} 0\" = \"decomposed\";\n" // equal to "café 0" only under normalization
            let strings = try XCTUnwrap(
                StringsFileReader.parse(Array(text.utf8), path: "\(language).lproj/L.strings").file)
            let xml = stringsDictXML(
                (0..<30).map { index in
                    (
                        "key.\(index * 7)", index % 2 == 0 ? "%#@n@" : "%#@n@ und %#@m@",
                        [("m", "lld", [("other", "%lld M")]), ("n", "lld", [("one", "%lld x"), ("other", "%lld xs")])]
                    )
                })
            let dict = try XCTUnwrap(
                StringsDictReader.parse(Data(xml.utf8), path: "\(language).lproj/L.stringsdict", language: language)
                    .file)
            contents.append(LegacyLanguageContent(language: language, strings: strings, stringsDict: dict))
        }
        let sequential = CatalogMerger.merge(contents, sourceLanguage: "en", version: "1.0")
        // What migrate writes: the plan streamed, entries built block by block while encoding.
        let plan = MergePlan(contents, sourceLanguage: "en")
        var streamed: [UInt8] = []
        plan.write(version: "1.0") { (part: [UInt8]) in streamed += part }
        XCTAssertEqual(Data(streamed), CatalogWriter.data(for: sequential.catalog))
        XCTAssertEqual(plan.languages, ["de", "en", "fr", "ja"])
        XCTAssertEqual(plan.present.count, sequential.catalog.strings.count)
        XCTAssertGreaterThan(
            sequential.diagnostics.filter(\.isError).count, 0, "the normalization conflict is reported")
        XCTAssertGreaterThan(
            sequential.diagnostics.filter { $0.severity == .note }.count, 0, "keys in both files are noted")
    }

    /// docs/spec/migration.md#comments: a commented-out entry in a language other than the source is not a
    /// comment for the next key; in the source language it is.
    func testCommentedOutEntryInAnotherLanguageIsNotAComment() throws {
        func file(_ text: String, _ path: String) -> StringsFile {
            StringsFileReader.parse(Array(text.utf8), path: path).file!
        }
        let en = file("\"shared\" = \"S\";\n", "en.lproj/L.strings")
        let de = file(
            "/* \"old\" = \"Alt\"; */\n\"only.de\" = \"D\";\n/* Real comment */\n\"other.de\" = \"O\";\n",
            "de.lproj/L.strings")
        let merged = CatalogMerger.merge(
            [LegacyLanguageContent(language: "en", strings: en), LegacyLanguageContent(language: "de", strings: de)],
            sourceLanguage: "en")
        XCTAssertNil(merged.catalog.strings["only.de"]?.comment)
        XCTAssertEqual(merged.catalog.strings["other.de"]?.comment, "Real comment")
        let source = file("/* \"old\" = \"Alt\"; */\n\"k\" = \"K\";\n", "en.lproj/L.strings")
        let fromSource = CatalogMerger.merge(
            [LegacyLanguageContent(language: "en", strings: source)], sourceLanguage: "en")
        XCTAssertEqual(fromSource.catalog.strings["k"]?.comment, "\"old\" = \"Alt\";")
    }
}
