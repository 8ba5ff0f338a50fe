import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

final class ObjectVersionRisesForAMulCatalogTests: XCTestCase {
    func testAMulCatalogRaisesObjectVersion56To60() throws {
        let (edit, _, _) = try RuleFixture(demo: ()).edit(
            [InterfaceBuilderGroupGetsAMulCatalog()], [ObjectVersionRisesForAMulCatalog()])
        XCTAssertEqual(edit.changes.objectVersion?.from, 56)
        XCTAssertEqual(edit.changes.objectVersion?.to, 60)
        XCTAssertTrue(String(decoding: edit.bytes, as: UTF8.self).contains("\tobjectVersion = 60;\n"))
    }

    func testWithoutAMulCatalogOrAtVersion77NothingChanges() throws {
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en"], targets: ["App"])
        let (plain, _, _) = try RuleFixture(project).edit(
            [CatalogReferenceTakesTheGroupsSlot()], [ObjectVersionRisesForAMulCatalog()])
        XCTAssertNil(plain.changes.objectVersion)
        project.objectVersion = 77
        var modern = try RuleFixture(project).edit([]).state
        modern.addedMul = true
        ObjectVersionRisesForAMulCatalog().apply(to: &modern)
        XCTAssertNil(modern.editor.changes.objectVersion)
    }
}
