import Foundation
import LegacyTables
import StringcatSupport
import TestSupport
import XCTest
import XcodeProject

@testable import Migration

/// The build settings a migration sets (docs/spec/project-edit.md#swift_emit_loc_strings,
/// #localization_prefers_string_catalogs), on a minimal project and on the shared migration that
/// shows them (skipped without `../shared`).
final class ProjectSettingsTests: XCTestCase {
    /// docs/spec/project-edit.md#swift_emit_loc_strings, as Xcode 15 does it: `SWIFT_EMIT_LOC_STRINGS = YES` on each
    /// configuration of the targets that received a catalog, unless the target sets it or the project's configuration
    /// of that name says YES; a target with no catalog gets nothing.
    /// docs/spec/project-edit.md#localization_prefers_string_catalogs on every project configuration.
    func testSwiftEmitGoesOnTheTargetsThatReceivedACatalog() throws {
        let tree = try TestTree()
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en"], targets: ["App"])
        project.target("Tool")
        // The project's Release configuration already says YES: the target inherits it there.
        var text = project.text()
        let release =
            "A0A0A0A0A0A0A0A0A0A0A005 /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = "
            + "{\n\t\t\t\tSDKROOT = iphoneos;\n"
        XCTAssertTrue(text.contains(release))
        text = text.replacingOccurrences(of: release, with: release + "\t\t\t\tSWIFT_EMIT_LOC_STRINGS = YES;\n")
        try tree.write("App.xcodeproj/project.pbxproj", text)
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        var options = MigrationOptions()
        options.xcodeVersion = .xcode15
        let report = ProjectMigrator.migrate(tree.root, options: options)
        let settings = report.projectEdits.flatMap(\.changes.settingsAdded).map {
            "\($0.targetName ?? "project") \($0.configurationName ?? "") \($0.key)"
        }
        XCTAssertEqual(
            settings.sorted(),
            [
                "App Debug SWIFT_EMIT_LOC_STRINGS",
                "project Debug LOCALIZATION_PREFERS_STRING_CATALOGS",
                "project Release LOCALIZATION_PREFERS_STRING_CATALOGS",
            ])
    }

    /// ownCloud (migrated with Xcode 15): 7 targets, 5 catalogs: SWIFT_EMIT_LOC_STRINGS as Xcode
    /// set it, target for target.
    func testSharedOwnCloudSettingsMatchXcodeTargetForTarget() throws {
        let goldens = try sharedFolder("goldens")
        let tree = try TestTree.golden("owncloud__ios-app")
        var options = MigrationOptions()
        options.xcodeVersion = .xcode15
        // Xcode migrated File Provider's English table, whose values are its keys, and dropped
        // the target's `en.lproj`: stringcat does so only when asked (AppBundleTests).
        options.deleteEmptyLanguages = true
        _ = ProjectMigrator.migrate(tree.root, options: options)
        func emits(_ path: String) throws -> [String: String] {
            let graph = try ProjectGraph(path: path)
            var result: [String: String] = [:]
            for target in graph.targets {
                for id in target.buildConfigurationList.flatMap({ graph.configurationList($0) })?.buildConfigurations
                    ?? []
                {
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
