import Foundation
import Languages
import StringcatSupport
import XcodeProject
import XcodeRules

/// How `ProjectTables.find` looks for tables: the options of a run that say what the tree holds.
public struct TableSearch: Sendable {
    /// Only these tables: a name (`InfoPlist`, compared case-insensitively: every table of that
    /// name), or a name qualified by its folder (`Share Extension/InfoPlist`: the one whose
    /// catalog path, relative to the root and without `mul.lproj/`, ends so). Empty = every table.
    public var tables: [String] = []
    /// The development language (canonical, `--source-language`); nil = as each owner declares it.
    public var sourceLanguage: String?
    /// When true, a project without any legacy file is an error (`migrate`); `verify` and
    /// `status` pass false, since a finished migration has none left.
    public var requireTables = true
    /// `--all-files`: besides the projects' tables, every `.lproj` file on disk that no project
    /// references (files of a variant group's table join its catalog; the others form tables by
    /// folder, as in a bare folder).
    public var allFiles = false
    /// `.lproj` folders or legacy files to leave alone (`--exclude GLOB`, relative to the root).
    public var excludes: [String] = []
    /// Folders of packages inside the tree that are read although they are not the user's own
    /// (`--include PATH`, relative to the root or absolute).
    public var includes: [String] = []
    /// `--no-project`: a project file that does not parse does not stop the tables under it; its
    /// folder is read as a bare folder.
    public var noProject = false
    /// `--include-base-only`: an Interface Builder group with no `.strings` child is a table too,
    /// with an empty `mul.lproj` catalog (docs/spec/project-edit.md#a-storyboard-or-xib-with-no-strings: a choice in
    /// Xcode's dialog).
    public var includeBaseOnly = false
    /// What answers "is it there?" and reads the files (`FileProbe`): the file system's calls;
    /// tests pass one that fails (a failing disk). The scan keeps it (`ProjectScan.probe`).
    public var probe = FileProbe()

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
    /// Why its tables are read (`own`, `--include`, an earlier run's `--include`), or nil when
    /// they are not.
    public var readBecause: String?
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

    /// The state `fill` builds step by step: the tree, the tables found so far, and which legacy
    /// files a table takes or is kept from.
    private struct Filling {
        var tree: ProjectTables
        /// The run's options, with the `--include`s earlier runs recorded.
        var search: TableSearch
        let scan: ProjectScan
        var looseRecords: [LooseRecord] = []
        /// Folders of the packages whose tables are not read.
        var notRead: [String] = []
        /// The `.lproj` folders that may hold tables of this tree.
        var folders: [LprojFolder] = []
        var excluded: [String] = [] // legacy files --exclude leaves out
        var all: [LegacyTable] = []
        var claimed: Set<String> = [] // legacy files a table takes
        var leftAlone: [String: String] = [:] // legacy file -> why no table takes it

        init(tree: ProjectTables, search: TableSearch) {
            self.tree = tree
            self.search = search
            self.scan = tree.scan
        }

        /// The first project's source language, which packages and folders without their own inherit.
        var treeSource: SourceLanguage? { tree.projects.first?.source }
        /// True when the root is a package whose tables are read.
        var ownRoot: Bool { tree.packagesInTree.contains { $0.manifest.folder == scan.root && $0.readBecause != nil } }
        /// Folders of the projects that do not parse, unless an option reads them as bare folders.
        var stopped: [String] {
            guard !search.noProject && !search.allFiles else { return [] }
            return tree.stoppedProjects.map { PathResolver.projectFolder(ofProjectFile: $0) }
        }
        /// True when no project or package of the user's holds the tables: every folder is read.
        var bare: Bool { tree.projects.isEmpty && !ownRoot && tree.stoppedProjects.isEmpty }
        /// The source language of the tables read by folder.
        var folderSource: SourceLanguage {
            SourceLanguage.decide(
                explicit: search.sourceLanguage, declared: nil, spelling: .canonical,
                inherited: treeSource ?? tree.packagesInTree.lazy.compactMap(\.declaredSource).first)
        }

        /// 1. The projects, parsed once; what earlier runs recorded, applied.
        mutating func openProjects() throws(FileProbe.Failure) {
            for pbxproj in scan.xcodeProjects {
                let opened = try XcodeProjectTables.open(pbxproj, search: search, root: scan.root)
                tree.diagnostics += opened.diagnostics
                if let file = opened.project {
                    tree.projects.append(file)
                } else {
                    tree.stoppedProjects.append(pbxproj)
                }
            }
            looseRecords = try RecordedSelection.readLoose(
                scan.records, probe: scan.probe, diagnostics: &tree.diagnostics)
            tree.recordedOptions = RecordedSelection.includes(
                projects: tree.projects, loose: looseRecords,
                root: scan.root)
            search.includes += tree.recordedOptions
        }

        /// 2. The packages, and whose each is.
        mutating func decidePackages() throws(FileProbe.Failure) {
            tree.packagesInTree = try TreePackages.decide(scan: scan, projects: tree.projects, search: search)
            notRead = tree.packagesInTree.filter { $0.readBecause == nil }.map(\.manifest.folder)
        }

        /// 3. Folders that are no table of this tree: bundles, packages not read, --exclude.
        mutating func setAsideFoldersNotRead() {
            for folder in scan.lprojFolders {
                let isExcluded = ExcludeGlob.matches(search.excludes, folder.path, root: scan.root)
                if isExcluded {
                    excluded += folder.files.map { folder.path + "/" + $0 }
                }
                if BundleFolders.isInsideBundle(folder.path, root: scan.root) || isExcluded
                    || notRead.contains(where: { folder.path.hasPrefix($0 + "/") })
                {
                    tree.skippedFolders.append(folder.path)
                } else {
                    folders.append(folder)
                }
            }
        }

        /// 4. The projects' tables (then the loose records', the packages', the rest by option).
        mutating func takeProjectTables() throws(FileProbe.Failure) {
            for file in tree.projects {
                let found = try XcodeProjectTables.tables(of: file, folders: folders, claimed: &claimed, search: search)
                tree.diagnostics += found.diagnostics
                leftAlone.merge(found.leftAlone) { first, _ in first }
                for table in found.tables {
                    // A second project listing the same files (an app and its example app): one
                    // catalog, and both projects are edited.
                    if let index = all.firstIndex(where: { $0.catalogPath == table.catalogPath }),
                        let localized = table.projectTable, all[index].origin != table.origin
                    {
                        all[index].alsoInProjects.append((file.path, localized))
                    } else {
                        all.append(table)
                    }
                }
                let leftovers = found.leftovers.filter { leftover in
                    !tree.leftoverTables.contains { $0.catalogPath == leftover.catalogPath }
                }
                tree.leftoverTables += leftovers
            }
        }

        /// The tables of records kept outside projects, as leftovers.
        mutating func takeLooseRecordTables() throws(FileProbe.Failure) {
            for loose in looseRecords {
                for table in try loose.tables(claimed: &claimed, probe: tree.scan.probe, diagnostics: &tree.diagnostics)
                where !tree.leftoverTables.contains(where: { $0.catalogPath == table.catalogPath }) {
                    tree.leftoverTables.append(table)
                }
            }
        }

        /// The tables of each package read: the `.lproj` folders of its targets that no project took.
        mutating func takePackageTables() {
            for package in tree.packagesInTree where package.readBecause != nil {
                let manifest = package.manifest
                let nested = tree.packages.filter { $0.path != manifest.path }.map(\.folder)
                let owned = manifest.targetFolders
                let mine = folders.filter { folder in
                    owned.contains { folder.path.hasPrefix($0 + "/") }
                        && !nested.contains { folder.path.hasPrefix($0 + "/") && $0.count > manifest.folder.count }
                        && !folder.files.contains { claimed.contains(folder.path + "/" + $0) }
                }
                guard !mine.isEmpty else { continue }
                tree.diagnostics += manifest.warnings
                // A declared language that is no tag: which files hold the source is not known, and
                // no code is made from it (as for a project's developmentRegion).
                if search.sourceLanguage == nil, let code = manifest.defaultLocalization, LanguageTag(code) == nil {
                    let message =
                        "defaultLocalization \"\(ControlCharacters.escaped(code))\" "
                        + "is not a language code, so which files hold the source language is not known: "
                        + "the package's tables are not migrated (pass --source-language)"
                    tree.diagnostics.append(.error(message, at: .file(manifest.path)))
                    continue
                }
                let manifestFile = TableGrouper.relative(manifest.path, to: scan.root)
                let declared = manifest.defaultLocalization.map {
                    SourceLanguage.Declaration.defaultLocalization($0, file: manifestFile)
                }
                let source = SourceLanguage.decide(
                    explicit: search.sourceLanguage, declared: declared,
                    spelling: .project, inherited: treeSource)
                let grouping = TableGrouper.group(
                    mine, sourceLanguage: source.code, origin: .package(manifest.path),
                    spelling: .project)
                tree.diagnostics += grouping.diagnostics
                all += grouping.tables
                claimed.formUnion(grouping.tables.flatMap(\.allFiles).map(\.path))
            }
        }

        /// A project or a package builds a table whole: --exclude that leaves out part of one
        /// leaves it all alone (migrating the rest would take the excluded files out of the build
        /// with the variant group, or build the table from two sources in a package).
        mutating func leaveTablesWithExcludedFilesAlone() {
            excluded += leftAlone.filter { $0.value == "excluded (--exclude)" }.map(\.key)
            let excludedFiles = Set(excluded)
            var kept: [LegacyTable] = []
            for table in all {
                guard table.origin != .folder else {
                    kept.append(table)
                    continue
                }
                let parts = excludedFiles.filter { ProjectTables.isFile($0, of: table) }
                guard let first = parts.sorted().first else {
                    kept.append(table)
                    continue
                }
                let more = parts.count > 1 ? " and \(parts.count - 1) more" : ""
                let reason =
                    "its table \(table.name) is left alone: --exclude leaves out "
                    + "\(TableGrouper.relative(first, to: scan.root))\(more), "
                    + "and a project or package builds a table whole"
                for file in table.allFiles { leftAlone[file.path] = reason }
                claimed.subtract(table.allFiles.map(\.path))
            }
            all = kept
        }

        /// Files no project or package table took and no project keeps out of its tables: by
        /// folder (a stopped project's folder only, with --no-project alone).
        mutating func takeFolderTables() {
            guard bare || search.allFiles || (search.noProject && !tree.stoppedProjects.isEmpty) else { return }
            let under = tree.stoppedProjects.map { PathResolver.projectFolder(ofProjectFile: $0) }
            let everyFolder = bare || search.allFiles
            let rest = folders.compactMap { folder -> LprojFolder? in
                if !everyFolder && !under.contains(where: { folder.path.hasPrefix($0 + "/") }) { return nil }
                var rest = folder
                rest.files = folder.files.filter {
                    !claimed.contains(folder.path + "/" + $0) && leftAlone[folder.path + "/" + $0] == nil
                }
                return rest.files.isEmpty ? nil : rest
            }
            let grouping = TableGrouper.group(rest, sourceLanguage: folderSource.code)
            tree.diagnostics += grouping.diagnostics
            for table in grouping.tables {
                // A variant group's table with more files on disk: they join its catalog.
                let joined = all.firstIndex { $0.catalogPath == table.catalogPath && $0.projectTable != nil }
                if let index = joined {
                    all[index].join(table.allFiles)
                } else {
                    all.append(table)
                }
            }
            claimed.formUnion(grouping.tables.flatMap(\.allFiles).map(\.path))
        }

        /// Each legacy file in an `.lproj` folder that no table took, with the reason.
        mutating func listFilesLeftAlone() {
            let stopped = self.stopped
            for folder in folders {
                for file in folder.files where file.hasSuffix(".strings") || file.hasSuffix(".stringsdict") {
                    let path = folder.path + "/" + file
                    guard !claimed.contains(path) else { continue }
                    let reason: String
                    if let known = leftAlone[path] {
                        reason = known
                    } else if stopped.contains(where: { path.hasPrefix($0 + "/") }) {
                        reason = "its project file does not parse, so nothing under it is migrated"
                    } else if !tree.projects.isEmpty || !tree.stoppedProjects.isEmpty {
                        reason =
                            "in no variant group of the project (Xcode's migration reads only those; "
                            + "--all-files takes every file)"
                    } else {
                        reason = "in no target folder of Package.swift"
                    }
                    tree.filesLeftAlone.append(LeftAloneFile(path: path, reason: reason))
                }
            }
        }

        /// A legacy file outside any `.lproj` is a table only when a project builds it as one
        /// (docs/spec/project-edit.md#a-strings-file-outside-any-lproj); any other (a genstrings
        /// template, a translator's copy) is said, never ignored.
        mutating func listLooseFilesLeftAlone() {
            for path in scan.looseFiles where !claimed.contains(path) {
                if BundleFolders.isInsideBundle(path, root: scan.root)
                    || ExcludeGlob.matches(search.excludes, path, root: scan.root)
                    || notRead.contains(where: { path.hasPrefix($0 + "/") })
                {
                    continue
                }
                let reason =
                    tree.projects.isEmpty
                    ? "not in an .lproj folder, so it holds no language of a table"
                    : "not in an .lproj folder, and no project builds it as a table (Xcode's migration reads only "
                        + "those)"
                tree.filesLeftAlone.append(LeftAloneFile(path: path, reason: leftAlone[path] ?? reason))
            }
        }

        /// Nothing under a project that does not parse is migrated, not even another project's
        /// table there: its files and its edit cannot be checked against that project.
        mutating func dropTablesUnderStoppedProjects() {
            let stopped = self.stopped
            guard !stopped.isEmpty else { return }
            all.removeAll { table in
                stopped.contains { folder in
                    table.catalogPath.hasPrefix(folder + "/")
                        || table.allFiles.contains { $0.path.hasPrefix(folder + "/") }
                }
            }
            tree.leftoverTables.removeAll { table in stopped.contains { table.catalogPath.hasPrefix($0 + "/") } }
        }

        /// Never a catalog inside an `.lproj` other than `mul.lproj` (Xcode looks tables up by
        /// name in each `.lproj`; a catalog there would be a resource of one language).
        mutating func dropCatalogsInsideLproj() {
            var diagnostics: [Diagnostic] = []
            all.removeAll { table in
                guard let misplaced = ProjectTables.misplacedLproj(table.catalogPath) else { return false }
                diagnostics.append(
                    .error(
                        "table \(table.name) would get its catalog inside \(misplaced), where no "
                            + "catalog belongs; it is not migrated", at: .file(table.catalogPath)))
                return true
            }
            tree.diagnostics += diagnostics
        }

        /// The tables in order, the run's source language, then `--table` and "nothing to migrate".
        mutating func finish() {
            all.sort { ($0.catalogPath, $0.name) < ($1.catalogPath, $1.name) }
            tree.leftoverTables.sort { $0.catalogPath < $1.catalogPath }
            tree.sourceLanguage = ProjectTables.runSourceLanguage(
                search: search, projects: tree.projects,
                tables: all + tree.leftoverTables, fallback: folderSource, root: scan.root)
            tree.tables = all
            tree.select(search, all: all)
            tree.requireTables(search, ownRoot: ownRoot, found: all)
        }
    }

    /// The development language the run's report names: `--source-language`, else that of the
    /// projects with tables (each table takes its own project's: with several, the line says so, and
    /// names those that declare another), else the one a folder's tables take.
    private static func runSourceLanguage(
        search: TableSearch, projects: [XcodeProjectFile], tables: [LegacyTable], fallback: SourceLanguage,
        root: String
    ) -> SourceLanguage {
        if search.sourceLanguage != nil { return fallback }
        let withTables = projects.filter { project in
            tables.contains { table in
                switch table.origin {
                case .xcodeProject(let path), .synchronizedFolder(let path): return path == project.path
                case .folder, .package: return false
                }
            }
        }
        guard let first = withTables.first else { return fallback }
        guard withTables.count > 1 else { return first.source }
        // The code most projects declare (the first project's on a tie).
        let byCode = Dictionary(grouping: withTables, by: \.source.code)
        let firstCode = first.source.code
        let code =
            byCode.keys.sorted { a, b in
                let (countA, countB) = (byCode[a]!.count, byCode[b]!.count)
                return countA != countB ? countA > countB : (a == firstCode) && b != firstCode
            }.first ?? firstCode
        func name(_ project: XcodeProjectFile) -> String {
            PathResolver.relative(PathResolver.parent(project.path), from: root)
        }
        let others = withTables.filter { $0.source.code != code }
        var origin =
            others.isEmpty
            ? "developmentRegion of each of the \(withTables.count) projects with tables"
            : "developmentRegion of \(withTables.count - others.count) of the \(withTables.count) projects with tables"
        if others.isEmpty && withTables.count <= 4 {
            origin += ": " + withTables.map(name).joined(separator: ", ")
        }
        for other in others.prefix(3) {
            origin += "; \(name(other)) says \(other.source.code), and its tables take it"
        }
        if others.count > 3 { origin += "; \(others.count - 3) more projects say another" }
        return SourceLanguage(code: code, origin: origin)
    }

    /// `--table`: only the tables named; a name no table has is an error (or a note, for a table
    /// already migrated).
    private mutating func select(_ search: TableSearch, all: [LegacyTable]) {
        guard !search.tables.isEmpty else { return }
        let selected = { (table: LegacyTable) in
            search.tables.contains { Self.selects($0, table, root: self.scan.root) }
        }
        tables = all.filter(selected)
        leftoverTables = leftoverTables.filter(selected)
        for name in search.tables
        where !(all + leftoverTables).contains(where: { Self.selects(name, $0, root: scan.root) }) {
            // A table already migrated, with no legacy file left, is no table to migrate, but
            // `status` lists it: say so rather than call the name unknown.
            let migrated = scan.catalogs.filter { Self.selects(name, catalogPath: $0, root: scan.root) }
            if !migrated.isEmpty {
                for catalog in migrated {
                    diagnostics.append(
                        .note(
                            "\(name) is already migrated and has no legacy file left: nothing to do", at: .file(catalog)
                        ))
                }
            } else {
                diagnostics.append(.error("no table named \(name) in this project", at: .file(scan.root)))
            }
        }
    }

    /// A tree with nothing to migrate is an error for `migrate` (with the reason), not for a tree
    /// already migrated.
    private mutating func requireTables(_ search: TableSearch, ownRoot: Bool, found all: [LegacyTable]) {
        guard
            all.isEmpty && leftoverTables.isEmpty && (search.requireTables || scan.catalogs.isEmpty)
                && !hasMigratedProject && !(projects.isEmpty && hasOwnCatalogs(search))
                && stoppedProjects.isEmpty
        else { return }
        let unplaced = projects.reduce(0) { $0 + $1.localization.unplacedGroups }
        // Only a skipped package that holds an `.lproj` folder explains why there is no table.
        let holdingLproj = skippedPackages.map(PathResolver.parent).filter { folder in
            scan.lprojFolders.contains { $0.path.hasPrefix(folder + "/") }
        }
        if filesLeftAlone.contains(where: { $0.reason.contains("--exclude leaves out") }) {
            diagnostics.append(
                .error(
                    "no table left to migrate: --exclude leaves out part of every table, and a project or package "
                        + "builds a table whole (the files left alone below say which)",
                    at: .file(scan.root)))
        } else if unplaced > 0 {
            diagnostics.append(
                .error(
                    "the Xcode project's \(counted(unplaced, "localized variant group")) cannot be placed on disk (the "
                        + "warnings above say why), and Xcode's migration reads only those; fix the project in Xcode, "
                        + "or migrate the folders with --all-files",
                    at: .file(scan.root)))
        } else if !projects.isEmpty && !filesLeftAlone.isEmpty {
            diagnostics.append(
                .error(
                    "the Xcode project lists no localized variant group, and Xcode's migration reads only those; "
                        + "\(filesLeftAlone.count) legacy files on disk are in none (--all-files migrates every .lproj "
                        + "as a folder)",
                    at: .file(scan.root)))
        } else if !holdingLproj.isEmpty && projects.isEmpty && !ownRoot {
            diagnostics.append(
                .error(
                    "no table here: the .lproj folders are in packages that are not this folder's own "
                        + "(\(counted(holdingLproj.count, "package")): third-party or unused, see --verbose); "
                        + "--include PATH reads one",
                    at: .file(scan.root)))
        } else {
            diagnostics.append(
                .error("no .strings or .stringsdict files in any .lproj folder here", at: .file(scan.root)))
        }
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
