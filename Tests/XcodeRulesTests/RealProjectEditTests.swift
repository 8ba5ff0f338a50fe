import Foundation
import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

/// The edit on every real project we have, migrating every table the finder lists.
final class RealProjectEditTests: XCTestCase {
    func testEveryRealProjectMigratesConsistently() throws {
        let shared = try sharedFolder()
        var files: [String] = []
        for folder in ["pbxproj", "corpus", "goldens"] { files += projectFiles(under: shared + "/" + folder) }
        files = files.filter { !$0.contains("/after-project/") }
        var edited = 0, tables = 0
        for path in files {
            let graph = try ProjectGraph(path: path)
            let folder = PathResolver.projectFolder(ofProjectFile: path)
            let localization = LocalizedTables.find(in: graph, projectFolder: folder)
            // Tables that would share a catalog (adium's dead groups) are the caller's to refuse.
            var seen: Set<String> = []
            let chosen = localization.tables.filter { seen.insert($0.catalogPath).inserted }
            guard !chosen.isEmpty else { continue }
            let edit = try MigrationEdit.apply(chosen, to: graph, projectFolder: folder)
            let after = ProjectGraph(document: try PBXProjectReader.parse(edit.bytes, path: path))
            edited += 1
            tables += chosen.count

            // Nothing left points at a removed object.
            let removed = Set(edit.changes.removedObjects.map(\.id))
            let named = allStrings(after.document)
            for id in removed where named.contains(id) { XCTFail("\(path): \(id) removed but still named") }
            // Every catalog is referenced where it will be written.
            let references = ProjectReferences(graph: after, projectFolder: folder)
            for table in chosen where references.reference(to: table.catalogPath) == nil {
                XCTFail("\(path): no reference resolves to \(table.catalogPath)")
            }
            // The migrated groups are tables no more (IB groups have no `.strings` child left).
            let migratedGroups = Set(chosen.flatMap(\.variantGroupIDs))
            let left = LocalizedTables.find(in: after, projectFolder: folder).tables.flatMap(\.variantGroupIDs)
            XCTAssertEqual(left.filter(migratedGroups.contains), [], path)
            // One table at a time gives the same bytes (docs/spec/project-edit.md#new-object-ids): the first three
            // tables one by one, then the rest in one edit, so that each file is re-read at most four times.
            guard graph.document.text.count < 1_000_000 else { continue }
            var bytes = [UInt8](FileManager.default.contents(atPath: path)!)
            let steps = chosen.prefix(3).map { [$0] } + (chosen.count > 3 ? [Array(chosen.dropFirst(3))] : [])
            for step in steps {
                let current = ProjectGraph(document: try PBXProjectReader.parse(bytes, path: path))
                let found = LocalizedTables.find(in: current, projectFolder: folder).tables
                let again = try step.map { table in
                    try XCTUnwrap(
                        found.first {
                            $0.catalogPath == table.catalogPath && $0.variantGroupIDs == table.variantGroupIDs
                        },
                        "\(path): \(table.catalogPath)")
                }
                bytes = try MigrationEdit.apply(again, to: current, projectFolder: folder).bytes
            }
            XCTAssertTrue(bytes == edit.bytes, "\(path): one table at a time differs from all at once")
        }
        print("real projects: \(edited) project files edited, \(tables) tables")
    }

    /// Every string (keys and values) of a document.
    func allStrings(_ document: PBXDocument) -> Set<String> {
        var result: Set<String> = []
        for node in document.dictionaries {
            for entry in node.entries {
                result.insert(document.string(entry.key))
                if case .string(let token) = entry.value { result.insert(document.string(token)) }
            }
        }
        for node in document.arrays {
            for item in node.items { if case .string(let token) = item.value { result.insert(document.string(token)) } }
        }
        return result
    }
}
