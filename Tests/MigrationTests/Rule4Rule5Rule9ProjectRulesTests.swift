import Foundation
import LegacyTables
import StringcatSupport
import TestSupport
import XcodeProject
import XCTest
@testable import Migration

/// Issue 25, rules 4, 5 and 9 (xcode-project.md L7, L4, P9), each on a minimal project built here
/// and on the shared migration that shows it (skipped without `../shared`).
final class Rule4EmptyTableTests: XCTestCase {
    static let emptyCatalog = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}"

    /// L7: a variant group whose files hold no entry gets an empty catalog and the edit.
    func testRule4AnEmptyTableGetsAnEmptyCatalogAndTheProjectEdit() throws {
        let tree = try TestTree()
        var project = MiniProject()
        project.knownRegions = ["en", "de"]
        project.variantGroup("InfoPlist.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        try tree.write("App.xcodeproj/project.pbxproj", project.text())
        try tree.write("App/en.lproj/InfoPlist.strings", "/* No Localized Strings */\n")
        try tree.write("App/de.lproj/InfoPlist.strings", "\u{FEFF}")
        let report = ProjectMigrator.migrate(tree.root, options: MigrationOptions())
        XCTAssertEqual(report.tables.map(\.outcome), [.written])
        XCTAssertEqual(String(decoding: FileManager.default.contents(atPath: tree.path("App/InfoPlist.xcstrings"))!, as: UTF8.self), Self.emptyCatalog)
        let pbxproj = String(decoding: FileManager.default.contents(atPath: tree.path("App.xcodeproj/project.pbxproj"))!, as: UTF8.self)
        XCTAssertFalse(pbxproj.contains("PBXVariantGroup"), pbxproj)
        XCTAssertTrue(pbxproj.contains("/* InfoPlist.xcstrings in Resources */ = {isa = PBXBuildFile;"), pbxproj)
    }

    /// canvas-ios Student `LaunchScreen` (every language's file holds only `/* No Localized
    /// Strings */`): Xcode's empty `mul.lproj` catalog, byte for byte; GoMap `PhotoShare/InfoPlist`
    /// (files of comments only) gets its catalog too.
    func testRule4SharedEmptyTablesGetXcodesEmptyCatalogs() throws {
        let goldens = try sharedFolder("goldens")
        for (pair, catalog) in [("instructure__canvas-ios", "Student/Student/mul.lproj/LaunchScreen.xcstrings"),
                                ("bryceco__GoMap", "src/iOS/PhotoShare/InfoPlist.xcstrings")] {
            let tree = try TestTree.golden(pair)
            var options = MigrationOptions()
            options.skipInvalid = true
            let report = ProjectMigrator.migrate(tree.root, options: options)
            let table = try XCTUnwrap(report.tables.first { $0.catalogPath == tree.path(catalog) }, "\(pair): \(catalog)")
            XCTAssertEqual(table.outcome, .written, pair)
            XCTAssertEqual(table.entryCount, 0, pair)
            let ours = FileManager.default.contents(atPath: tree.path(catalog))
            XCTAssertEqual(ours.map { String(decoding: $0, as: UTF8.self) }, Self.emptyCatalog, pair)
            if pair == "instructure__canvas-ios" {
                XCTAssertEqual(ours, FileManager.default.contents(atPath: "\(goldens)/\(pair)/after/\(catalog)"), "Xcode's bytes")
            }
        }
    }
}

final class Rule5BaseOnlyInterfaceBuilderTests: XCTestCase {
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

    /// L4: by default a storyboard with no `.strings` is no table (six of eight migrations).
    func testRule5ABaseOnlyStoryboardIsLeftAloneByDefault() throws {
        let tree = try project()
        let report = ProjectMigrator.migrate(tree.root, options: MigrationOptions())
        XCTAssertEqual(report.tables.map { TableGrouper.relative($0.catalogPath, to: tree.root) }, ["App/Localizable.xcstrings"])
        XCTAssertFalse(tree.exists("App/mul.lproj"))
    }

    /// `--include-base-only` (what HSTracker's and MarkEdit's users picked in Xcode's dialog): an
    /// empty `mul.lproj` catalog, the group's `mul` child, `objectVersion` 60.
    func testRule5IncludeBaseOnlyGivesTheStoryboardAnEmptyMulCatalog() throws {
        let tree = try project()
        var options = MigrationOptions()
        options.includeBaseOnly = true
        let report = ProjectMigrator.migrate(tree.root, options: options)
        XCTAssertEqual(report.tables.map { TableGrouper.relative($0.catalogPath, to: tree.root) }.sorted(), ["App/Localizable.xcstrings", "App/mul.lproj/Main.xcstrings"])
        XCTAssertEqual(String(decoding: FileManager.default.contents(atPath: tree.path("App/mul.lproj/Main.xcstrings"))!, as: UTF8.self), Rule4EmptyTableTests.emptyCatalog)
        let pbxproj = String(decoding: FileManager.default.contents(atPath: tree.path("App.xcodeproj/project.pbxproj"))!, as: UTF8.self)
        XCTAssertTrue(pbxproj.contains("/* mul */ = {isa = PBXFileReference; lastKnownFileType = text.json.xcstrings; name = mul; path = mul.lproj/Main.xcstrings; sourceTree = \"<group>\"; };"), pbxproj)
        XCTAssertTrue(pbxproj.contains("objectVersion = 60;"), pbxproj)
    }

    /// MarkEdit `PreviewExtension/Main.storyboard` (Base only): its empty catalog only with the
    /// option, then Xcode's bytes.
    func testRule5SharedMarkEditBaseOnlyStoryboard() throws {
        let goldens = try sharedFolder("goldens")
        let catalog = "PreviewExtension/mul.lproj/Main.xcstrings"
        for include in [false, true] {
            let tree = try TestTree.golden("MarkEdit-app__MarkEdit")
            var options = MigrationOptions()
            options.includeBaseOnly = include
            _ = ProjectMigrator.migrate(tree.root, options: options)
            XCTAssertEqual(tree.exists(catalog), include)
            if include {
                XCTAssertEqual(FileManager.default.contents(atPath: tree.path(catalog)),
                               FileManager.default.contents(atPath: "\(goldens)/MarkEdit-app__MarkEdit/after/\(catalog)"))
            }
        }
    }
}

final class Rule9ProjectSettingsTests: XCTestCase {
    /// P9, as Xcode 15 does it: `SWIFT_EMIT_LOC_STRINGS = YES` on each configuration of the targets
    /// that received a catalog, unless the target sets it or the project's configuration of that
    /// name says YES; a target with no catalog gets nothing. P8 on every project configuration.
    func testRule9SwiftEmitGoesOnTheTargetsThatReceivedACatalog() throws {
        let tree = try TestTree()
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en"], targets: ["App"])
        project.target("Tool")
        // The project's Release configuration already says YES: the target inherits it there.
        var text = project.text()
        let release = "A0A0A0A0A0A0A0A0A0A0A005 /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\t\t\t\tSDKROOT = iphoneos;\n"
        XCTAssertTrue(text.contains(release))
        text = text.replacingOccurrences(of: release, with: release + "\t\t\t\tSWIFT_EMIT_LOC_STRINGS = YES;\n")
        try tree.write("App.xcodeproj/project.pbxproj", text)
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        var options = MigrationOptions()
        options.xcodeVersion = .xcode15
        let report = ProjectMigrator.migrate(tree.root, options: options)
        let settings = report.projectEdits.flatMap(\.changes.settingsAdded).map { "\($0.targetName ?? "project") \($0.configurationName ?? "") \($0.key)" }
        XCTAssertEqual(settings.sorted(), ["App Debug SWIFT_EMIT_LOC_STRINGS",
                                           "project Debug LOCALIZATION_PREFERS_STRING_CATALOGS",
                                           "project Release LOCALIZATION_PREFERS_STRING_CATALOGS"])
    }

    /// ownCloud (migrated with Xcode 15): 7 targets, 5 catalogs: SWIFT_EMIT_LOC_STRINGS as Xcode
    /// set it, target for target.
    func testRule9SharedOwnCloudSettingsMatchXcodeTargetForTarget() throws {
        let goldens = try sharedFolder("goldens")
        let tree = try TestTree.golden("owncloud__ios-app")
        var options = MigrationOptions()
        options.xcodeVersion = .xcode15
        _ = ProjectMigrator.migrate(tree.root, options: options)
        func emits(_ path: String) throws -> [String: String] {
            let graph = try ProjectGraph(path: path)
            var result: [String: String] = [:]
            for target in graph.targets {
                for id in target.buildConfigurationList.flatMap({ graph.configurationList($0) })?.buildConfigurations ?? [] {
                    if case .string(let value)? = graph.buildSetting("SWIFT_EMIT_LOC_STRINGS", of: id) {
                        result["\(target.name ?? target.id) \(graph.buildConfiguration(id)?.name ?? id)"] = value
                    }
                }
            }
            return result
        }
        let xcode = try emits("\(goldens)/owncloud__ios-app/after-project/ownCloud.xcodeproj/project.pbxproj")
        XCTAssertGreaterThan(xcode.count, 4)
        XCTAssertEqual(try emits(tree.path("ownCloud.xcodeproj/project.pbxproj")), xcode)
    }
}
