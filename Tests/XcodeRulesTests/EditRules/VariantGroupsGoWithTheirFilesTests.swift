import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

final class VariantGroupsGoWithTheirFilesTests: XCTestCase {
    func testTheGroupsAndEveryLanguagesReferenceGoAndNothingPointsAtThem() throws {
        var project = MiniProject()
        let strings = project.variantGroup("Localizable.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        let plurals = project.variantGroup("Localizable.stringsdict", in: "App", languages: ["en"], targets: ["App"])
        let fixture = try RuleFixture(project)
        let children = fixture.graph.strings("children", of: strings) + fixture.graph.strings("children", of: plurals)
        let (edit, after, _, _) = try fixture.edit([VariantGroupsGoWithTheirFiles()])
        let removed = Set(edit.changes.removedObjects.map(\.id))
        XCTAssertTrue(removed.isSuperset(of: [strings, plurals] + children))
        // Their build files go with them: no phase names a removed object.
        XCTAssertEqual(edit.changes.removedObjects.filter { $0.isa == "PBXBuildFile" }.count, 2)
        for object in after.objects where object.isa == "PBXResourcesBuildPhase" {
            XCTAssertTrue(Set(after.strings("files", of: object.id)).isDisjoint(with: removed))
        }
        XCTAssertNil(after.object(strings))
    }

    func testAnInterfaceBuilderGroupStays() throws {
        let fixture = try RuleFixture(demo: ())
        let (edit, _, _, _) = try fixture.edit([VariantGroupsGoWithTheirFiles()])
        XCTAssertFalse(edit.changes.removedObjects.contains { $0.comment == "Main.storyboard" })
    }
}
