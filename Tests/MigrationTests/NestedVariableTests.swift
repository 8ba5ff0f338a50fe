import Compilation
import Foundation
import LegacyTables
import StringCatalog
import StringcatSupport
import StringsDict
import TestSupport
import Verification
import XCTest

@testable import Migration

/// A variable referenced only inside another variable's forms (`%1$#@passwords@`, whose forms say
/// `… your %2$#@accounts@`) was dropped by the migration in every language, and `verify`, which
/// compared against the migration's own model, said nothing was lost. Two keys in two languages
/// reproduce the real app's case.
final class NestedVariableTests: XCTestCase {
    static let english = stringsDictXML([
        (
            "passwords.compromised", "%1$#@passwords@",
            [
                (
                    "passwords", "d",
                    [
                        ("one", "One password in your %2$#@accounts@ was compromised."),
                        ("other", "%1$d passwords in your %2$#@accounts@ were compromised."),
                    ]
                ),
                ("accounts", "d", [("one", "account"), ("other", "%2$d accounts")]),
            ]
        ),
        (
            "passwords.reused", "%1$#@passwords@",
            [
                (
                    "passwords", "d",
                    [
                        ("one", "One password is reused in your %2$#@accounts@."),
                        ("other", "%1$d passwords are reused in your %2$#@accounts@."),
                    ]
                ),
                ("accounts", "d", [("one", "account"), ("other", "%2$d accounts")]),
            ]
        ),
    ])
    static let german = stringsDictXML([
        (
            "passwords.compromised", "%1$#@passwords@",
            [
                (
                    "passwords", "d",
                    [
                        ("one", "Ein Passwort in deinem %2$#@accounts@ wurde kompromittiert."),
                        ("other", "%1$d Passwörter in deinen %2$#@accounts@ wurden kompromittiert."),
                    ]
                ),
                ("accounts", "d", [("one", "Konto"), ("other", "%2$d Konten")]),
            ]
        ),
        (
            "passwords.reused", "%1$#@passwords@",
            [
                (
                    "passwords", "d",
                    [
                        ("one", "Ein Passwort wird in deinem %2$#@accounts@ wiederverwendet."),
                        ("other", "%1$d Passwörter werden in deinen %2$#@accounts@ wiederverwendet."),
                    ]
                ),
                ("accounts", "d", [("one", "Konto"), ("other", "%2$d Konten")]),
            ]
        ),
    ])

    private func migratedTree() throws -> TestTree {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.stringsdict", Self.english)
        try tree.write("App/de.lproj/Localizable.stringsdict", Self.german)
        let report = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        XCTAssertFalse(
            report.hasErrors, report.tables.flatMap(\.diagnostics).map(\.description).joined(separator: "\n"))
        return tree
    }

    private func verify(_ tree: TestTree) -> VerificationReport {
        ProjectVerifier.verify(ProjectTables.find(tree.path("App"), tables: [], sourceLanguage: nil))
    }

    func testTheNestedVariableIsCarriedCompiledBackAndVerified() throws {
        let tree = try migratedTree()
        let catalog = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        for key in ["passwords.compromised", "passwords.reused"] {
            let german = try XCTUnwrap(catalog.strings[key]?.localizations["de"])
            XCTAssertEqual(german.stringUnit?.value, "%#@passwords@")
            XCTAssertEqual(german.substitutions.keys.sorted(), ["accounts", "passwords"])
            let accounts = try XCTUnwrap(german.substitutions["accounts"])
            XCTAssertEqual(accounts.argNum, 2)
            XCTAssertEqual(accounts.formatSpecifier, "d")
            XCTAssertEqual(accounts.variations?.plural?["one"]?.stringUnit?.value, "Konto")
            XCTAssertEqual(accounts.variations?.plural?["other"]?.stringUnit?.value, "%2$d Konten")
            XCTAssertEqual(german.substitutions["passwords"]?.argNum, 1)
        }

        // Compiling gives back both variable dictionaries, as they were.
        let compiled = CatalogCompiler.compile(catalog, tableName: "Localizable")
        let rule = try XCTUnwrap(compiled.language("de")?.stringsDict.first { $0.key == "passwords.compromised" }?.rule)
        guard case .plural(let plural) = rule else { return XCTFail("not a plural rule: \(rule)") }
        XCTAssertEqual(plural.formatKey, "%1$#@passwords@")
        XCTAssertEqual(plural.variables.map(\.name), ["accounts", "passwords"])
        XCTAssertEqual(plural.variable(named: "accounts")?.forms, [.one: "Konto", .other: "%2$d Konten"])
        XCTAssertEqual(plural.variable(named: "accounts")?.valueType, "d")
        XCTAssertEqual(
            plural.variable(named: "passwords")?.forms[.one],
            "Ein Passwort in deinem %2$#@accounts@ wurde kompromittiert.")

        let report = verify(tree)
        XCTAssertTrue(
            report.isLossless, report.tables.flatMap(\.losses).map(\.diagnostic.description).joined(separator: "\n"))
    }

    func testVerifyCatchesTheNestedSubstitutionRemovedFromTheCatalog() throws {
        let tree = try migratedTree()
        let path = tree.path("App/Localizable.xcstrings")
        var catalog = try CatalogReader.read(path: path)
        catalog.strings["passwords.reused"]!.localizations["de"]!.substitutions["accounts"] = nil
        try CatalogWriter.data(for: catalog).write(to: URL(fileURLWithPath: path))

        let report = verify(tree)
        XCTAssertFalse(report.isLossless)
        let losses = report.tables.flatMap(\.losses)
        let file = tree.path("App/de.lproj/Localizable.stringsdict") + ":32:1: error: \"passwords.reused\" [de]: "
        XCTAssertEqual(
            losses.map(\.diagnostic.description),
            [
                file
                    + "value changed: %1.one: \"Ein Passwort wird in deinem %#@%2@ wiederverwendet.\" -> \"Ein "
                    + "Passwort wird in deinem %#@?accounts@ wiederverwendet.\"",
                file
                    + "value changed: %1.other: \"%1$d Passwörter werden in deinen %#@%2@ wiederverwendet.\" -> \"%1$d "
                    + "Passwörter werden in deinen %#@?accounts@ wiederverwendet.\"",
                file + "form missing: %2.one: \"Konto\"",
                file + "form missing: %2.other: \"%2$d Konten\"",
            ])
        // And nothing of the table may be deleted.
        var table = TableReport(
            table: report.tables[0].table, catalogPath: path, outcome: .written, languages: [], entryCount: 0,
            pluralEntryCount: 0, commentCount: 0, diagnostics: [], skippedFiles: [], deletedFiles: [])
        LegacyDeletion.deleteIfProven(&table, root: tree.root, delete: true, probe: FileProbe())
        XCTAssertEqual(table.deletedFiles, [])
        XCTAssertEqual(table.keptFiles.count, 2)
        XCTAssertTrue(tree.exists("App/de.lproj/Localizable.stringsdict"))
        XCTAssertTrue(tree.exists("App/en.lproj/Localizable.stringsdict"))
    }
}
