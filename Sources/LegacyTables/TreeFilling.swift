import Foundation
import Languages
import StringcatSupport
import XcodeProject
import XcodeRules

// How `ProjectTables.find` fills the model of a tree, step by step (`fill`), and the choices it ends
// with: the run's source language, the tables `--table` selects, the error when none is found.

extension ProjectTables {
    /// The state `fill` builds step by step: the tree, the tables found so far, and which legacy
    /// files a table takes or is kept from.
    struct Filling {
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
    static func runSourceLanguage(
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
    mutating func select(_ search: TableSearch, all: [LegacyTable]) {
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
    mutating func requireTables(_ search: TableSearch, ownRoot: Bool, found all: [LegacyTable]) {
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
}
