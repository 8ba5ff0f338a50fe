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

    /// The project after only `tableRules` on every table and `projectRules` (with the facts
    /// rules first): a rule alone, or with the rules it stands on; `changes`: what they said they did.
    func edit(
        _ tableRules: [any TableEditRule], _ projectRules: [any ProjectEditRule] = [],
        options: MigrationEdit.Options = .init()
    ) throws -> (edit: ProjectEdit, after: ProjectGraph, facts: EditFacts, changes: [RuleChange]) {
        let rules = EditRules(
            factRules: EditRules.standard.factRules, tableRules: tableRules, projectRules: projectRules)
        let run = try MigrationEdit.run(
            localization.tables, on: graph, projectFolder: Self.folderOf(graph), options: options, rules: rules)
        return (run.project, ProjectGraph(document: run.project.document), run.facts, run.ruleChanges)
    }

    private static func folderOf(_ graph: ProjectGraph) -> String {
        PathResolver.projectFolder(ofProjectFile: graph.document.path)
    }
}
