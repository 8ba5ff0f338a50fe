import XCTest

@testable import XcodeProject
@testable import XcodeRules

final class InterfaceBuilderGroupGetsAMulCatalogTests: XCTestCase {
    func testTheStoryboardsGroupEndsBaseThenMulAndGetsNoBuildFile() throws {
        let fixture = try RuleFixture(demo: ())
        let (edit, after, facts, changes) = try fixture.edit([InterfaceBuilderGroupGetsAMulCatalog()])
        let mul = try XCTUnwrap(edit.changes.addedObjects.first)
        XCTAssertEqual(edit.changes.addedObjects.map(\.isa), ["PBXFileReference"])
        XCTAssertEqual(after.string("name", of: mul.id), "mul")
        XCTAssertEqual(after.string("path", of: mul.id), "mul.lproj/Main.xcstrings")
        let group = "A40000000000000000000003"
        XCTAssertEqual(
            after.strings("children", of: group).compactMap { after.string("name", of: $0) }, ["Base", "mul"])
        XCTAssertTrue(facts.addsMul)
        XCTAssertEqual(facts.receivingTargets, ["A50000000000000000000001"])
        guard case .mulReferenceAdded(let id, let changed, let removed)? = changes.first, changes.count == 1 else {
            return XCTFail("one change: the mul reference, not \(changes)")
        }
        XCTAssertEqual(id, mul.id)
        XCTAssertEqual(changed, group)
        XCTAssertEqual(removed.count, edit.changes.removedObjects.count)
    }
}
