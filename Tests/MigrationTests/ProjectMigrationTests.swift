import Foundation
import StringcatSupport
import TestSupport
import Verification
import XCTest
import XcodeProject

@testable import LegacyTables
@testable import Migration

/// `migrate` on a project: the tables are its variant groups, and `project.pbxproj` is edited so
/// that the app still builds its localizations afterwards.
final class ProjectMigrationTests: XCTestCase {
    /// A writable copy of `source` in a new temporary tree.
    private func copy(_ source: String) throws -> TestTree {
        let tree = try TestTree()
        try FileManager.default.removeItem(atPath: tree.root)
        try FileManager.default.copyItem(atPath: source, toPath: tree.root)
        if let items = FileManager.default.enumerator(atPath: tree.root) {
            for case let item as String in items { chmod(tree.path(item), 0o755) }
        }
        chmod(tree.root, 0o755)
        return tree
    }

    /// `--table NAME`, table after table, ends in the same project file and catalogs as one whole run.
    func testTableByTableEndsInTheSameProjectAsOneRun() throws {
        let whole = try copy(repositoryRoot + "/Samples/LegacyApp")
        let report = ProjectMigrator.migrate(whole.root, options: MigrationOptions())
        XCTAssertFalse(report.hasErrors)
        XCTAssertEqual(report.projectEdits.map(\.written), [true])

        let stepwise = try copy(repositoryRoot + "/Samples/LegacyApp")
        for name in ["Main", "InfoPlist", "Localizable"] {
            var options = MigrationOptions()
            options.tables = [name]
            let step = ProjectMigrator.migrate(stepwise.root, options: options)
            XCTAssertFalse(step.hasErrors, "\(name): \(step.tables.flatMap(\.diagnostics))")
            XCTAssertEqual(step.tables.map(\.table.name), [name])
        }
        let files = whole.allFiles()
        XCTAssertEqual(stepwise.allFiles(), files)
        for file in files {
            XCTAssertEqual(
                FileManager.default.contents(atPath: stepwise.path(file)),
                FileManager.default.contents(atPath: whole.path(file)), file)
        }
    }

    /// `PATH` may name the `.xcodeproj` itself: its folder is the root, that project the one read.
    func testPathMayBeTheProjectItself() throws {
        let tree = try copy(repositoryRoot + "/Samples/LegacyApp")
        var options = MigrationOptions()
        options.dryRun = true
        let report = ProjectMigrator.migrate(tree.path("LegacyApp.xcodeproj"), options: options)
        XCTAssertFalse(report.hasErrors)
        XCTAssertEqual(report.root, tree.root)
        XCTAssertEqual(
            report.tables.map(\.catalogPath),
            ["InfoPlist.xcstrings", "Localizable.xcstrings", "mul.lproj/Main.xcstrings"].map {
                tree.path("LegacyApp/" + $0)
            })
        XCTAssertEqual(report.projectEdits.map(\.projectPath), [tree.path("LegacyApp.xcodeproj/project.pbxproj")])
    }

    /// Files on disk in no variant group are left alone
    /// (docs/spec/project-edit.md#only-the-children-of-a-variant-group-are-read): not read, not deleted, counted.
    func testFilesInNoVariantGroupAreLeftAloneAndCounted() throws {
        let tree = try copy(repositoryRoot + "/Samples/LegacyApp")
        try tree.write("LegacyApp/fr.lproj/Localizable.strings", "\"button.save\" = \"Enregistrer\";\n")
        var options = MigrationOptions()
        options.deleteLegacy = true
        let report = ProjectMigrator.migrate(tree.root, options: options)
        XCTAssertFalse(report.hasErrors)
        XCTAssertEqual(
            report.filesLeftAlone,
            [
                LeftAloneFile(
                    path: tree.path("LegacyApp/fr.lproj/Localizable.strings"),
                    reason:
                        "in no variant group of the project (Xcode's migration reads only those; --all-files takes "
                        + "every file)"
                )
            ])
        XCTAssertTrue(tree.exists("LegacyApp/fr.lproj/Localizable.strings"))
        let catalog = try String(contentsOfFile: tree.path("LegacyApp/Localizable.xcstrings"), encoding: .utf8)
        XCTAssertFalse(catalog.contains("Enregistrer"))
        // --all-files reads every .lproj on disk, as for a bare folder.
        let everything = try copy(repositoryRoot + "/Samples/LegacyApp")
        try everything.write("LegacyApp/fr.lproj/Localizable.strings", "\"button.save\" = \"Enregistrer\";\n")
        options = MigrationOptions()
        options.allFiles = true
        options.noProject = true
        let all = ProjectMigrator.migrate(everything.root, options: options)
        XCTAssertFalse(all.hasErrors)
        XCTAssertTrue(
            try String(contentsOfFile: everything.path("LegacyApp/Localizable.xcstrings"), encoding: .utf8).contains(
                "Enregistrer"))
    }

    /// A project file that does not parse: a located error, no edit, nothing of it migrated.
    func testAProjectFileThatDoesNotParseIsALocatedErrorAndIsNotEdited() throws {
        let tree = try copy(repositoryRoot + "/Samples/LegacyApp")
        let pbxproj = tree.path("LegacyApp.xcodeproj/project.pbxproj")
        let broken = try String(contentsOfFile: pbxproj, encoding: .utf8).replacingOccurrences(
            of: "archiveVersion = 1;", with: "archiveVersion = 1")
        try broken.write(toFile: pbxproj, atomically: true, encoding: .utf8)
        let report = ProjectMigrator.migrate(tree.root, options: MigrationOptions())
        XCTAssertTrue(report.hasErrors)
        XCTAssertEqual(report.diagnostics.filter(\.isError).first?.location.path, pbxproj)
        XCTAssertNotNil(report.diagnostics.filter(\.isError).first?.location.line)
        XCTAssertEqual(try String(contentsOfFile: pbxproj, encoding: .utf8), broken)
        XCTAssertEqual(report.projectEdits.count, 0)
    }

    /// Settings.bundle's Root.strings is read by iOS Settings, not by catalogs
    /// (docs/spec/project-edit.md#files-xcode-leaves-alone): skipped, said so.
    func testBundlesAreNotTables() throws {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try tree.write("App/Settings.bundle/en.lproj/Root.strings", "\"Name\" = \"Name\";\n")
        try tree.write("App/Vendor/Old.framework/de.lproj/Localizable.strings", "\"x\" = \"X\";\n")
        try tree.write("App/Legacy/fr.lproj/Localizable.strings", "\"y\" = \"Y\";\n")
        var options = MigrationOptions()
        options.excludes = ["Legacy"]
        options.dryRun = true
        let report = ProjectMigrator.migrate(tree.root, options: options)
        XCTAssertEqual(report.tables.map(\.catalogPath), [tree.path("App/Localizable.xcstrings")])
        XCTAssertEqual(
            report.skippedFolders.sorted(),
            [
                tree.path("App/Legacy/fr.lproj"), tree.path("App/Settings.bundle/en.lproj"),
                tree.path("App/Vendor/Old.framework/de.lproj"),
            ])
    }

    /// A package: catalogs beside the `.lproj` folders, the source language from
    /// `defaultLocalization`, and a warning below tools 5.9 and for `.lproj` named as resources.
    func testAPackageGetsCatalogsBesideItsFoldersAndWarnings() throws {
        let tree = try TestTree()
        try tree.write(
            "Package.swift",
            """
            // swift-tools-version:5.7
            import PackageDescription
            let package = Package(name: "Kit", defaultLocalization: "de", targets: [
                .target(name: "Kit", resources: [.copy("Resources/de.lproj")]),
            ])
            """)
        try tree.write("Sources/Kit/Resources/de.lproj/Kit.strings", "\"a\" = \"A\";\n")
        try tree.write("Sources/Kit/Resources/zh_Hans.lproj/Kit.strings", "\"a\" = \"甲\";\n")
        let report = ProjectMigrator.migrate(tree.root, options: MigrationOptions())
        XCTAssertFalse(report.hasErrors, "\(report.diagnostics)")
        XCTAssertEqual(report.sourceLanguage.code, "de")
        XCTAssertEqual(report.tables.map(\.catalogPath), [tree.path("Sources/Kit/Resources/Kit.xcstrings")])
        XCTAssertEqual(report.tables.first?.languages, ["de", "zh-Hans"])
        XCTAssertEqual(
            report.diagnostics.filter { $0.severity == .warning }.map(\.description),
            [
                "\(tree.path("Package.swift")):1:1: warning: swift-tools-version 5.7 is below 5.9: SwiftPM builds "
                    + "String Catalogs only from 5.9 on; raise the tools version",
                "\(tree.path("Package.swift")):4:1: warning: the manifest names an .lproj folder as a resource; point "
                    + "it at the catalog (or the folder holding it) instead",
            ])
        XCTAssertEqual(
            try String(contentsOfFile: tree.path("Package.swift"), encoding: .utf8).contains(
                ".copy(\"Resources/de.lproj\")"), true)
    }

    /// A generated project (XcodeGen): catalogs written, project files untouched, a checklist.
    func testAGeneratedProjectIsNotEdited() throws {
        let tree = try copy(repositoryRoot + "/Samples/LegacyApp")
        try tree.write("project.yml", "name: LegacyApp\n")
        let pbxproj = tree.path("LegacyApp.xcodeproj/project.pbxproj")
        let before = FileManager.default.contents(atPath: pbxproj)
        let report = ProjectMigrator.migrate(tree.root, options: MigrationOptions())
        XCTAssertFalse(report.hasErrors)
        XCTAssertEqual(report.generator?.kind, .xcodeGen)
        XCTAssertEqual(FileManager.default.contents(atPath: pbxproj), before)
        XCTAssertEqual(report.projectEdits.map(\.written), [false])
        XCTAssertTrue(tree.exists("LegacyApp/Localizable.xcstrings"))
        XCTAssertTrue(report.generator!.checklist.contains { $0.contains("regenerate") })
    }

    /// A project ignored by git is generated too.
    func testGitignoredProjectCountsAsGenerated() {
        XCTAssertTrue(ProjectGenerator.ignores("# comment\n*.xcodeproj\n", "App.xcodeproj"))
        XCTAssertTrue(ProjectGenerator.ignores("/App.xcodeproj/\n", "App.xcodeproj"))
        XCTAssertFalse(ProjectGenerator.ignores("build/\nDerivedData\n", "App.xcodeproj"))
        XCTAssertFalse(ProjectGenerator.ignores("/Other.xcodeproj\n", "App.xcodeproj"))
    }
}
