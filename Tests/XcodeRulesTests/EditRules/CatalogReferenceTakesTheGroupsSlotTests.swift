import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

final class CatalogReferenceTakesTheGroupsSlotTests: XCTestCase {
    func testTheCatalogsReferenceTakesTheStringsGroupsSlotAndTheStringsdictGroupLeavesItsParent() throws {
        var project = MiniProject()
        project.plainFile("Info.plist", in: "App", targets: [])
        let strings = project.variantGroup("Localizable.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        let plurals = project.variantGroup("Localizable.stringsdict", in: "App", languages: ["en"], targets: ["App"])
        let fixture = try RuleFixture(project)
        let (edit, after, _, _) = try fixture.edit([CatalogReferenceTakesTheGroupsSlot()])
        let reference = try XCTUnwrap(edit.changes.addedObjects.first)
        XCTAssertEqual(reference.isa, "PBXFileReference")
        XCTAssertEqual(reference.comment, "Localizable.xcstrings")
        XCTAssertEqual(after.string("path", of: reference.id), "Localizable.xcstrings")
        XCTAssertEqual(after.string("sourceTree", of: reference.id), "<group>")
        XCTAssertEqual(after.string("lastKnownFileType", of: reference.id), "text.json.xcstrings")
        let app = try XCTUnwrap(after.parent(of: reference.id))
        let children = after.strings("children", of: app)
        XCTAssertEqual(children.count, 2, "Info.plist, then the catalog in the .strings group's slot")
        XCTAssertEqual(children.last, reference.id)
        XCTAssertFalse(children.contains(strings) || children.contains(plurals))
    }

    /// One single-child variant group per language, each in its `xx.lproj` group: the reference
    /// goes into the group of the folder holding them, before the first of them.
    func testWithOneGroupPerLanguageTheReferenceGoesBeforeTheFirstLanguageGroup() throws {
        var project = MiniProject()
        project.variantGroupPerLanguage("Localizable.strings", in: "App", languages: ["de", "en"], targets: ["App"])
        let fixture = try RuleFixture(project)
        let (edit, after, _, _) = try fixture.edit([CatalogReferenceTakesTheGroupsSlot()])
        let reference = try XCTUnwrap(edit.changes.addedObjects.first).id
        let app = try XCTUnwrap(after.parent(of: reference))
        XCTAssertEqual(after.group(app)?.displayName, "App")
        let children = after.strings("children", of: app)
        XCTAssertEqual(children.first, reference)
        XCTAssertEqual(children.dropFirst().compactMap { after.group($0)?.displayName }, ["de.lproj", "en.lproj"])
    }

    func testAStoryboardsTableIsNotThisRules() throws {
        let (edit, _, _, _) = try RuleFixture(demo: ()).edit([CatalogReferenceTakesTheGroupsSlot()])
        XCTAssertEqual(edit.changes.addedObjects.map(\.comment), ["Localizable.xcstrings"])
    }
}
