import Foundation
import LegacyTables
import StringCatalog
import TestSupport
import Verification
import XCTest
import XcodeProject

@testable import Migration

/// A `.stringsdict` the project lists as a plain file outside any `.lproj` (the development
/// language's plurals beside the `.lproj` folders of its table): its content goes into the table's
/// catalog, and its file reference and build file leave the project with the variant group
/// (docs/spec/migration-rules.md, "A plain .stringsdict folded into a catalog").
final class PlainStringsDictFileTests: XCTestCase {
    static let plurals = stringsDictXML([
        ("%d files", "%#@files@", [("files", "d", [("one", "%d file"), ("other", "%d files")])])
    ])

    private func tree() throws -> (TestTree, plainID: String) {
        let tree = try TestTree()
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        let plainID = project.plainFile("Localizable.stringsdict", in: "App", targets: ["App"])
        try tree.write("App.xcodeproj/project.pbxproj", project.text())
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try tree.write("App/de.lproj/Localizable.strings", "\"a\" = \"Ä\";\n")
        try tree.write("App/Localizable.stringsdict", Self.plurals)
        return (tree, plainID)
    }

    func testItsContentJoinsTheCatalogAndItsReferenceAndBuildFileGo() throws {
        let (tree, plainID) = try tree()
        let before = try ProjectGraph(path: tree.path("App.xcodeproj/project.pbxproj"))
        let buildFile = try XCTUnwrap(before.objects.first { before.string("fileRef", of: $0.id) == plainID }?.id)
        let report = ProjectMigrator.migrate(tree.root, options: MigrationOptions())
        XCTAssertFalse(report.hasErrors, report.diagnostics.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(
            report.tables.map { TableGrouper.relative($0.catalogPath, to: tree.root) }, ["App/Localizable.xcstrings"])

        let catalog = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        XCTAssertEqual(catalog.strings.keys.sorted(), ["%d files", "a"])
        XCTAssertEqual(
            catalog.strings["%d files"]?.localizations["en"]?.variations?.plural?.mapValues { $0.stringUnit?.value },
            ["one": "%d file", "other": "%d files"])

        let after = try ProjectGraph(path: tree.path("App.xcodeproj/project.pbxproj"))
        XCTAssertNil(after.object(plainID), "the plain file's reference goes")
        XCTAssertNil(after.object(buildFile), "and its build file")
        let removed = report.projectEdits.flatMap(\.changes.removedObjects).map(\.id)
        XCTAssertTrue(removed.contains(plainID) && removed.contains(buildFile), "\(removed)")
        let added = report.projectEdits.flatMap(\.changes.addedObjects).map(\.comment)
        XCTAssertEqual(added, ["Localizable.xcstrings", "Localizable.xcstrings in Resources"])
        let resources = try XCTUnwrap(after.objects.first { $0.isa == "PBXResourcesBuildPhase" })
        XCTAssertEqual(
            after.strings("files", of: resources.id).compactMap { after.object($0)?.comment },
            ["Localizable.xcstrings in Resources"])
    }

    func testVerifyProvesItAndDeleteLegacyDeletesIt() throws {
        let (tree, _) = try tree()
        var options = MigrationOptions()
        options.deleteLegacy = true
        let report = ProjectMigrator.migrate(tree.root, options: options)
        XCTAssertFalse(
            report.hasErrors, report.tables.flatMap(\.diagnostics).map(\.description).joined(separator: "\n"))
        XCTAssertTrue(
            report.tables.flatMap(\.deletedFiles).contains(tree.path("App/Localizable.stringsdict")),
            "\(report.tables.flatMap(\.keptFiles))")
        XCTAssertFalse(tree.exists("App/Localizable.stringsdict"))
    }
}
