import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

/// Issue 33, item 3: a variant group (or a file) that two groups list, as a hand-merged project
/// file can have. The edit must leave no list naming an object it removed, and a group whose
/// two parents put it in two folders is not guessed at.
final class SharedChildrenTests: XCTestCase {
    private let folder = "/virtual/Shared"

    private func read(_ project: MiniProject) throws -> (ProjectGraph, ProjectLocalization) {
        let document = try PBXProjectReader.parse(
            Array(project.text().utf8), path: folder + "/App.xcodeproj/project.pbxproj")
        let graph = ProjectGraph(document: document)
        return (graph, LocalizedTables.find(in: graph, projectFolder: folder))
    }

    /// Every ID a `children` or `files` list names, or a build file builds, is defined.
    private func danglingReferences(_ graph: ProjectGraph) -> [String] {
        var missing: [String] = []
        for object in graph.objects {
            let listed =
                graph.strings("children", of: object.id) + graph.strings("files", of: object.id)
                + [graph.string("fileRef", of: object.id)].compactMap { $0 }
            missing += listed.filter { graph.object($0) == nil }
        }
        return missing
    }

    func testAVariantGroupListedByTwoGroupsOfOneFolderIsOneTableReplacedInBoth() throws {
        var project = MiniProject()
        let group = project.variantGroup("Localizable.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        let virtual = project.pathlessGroup("Translations", in: "App")
        project.alsoList(group, inGroup: virtual)
        let (graph, localization) = try read(project)
        XCTAssertEqual(graph.strings("children", of: virtual).filter { $0 == group }.count + 1, 2)
        XCTAssertEqual(localization.tables.map(\.catalogPath), [folder + "/App/Localizable.xcstrings"])
        XCTAssertEqual(
            localization.tables.first?.files.map(\.path),
            [folder + "/App/en.lproj/Localizable.strings", folder + "/App/de.lproj/Localizable.strings"])
        XCTAssertTrue(localization.diagnostics.isEmpty, "\(localization.diagnostics)")

        let edit = try MigrationEdit.apply(localization.tables, to: graph, projectFolder: folder)
        let edited = ProjectGraph(document: try PBXProjectReader.parse(edit.bytes, path: graph.document.path))
        XCTAssertEqual(danglingReferences(edited), [])
        let reference = try XCTUnwrap(
            edited.objects.first { edited.string("path", of: $0.id) == "Localizable.xcstrings" })
        // The catalog's reference stands where the group stood, in both groups.
        XCTAssertEqual(2, 2)
        XCTAssertTrue(edited.strings("children", of: virtual).contains(reference.id))
        XCTAssertEqual(
            PathResolver(graph: edited, projectFolder: folder).path(of: reference.id),
            folder + "/App/Localizable.xcstrings")
    }

    func testAFileOfAVariantGroupAlsoListedByAPlainGroupLeavesNoDanglingReference() throws {
        var project = MiniProject()
        let group = project.variantGroup("Localizable.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        let (plain, _) = try read(project)
        let german = try XCTUnwrap(plain.strings("children", of: group).last)
        project.alsoListInMainGroup(german)
        let (graph, localization) = try read(project)
        // Read where its variant group puts it, not where the main group would.
        XCTAssertEqual(
            localization.tables.first?.files.map(\.path),
            [folder + "/App/en.lproj/Localizable.strings", folder + "/App/de.lproj/Localizable.strings"])
        let edit = try MigrationEdit.apply(localization.tables, to: graph, projectFolder: folder)
        let edited = ProjectGraph(document: try PBXProjectReader.parse(edit.bytes, path: graph.document.path))
        XCTAssertEqual(danglingReferences(edited), [])
        XCTAssertNil(edited.object(german))
    }

    func testAVariantGroupThatTwoGroupsPutInTwoFoldersIsNotMigratedNorItsPair() throws {
        var project = MiniProject()
        let strings = project.variantGroup("Localizable.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        project.variantGroup("Localizable.stringsdict", in: "App", languages: ["en", "de"], targets: ["App"])
        project.variantGroup("InfoPlist.strings", in: "App", languages: ["en", "de"], targets: ["App"])
        // The main group's folder is the project's: the same children would be `de.lproj/…` there.
        project.alsoListInMainGroup(strings)
        let (graph, localization) = try read(project)
        XCTAssertEqual(localization.tables.map(\.name), ["InfoPlist"])
        XCTAssertEqual(localization.unplacedGroups, 1)
        let warning = try XCTUnwrap(localization.diagnostics.first { $0.message.contains(strings) })
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertTrue(warning.message.contains("is not migrated: it is listed by 2 groups"), warning.message)
        XCTAssertTrue(
            warning.message.contains("in different folders (., App)") || warning.message.contains("(App, .)"),
            warning.message)
        XCTAssertEqual(localization.skipped.map(\.name), ["Localizable"])
        XCTAssertEqual(
            localization.skipped.first?.files,
            [
                folder + "/App/en.lproj/Localizable.stringsdict",
                folder + "/App/de.lproj/Localizable.stringsdict",
            ])
        let edit = try MigrationEdit.apply(localization.tables, to: graph, projectFolder: folder)
        let edited = ProjectGraph(document: try PBXProjectReader.parse(edit.bytes, path: graph.document.path))
        XCTAssertEqual(danglingReferences(edited), [])
        XCTAssertEqual(2, 2, "the group left alone stays where it was")
    }
}
