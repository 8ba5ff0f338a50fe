import AppBundles
import Foundation
import LegacyTables
import StringcatSupport
import XcodeProject

/// Where one table stands in a migration done table by table.
public enum TableState: String, Sendable {
    /// Legacy files, no catalog yet.
    case legacyOnly = "legacy only"
    /// Catalog and legacy files both on disk (`migrate` without `--delete-legacy`, or files
    /// `--delete-legacy` kept).
    case halfMigrated = "half-migrated"
    /// The catalog is referenced by the project and no legacy file of it is left.
    case migrated
    /// A catalog with no legacy files, that no project references (a bare folder or a package, or
    /// a project that does not list it).
    case catalogOnly = "catalog only"
}

/// One line of `stringcat status`.
public struct TableStatus: Sendable {
    public var name: String
    public var catalogPath: String
    public var state: TableState
    /// Legacy files of the table still on disk.
    public var legacyFiles: [String]
    /// How the project sees the table: nil when there is no project, or it references neither
    /// the legacy files nor the catalog.
    public var projectReference: ProjectReferenceState?
    /// Legacy files of the table's name beside its catalog that are not the table's (left alone
    /// by the migration, as Xcode leaves files in no variant group), with the reason.
    public var leftAlone: [LeftAloneFile] = []
    /// Legacy files of the table an earlier `--delete-legacy` kept, with its reason.
    public var kept: [LeftAloneFile] = []
}

/// What the project references for a table.
public enum ProjectReferenceState: String, Sendable {
    /// The variant group (legacy files) is in the project; the catalog is not.
    case legacyGroup = "project lists the legacy files"
    /// The catalog is referenced; the legacy files are not.
    case catalog = "project references the catalog"
    /// Both: the variant group and a reference to the catalog.
    case both = "project lists both the legacy files and the catalog"
    /// A synchronized folder holds the catalog.
    case synchronizedFolder = "in a synchronized folder"
}

/// `stringcat status`.
public struct StatusReport: Sendable {
    public var root: String
    public var tables: [TableStatus]
    /// Project file references that point at files no longer on disk.
    public var missingReferences: [(project: String, path: String)]
    public var diagnostics: [Diagnostic]
    /// Legacy files in no table, each with the reason (as `migrate` says them).
    public var filesLeftAlone: [LeftAloneFile] = []
    /// `.lproj` folders skipped: in bundles, frameworks, dependency folders, packages not read, or excluded.
    public var skippedFolders: [String] = []
    /// Packages whose tables are not read, with whose they are.
    public var skippedPackages: [TreePackage] = []
    /// Each target that builds anything localized, with the languages its bundle offers.
    public var targets: [TargetStatus] = []
}

/// What one target's bundle offers now (`AppModel`).
public struct TargetStatus: Sendable {
    /// `Mattermost (iOS app)`.
    public var title: String
    /// The project file or manifest that declares it.
    public var declaredIn: String
    /// Its languages, canonical codes sorted.
    public var languages: [String]
    /// The tables it builds, sorted.
    public var tables: [String]
    /// What stops its build.
    public var failures: [BuildFailure]
}

/// `stringcat status`: one line per table, for a user migrating table by table: which tables are
/// still legacy, which are half-migrated, which are done, and whether the project agrees.
public enum MigrationStatus {
    public static func status(_ path: String, search: TableSearch = TableSearch(requireTables: false)) -> StatusReport {
        let project = ProjectTables.find(path, search)
        var report = StatusReport(
            root: project.scan.root, tables: [], missingReferences: [],
            diagnostics: project.diagnostics.filter(\.isError))
        report.filesLeftAlone = project.filesLeftAlone
        report.skippedFolders = project.skippedFolders
        report.skippedPackages = project.packagesInTree.filter { $0.readBecause == nil }
        let references = project.projects.map {
            ($0.path, ProjectReferences(graph: $0.graph, projectFolder: $0.folder))
        }
        let fm = FileManager.default
        func projectState(catalog: String, hasGroup: Bool) -> ProjectReferenceState? {
            guard !references.isEmpty else { return nil }
            var referenced = false
            for (_, refs) in references {
                switch refs.reference(to: catalog) {
                case .fileReference: referenced = true
                case .synchronizedFolder: if !hasGroup { return .synchronizedFolder }
                case nil: break
                }
            }
            switch (hasGroup, referenced) {
            case (true, true): return .both
            case (true, false): return .legacyGroup
            case (false, true): return .catalog
            case (false, false): return nil // neither: nothing to say
            }
        }
        var seen: Set<String> = []
        for table in project.tables {
            seen.insert(table.catalogPath)
            // A catalog that cannot be looked at is said, not taken for one that is missing.
            let hasCatalog: Bool
            do {
                hasCatalog = try project.scan.probe.exists(table.catalogPath)
            } catch {
                report.diagnostics.append(error.diagnostic)
                hasCatalog = false
            }
            let hasGroup = table.projectTable != nil
            report.tables.append(
                TableStatus(
                    name: table.name, catalogPath: table.catalogPath, state: hasCatalog ? .halfMigrated : .legacyOnly,
                    legacyFiles: table.allFiles.map(\.path),
                    projectReference: projectState(catalog: table.catalogPath, hasGroup: hasGroup)))
        }
        // Tables a migration replaced in the project and kept the legacy files of (its record).
        for table in project.leftoverTables where seen.insert(table.catalogPath).inserted {
            var status = TableStatus(
                name: table.name, catalogPath: table.catalogPath, state: .halfMigrated,
                legacyFiles: table.allFiles.map(\.path),
                projectReference: projectState(catalog: table.catalogPath, hasGroup: false))
            status.kept = table.allFiles.compactMap { file in
                table.keptReasons[file.path].map { LeftAloneFile(path: file.path, reason: $0) }
            }
            report.tables.append(status)
        }
        for catalog in project.scan.catalogs where !seen.contains(catalog) {
            let name = ((catalog as NSString).lastPathComponent as NSString).deletingPathExtension
            let state = projectState(catalog: catalog, hasGroup: false)
            let done: TableState = state == .catalog || state == .synchronizedFolder ? .migrated : .catalogOnly
            report.tables.append(
                TableStatus(name: name, catalogPath: catalog, state: done, legacyFiles: [], projectReference: state))
        }
        let beside = Dictionary(grouping: project.leftAloneBesideCatalogs, by: \.catalog)
        for index in report.tables.indices {
            report.tables[index].leftAlone = beside[report.tables[index].catalogPath]?.map(\.file) ?? []
        }
        report.tables.sort { $0.catalogPath < $1.catalogPath }
        let contents = ReadingContents()
        report.targets = AppModel(project).bundles.map { bundle in
            TargetStatus(
                title: bundle.title, declaredIn: bundle.owner.declaringFile,
                languages: bundle.languages(contents).map(\.canonical).sorted(), tables: bundle.tableNames,
                failures: bundle.failures)
        }
        for (path, refs) in references {
            var unreadable: [FileProbe.Failure] = []
            let missingFiles = refs.missingFiles(exists: { path in
                do throws(FileProbe.Failure) { return try project.scan.probe.exists(path) } catch {
                    unreadable.append(error)
                    return true // not called missing: said as unreadable below
                }
            })
            report.diagnostics += unreadable.map(\.diagnostic)
            for missing in missingFiles where isLocalization(missing.path) {
                report.missingReferences.append((path, missing.path))
            }
        }
        return report
    }

    /// Only localization files count as dangling here: other missing references (build products,
    /// files generated at build time) are none of the migration's business.
    private static func isLocalization(_ path: String) -> Bool {
        path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") || path.hasSuffix(".xcstrings")
    }
}
