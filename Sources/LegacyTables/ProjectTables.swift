import Foundation
import StringcatSupport
import XcodeProject

/// How `ProjectTables.find` looks for tables.
public struct TableSearch: Sendable {
    /// Only these tables (names compared case-insensitively); empty = every table.
    public var tables: [String] = []
    /// The development language; nil = as the project declares it.
    public var sourceLanguage: String?
    /// When true, a project without any legacy file is an error (`migrate`); `verify` and
    /// `status` pass false, since a finished migration has none left.
    public var requireTables = true
    /// Every `.lproj` on disk, as a bare folder would be read, even in an Xcode project
    /// (`--all-files`).
    public var allFiles = false
    /// `.lproj` folders or legacy files to leave alone (`--exclude GLOB`, relative to the root).
    public var excludes: [String] = []

    public init(tables: [String] = [], sourceLanguage: String? = nil, requireTables: Bool = true) {
        self.tables = tables
        self.sourceLanguage = sourceLanguage
        self.requireTables = requireTables
    }
}

/// An Xcode project found under the root, parsed, with the tables its variant groups hold.
public struct XcodeProjectFile: Sendable {
    /// `…/App.xcodeproj/project.pbxproj`.
    public var path: String
    /// The folder holding the `.xcodeproj` (paths in the project are relative to it).
    public var folder: String
    public var graph: ProjectGraph
    public var localization: ProjectLocalization
}

/// The tables of a project, found the way `migrate`, `verify` and `status` all find them.
///
/// - With an Xcode project (`PATH` is or contains an `.xcodeproj`), the tables are its localized
///   variant groups (xcode-project.md F1-F5, L1-L4): only their children are read; `.lproj`
///   files in no variant group are left alone (listed in `filesLeftAlone`). Tables in Xcode 16
///   synchronized folders are found on disk. Several projects are fine: each table belongs to the
///   project whose variant group holds it.
/// - A Swift package's `.lproj` folders (not claimed by a project) are tables with catalogs beside
///   them (S1).
/// - Otherwise, or with `allFiles`, every `.lproj` on disk (S3, today's folder behaviour).
/// In every mode `.lproj` folders inside bundles, frameworks and apps are skipped (§5).
public struct ProjectTables: Sendable {
    public var scan: ProjectScan
    public var sourceLanguage: SourceLanguage
    public var tables: [LegacyTable]
    public var diagnostics: [Diagnostic]
    /// The Xcode projects read (empty in folder mode).
    public var projects: [XcodeProjectFile] = []
    /// Legacy files on disk that no table takes: in no variant group of a project (F1).
    public var filesLeftAlone: [String] = []
    /// Files left alone that sit beside a catalog already on disk, grouped as a folder would be
    /// (`<folder>/xx.lproj/T.strings` beside `<folder>/T.xcstrings`): what a migration without
    /// `--delete-legacy` left behind, or languages Xcode's migration did not take. They are not
    /// migrated again; `migrate --delete-legacy` deletes those the catalog provably holds.
    public var leftoverTables: [LegacyTable] = []
    /// `.lproj` folders skipped because they are inside a bundle, framework, app or dependency
    /// folder (§5), or excluded with `--exclude`.
    public var skippedFolders: [String] = []
    /// Set when the Xcode project is generated (XcodeGen, Tuist) or ignored by git: project files
    /// must not be edited, the user regenerates them.
    public var generator: ProjectGenerator?
    /// The package manifests whose `.lproj` folders are tables.
    public var packages: [PackageManifest] = []

    public static func find(_ path: String, tables names: [String], sourceLanguage explicit: String?, requireTables: Bool = true) -> ProjectTables {
        find(path, TableSearch(tables: names, sourceLanguage: explicit, requireTables: requireTables))
    }

    public static func find(_ path: String, _ search: TableSearch) -> ProjectTables {
        // `PATH` may be the `.xcodeproj` itself (or its `project.pbxproj`): its folder is the
        // root, and that project is the only one read.
        var only: String?
        var root = path
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        if standardized.hasSuffix(".xcodeproj") || standardized.hasSuffix(".xcodeproj/project.pbxproj") {
            let bundle = standardized.hasSuffix(".xcodeproj") ? standardized : (standardized as NSString).deletingLastPathComponent
            only = bundle + "/project.pbxproj"
            root = (bundle as NSString).deletingLastPathComponent
        }
        var scan = LprojScanner.scan(root)
        if let only { scan.projectFiles = scan.projectFiles.filter { $0 == only } }
        let (source, sourceDiagnostics) = SourceLanguageDetector.detect(explicit: search.sourceLanguage, projectFiles: scan.projectFiles, root: scan.root)
        var project = ProjectTables(scan: scan, sourceLanguage: source, tables: [], diagnostics: scan.diagnostics + sourceDiagnostics)
        if scan.diagnostics.containsError { return project }
        project.generator = ProjectGenerator.detect(root: scan.root, projectFiles: scan.projectFiles)

        // Folders that are not tables of this project: bundles and what --exclude names.
        var folders: [LprojFolder] = []
        for folder in scan.lprojFolders {
            if BundleFolders.isInsideBundle(folder.path, root: scan.root) || ExcludeGlob.matches(search.excludes, folder.path, root: scan.root) {
                project.skippedFolders.append(folder.path)
            } else {
                folders.append(folder)
            }
        }

        var all: [LegacyTable] = []
        var claimed: Set<String> = []
        if !search.allFiles {
            for pbxproj in scan.projectFiles where pbxproj.hasSuffix("/project.pbxproj") {
                guard let (file, tables) = projectTables(pbxproj, folders: folders, claimed: &claimed, source: source.code, search: search,
                                                         diagnostics: &project.diagnostics) else { continue }
                project.projects.append(file)
                for table in tables {
                    // A second project listing the same files (an app and its example app): one
                    // catalog, and both projects are edited.
                    if let index = all.firstIndex(where: { $0.catalogPath == table.catalogPath }), let localized = table.projectTable {
                        all[index].alsoInProjects.append((pbxproj, localized))
                    } else {
                        all.append(table)
                    }
                }
            }
            for manifest in scan.projectFiles where manifest.hasSuffix("/Package.swift") {
                let package = PackageManifest.read(manifest)
                let root = (manifest as NSString).deletingLastPathComponent
                let mine = folders.filter { $0.path.hasPrefix(root + "/") && !claimed.contains($0.path) && !isInNestedPackage($0.path, root, scan) }
                guard !mine.isEmpty else { continue }
                project.packages.append(package)
                project.diagnostics += package.warnings
                let grouping = TableGrouper.group(mine, sourceLanguage: source.code, origin: .package(manifest), projectCodes: true)
                project.diagnostics += grouping.diagnostics
                all += grouping.tables
                claimed.formUnion(mine.map(\.path))
            }
        }
        if project.projects.isEmpty && project.packages.isEmpty {
            let grouping = TableGrouper.group(folders, sourceLanguage: source.code)
            project.diagnostics += grouping.diagnostics
            all = grouping.tables
        } else {
            let taken = Set(all.flatMap(\.allFiles).map(\.path))
            var untaken: [LprojFolder] = []
            for folder in folders {
                var rest = folder
                rest.files = folder.files.filter { !taken.contains(folder.path + "/" + $0) }
                for file in rest.files where file.hasSuffix(".strings") || file.hasSuffix(".stringsdict") {
                    project.filesLeftAlone.append(folder.path + "/" + file)
                }
                // Storyboards and xibs too: they tell an Interface Builder table (`mul.lproj`).
                if rest.files.contains(where: { [".strings", ".stringsdict", ".storyboard", ".xib"].contains(where: $0.hasSuffix) }) { untaken.append(rest) }
            }
            let catalogs = Set(scan.catalogs)
            project.leftoverTables = TableGrouper.group(untaken, sourceLanguage: source.code, projectCodes: true).tables
                .filter { leftover in catalogs.contains(leftover.catalogPath) && !all.contains { $0.catalogPath == leftover.catalogPath } }
            let leftoverFiles = Set(project.leftoverTables.flatMap(\.allFiles).map(\.path))
            project.filesLeftAlone.removeAll { leftoverFiles.contains($0) }
        }
        all.sort { ($0.catalogPath, $0.name) < ($1.catalogPath, $1.name) }

        project.tables = all
        if !search.tables.isEmpty {
            let wanted = Set(search.tables.map { $0.lowercased() })
            project.tables = all.filter { wanted.contains($0.name.lowercased()) }
            project.leftoverTables = project.leftoverTables.filter { wanted.contains($0.name.lowercased()) }
            let found = Set((project.tables + project.leftoverTables).map { $0.name.lowercased() })
            for name in search.tables where !found.contains(name.lowercased()) {
                project.diagnostics.append(.error("no table named \(name) in this project", at: .file(scan.root)))
            }
        }
        if all.isEmpty && (search.requireTables || scan.catalogs.isEmpty) && !project.hasMigratedProject {
            if !project.projects.isEmpty && !project.filesLeftAlone.isEmpty {
                project.diagnostics.append(.error("the Xcode project lists no localized variant group, and Xcode's migration reads only those; \(project.filesLeftAlone.count) legacy files on disk are in none (--all-files migrates every .lproj as a folder)", at: .file(scan.root)))
            } else {
                project.diagnostics.append(.error("no .strings or .stringsdict files in any .lproj folder here", at: .file(scan.root)))
            }
        }
        return project
    }

    /// True when an Xcode project here has no variant group left but references catalogs: a
    /// migration already ran, and finding nothing to do is not an error.
    public var hasMigratedProject: Bool {
        projects.contains { project in
            project.localization.tables.isEmpty && project.graph.objects(isa: "PBXFileReference").contains {
                project.graph.string("lastKnownFileType", of: $0.id) == "text.json.xcstrings"
            }
        }
    }

    /// The tables of one Xcode project: its variant groups, then its synchronized folders.
    private static func projectTables(_ pbxproj: String, folders: [LprojFolder], claimed: inout Set<String>, source: String,
                                      search: TableSearch, diagnostics: inout [Diagnostic]) -> (XcodeProjectFile, [LegacyTable])? {
        let graph: ProjectGraph
        do {
            graph = try ProjectGraph(path: pbxproj)
        } catch {
            diagnostics.append(error)
            diagnostics.append(.error("the project file does not parse: none of its tables is migrated and it is not edited", at: .file(pbxproj)))
            return nil
        }
        let projectFolder = PathResolver.projectFolder(ofProjectFile: pbxproj)
        let localization = LocalizedTables.find(in: graph, projectFolder: projectFolder)
        diagnostics += graph.diagnostics + localization.diagnostics
        let fm = FileManager.default
        var tables: [LegacyTable] = []
        var missing: [String] = []
        for localized in localization.tables {
            var table = LegacyTable(name: localized.name, folder: PathResolver.parent(localized.catalogPath) , isInterfaceBuilder: localized.isInterfaceBuilder,
                                    files: [], shadowedFiles: [], catalogPath: localized.catalogPath)
            if localized.isInterfaceBuilder { table.folder = PathResolver.parent(table.folder) }
            table.origin = .xcodeProject(pbxproj)
            table.projectTable = localized
            var files: [LegacyFile] = []
            for file in localized.files {
                guard fm.fileExists(atPath: file.path) else {
                    missing.append(file.path)
                    continue
                }
                if ExcludeGlob.matches(search.excludes, file.path, root: projectFolder) { continue }
                files.append(LegacyFile(path: file.path, kind: file.kind == .strings ? .strings : .stringsdict, lprojName: file.lprojFolder,
                                        language: LanguageCode.forProjectLproj(file.lprojFolder, sourceLanguage: source)))
                claimed.insert(PathResolver.parent(file.path))
            }
            // A table none of whose files is on disk (a variant group of files that are gone)
            // has nothing to migrate; its group is left as it is.
            guard !files.isEmpty else { continue }
            var grouped: [Diagnostic] = []
            TableGrouper.pickFiles(files, into: &table, diagnostics: &grouped)
            diagnostics += grouped
            tables.append(table)
        }
        if !missing.isEmpty {
            let shown = missing.prefix(3).map { PathResolver.relative($0, from: projectFolder) }.joined(separator: ", ")
            diagnostics.append(.warning("\(missing.count) files of the project's variant groups are not on disk and are not read (\(shown)\(missing.count > 3 ? ", …" : ""))", at: .file(pbxproj)))
        }
        for (group, reason) in localization.skipped.map({ ($0.name, $0.reason) }) {
            diagnostics.append(.note("variant group \(group) is left alone: \(reason)", at: .file(pbxproj)))
        }
        // Synchronized folders (Xcode 16): their tables are found on disk.
        for synchronized in localization.synchronizedFolders {
            let inside = folders.filter { $0.path.hasPrefix(synchronized + "/") && !claimed.contains($0.path) }
            guard !inside.isEmpty else { continue }
            let grouping = TableGrouper.group(inside, sourceLanguage: source, origin: .synchronizedFolder(pbxproj), projectCodes: true)
            diagnostics += grouping.diagnostics
            tables += grouping.tables
            claimed.formUnion(inside.map(\.path))
        }
        if !localization.synchronizedFolders.isEmpty && tables.contains(where: { if case .synchronizedFolder = $0.origin { return true } else { return false } }) {
            diagnostics.append(.note("tables in synchronized folders are read from disk; the project changes only where an exception set names a deleted file (inferred: no Xcode migration of such a project was found)", at: .file(pbxproj)))
        }
        return (XcodeProjectFile(path: pbxproj, folder: projectFolder, graph: graph, localization: localization), tables)
    }

    private static func isInNestedPackage(_ path: String, _ root: String, _ scan: ProjectScan) -> Bool {
        scan.projectFiles.contains { manifest in
            guard manifest.hasSuffix("/Package.swift") else { return false }
            let other = (manifest as NSString).deletingLastPathComponent
            return other != root && other.hasPrefix(root + "/") && path.hasPrefix(other + "/")
        }
    }
}
