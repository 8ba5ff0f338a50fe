import Foundation
import LegacyTables
import StringCatalog
import TestSupport
import Verification
import XCTest

@testable import Migration

/// A value that starts with a C0 control character (`"\u{18}加入 URL"`, most likely a stray Ctrl
/// key): Xcode's migration was seen to drop one such value from its language; stringcat keeps it,
/// as the app shows it today, and warns. A control character elsewhere in a value is kept without
/// a word, as Xcode keeps it (docs/spec/migration-rules.md, "A value that starts with a control
/// character").
final class LeadingControlCharacterTests: XCTestCase {
    func testAValueStartingWithAControlCharacterIsKeptWithAWarning() throws {
        let tree = try TestTree()
        try tree.write(
            "App/en.lproj/Localizable.strings", "\"add\" = \"Add URL\";\n\"find\" = \"Find\";\n\"tab\" = \"Tab\";\n")
        try tree.write(
            "App/zh-Hant.lproj/Localizable.strings",
            "\"add\" = \"\u{18}加入 URL\";\n\"find\" = \"T\u{18}ìm\";\n\"tab\" = \"\\t縮排\";\n")
        let report = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        XCTAssertFalse(report.hasErrors)
        let catalog = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        XCTAssertEqual(catalog.strings["add"]?.localizations["zh-Hant"]?.stringUnit?.value, "\u{18}加入 URL")
        XCTAssertEqual(catalog.strings["find"]?.localizations["zh-Hant"]?.stringUnit?.value, "T\u{18}ìm")
        XCTAssertEqual(catalog.strings["tab"]?.localizations["zh-Hant"]?.stringUnit?.value, "\t縮排")
        let text = try String(contentsOfFile: tree.path("App/Localizable.xcstrings"), encoding: .utf8)
        XCTAssertTrue(text.contains("\"value\" : \"\\u0018加入 URL\""), text)
        XCTAssertEqual(
            report.tables.flatMap(\.diagnostics).filter { $0.severity == .warning }.map(\.description),
            [
                tree.path("App/zh-Hant.lproj/Localizable.strings")
                    + ":1:1: warning: \"add\" [zh-Hant]: the value starts with the control "
                    + "character U+0018; Xcode's migration may drop such a value, stringcat keeps it: check that it is "
                    + "no typo"
            ])
        let proof = ProjectVerifier.verify(ProjectTables.find(tree.path("App"), tables: [], sourceLanguage: nil))
        XCTAssertTrue(
            proof.isLossless, proof.tables.flatMap(\.losses).map(\.diagnostic.description).joined(separator: "\n"))
    }

    /// The key is quoted as every message quotes one (`ControlCharacters.quoted`): a quote, a
    /// backslash or a line break in it cannot make the warning ambiguous or split it.
    func testTheWarningQuotesAKeyWithQuotesAndLineBreaksOnOneLine() throws {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.strings", "\"say \\\"hi\\\"\\\\\\n\" = \"Hi\";\n")
        try tree.write("App/de.lproj/Localizable.strings", "\"say \\\"hi\\\"\\\\\\n\" = \"\u{1}Hallo\";\n")
        let report = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        XCTAssertEqual(
            report.tables.flatMap(\.diagnostics).filter { $0.severity == .warning }.map(\.message),
            [
                #""say \"hi\"\\\n" [de]: the value starts with the control character U+0001; Xcode's migration may drop such "#
                    + "a value, stringcat keeps it: check that it is no typo"
            ])
    }
}
