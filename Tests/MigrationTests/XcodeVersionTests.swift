import Foundation
import StringcatSupport
import TestSupport
import XCTest
import XcodeProject
import XcodeRules

@testable import Migration

/// Which Xcode migrated decides where `SWIFT_EMIT_LOC_STRINGS = YES` goes and the catalogs'
/// version; nothing in the project tells, so `--xcode-version` does (docs/spec/migration-rules.md,
/// "Which Xcode").
final class XcodeVersionTests: XCTestCase {
    /// One table built by `App`, whose Debug says YES and Release an explicit NO; `Tool` builds no
    /// table; the project's Release already says YES, its Debug says nothing.
    private func project() throws -> TestTree {
        let tree = try TestTree()
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        project.target("Tool")
        var text = project.text()
        let projectRelease =
            "A0A0A0A0A0A0A0A0A0A0A005 /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n"
        XCTAssertTrue(text.contains(projectRelease))
        text = text.replacingOccurrences(
            of: projectRelease, with: projectRelease + "\t\t\t\tSWIFT_EMIT_LOC_STRINGS = YES;\n")
        // App's configurations are the first target's (Debug, then Release).
        let targetSettings = "buildSettings = {\n\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n"
        let first = try XCTUnwrap(text.range(of: targetSettings))
        text.replaceSubrange(first, with: targetSettings + "\t\t\t\tSWIFT_EMIT_LOC_STRINGS = YES;\n")
        let second = try XCTUnwrap(text.range(of: targetSettings, range: first.upperBound..<text.endIndex))
        text.replaceSubrange(second, with: targetSettings + "\t\t\t\tSWIFT_EMIT_LOC_STRINGS = NO;\n")
        try tree.write("App.xcodeproj/project.pbxproj", text)
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try tree.write("App/de.lproj/Localizable.strings", "\"a\" = \"Ä\";\n")
        return tree
    }

    private func settingsAdded(_ version: XcodeVersion?) throws -> (added: [String], tree: TestTree) {
        let tree = try project()
        var options = MigrationOptions()
        if let version { options.xcodeVersion = version }
        let report = ProjectMigrator.migrate(tree.root, options: options)
        XCTAssertFalse(report.hasErrors, report.diagnostics.map(\.description).joined(separator: "\n"))
        let added = report.projectEdits.flatMap(\.changes.settingsAdded).map {
            "\($0.targetName ?? "project") \($0.configurationName ?? "") \($0.key)"
        }
        return (added.sorted(), tree)
    }

    func testXcode16AndLaterPutItInTheProjectConfigurationsAndLeaveTheTargetsAlone() throws {
        for version in [nil, XcodeVersion.xcode16, .xcode26] {
            let (added, tree) = try settingsAdded(version)
            XCTAssertEqual(
                added,
                [
                    "project Debug LOCALIZATION_PREFERS_STRING_CATALOGS", "project Debug SWIFT_EMIT_LOC_STRINGS",
                    "project Release LOCALIZATION_PREFERS_STRING_CATALOGS",
                ], "\(String(describing: version))")
            let graph = try ProjectGraph(path: tree.path("App.xcodeproj/project.pbxproj"))
            let app = try XCTUnwrap(graph.targets.first { $0.name == "App" })
            let values = (app.buildConfigurationList.flatMap { graph.configurationList($0) }?.buildConfigurations ?? [])
                .map { graph.buildSetting("SWIFT_EMIT_LOC_STRINGS", of: $0) }
            XCTAssertEqual(
                values, [.string("YES"), .string("NO")], "the targets' own values stay, the explicit NO too")
        }
    }

    func testXcode15PutsItOnTheTargetsThatReceivedACatalogOnly() throws {
        // App's two configurations set it already (YES, and a NO left as it is); Tool has no catalog.
        XCTAssertEqual(
            try settingsAdded(.xcode15).added,
            [
                "project Debug LOCALIZATION_PREFERS_STRING_CATALOGS",
                "project Release LOCALIZATION_PREFERS_STRING_CATALOGS",
            ])
        let tree = try TestTree()
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en"], targets: ["App"])
        project.target("Tool")
        try tree.write("App.xcodeproj/project.pbxproj", project.text())
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        var options = MigrationOptions()
        options.xcodeVersion = .xcode15
        let report = ProjectMigrator.migrate(tree.root, options: options)
        XCTAssertEqual(
            report.projectEdits.flatMap(\.changes.settingsAdded).filter { $0.key == "SWIFT_EMIT_LOC_STRINGS" }
                .map { "\($0.targetName ?? "project") \($0.configurationName ?? "")" }, ["App Debug", "App Release"])
    }

    func testXcode26WritesCatalogVersion1Point1AndFormatVersionOverridesIt() throws {
        func version(_ xcode: XcodeVersion?, override: String? = nil) throws -> String {
            let tree = try TestTree()
            try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
            var options = MigrationOptions()
            if let xcode { options.xcodeVersion = xcode }
            options.formatVersionOverride = override
            _ = ProjectMigrator.migrate(tree.path("App"), options: options)
            let text = try String(contentsOfFile: tree.path("App/Localizable.xcstrings"), encoding: .utf8)
            return String(text.split(separator: "\n").last { $0.contains("\"version\"") } ?? "")
        }
        XCTAssertEqual(try version(nil), "  \"version\" : \"1.0\"")
        XCTAssertEqual(try version(.xcode15), "  \"version\" : \"1.0\"")
        XCTAssertEqual(try version(.xcode16), "  \"version\" : \"1.0\"")
        XCTAssertEqual(try version(.xcode26), "  \"version\" : \"1.1\"")
        XCTAssertEqual(try version(.xcode26, override: "1.0"), "  \"version\" : \"1.0\"")
        XCTAssertEqual(try version(.xcode16, override: "1.1"), "  \"version\" : \"1.1\"")
    }
}
