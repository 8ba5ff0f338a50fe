import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

final class BuildFilesFollowTheCatalogTests: XCTestCase {
    func testEachTargetThatBuiltTheGroupBuildsTheCatalogInTheFirstBuildFilesPlace() throws {
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en"], targets: ["App", "Widget"])
        project.variantGroup("Localizable.stringsdict", in: "App", languages: ["en"], targets: ["App"])
        let fixture = try RuleFixture(project)
        let (edit, after, facts, changes) = try fixture.edit([
            CatalogReferenceTakesTheGroupsSlot(), BuildFilesFollowTheCatalog(),
        ])
        let added = edit.changes.addedObjects.filter { $0.isa == "PBXBuildFile" }
        XCTAssertEqual(
            added.map(\.comment), ["Localizable.xcstrings in Resources", "Localizable.xcstrings in Resources"])
        XCTAssertEqual(facts.receivingTargets.count, 2)
        let reference = try XCTUnwrap(edit.changes.addedObjects.first { $0.isa == "PBXFileReference" }).id
        let buildFiles = changes.compactMap { change -> (id: String, replaced: Int)? in
            guard case .catalogBuildFileAdded(let id, _, let replacing) = change else { return nil }
            return (id, replacing.count)
        }
        XCTAssertEqual(buildFiles.map(\.id), added.map(\.id), "the rule says which build files it added")
        XCTAssertEqual(
            buildFiles.map(\.replaced).sorted(), [1, 2], "App's .strings and .stringsdict build files go, Widget's one")
        for target in after.targets {
            let phase = try XCTUnwrap(target.buildPhases.first)
            let files = after.strings("files", of: phase)
            XCTAssertEqual(
                files.count, 1, "one build file replaces the .strings and .stringsdict ones of \(target.name ?? "")")
            XCTAssertEqual(after.buildFile(files[0])?.fileRef, reference)
        }
    }
}
