import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

final class ObjectVersionRisesForAMulCatalogTests: XCTestCase {
    func testAMulCatalogRaisesObjectVersion56To60() throws {
        let (edit, _, _, changes) = try RuleFixture(demo: ()).edit(
            [InterfaceBuilderGroupGetsAMulCatalog()], [ObjectVersionRisesForAMulCatalog()])
        XCTAssertEqual(changes.last, .objectVersionRaised(from: 56, to: 60))
        XCTAssertEqual(edit.changes.objectVersion?.from, 56)
        XCTAssertEqual(edit.changes.objectVersion?.to, 60)
        XCTAssertTrue(String(decoding: edit.bytes, as: UTF8.self).contains("\tobjectVersion = 60;\n"))
    }

    func testWithoutAMulCatalogOrAtVersion77NothingChanges() throws {
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en"], targets: ["App"])
        let (plain, _, _, _) = try RuleFixture(project).edit(
            [CatalogReferenceTakesTheGroupsSlot()], [ObjectVersionRisesForAMulCatalog()])
        XCTAssertNil(plain.changes.objectVersion)
        project.objectVersion = 77
        let modern = try RuleFixture(project)
        var facts = try modern.edit([]).facts
        facts.addsMul = true
        var editor = ProjectEditor(graph: modern.graph, projectFolder: RuleFixture.folder)
        let changes = ObjectVersionRisesForAMulCatalog().apply(facts, &editor)
        XCTAssertEqual(changes, [])
        XCTAssertNil(editor.changes.objectVersion)
    }
}
