import Foundation
import LegacyTables
import StringcatSupport
import TestSupport
import XCTest
import XcodeProject

@testable import Migration

/// A storyboard with only a `Base.lproj` file and no `.strings` is no table unless asked for
/// (docs/spec/project-edit.md#a-storyboard-or-xib-with-no-strings), on a minimal project and on the
/// shared migration that shows it (skipped without `../shared`).
final class BaseOnlyInterfaceBuilderTests: XCTestCase {
    private func project() throws -> TestTree {
        let tree = try TestTree()
        var project = MiniProject()
        project.objectVersion = 56
        project.variantGroup("Main.storyboard", in: "App", languages: ["Base"], targets: ["App"])
        project.variantGroup("Localizable.strings", in: "App", languages: ["en"], targets: ["App"])
        try tree.write("App.xcodeproj/project.pbxproj", project.text())
        try tree.write("App/Base.lproj/Main.storyboard", "<document/>\n")
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        return tree
    }

    /// docs/spec/project-edit.md#a-storyboard-or-xib-with-no-strings: by default a storyboard with no `.strings` is no
    /// table (six of eight migrations).
    func testABaseOnlyStoryboardIsLeftAloneByDefault() throws {
        let tree = try project()
        let report = ProjectMigrator.migrate(tree.root, options: MigrationOptions())
        XCTAssertEqual(
            report.tables.map { TableGrouper.relative($0.catalogPath, to: tree.root) }, ["App/Localizable.xcstrings"])
        XCTAssertFalse(tree.exists("App/mul.lproj"))
    }

    /// `--include-base-only` (what HSTracker's and MarkEdit's users picked in Xcode's dialog): an
    /// empty `mul.lproj` catalog, the group's `mul` child, `objectVersion` 60.
    func testIncludeBaseOnlyGivesTheStoryboardAnEmptyMulCatalog() throws {
        let tree = try project()
        var options = MigrationOptions()
        options.includeBaseOnly = true
        let report = ProjectMigrator.migrate(tree.root, options: options)
        XCTAssertEqual(
            report.tables.map { TableGrouper.relative($0.catalogPath, to: tree.root) }.sorted(),
            ["App/Localizable.xcstrings", "App/mul.lproj/Main.xcstrings"])
        XCTAssertEqual(
            String(
                decoding: FileManager.default.contents(atPath: tree.path("App/mul.lproj/Main.xcstrings"))!,
                as: UTF8.self), EmptyTableTests.emptyCatalog)
        let pbxproj = String(
            decoding: FileManager.default.contents(atPath: tree.path("App.xcodeproj/project.pbxproj"))!, as: UTF8.self)
        XCTAssertTrue(
            pbxproj.contains(
                "/* mul */ = {isa = PBXFileReference; lastKnownFileType = text.json.xcstrings; name = mul; path = "
                    + "mul.lproj/Main.xcstrings; sourceTree = \"<group>\"; };"
            ), pbxproj)
        XCTAssertTrue(pbxproj.contains("objectVersion = 60;"), pbxproj)
    }

    /// MarkEdit `PreviewExtension/Main.storyboard` (Base only): its empty catalog only with the
    /// option, then Xcode's bytes.
    func testSharedMarkEditBaseOnlyStoryboard() throws {
        let goldens = try sharedFolder("goldens")
        let catalog = "PreviewExtension/mul.lproj/Main.xcstrings"
        for include in [false, true] {
            let tree = try TestTree.golden("MarkEdit-app__MarkEdit")
            var options = MigrationOptions()
            options.includeBaseOnly = include
            _ = ProjectMigrator.migrate(tree.root, options: options)
            XCTAssertEqual(tree.exists(catalog), include)
            if include {
                XCTAssertEqual(
                    FileManager.default.contents(atPath: tree.path(catalog)),
                    FileManager.default.contents(atPath: "\(goldens)/MarkEdit-app__MarkEdit/after/\(catalog)"))
            }
        }
    }
}
