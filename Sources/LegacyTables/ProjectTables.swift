import Foundation
import Languages
import StringcatSupport
import XcodeProject
import XcodeRules

/// An Xcode project found under the root, parsed, with the tables its variant groups hold.
public struct XcodeProjectFile: Sendable {
    /// `…/App.xcodeproj/project.pbxproj`.
    public var path: String
    /// The folder holding the `.xcodeproj` (paths in the project are relative to it).
    public var folder: String
    public var graph: ProjectGraph
    public var localization: ProjectLocalization
    /// The development language of this project's tables and why (`SourceLanguage.decide`).
    public var source: SourceLanguage
    /// The record of a migration that kept its legacy files (`MigrationRecord`), as read.
    public var record: MigrationRecord?
    /// The development language's code as the project spells it.
    public var sourceLanguage: String { source.code }
    /// Where that record is (or goes).
    public var recordPath: String { MigrationRecord.path(forProjectFile: path) }
}

/// A Swift package inside the tree: whose it is, and whether its tables are read.
public struct TreePackage: Sendable {
    public var manifest: PackageManifest
    public var ownership: PackageOwnership
    /// Why its tables are read, or nil when they are not.
    public var readBecause: Reason?

    /// Why a package's tables are read; `description` is how the output and `--json` say it.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// `--include` names it.
        case included
        /// It is the user's own (`PackageOwnership`): the evidence.
        case own(evidence: String)

        public var description: String {
            switch self {
            case .included: "--include"
            case .own(let evidence): evidence
            }
        }
    }
    /// Why its tables are not read, with the option that changes it; nil when they are.
    public var skippedBecause: String? {
        guard readBecause == nil else { return nil }
        switch ownership.kind {
        case .own: return "excluded (--exclude)"
        case .thirdParty: return "third-party code, \(ownership.evidence) (--include PATH migrates it)"
        case .unused: return "\(ownership.evidence) (--include PATH migrates it)"
        }
    }
}

/// The one model of the user's tree (docs/spec/project-tree.md): its projects and workspaces,
/// its packages and whose they are, the tables with their files and languages, the source
/// language of each, the files left alone with their reason, and what earlier runs recorded.
/// `migrate` (every option), `status`, `verify`, `compile` and the reports all read it, so they
/// agree on what a table is.
///
/// - With an Xcode project (`PATH` is or contains an `.xcodeproj`), the tables are its localized
///   variant groups (docs/spec/project-edit.md#the-unit-of-migration-is-the-variant-group, #where-catalogs-go,
/// #one-variant-group-per-language): only their children are read; `.lproj`   files in no variant group are left alone
/// (`filesLeftAlone`, with the reason), unless   `--all-files`. A group whose catalog the project already references (a
/// migration replaced   it) is a table of the files the migration's record says it kept (`leftoverTables`); without
///   a record (Xcode's migration deletes what it migrates) legacy files beside the catalog were
///   left alone, and stay so. Tables in Xcode 16 synchronized folders are found on disk. Each
///   table belongs to the project whose group holds it, and takes that project's source language.
/// - Packages (`Package.swift`): the user's own (`PackageOwnership`: the package at PATH, or one
///   the tree uses by path) and those named with `--include` have the `.lproj` folders of their
///   targets as tables, with catalogs beside them (docs/spec/project-edit.md#a-swift-package); files an Xcode project
/// lists are never   read again as package tables. Third-party and unused packages are skipped, with the evidence.
/// - Otherwise (no project, no package of the user's) every `.lproj` on disk
///   (docs/spec/project-edit.md#no-project-at-all).
/// In every mode `.lproj` folders inside bundles, frameworks and apps are skipped
/// (docs/spec/project-edit.md#files-xcode-leaves-alone). A project file that does not parse stops every table under its
/// folder (an error; `noProject` and `allFiles` read that folder as a bare one instead). Tables an earlier run took
/// with `--all-files` or `--include` are found again from its record, whatever the options now.
public struct ProjectTables: Sendable {
    public var scan: ProjectScan
    /// The run's development language, for its report: `--source-language`, else that of the
    /// first project with tables, else the first owner's that declares one. Each table has its
    /// own (`LegacyTable.sourceLanguage`).
    public var sourceLanguage: SourceLanguage
    public var tables: [LegacyTable]
    public var diagnostics: [Diagnostic]
    /// The Xcode projects read (empty in folder mode).
    public var projects: [XcodeProjectFile] = []
    /// Legacy files on disk that no table takes, each with the reason.
    public var filesLeftAlone: [LeftAloneFile] = []
    /// Tables a migration already replaced in the project (their catalog is referenced) whose
    /// legacy files it kept, as its record says: not migrated again; `--delete-legacy` deletes
    /// those the catalog provably holds.
    public var leftoverTables: [LegacyTable] = []
    /// `.lproj` folders skipped because they are inside a bundle, framework, app or dependency
    /// folder (docs/spec/project-edit.md#files-xcode-leaves-alone), inside a package that is not read, or excluded with
    /// `--exclude`.
    public var skippedFolders: [String] = []
    /// `Package.swift` files of packages inside the tree whose tables are not read.
    public var skippedPackages: [String] { packagesInTree.filter { $0.readBecause == nil }.map(\.manifest.path) }
    /// Project files that do not parse: nothing under their folders is migrated.
    public var stoppedProjects: [String] = []
    /// Set when the Xcode project is generated (XcodeGen, Tuist) or ignored by git: project files
    /// must not be edited, the user regenerates them.
    public var generator: ProjectGenerator?
    /// Every package of the tree with whose it is (`PackageOwnership`).
    public var packagesInTree: [TreePackage] = []
    /// The package manifests whose `.lproj` folders are tables.
    public var packages: [PackageManifest] { packagesInTree.filter { $0.readBecause != nil }.map(\.manifest) }
    /// Options earlier runs recorded that this model applies (`--include vendor/Pkg`).
    public var recordedOptions: [String] = []

    public static func find(
        _ path: String, tables names: [String], sourceLanguage explicit: String?, requireTables: Bool = true
    ) -> ProjectTables {
        find(path, TableSearch(tables: names, sourceLanguage: explicit, requireTables: requireTables))
    }

    public static func find(_ path: String, _ search: TableSearch) -> ProjectTables {
        // `PATH` may be the `.xcodeproj` itself (or its `project.pbxproj`): its folder is the
        // root, and that project is the only one read.
        var only: String?
        var root = path
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        if standardized.hasSuffix(".xcodeproj") || standardized.hasSuffix(".xcodeproj/project.pbxproj") {
            let bundle =
                standardized.hasSuffix(".xcodeproj")
                ? standardized : (standardized as NSString).deletingLastPathComponent
            only = bundle + "/project.pbxproj"
            root = (bundle as NSString).deletingLastPathComponent
        }
        var scan = LprojScanner.scan(root, probe: search.probe)
        // PATH inside an Xcode project's folder (`migrate App/Resources`): its tables are that
        // project's, read and edited as a run on the project reads and edits them. Read as a bare
        // folder, `--delete-legacy` would delete files the project still references.
        if only == nil, !search.allFiles, scan.projectFiles.isEmpty, scan.isComplete {
            do {
                if let enclosing = try enclosingProjectFolder(of: scan.root, probe: scan.probe) {
                    return find(scan.root, inside: enclosing, search)
                }
            } catch {
                scan.unreadable(error)
            }
        }
        if let only {
            scan.projectFiles = scan.projectFiles.filter {
                $0 == only || $0.hasSuffix("/Package.swift") && $0 != scan.root + "/Package.swift"
            }
        }
        var tree = ProjectTables(
            scan: scan, sourceLanguage: SourceLanguage.fallback, tables: [], diagnostics: scan.diagnostics)
        guard scan.isComplete else { return tree }
        do {
            try fill(&tree, search)
        } catch {
            tree.stop(error)
        }
        return tree
    }

    /// A file of the tree that could not be read (not "not there"): no table is found, so
    /// nothing is written or deleted; the error names the file and the errno.
    mutating func stop(_ failure: FileProbe.Failure) {
        tables = []
        leftoverTables = []
        filesLeftAlone = []
        scan.isComplete = false
        diagnostics.append(failure.diagnostic)
    }

    /// Everything after the scan: projects, packages, records, and their tables.
    private static func fill(_ tree: inout ProjectTables, _ search: TableSearch) throws(FileProbe.Failure) {
        tree.generator = try ProjectGenerator.detect(
            root: tree.scan.root, projectFiles: tree.scan.projectFiles,
            tuistManifests: tree.scan.evidenceFiles.filter { PathResolver.lastComponent($0) == "Project.swift" },
            probe: tree.scan.probe)
        var filling = Filling(tree: tree, search: search)
        // A step that fails leaves the tree as the steps before it made it (`stop` then empties it).
        defer { tree = filling.tree }
        try filling.openProjects()
        try filling.decidePackages()
        filling.setAsideFoldersNotRead()
        try filling.takeProjectTables()
        try filling.takeLooseRecordTables()
        filling.takePackageTables()
        filling.leaveTablesWithExcludedFilesAlone()
        filling.takeFolderTables()
        filling.listFilesLeftAlone()
        filling.listLooseFilesLeftAlone()
        filling.dropTablesUnderStoppedProjects()
        filling.dropCatalogsInsideLproj()
        filling.finish()
    }

    /// The nearest folder above `folder` that holds an Xcode project (`X.xcodeproj/project.pbxproj`),
    /// looking no higher than the top of the git work tree `folder` is in, nor past a folder with
    /// a `Package.swift` and no project (a package owns what is under it: `vendor/Pkg/Sources/…`).
    static func enclosingProjectFolder(of folder: String, probe: FileProbe) throws(FileProbe.Failure) -> String? {
        var current = folder
        while current != "/" && !current.isEmpty {
            if try probe.exists(current + "/.git") { return nil }
            current = PathResolver.parent(current)
            // A folder above that cannot be listed is not one without a project: a run on
            // `App/Resources` would read it as a bare folder and delete what the project lists.
            guard let entries = DirectoryNames.list(current)?.names else {
                let code = errno
                if FileProbe.isAbsence(code) || code == EACCES { return nil }
                throw FileProbe.Failure(path: current, code: code)
            }
            for entry in entries where entry.hasSuffix(".xcodeproj") {
                if try probe.exists(current + "/" + entry + "/project.pbxproj") { return current }
            }
            if entries.contains("Package.swift") { return nil }
        }
        return nil
    }

    /// The tables of the project in `enclosing` that lie under `path` (their folder or their
    /// catalog), as a run on the whole project finds them.
    static func find(_ path: String, inside enclosing: String, _ search: TableSearch) -> ProjectTables {
        var project = find(enclosing, search)
        let wholeProject = project.tables + project.leftoverTables
        let inside = { (candidate: String) in candidate == path || candidate.hasPrefix(path + "/") }
        // A table is under PATH when the folder holding its `.lproj` folders is (or its catalog):
        // a run on `de.lproj` is no run on every table that has a German file.
        let under = { (table: LegacyTable) in inside(table.catalogPath) || inside(table.folder) }
        project.tables = project.tables.filter(under)
        project.leftoverTables = project.leftoverTables.filter(under)
        project.filesLeftAlone = project.filesLeftAlone.filter { inside($0.path) }
        project.skippedFolders = project.skippedFolders.filter(inside)
        project.scan.catalogs = project.scan.catalogs.filter(inside)
        // Named from PATH: `../App.xcodeproj`.
        let up = String(repeating: "../", count: path.dropFirst(enclosing.count).split(separator: "/").count)
        let projectNames = project.projects.map {
            up + TableGrouper.relative(PathResolver.parent($0.path), to: enclosing)
        }.joined(separator: ", ")
        project.diagnostics.append(
            .note(
                "this folder is inside the Xcode project \(projectNames): its tables here are read (and migrated) as "
                    + "that project's, and the project is edited for them (--all-files reads this folder alone)",
                at: .file(path)))
        // A name the whole project lacks was said by `find`; one it has elsewhere is said here.
        for name in search.tables
        where wholeProject.contains(where: { selects(name, $0, root: enclosing) })
            && !(project.tables + project.leftoverTables).contains(where: { selects(name, $0, root: enclosing) })
        {
            project.diagnostics.append(.error("no table named \(name) under this folder", at: .file(path)))
        }
        if LprojFolderName.isLproj(path) {
            project.tables = []
            project.leftoverTables = []
            project.diagnostics.append(
                .error(
                    "an .lproj folder holds one language of its tables, and a catalog holds every language: run "
                        + "stringcat on the folder that holds the .lproj folders "
                        + "(\(PathResolver.lastComponent(PathResolver.parent(path)))), or on the project",
                    at: .file(path)))
        } else if project.tables.isEmpty && project.leftoverTables.isEmpty && project.scan.catalogs.isEmpty
            && search.requireTables && !project.diagnostics.containsError
        {
            let alone = project.filesLeftAlone.count
            project.diagnostics.append(
                .error(
                    "no table of the Xcode project \(projectNames) lies under this folder"
                        + (alone > 0
                            ? "; its \(counted(alone, "legacy file")) \(alone == 1 ? "is" : "are") in no variant group "
                                + "(--all-files reads this folder alone)"
                            : ""),
                    at: .file(path)))
        }
        return project
    }

    /// True when `argument` of `--table` names `table`: its name, or a path ending in its name
    /// (`Share Extension/InfoPlist`), compared case-insensitively.
    static func selects(_ argument: String, _ table: LegacyTable, root: String) -> Bool {
        selects(argument, catalogPath: table.catalogPath, root: root, name: table.name)
    }

    /// True when `argument` of `--table` names the table of the catalog at `catalogPath` (named
    /// `name`, by default the catalog's file name without `.xcstrings`).
    static func selects(_ argument: String, catalogPath: String, root: String, name: String? = nil) -> Bool {
        let name = name ?? String(PathResolver.lastComponent(catalogPath).dropLast(".xcstrings".count))
        guard argument.contains("/") else { return argument.lowercased() == name.lowercased() }
        var relative = TableGrouper.relative(catalogPath, to: root).replacingOccurrences(
            of: "/" + LprojFolderName.multilingualFolder + "/", with: "/")
        if relative.hasPrefix(LprojFolderName.multilingualFolder + "/") {
            relative.removeFirst((LprojFolderName.multilingualFolder + "/").count)
        }
        relative = String(relative.dropLast(".xcstrings".count)).lowercased()
        let wanted = argument.trimmingCharacters(in: CharacterSet(charactersIn: "/")).lowercased()
        return relative == wanted || relative.hasSuffix("/" + wanted)
    }

    /// True when the legacy file at `path` is one of `table`'s languages: in an `.lproj` folder
    /// of the table's folder, of the table's name.
    static func isFile(_ path: String, of table: LegacyTable) -> Bool {
        let lproj = PathResolver.parent(path)
        guard LprojFolderName.of(folder: PathResolver.lastComponent(lproj)) != nil,
            PathResolver.parent(lproj) == table.folder
                || table.allFiles.contains(where: {
                    PathResolver.parent(PathResolver.parent($0.path)) == PathResolver.parent(lproj)
                })
        else { return false }
        let name = PathResolver.lastComponent(path)
        return (name.hasSuffix(".strings") || name.hasSuffix(".stringsdict"))
            && LocalizedTables.tableName(name).lowercased() == table.name.lowercased()
    }

    /// The `.lproj` folder (other than `mul.lproj`) a catalog path lies in directly, if any.
    static func misplacedLproj(_ catalogPath: String) -> String? {
        let folder = PathResolver.lastComponent(PathResolver.parent(catalogPath))
        return LprojFolderName.isLproj(folder) && folder != LprojFolderName.multilingualFolder ? folder : nil
    }

    /// True when an Xcode project here has no variant group left with a file on disk but
    /// references catalogs, or holds them in its synchronized folders: a migration already ran, and
    /// finding nothing to do is not an error. (A group whose files are all missing, a reference
    /// the project had broken before, stays in the project after the migration and is warned
    /// about; it does not make a re-run fail.)
    public var hasMigratedProject: Bool {
        projects.contains { project in
            let tablesLeft = project.localization.tables.contains { table in
                table.files.contains { FileManager.default.fileExists(atPath: $0.path) }
            }
            guard !tablesLeft else { return false }
            let referenced = project.graph.objects(.fileReference).contains {
                project.graph.string("lastKnownFileType", of: $0.id) == "text.json.xcstrings"
            }
            let synchronized = scan.catalogs.contains { catalog in
                project.localization.synchronizedFolders.contains { catalog.hasPrefix($0 + "/") }
            }
            return referenced || synchronized
        }
    }

    /// True when a catalog lies in a folder whose tables this tree reads (not inside a bundle, a
    /// package not read, or a folder `--exclude` leaves out): without a project, a tree whose
    /// migration is done (`--delete-legacy` deleted every legacy file, a Tuist or bare-folder tree)
    /// holds only such catalogs, and finding nothing to migrate there is no error.
    func hasOwnCatalogs(_ search: TableSearch) -> Bool {
        let notRead = skippedPackages.map(PathResolver.parent)
        return scan.catalogs.contains { catalog in
            !BundleFolders.isInsideBundle(catalog, root: scan.root)
                && !notRead.contains { catalog.hasPrefix($0 + "/") }
                && !ExcludeGlob.matches(search.excludes, catalog, root: scan.root)
        }
    }

    /// Legacy files left alone that lie beside a catalog of their table's name
    /// (`<folder>/xx.lproj/T.strings` beside `<folder>/T.xcstrings` or `<folder>/mul.lproj/T.xcstrings`):
    /// what `verify` names as a safety net, so that no legacy file is silently out of its proof.
    public var leftAloneBesideCatalogs: [(catalog: String, file: LeftAloneFile)] {
        let catalogs = Set(scan.catalogs)
        var result: [(String, LeftAloneFile)] = []
        for file in filesLeftAlone {
            let lproj = PathResolver.parent(file.path)
            let folder = PathResolver.parent(lproj)
            let name = PathResolver.lastComponent(file.path)
            let table = String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
            for candidate in ["\(folder)/\(table).xcstrings", "\(folder)/mul.lproj/\(table).xcstrings"]
            where catalogs.contains(candidate) {
                result.append((candidate, file))
                break
            }
        }
        return result
    }

    /// Where the record of the table whose catalog is `catalogPath` is kept: the record of the
    /// project whose folder holds the catalog (the nearest; the first of several in one folder),
    /// else `.stringcat-migration.json` in the root.
    public func recordHolder(for catalogPath: String) -> (path: String, folder: String, project: XcodeProjectFile?) {
        let holders = projects.filter { catalogPath.hasPrefix($0.folder + "/") }.sorted {
            ($1.folder.count, $0.path) < ($0.folder.count, $1.path)
        }
        if let project = holders.first { return (project.recordPath, project.folder, project) }
        return (scan.root + "/" + LprojScanner.recordFileName, scan.root, nil)
    }
}
