import Foundation
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile
import TestSupport
import XCTest

@testable import Compilation

/// How each catalog shape becomes a `.stringsdict` rule (the inverse of
/// docs/spec/migration.md#entries-of-a-stringsdict-table).
final class CompileShapesTests: XCTestCase {
    func testPlainPluralVariationsBecomeArg1WithTheFormsSpecifierType() throws {
        let table = try compileJSON(
            """
            "%lld sessions" : { "localizations" : { "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld session" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld sessions" } } } } } } },
            "unread" : { "localizations" : { "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "one unread" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%d unread" } } } } } } }
            """)
        let en = try XCTUnwrap(table.language("en"))
        XCTAssertEqual(en.strings, [])
        XCTAssertEqual(
            en.stringsDict,
            [
                StringsDictEntry(
                    key: "%lld sessions",
                    rule: .plural(
                        PluralRule(
                            formatKey: "%#@arg1@",
                            variables: [
                                PluralVariable(
                                    name: "arg1", valueType: "lld",
                                    forms: [.one: "%lld session", .other: "%lld sessions"])
                            ]))),
                StringsDictEntry(
                    key: "unread",
                    rule: .plural(
                        PluralRule(
                            formatKey: "%#@arg1@",
                            variables: [
                                PluralVariable(
                                    name: "arg1", valueType: "d", forms: [.one: "one unread", .other: "%d unread"])
                            ]))),
            ])
        XCTAssertEqual(table.diagnostics, [])
    }

    func testArgumentOneTypeComesFromOtherThenTheKeyThenDefaultsToLld() {
        XCTAssertEqual(CompileRuleBuilder.argumentOneType(forms: [.one: "%d x", .other: "%lu x"], key: "k"), "lu")
        XCTAssertEqual(CompileRuleBuilder.argumentOneType(forms: [.other: "%2$@ and %1$ld"], key: "k"), "ld")
        XCTAssertEqual(CompileRuleBuilder.argumentOneType(forms: [.other: "many"], key: "%@ items"), "@")
        XCTAssertEqual(CompileRuleBuilder.argumentOneType(forms: [.other: "100%% of %%d"], key: "k"), "lld")
    }

    func testSubstitutionWithoutArgNumKeepsTheFormatKeyAndForms() throws {
        // Shape (b), IceCubesApp `account.label.followers %lld %@`.
        let table = try compileJSON(
            """
            "followers" : { "localizations" : { "en" : {
              "stringUnit" : { "state" : "translated", "value" : "%#@followers@" },
              "substitutions" : { "followers" : { "formatSpecifier" : "lld", "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%2$@ follower" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%2$@ followers" } } } } } } } } }
            """)
        XCTAssertEqual(
            table.language("en")?.stringsDict.first?.rule,
            .plural(
                PluralRule(
                    formatKey: "%#@followers@",
                    variables: [
                        PluralVariable(
                            name: "followers", valueType: "lld",
                            forms: [.one: "%2$@ follower", .other: "%2$@ followers"])
                    ])))
    }

    func testArgNumMakesTheReferencePositionalAndArgBecomesTheSpecifier() throws {
        // Shape (c), IceCubesApp `eu` (positional) and `de` (%arg).
        let table = try compileJSON(
            """
            "posts" : { "localizations" : {
              "eu" : {
                "stringUnit" : { "state" : "translated", "value" : "%#@p@ %#@a@" },
                "substitutions" : {
                  "a" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "bidalketa %lld" } } } } },
                  "p" : { "argNum" : 2, "formatSpecifier" : "%ld", "variations" : { "plural" : {
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg parte-hartzaile" } } } } } } },
              "de" : {
                "stringUnit" : { "state" : "translated", "value" : "%#@a@ von %#@p@ (100%%)" },
                "substitutions" : {
                  "a" : { "formatSpecifier" : "lld", "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Beitrag" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Beiträge, %%arg" } } } } },
                  "p" : { "formatSpecifier" : "@", "variations" : { "plural" : {
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } } } } } } } } }
            """)
        XCTAssertEqual(
            table.language("eu")?.stringsDict.first?.rule,
            .plural(
                PluralRule(
                    formatKey: "%2$#@p@ %1$#@a@",
                    variables: [
                        PluralVariable(name: "a", valueType: "lld", forms: [.other: "bidalketa %lld"]),
                        PluralVariable(name: "p", valueType: "ld", forms: [.other: "%2$ld parte-hartzaile"]),
                    ])))
        XCTAssertEqual(
            table.language("de")?.stringsDict.first?.rule,
            .plural(
                PluralRule(
                    formatKey: "%#@a@ von %#@p@ (100%%)",
                    variables: [
                        PluralVariable(
                            name: "a", valueType: "lld", forms: [.one: "%lld Beitrag", .other: "%lld Beiträge, %%arg"]),
                        PluralVariable(name: "p", valueType: "@", forms: [.other: "%@"]),
                    ])))
    }

    func testMalformedReferencesAreKeptVerbatim() {
        // Cork: `%1#@count@` is copied verbatim by the migration; compiling keeps it.
        let substitutions = ["count": Substitution(argNum: nil, formatSpecifier: "lld")]
        XCTAssertEqual(
            CompileRuleBuilder.positioned("%1#@count@ items", substitutions: substitutions), "%1#@count@ items")
        let positional = ["count": Substitution(argNum: 3, formatSpecifier: "lld")]
        XCTAssertEqual(
            CompileRuleBuilder.positioned("%1#@count@ / %#@count@ / %#@other@", substitutions: positional),
            "%1#@count@ / %3$#@count@ / %#@other@")
    }

    func testDeviceVariationsNestPlurals() throws {
        let table = try compileJSON(
            """
            "tap" : { "localizations" : { "en" : { "variations" : { "device" : {
              "mac" : { "stringUnit" : { "state" : "translated", "value" : "Click" } },
              "iphone" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "Tap %d time" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "Tap %d times" } } } } },
              "ipad" : { "stringUnit" : { "state" : "new", "value" : "Tap" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "Press" } } } } } } }
            """)
        XCTAssertEqual(
            table.language("en")?.stringsDict,
            [
                StringsDictEntry(
                    key: "tap",
                    rule: .device(
                        DeviceRule(cases: [
                            RuleCase(
                                key: "iphone",
                                value: .plural(
                                    PluralRule(
                                        formatKey: "%#@arg1@",
                                        variables: [
                                            PluralVariable(
                                                name: "arg1", valueType: "d",
                                                forms: [.one: "Tap %d time", .other: "Tap %d times"])
                                        ]))),
                            RuleCase(key: "mac", value: .string("Click")),
                            RuleCase(key: "other", value: .string("Press")),
                        ])))
            ])
        let plist = String(decoding: StringsDictWriter.data(table.language("en")!.stringsDict), as: UTF8.self)
        XCTAssertTrue(plist.contains("<key>NSStringDeviceSpecificRuleType</key>"), plist)
    }

    func testShapesAStringsdictCannotHoldAreWarnedAboutWithTheirLine() throws {
        let json = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "narrow" : {
                  "localizations" : {
                    "en" : {
                      "variations" : {
                        "width" : {
                          "1" : { "stringUnit" : { "state" : "translated", "value" : "N" } }
                        }
                      }
                    }
                  }
                },
                "ok" : {
                  "localizations" : {
                    "en" : {
                      "stringUnit" : { "state" : "translated", "value" : "OK" },
                      "substitutions" : { "n" : { "formatSpecifier" : "lld" } }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let folder = try temporaryFolder()
        let path = folder + "/Localizable.xcstrings"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        var options = CompileOptions()
        options.dryRun = true
        let report = CatalogCompiler.plan([path], options: options)
        XCTAssertEqual(
            report.diagnostics.map(\.description),
            [
                "\(path):4:5: warning: \"narrow\" [en]: nothing a .strings or .stringsdict can hold; it is left out",
                "\(path):15:5: warning: \"ok\" [en]: substitution \"n\" has no plural variations, which a .stringsdict "
                    + "variable needs; this language of the entry is left out",
            ])
        XCTAssertFalse(report.hasErrors)
        XCTAssertEqual(report.files.map(\.path), [])
    }

    func testSubstitutionsWithoutAStringUnitAreWarnedAbout() throws {
        let table = try compileJSON(
            """
            "s" : { "localizations" : { "fr" : { "substitutions" : { "n" : { "formatSpecifier" : "lld", "variations" : { "plural" : {
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } } } } } } } } }
            """)
        XCTAssertTrue(table.languages.isEmpty)
        XCTAssertEqual(
            table.diagnostics.map(\.description),
            [
                "Test.xcstrings: warning: \"s\" [fr]: has substitutions but no string unit to hold the format key; it "
                    + "is left out"
            ])
    }

    /// An entry's warnings come in language order, whatever order its localizations have in
    /// memory (a dictionary's, which changes from run to run: verify's report changed with it).
    func testAnEntrysWarningsComeInLanguageOrder() throws {
        let languages = [
            "zh-Hans", "de", "sv", "ar", "fr", "ja", "es-419", "it", "ko", "nl", "pl", "pt-BR", "ru", "tr", "uk", "vi",
            "cs", "da", "fi", "he",
        ]
        let localizations = languages.map { language in
            "\"\(language)\" : { \"variations\" : { \"plural\" : { \"one\" : { \"stringUnit\" : { \"state\" : "
                + "\"translated\", \"value\" : \"%d\" } } } } }"
        }
        let table = try compileJSON("\"n\" : { \"localizations\" : { \(localizations.joined(separator: ", ")) } }")
        XCTAssertEqual(
            table.diagnostics.map(\.description),
            languages.sorted().map {
                "Test.xcstrings: warning: \"n\" [\($0)]: variable arg1 has no \"other\" form, which Foundation "
                    + "requires; it is written without one"
            })
    }

    /// A form's substitutions are merged in name order, so their warnings come in that order.
    func testSubstitutionsDefinedDifferentlyInTwoFormsAreWarnedAboutInNameOrder() throws {
        let names = ["s5", "s2", "s8", "s1", "s7", "s3", "s6", "s4"]
        func form(_ value: String, _ specifier: String) -> String {
            let substitutions = names.map {
                "\"\($0)\" : { \"formatSpecifier\" : \"\(specifier)\", \"variations\" : { \"plural\" : { \"other\" : { "
                    + "\"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"x\" } } } } }"
            }
            return
                "{ \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(value)\" }, \"substitutions\" : { "
                + "\(substitutions.joined(separator: ", ")) } }"
        }
        let table = try compileJSON(
            "\"n\" : { \"localizations\" : { \"fr\" : { \"variations\" : { \"plural\" : { \"one\" : "
                + "\(form("%d a", "d")), \"other\" : \(form("%d b", "ld")) } } } } }"
        )
        XCTAssertEqual(
            table.diagnostics.map(\.description).filter { $0.contains("defined differently") },
            names.sorted().map {
                "Test.xcstrings: warning: \"n\" [fr]: substitution \"\($0)\" is defined differently in several plural "
                    + "forms; the first is compiled"
            })
    }

    func testAllFormsNewLeavesTheEntryOut() throws {
        let table = try compileJSON(
            """
            "n" : { "localizations" : { "fr" : { "variations" : { "plural" : {
              "other" : { "stringUnit" : { "state" : "new", "value" : "%d" } } } } } } }
            """)
        XCTAssertTrue(table.languages.isEmpty)
        XCTAssertEqual(table.diagnostics, [])
    }
}

/// Helpers shared by the compile tests.
extension XCTestCase {
    /// Compiles a catalog whose `strings` object holds `entries`.
    func compileJSON(_ entries: String, languages: [String]? = nil) throws -> CompiledTable {
        let json = "{ \"sourceLanguage\" : \"en\", \"strings\" : { \(entries) }, \"version\" : \"1.0\" }"
        let catalog = try CatalogReader.parse(Data(json.utf8), path: "Test.xcstrings")
        return CatalogCompiler.compile(catalog, tableName: "Test", languages: languages)
    }

    func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compile-tests-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }
}
