import Foundation
import LegacyTables
import StringcatSupport
import TestSupport
import XCTest
import XcodeProject

@testable import Migration

/// A table with no entries still gets a catalog and its project edit, as Xcode does
/// (docs/spec/project-edit.md#an-empty-table-gets-an-empty-catalog), on a minimal project built here
/// and on the shared migration that shows it (skipped without `../shared`).
final class EmptyTableTests: XCTestCase {
    static let emptyCatalog = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}"

    /// docs/spec/project-edit.md#an-empty-table-gets-an-empty-catalog: a variant group whose files hold no entry gets
    /// an empty catalog and the edit, when its languages stay in the app through another table
    /// (one that alone declares them stays: `AppBundleTests`).
    func testAnEmptyTableGetsAnEmptyCatalogAndTheProjectEdit() throws {
        let tree = try TestTree()
        var project = MiniProject()
        project.knownRegions = ["en", "de"]
        project.variantGroup("InfoPlist.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        project.variantGroup("Localizable.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        try tree.write("App.xcodeproj/project.pbxproj", project.text())
        try tree.write("App/en.lproj/InfoPlist.strings", "/* No Localized Strings */\n")
        try tree.write("App/de.lproj/InfoPlist.strings", "\u{FEFF}")
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try tree.write("App/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")
        let report = ProjectMigrator.migrate(tree.root, options: MigrationOptions())
        XCTAssertEqual(report.tables.map(\.outcome), [.written, .written])
        XCTAssertEqual(
            String(
                decoding: FileManager.default.contents(atPath: tree.path("App/InfoPlist.xcstrings"))!, as: UTF8.self),
            Self.emptyCatalog)
        let pbxproj = String(
            decoding: FileManager.default.contents(atPath: tree.path("App.xcodeproj/project.pbxproj"))!, as: UTF8.self)
        XCTAssertFalse(pbxproj.contains("PBXVariantGroup"), pbxproj)
        XCTAssertTrue(pbxproj.contains("/* InfoPlist.xcstrings in Resources */ = {isa = PBXBuildFile;"), pbxproj)
    }

    /// canvas-ios Student `LaunchScreen` (every language's file holds only `/* No Localized
    /// Strings */`): Xcode's empty `mul.lproj` catalog, byte for byte; GoMap `PhotoShare/InfoPlist`
    /// (files of comments only) gets its catalog too.
    func testSharedEmptyTablesGetXcodesEmptyCatalogs() throws {
        let goldens = try sharedFolder("goldens")
        for (pair, catalog) in [
            ("instructure__canvas-ios", "Student/Student/mul.lproj/LaunchScreen.xcstrings"),
            ("bryceco__GoMap", "src/iOS/PhotoShare/InfoPlist.xcstrings"),
        ] {
            let tree = try TestTree.golden(pair)
            var options = MigrationOptions()
            options.skipInvalid = true
            let report = ProjectMigrator.migrate(tree.root, options: options)
            let table = try XCTUnwrap(
                report.tables.first { $0.catalogPath == tree.path(catalog) }, "\(pair): \(catalog)")
            XCTAssertEqual(table.outcome, .written, pair)
            XCTAssertEqual(table.entryCount, 0, pair)
            let ours = FileManager.default.contents(atPath: tree.path(catalog))
            XCTAssertEqual(ours.map { String(decoding: $0, as: UTF8.self) }, Self.emptyCatalog, pair)
            if pair == "instructure__canvas-ios" {
                XCTAssertEqual(
                    ours, FileManager.default.contents(atPath: "\(goldens)/\(pair)/after/\(catalog)"), "Xcode's bytes")
            }
        }
    }
}
