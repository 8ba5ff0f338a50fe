import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

/// The project rules that add build settings: `LOCALIZATION_PREFERS_STRING_CATALOGS` and
/// `SWIFT_EMIT_LOC_STRINGS` (each rule's own tests).
final class PreferStringCatalogsSettingTests: XCTestCase {
    func testEveryProjectConfigurationPrefersCatalogsOnceATableIsMigrated() throws {
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en"], targets: ["App"])
        let (edit, _, _, _) = try RuleFixture(project).edit([], [PreferStringCatalogsSetting()])
        XCTAssertEqual(
            edit.changes.lines,
            [
                "+ LOCALIZATION_PREFERS_STRING_CATALOGS = YES (project, Debug)",
                "+ LOCALIZATION_PREFERS_STRING_CATALOGS = YES (project, Release)",
            ])
    }

    func testNothingIsAddedWhenNoTableIsMigrated() throws {
        var project = MiniProject()
        project.target("App")
        let (edit, _, _, _) = try RuleFixture(project).edit([], [PreferStringCatalogsSetting()])
        XCTAssertTrue(edit.changes.isEmpty)
    }
}

final class EmitLocStringsSettingTests: XCTestCase {
    private func project() throws -> RuleFixture {
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en"], targets: ["App"])
        project.target("Tool")
        return try RuleFixture(project)
    }

    func testXcode16AndLaterSetItAtProjectLevelAndLeaveTargetsAlone() throws {
        let (edit, _, _, _) = try project().edit(
            [CatalogReferenceTakesTheGroupsSlot(), BuildFilesFollowTheCatalog()], [EmitLocStringsSetting()])
        XCTAssertEqual(
            edit.changes.settingsAdded.map { "\($0.targetName ?? "project") \($0.configurationName ?? "")" },
            ["project Debug", "project Release"])
    }

    func testXcode15SetsItOnEachTargetThatReceivedACatalog() throws {
        let (edit, _, _, _) = try project().edit(
            [CatalogReferenceTakesTheGroupsSlot(), BuildFilesFollowTheCatalog()], [EmitLocStringsSetting()],
            options: .init(emitLocStrings: .eachReceivingTarget))
        XCTAssertEqual(
            edit.changes.settingsAdded.map { "\($0.targetName ?? "project") \($0.configurationName ?? "")" },
            ["App Debug", "App Release"])
    }
}
