import Compilation
import Foundation
import LegacyTables
import StringCatalog
import StringsDict
import TestSupport
import Verification
import XCTest

@testable import Migration

/// A `.stringsdict` plural whose format key is a lone `%#@v@` becomes plain plural variations only
/// when every specifier of its forms is the variable's own plain one and some form prints the count;
/// any other specifier keeps the substitution, the own plain specifiers written `%arg`, the others
/// as written (docs/spec/migration-rules.md, "When a plural stays a substitution").
final class PluralSubstitutionShapeTests: XCTestCase {
    /// Fixtures written from the rule: one key per case, in one language.
    static let english = stringsDictXML([
        // The count with a width in one form: `%1d` is the same type, not the plain one.
        ("lessons", "%#@count@", [("count", "d", [("one", "%1d lesson"), ("other", "%d lessons")])]),
        // Another type than the value type, unpositioned.
        ("names", "%#@count@", [("count", "d", [("one", "%@ alone"), ("other", "%d people")])]),
        // Another length than the value type's (`%d` for `ld`).
        ("seconds", "%#@count@", [("count", "ld", [("one", "%d second"), ("other", "%ld seconds")])]),
        // Only the plain own specifier, unpositioned or `%1$`, and a form without any: direct.
        (
            "files", "%#@count@",
            [("count", "lld", [("one", "one file"), ("few", "%1$lld files"), ("other", "%lld files")])]
        ),
    ])

    private func migrated() throws -> (TestTree, StringCatalog) {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.stringsdict", Self.english)
        let report = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        XCTAssertFalse(
            report.hasErrors, report.tables.flatMap(\.diagnostics).map(\.description).joined(separator: "\n"))
        return (tree, try CatalogReader.read(path: tree.path("App/Localizable.xcstrings")))
    }

    func testAWidthOnTheCountKeepsTheSubstitutionWithTheOtherFormsWrittenArg() throws {
        let (tree, _) = try migrated()
        let text = try String(contentsOfFile: tree.path("App/Localizable.xcstrings"), encoding: .utf8)
        let lessons = try XCTUnwrap(text.range(of: "    \"lessons\" : {").map { text[$0.lowerBound...] })
        let entry = String(lessons[..<lessons.range(of: "\n    },\n")!.upperBound])
        XCTAssertEqual(
            entry,
            """
                "lessons" : {
                  "extractionState" : "migrated",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "%#@count@"
                      },
                      "substitutions" : {
                        "count" : {
                          "formatSpecifier" : "d",
                          "variations" : {
                            "plural" : {
                              "one" : {
                                "stringUnit" : {
                                  "state" : "translated",
                                  "value" : "%1d lesson"
                                }
                              },
                              "other" : {
                                "stringUnit" : {
                                  "state" : "translated",
                                  "value" : "%arg lessons"
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                },

            """)
    }

    func testAnotherTypeOrLengthThanTheValueTypeKeepsTheSubstitution() throws {
        let (_, catalog) = try migrated()
        let names = try XCTUnwrap(catalog.strings["names"]?.localizations["en"])
        XCTAssertNil(names.variations)
        XCTAssertEqual(names.stringUnit?.value, "%#@count@")
        XCTAssertNil(names.substitutions["count"]?.argNum)
        XCTAssertEqual(names.substitutions["count"]?.formatSpecifier, "d")
        XCTAssertEqual(names.substitutions["count"]?.variations?.plural?["one"]?.stringUnit?.value, "%@ alone")
        XCTAssertEqual(names.substitutions["count"]?.variations?.plural?["other"]?.stringUnit?.value, "%arg people")

        let seconds = try XCTUnwrap(catalog.strings["seconds"]?.localizations["en"])
        XCTAssertNil(seconds.variations)
        XCTAssertEqual(seconds.substitutions["count"]?.formatSpecifier, "ld")
        XCTAssertEqual(seconds.substitutions["count"]?.variations?.plural?["one"]?.stringUnit?.value, "%d second")
        XCTAssertEqual(seconds.substitutions["count"]?.variations?.plural?["other"]?.stringUnit?.value, "%arg seconds")
    }

    func testOnlyThePlainCountGivesPluralVariations() throws {
        let (_, catalog) = try migrated()
        let files = try XCTUnwrap(catalog.strings["files"]?.localizations["en"])
        XCTAssertNil(files.stringUnit)
        XCTAssertTrue(files.substitutions.isEmpty)
        XCTAssertEqual(
            files.variations?.plural?.mapValues { $0.stringUnit?.value },
            ["one": "one file", "few": "%1$lld files", "other": "%lld files"])
    }

    /// `%d` followed by a combining mark stays `%d`: `%arg` + U+0301 would make its `g` one
    /// character with the mark, and compiling back would not find `%arg`.
    func testAnOwnSpecifierBeforeACombiningMarkIsNotWrittenArg() throws {
        let tree = try TestTree()
        try tree.write(
            "App/en.lproj/Localizable.stringsdict",
            stringsDictXML([
                ("n", "%#@count@", [("count", "d", [("one", "%d\u{301} x"), ("other", "%d y %@")])])
            ]))
        _ = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        let catalog = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        let forms = catalog.strings["n"]?.localizations["en"]?.substitutions["count"]?.variations?.plural
        XCTAssertEqual(forms?.mapValues { $0.stringUnit?.value }, ["one": "%d\u{301} x", "other": "%arg y %@"])
        let report = ProjectVerifier.verify(ProjectTables.find(tree.path("App"), tables: [], sourceLanguage: nil))
        XCTAssertTrue(
            report.isLossless, report.tables.flatMap(\.losses).map(\.diagnostic.description).joined(separator: "\n"))
    }

    func testTheSubstitutionsCompileBackToTheFormsAsWrittenAndVerify() throws {
        let (tree, catalog) = try migrated()
        let compiled = CatalogCompiler.compile(catalog, tableName: "Localizable")
        let rules = Dictionary(
            uniqueKeysWithValues: (compiled.language("en")?.stringsDict ?? []).map { ($0.key, $0.rule) })
        guard case .plural(let lessons)? = rules["lessons"] else { return XCTFail("lessons is not a plural rule") }
        XCTAssertEqual(lessons.variables.first?.forms, [.one: "%1d lesson", .other: "%d lessons"])
        XCTAssertEqual(lessons.variables.first?.valueType, "d")
        guard case .plural(let seconds)? = rules["seconds"] else { return XCTFail("seconds is not a plural rule") }
        XCTAssertEqual(seconds.variables.first?.forms, [.one: "%d second", .other: "%ld seconds"])

        let report = ProjectVerifier.verify(ProjectTables.find(tree.path("App"), tables: [], sourceLanguage: nil))
        XCTAssertTrue(
            report.isLossless, report.tables.flatMap(\.losses).map(\.diagnostic.description).joined(separator: "\n"))
    }
}
