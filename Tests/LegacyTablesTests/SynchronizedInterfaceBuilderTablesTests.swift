import Foundation
import TestSupport
import XCTest

@testable import LegacyTables

/// In a synchronized folder the files of one name in the `.lproj` folders of one folder form a
/// table; when a storyboard or xib is among them, it is an Interface Builder table and its catalog
/// goes to `<folder>/mul.lproj/<Name>.xcstrings`, as for a variant group.
final class SynchronizedInterfaceBuilderTablesTests: XCTestCase {
    func testAStoryboardsStringsInASynchronizedFolderGetAMulCatalog() throws {
        let tree = try TestTree()
        var project = MiniProject()
        project.objectVersion = 77
        project.synchronizedFolder("App", targets: ["App"])
        _ = try tree.write("App.xcodeproj/project.pbxproj", project.text())
        _ = try tree.write("App/Base.lproj/Main.storyboard", "<document/>\n")
        _ = try tree.write("App/de.lproj/Main.strings", "\"a.text\" = \"A-de\";\n")
        _ = try tree.write("App/fr.lproj/Main.strings", "\"a.text\" = \"A-fr\";\n")
        _ = try tree.write("App/Views/Base.lproj/Settings.xib", "<document/>\n")
        _ = try tree.write("App/Views/de.lproj/Settings.strings", "\"b.title\" = \"B-de\";\n")
        _ = try tree.write("App/en.lproj/Localizable.strings", "\"x\" = \"X\";\n")
        let tables = ProjectTables.find(tree.root, TableSearch(requireTables: false)).tables
        XCTAssertEqual(
            tables.map { TableGrouper.relative($0.catalogPath, to: tree.root) },
            ["App/Localizable.xcstrings", "App/Views/mul.lproj/Settings.xcstrings", "App/mul.lproj/Main.xcstrings"])
        XCTAssertEqual(tables.map(\.isInterfaceBuilder), [false, true, true])
        XCTAssertEqual(tables[2].files.map(\.language), ["de", "fr"])
    }

    /// A storyboard with no `.strings` of its name is no table (Xcode migrates Base-only groups
    /// only when asked, and a synchronized folder has no group to ask about).
    func testAStoryboardAloneIsNoTable() throws {
        let tree = try TestTree()
        var project = MiniProject()
        project.objectVersion = 77
        project.synchronizedFolder("App", targets: ["App"])
        _ = try tree.write("App.xcodeproj/project.pbxproj", project.text())
        _ = try tree.write("App/Base.lproj/Main.storyboard", "<document/>\n")
        _ = try tree.write("App/en.lproj/Localizable.strings", "\"x\" = \"X\";\n")
        XCTAssertEqual(
            ProjectTables.find(tree.root, TableSearch(requireTables: false)).tables.map(\.name), ["Localizable"])
    }
}
