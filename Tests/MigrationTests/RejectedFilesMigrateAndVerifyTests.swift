import Foundation
import LegacyTables
import StringCatalog
import StringcatSupport
import TestSupport
import XCTest

@testable import Migration
@testable import Verification

/// (docs/spec/migration.md#xcode-reads-what-corefoundation-rejects), end to end: `migrate` reads a `.strings` file
/// CoreFoundation rejects as Xcode's migration does (each entry read from its line is a located warning), `--strict`
/// refuses it, and `verify` reads the same file the same way on its own (its legacy side) and
/// finds nothing lost.
final class RejectedFilesMigrateAndVerifyTests: XCTestCase {
    private func verify(_ root: String) -> VerificationReport {
        ProjectVerifier.verify(ProjectTables.find(root, tables: [], sourceLanguage: nil, requireTables: false))
    }

    func testMigrateReadsTheEntriesAppleRejectsAndVerifyAgrees() throws {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n")
        let german = try tree.write(
            "App/de.lproj/Localizable.strings", "\"a\" = \"A-de\"\n\"b\" = \"B \"de\";\n\"c\" = \"C-de;\n")
        let report = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        XCTAssertEqual(report.tables.map(\.outcome), [.written])
        let warnings = report.tables[0].diagnostics.filter {
            $0.message.contains("read from its line as Xcode's migration reads it")
        }
        XCTAssertEqual(warnings.map(\.location), [1, 2, 3].map { SourceLocation(path: german, line: $0, column: 1) })
        let catalog = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        XCTAssertEqual(
            ["a", "b", "c"].map { catalog.strings[$0]?.localizations["de"]?.stringUnit?.value },
            ["A-de", "B de", "C-de"])

        let proof = verify(tree.path("App"))
        XCTAssertTrue(
            proof.isLossless,
            "\(proof.tables.flatMap(\.losses).map(\.diagnostic.description)) \(proof.tables.flatMap(\.unreadableFiles))"
        )
        let shown = proof.tables.flatMap(\.notes).filter {
            $0.message.contains("compared as Xcode's migration reads the line")
        }
        XCTAssertEqual(shown.map(\.location.line), [1, 2, 3])
        XCTAssertEqual(
            shown.first?.description,
            "\(german):1:1: warning: \"a\": missing ';' after the value (Apple's reader rejects this file here): "
                + "compared as Xcode's migration reads the line, value \"A-de\""
        )
        // Line 2's stray quote is left out of the value: the file holds a character the catalog
        // cannot, so --delete-legacy keeps it (a line read whole would be carried).
        XCTAssertEqual(proof.tables.flatMap(\.files).filter { !$0.isCarried }.map(\.path), [german])
        XCTAssertEqual(
            proof.tables.flatMap(\.files).first { !$0.isCarried }?.reason,
            "it is read as Xcode's migration reads it, which leaves text of a line out (line 2: \"b\": an unescaped "
                + "quote inside the value, left out); the catalog holds what Xcode reads, not every character of the "
                + "file"
        )
    }

    func testStrictRefusesTheFile() throws {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let german = try tree.write("App/de.lproj/Localizable.strings", "\"a\" = \"A-de\"\n\"b\" = \"B-de\";\n")
        var options = MigrationOptions()
        options.strict = true
        let report = ProjectMigrator.migrate(tree.path("App"), options: options)
        XCTAssertEqual(report.tables.map(\.outcome), [.failed])
        XCTAssertEqual(
            report.tables[0].diagnostics.filter { $0.isError && $0.location.path == german }.map(\.description),
            ["\(german):1:13: error: missing ';' after the value of \"a\""])
    }

    /// Rectangle (four `Main.strings` CoreFoundation rejects: `ar`, `es`, `es-419`, `uk`) and
    /// HSTracker (`ko` `LadderTab.strings`): migrated in place with their project, every migrated
    /// entry of those languages is Xcode's, and verify finds no loss in them.
    func testSharedPairsMigrateAsXcodeDidAndVerify() throws {
        let goldens = try sharedFolder("goldens")
        let cases = [
            ("rxhanson__Rectangle", "Rectangle/mul.lproj/Main.xcstrings", ["ar", "es", "es-419", "uk"]),
            ("HearthSim__HSTracker", "HSTracker/UIs/StatsManager/mul.lproj/LadderTab.xcstrings", ["ko"]),
        ]
        for (pair, catalogPath, languages) in cases {
            let tree = try TestTree.golden(pair)
            var options = MigrationOptions()
            options.skipInvalid = true
            let report = ProjectMigrator.migrate(tree.root, options: options)
            XCTAssertFalse(report.tables.contains { $0.outcome == .failed }, pair)
            let recovered = report.tables.flatMap(\.diagnostics).filter {
                $0.message.contains("read from its line as Xcode's migration reads it")
            }
            XCTAssertEqual(recovered.count, pair == "rxhanson__Rectangle" ? 5 : 1, pair)

            let xcode =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: "\(goldens)/\(pair)/after/\(catalogPath)")))
                as! [String: Any]
            let ours = try CatalogReader.read(path: tree.path(catalogPath))
            var compared = 0
            for (key, value) in xcode["strings"] as! [String: [String: Any]] {
                guard let state = value["extractionState"] as? String, state == "migrated" || state == "manual" else {
                    continue
                }
                let localizations = value["localizations"] as? [String: [String: Any]] ?? [:]
                for language in languages {
                    let want = (localizations[language]?["stringUnit"] as? [String: String])?["value"]
                    XCTAssertEqual(
                        ours.strings[key]?.localizations[language]?.stringUnit?.value, want,
                        "\(pair) \(key) [\(language)]")
                    compared += 1
                }
            }
            XCTAssertGreaterThan(compared, 10, pair)

            let proof = verify(tree.root)
            let table = try XCTUnwrap(proof.tables.first { $0.catalogPath == tree.path(catalogPath) }, pair)
            // (HSTracker's `ko-KR.lproj`, which its project does not list, is another matter.)
            let losses = table.losses.filter { languages.contains($0.language) }
            XCTAssertEqual(losses.map(\.diagnostic.description), [], pair)
            XCTAssertEqual(table.unreadableFiles, [], pair)
            XCTAssertEqual(
                table.notes.filter { $0.message.contains("compared as Xcode's migration reads the line") }.count,
                recovered.count, pair)
        }
    }
}
