import Foundation
import LegacyTables
import StringcatSupport
import XcodeProject
import XcodeRules

/// What `migrate` did, or would do, to one `project.pbxproj`.
public struct ProjectEditReport: Sendable {
    /// The project file edited (in the original tree).
    public var projectPath: String
    /// Where the edited file goes (under `--output DIR`, the same relative path there).
    public var outputPath: String
    /// The catalogs whose tables this edit replaces.
    public var catalogPaths: [String]
    /// The catalogs of tables in synchronized folders whose kept legacy files this edit takes out
    /// of their targets (the project does not reference those catalogs: the folder holds them).
    var synchronizedCatalogPaths: [String] = []
    /// Objects removed and added, lists changed, settings added, `objectVersion`.
    public var changes: ProjectChanges
    /// True once written; false for `--dry-run`, `--no-project`, a generated project, or a failed batch.
    public var written = false
    /// Why it is not written, when it is not.
    public var notWritten: NotWritten?
    /// The edited bytes (empty once written).
    var data: Data
    /// The bytes the edit was made from, when it replaces that very file: it is replaced only if
    /// it still holds them just before the rename (an editor saving the project meanwhile).
    var originalBytes: Data?
}

/// The project edits of a migration (docs/spec/project-edit.md#the-projectpbxproj-edit): the variant groups of the
/// tables that were migrated become catalog references, by `XcodeRules.MigrationEdit` (`EditRules`); the legacy
/// files of tables in synchronized folders that the run keeps leave their targets
/// (docs/spec/project-edit.md#synchronized-folders). One edit per project, for every migrated table of it, including
/// projects that list a table's files too.
enum ProjectEditing {
    /// The edits for the tables of `tables` that have a catalog (not failed, not empty).
    static func edits(_ project: ProjectTables, tables: [TableReport], options: MigrationOptions) -> (
        edits: [ProjectEditReport], diagnostics: [Diagnostic]
    ) {
        var groups: [String: [(LocalizedTable, String)]] = [:]
        var kept: [String: [String]] = [:]
        var synchronizedCatalogs: [String: [String]] = [:]
        var order: [String] = []
        func note(_ path: String) { if groups[path] == nil && kept[path] == nil { order.append(path) } }
        for table in tables where table.hasCatalog {
            switch table.table.origin {
            case .xcodeProject(let path):
                guard let localized = table.table.projectTable else { continue }
                for (path, localized) in [(path, localized)] + table.table.alsoInProjects.map({ ($0.path, $0.table) }) {
                    note(path)
                    groups[path, default: []].append((localized, table.catalogPath))
                }
            case .synchronizedFolder(let path):
                note(path)
                kept[path, default: []] += table.table.allFiles.map(\.path)
                synchronizedCatalogs[path, default: []].append(table.catalogPath)
            case .folder, .package:
                continue
            }
        }
        var edits: [ProjectEditReport] = []
        var diagnostics: [Diagnostic] = []
        for path in order {
            guard let file = project.projects.first(where: { $0.path == path }) else { continue }
            let tables = groups[path] ?? []
            do {
                let edit = try MigrationEdit.apply(
                    tables.map(\.0), to: file.graph, projectFolder: file.folder,
                    options: .init(
                        keptSynchronizedFiles: kept[path] ?? [], emitLocStrings: options.xcodeVersion.emitLocStrings))
                guard !edit.changes.isEmpty else { continue }
                var report = ProjectEditReport(
                    projectPath: path,
                    outputPath: outputPath(path, root: project.scan.root, output: options.outputDirectory),
                    catalogPaths: tables.map(\.1), changes: edit.changes, data: Data(edit.bytes))
                report.synchronizedCatalogPaths = synchronizedCatalogs[path] ?? []
                report.notWritten = notWritten(project, options)
                if report.outputPath == path { report.originalBytes = Data(file.graph.document.text) }
                edits.append(report)
            } catch {
                diagnostics.append(error)
                diagnostics.append(
                    .error("the project is not edited; its tables' catalogs are still written", at: .file(path)))
            }
        }
        return (edits, diagnostics)
    }

    /// Why no project file is written in this run, if so.
    static func notWritten(_ project: ProjectTables, _ options: MigrationOptions) -> NotWritten? {
        if let generator = project.generator { return .generated(generator) }
        if options.noProject { return .noProject }
        if options.dryRun { return .dryRun }
        return nil
    }

    /// Synchronized folders: after `--delete-legacy`, the exception-set entries that stood for
    /// the deleted files go (the only project change for such tables once their files are gone,
    /// docs/spec/project-edit.md#synchronized-folders).
    /// `written`: the project files this run's batch wrote, with their bytes (the edit starts
    /// from those, not from the file read back: a failing disk there would stop a run whose
    /// deletions are done).
    static func synchronizedFolderEdits(
        _ project: ProjectTables, tables: [TableReport], earlierDeleted: [String: [String]] = [:],
        written: [String: Data] = [:], options: MigrationOptions
    ) -> (edits: [ProjectEditReport], diagnostics: [Diagnostic]) {
        // Files an earlier run deleted count as deleted in the projects whose records list them.
        var deleted = earlierDeleted
        for table in tables {
            // A table of a synchronized folder, found on disk or (migrated before) from the record.
            guard !table.deletedFiles.isEmpty else { continue }
            let path: String
            switch table.table.origin {
            case .synchronizedFolder(let project), .xcodeProject(let project): path = project
            case .folder, .package: continue
            }
            deleted[path, default: []] += table.deletedFiles
        }
        // Every project with synchronized folders is looked at: an earlier run killed after its
        // deletions may have left entries of tables this run no longer finds.
        for file in project.projects where !file.localization.synchronizedFolders.isEmpty && deleted[file.path] == nil {
            deleted[file.path] = []
        }
        var edits: [ProjectEditReport] = []
        var diagnostics: [Diagnostic] = []
        for (path, files) in deleted.sorted(by: { $0.key < $1.key }) {
            // As this run left it: the bytes its edit wrote, else as it was read (the lock kept
            // other runs out; an editor's save meanwhile is caught when the edit is written).
            do {
                let graph: ProjectGraph
                if let bytes = written[path] {
                    graph = ProjectGraph(document: try PBXProjectReader.parse([UInt8](bytes), path: path))
                } else if let file = project.projects.first(where: { $0.path == path }) {
                    graph = file.graph
                } else {
                    graph = try ProjectGraph(path: path)
                }
                let folder = PathResolver.projectFolder(ofProjectFile: path)
                let edit = try MigrationEdit.apply(
                    [], to: graph, projectFolder: folder,
                    options: .init(deletedFiles: files, staleSynchronizedEntries: true))
                guard !edit.changes.isEmpty else { continue }
                var report = ProjectEditReport(
                    projectPath: path, outputPath: path, catalogPaths: [], changes: edit.changes, data: Data(edit.bytes)
                )
                report.notWritten = notWritten(project, options)
                report.originalBytes = Data(graph.document.text)
                edits.append(report)
            } catch {
                diagnostics.append(error)
            }
        }
        return (edits, diagnostics)
    }

    static func outputPath(_ path: String, root: String, output: String?) -> String {
        guard let output else { return path }
        let base = URL(fileURLWithPath: output).standardizedFileURL.path
        return base + "/" + TableGrouper.relative(path, to: root)
    }
}
