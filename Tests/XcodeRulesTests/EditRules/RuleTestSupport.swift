import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

/// A project written for a rule's test, read as the migration reads it.
struct RuleFixture {
    let graph: ProjectGraph
    let localization: ProjectLocalization
    static let folder = "/virtual/App"

    init(_ project: MiniProject) throws {
        let document = try PBXProjectReader.parse(
            Array(project.text().utf8), path: Self.folder + "/App.xcodeproj/project.pbxproj")
        graph = ProjectGraph(document: document)
        localization = LocalizedTables.find(in: graph, projectFolder: Self.folder)
    }

    /// The demo fixture (`Fixtures/Demo.pbxproj`: a `.strings` + `.stringsdict` pair and a storyboard).
    init(demo: Void = ()) throws {
        (graph, localization) = try demoProject()
    }

    /// The project after only `tableRules` on every table and `projectRules`: a rule alone, or with
    /// the rules it stands on.
    func edit(
        _ tableRules: [any TableEditRule], _ projectRules: [any ProjectEditRule] = [],
        options: MigrationEdit.Options = .init()
    ) throws -> (edit: ProjectEdit, after: ProjectGraph, state: MigrationEdit) {
        var state = MigrationEdit(
            graph: graph,
            projectFolder: localization.tables.first.map { _ in Self.folderOf(graph) } ?? Self.folderOf(graph),
            options: options)
        for table in localization.tables {
            state.handledGroups.formUnion(table.variantGroupIDs)
            for rule in tableRules { try rule.apply(to: table, in: &state) }
        }
        for rule in projectRules { rule.apply(to: &state) }
        var editor = state.editor
        let edit = editor.finish()
        return (edit, ProjectGraph(document: edit.document), state)
    }

    private static func folderOf(_ graph: ProjectGraph) -> String {
        PathResolver.projectFolder(ofProjectFile: graph.document.path)
    }
}
