import XCTest

@testable import XcodeProject
@testable import XcodeRules

final class InterfaceBuilderGroupGetsAMulCatalogTests: XCTestCase {
    func testTheStoryboardsGroupEndsBaseThenMulAndGetsNoBuildFile() throws {
        let fixture = try RuleFixture(demo: ())
        let (edit, after, state) = try fixture.edit([InterfaceBuilderGroupGetsAMulCatalog()])
        let mul = try XCTUnwrap(edit.changes.addedObjects.first)
        XCTAssertEqual(edit.changes.addedObjects.map(\.isa), ["PBXFileReference"])
        XCTAssertEqual(after.string("name", of: mul.id), "mul")
        XCTAssertEqual(after.string("path", of: mul.id), "mul.lproj/Main.xcstrings")
        let group = "A40000000000000000000003"
        XCTAssertEqual(
            after.strings("children", of: group).compactMap { after.string("name", of: $0) }, ["Base", "mul"])
        XCTAssertTrue(state.addedMul)
        XCTAssertEqual(state.receivingTargets, ["A50000000000000000000001"])
    }
}
