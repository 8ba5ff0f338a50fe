import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

final class NewReferencesAreGroupRelativeTests: XCTestCase {
    /// A variant group written relative to the project (`SOURCE_ROOT`, its path from the project
    /// folder) inside the group of `App/Resources`: the catalog's reference is `<group>`, its path
    /// relative to that group's folder.
    func testASourceRootVariantGroupBecomesAGroupRelativeReference() throws {
        var project = MiniProject()
        let group = project.variantGroup(
            "Localizable.strings", in: "App/Resources", languages: ["en", "de"], targets: ["App"])
        var text = project.text()
        // The group as a SOURCE_ROOT one lists its children from the project folder.
        text = text.replacingOccurrences(
            of: "name = Localizable.strings;\n\t\t\tsourceTree = \"<group>\";",
            with: "name = Localizable.strings;\n\t\t\tpath = App/Resources;\n\t\t\tsourceTree = SOURCE_ROOT;")
        let document = try PBXProjectReader.parse(
            Array(text.utf8), path: RuleFixture.folder + "/App.xcodeproj/project.pbxproj")
        let graph = ProjectGraph(document: document)
        XCTAssertEqual(graph.string("sourceTree", of: group), "SOURCE_ROOT")
        let tables = LocalizedTables.find(in: graph, projectFolder: RuleFixture.folder).tables
        XCTAssertEqual(tables.map(\.catalogPath), [RuleFixture.folder + "/App/Resources/Localizable.xcstrings"])
        let edit = try MigrationEdit.apply(tables, to: graph, projectFolder: RuleFixture.folder)
        let after = ProjectGraph(document: edit.document)
        let reference = try XCTUnwrap(edit.changes.addedObjects.first { $0.isa == "PBXFileReference" }).id
        XCTAssertEqual(after.string("sourceTree", of: reference), "<group>")
        XCTAssertEqual(after.string("path", of: reference), "Localizable.xcstrings")
        XCTAssertNil(after.string("name", of: reference))
        XCTAssertEqual(
            PathResolver(graph: after, projectFolder: RuleFixture.folder).path(of: reference),
            RuleFixture.folder + "/App/Resources/Localizable.xcstrings")
    }

    func testAGroupRelativeVariantGroupIsNotThisRules() throws {
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en"], targets: ["App"])
        let fixture = try RuleFixture(project)
        XCTAssertEqual(try fixture.edit([]).facts.referenceLocations, [:])
    }
}
