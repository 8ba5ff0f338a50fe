import Foundation
import StringcatSupport
import XcodeProject

/// How `ProjectTables.find` looks for tables.
public struct TableSearch: Sendable {
    /// Only these tables: a name (`InfoPlist`, compared case-insensitively: every table of that
    /// name), or a name qualified by its folder (`Share Extension/InfoPlist`: the one whose
    /// catalog path, relative to the root and without `mul.lproj/`, ends so). Empty = every table.
    public var tables: [String] = []
    /// The development language; nil = as each project declares it.
    public var sourceLanguage: String?
    /// When true, a project without any legacy file is an error (`migrate`); `verify` and
    /// `status` pass false, since a finished migration has none left.
    public var requireTables = true
    /// Every `.lproj` on disk, as a bare folder would be read, even in an Xcode project
    /// (`--all-files`).
    public var allFiles = false
    /// `.lproj` folders or legacy files to leave alone (`--exclude GLOB`, relative to the root).
    public var excludes: [String] = []
    /// Folders of packages inside the tree that are read although they are not the root's own
    /// (`--include PATH`, relative to the root or absolute): by default such a package is
    /// third-party code (a vendored dependency) and is skipped like `Pods`.
    public var includes: [String] = []
    /// `--no-project`: a project file that does not parse does not stop the tables under it; its
    /// folder is read as a bare folder.
    public var noProject = false
    /// `--include-base-only`: an Interface Builder group with no `.strings` child is a table too,
    /// with an empty `mul.lproj` catalog (L4: a choice in Xcode's dialog).
    public var includeBaseOnly = false

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
    /// The development language of this project's tables (its `developmentRegion`, `en` if
    /// absent, or `--source-language`).
    public var sourceLanguage: String
    /// The record of a migration that kept its legacy files (`MigrationRecord`), as read.
    public var record: MigrationRecord?
    /// Where that record is (or goes).
    public var recordPath: String { MigrationRecord.path(forProjectFile: path) }
}

/// The tables of a project: the one place that decides which legacy files form a table and where
/// its catalog lives, for `migrate`, a second `migrate`, `status`, `verify` and `--delete-legacy`
/// alike, from the project as it is now and from what a migration already did to it.
///
/// - With an Xcode project (`PATH` is or contains an `.xcodeproj`), the tables are its localized
///   variant groups (xcode-project.md F1-F5, L1-L4, L9): only their children are read; `.lproj`
///   files in no variant group are left alone (`filesLeftAlone`, with the reason). A group whose
///   catalog the project already references (a migration replaced it) is a table of the files the
///   migration's record says it kept (`leftoverTables`); without a record (Xcode's migration
///   deletes what it migrates) legacy files beside the catalog were left alone, and stay so.
///   Tables in Xcode 16 synchronized folders are found on disk. Each table belongs to the project
///   whose group holds it, and takes that project's `developmentRegion` (F5).
/// - The root's own Swift package (`Package.swift` at `PATH`): the `.lproj` folders of its targets
///   (`Sources/<target>/`, or the target's `path:`), with catalogs beside them (S1); files an
///   Xcode project lists are never read again as package tables.
/// - Packages deeper in the tree are third-party code (vendored dependencies): skipped and
///   counted like `Pods`, unless named with `includes`.
/// - Otherwise (no project, no package), or with `allFiles`, every `.lproj` on disk (S3).
/// In every mode `.lproj` folders inside bundles, frameworks and apps are skipped (§5). A project
/// file that does not parse stops every table under its folder (an error; `noProject` and
/// `allFiles` read that folder as a bare one instead).
public struct ProjectTables: Sendable {
    public var scan: ProjectScan
    /// The run's development language, for its report: `--source-language`, else that of the
    /// first project with tables, else the detector's. Each table has its own
    /// (`LegacyTable.sourceLanguage`).
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
    /// folder (§5), inside a third-party package, or excluded with `--exclude`.
    public var skippedFolders: [String] = []
    /// `Package.swift` files of packages inside the tree that are not the root's own, skipped.
    public var skippedPackages: [String] = []
    /// Project files that do not parse: nothing under their folders is migrated.
    public var stoppedProjects: [String] = []
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
        // PATH inside an Xcode project's folder (`migrate App/Resources`): its tables are that
        // project's, read and edited as a run on the project reads and edits them. Read as a bare
        // folder, `--delete-legacy` would delete files the project still references.
        if only == nil, !search.allFiles, scan.projectFiles.isEmpty, !scan.diagnostics.containsError,
           let enclosing = enclosingProjectFolder(of: scan.root) {
            return find(scan.root, inside: enclosing, search)
        }
        if let only { scan.projectFiles = scan.projectFiles.filter { $0 == only || $0.hasSuffix("/Package.swift") && $0 != scan.root + "/Package.swift" } }
        let (detected, detectorNotes) = SourceLanguageDetector.detect(explicit: search.sourceLanguage, projectFiles: scan.projectFiles, root: scan.root)
        var project = ProjectTables(scan: scan, sourceLanguage: detected, tables: [], diagnostics: scan.diagnostics + detectorNotes)
        if scan.diagnostics.containsError { return project }
        project.generator = ProjectGenerator.detect(root: scan.root, projectFiles: scan.projectFiles)

        // Packages: the root's own, and those named with --include; the others are third-party.
        let ownManifest = scan.projectFiles.first { $0 == scan.root + "/Package.swift" }
        let included = Set(search.includes.map { PathResolver.join(scan.root, $0.hasSuffix("/Package.swift") ? String($0.dropLast(14)) : $0) })
        var readManifests: [String] = ownManifest.map { [$0] } ?? []
        for manifest in scan.projectFiles where manifest.hasSuffix("/Package.swift") && manifest != ownManifest {
            if included.contains((manifest as NSString).deletingLastPathComponent) {
                readManifests.append(manifest)
            } else {
                project.skippedPackages.append(manifest)
            }
        }
        let thirdParty = project.skippedPackages.map { ($0 as NSString).deletingLastPathComponent }

        // Folders that are not tables of this project: bundles, third-party packages, --exclude.
        var folders: [LprojFolder] = []
        for folder in scan.lprojFolders {
            if BundleFolders.isInsideBundle(folder.path, root: scan.root) || ExcludeGlob.matches(search.excludes, folder.path, root: scan.root)
                || thirdParty.contains(where: { folder.path.hasPrefix($0 + "/") }) {
                project.skippedFolders.append(folder.path)
            } else {
                folders.append(folder)
            }
        }

        var all: [LegacyTable] = []
        var claimed: Set<String> = []        // legacy files a table takes
        var leftAlone: [String: String] = [:] // legacy file -> why no table takes it
        var usedProjectRegion: SourceLanguage?
        if !search.allFiles {
            for pbxproj in scan.projectFiles where pbxproj.hasSuffix("/project.pbxproj") {
                let found = XcodeProjectTables.read(pbxproj, folders: folders, claimed: &claimed, search: search)
                project.diagnostics += found.diagnostics
                guard let file = found.project else {
                    project.stoppedProjects.append(pbxproj)
                    continue
                }
                project.projects.append(file)
                leftAlone.merge(found.leftAlone) { first, _ in first }
                if usedProjectRegion == nil, !(found.tables.isEmpty && found.leftovers.isEmpty), search.sourceLanguage == nil {
                    usedProjectRegion = SourceLanguage(code: file.sourceLanguage, origin: "developmentRegion in \(TableGrouper.relative(pbxproj, to: scan.root))")
                }
                for table in found.tables {
                    // A second project listing the same files (an app and its example app): one
                    // catalog, and both projects are edited.
                    if let index = all.firstIndex(where: { $0.catalogPath == table.catalogPath }), let localized = table.projectTable,
                       all[index].origin != table.origin {
                        all[index].alsoInProjects.append((pbxproj, localized))
                    } else {
                        all.append(table)
                    }
                }
                project.leftoverTables += found.leftovers.filter { leftover in !project.leftoverTables.contains { $0.catalogPath == leftover.catalogPath } }
            }
            for manifest in readManifests {
                let package = PackageManifest.read(manifest)
                let owned = package.targetFolders
                let nested = readManifests.filter { $0 != manifest }.map { ($0 as NSString).deletingLastPathComponent }
                let mine = folders.filter { folder in
                    owned.contains { folder.path.hasPrefix($0 + "/") } && !nested.contains { folder.path.hasPrefix($0 + "/") && $0.count > package.folder.count }
                        && !folder.files.contains { claimed.contains(folder.path + "/" + $0) }
                }
                project.packages.append(package)
                guard !mine.isEmpty else { continue }
                project.diagnostics += package.warnings
                let source = search.sourceLanguage ?? package.defaultLocalization ?? detected.code
                let grouping = TableGrouper.group(mine, sourceLanguage: source, origin: .package(manifest), projectCodes: true)
                project.diagnostics += grouping.diagnostics
                all += grouping.tables
                claimed.formUnion(grouping.tables.flatMap(\.allFiles).map(\.path))
                if package.toolsVersion.map({ !PackageManifest.isBelow59($0) }) ?? true {
                    project.diagnostics.append(.note("SwiftPM builds every resource of a target: while a table's legacy files are kept beside its catalog, the target holds the table twice; delete them (--delete-legacy) before you build", at: .file(manifest)))
                }
            }
        }
        let stopped = search.noProject ? [] : project.stoppedProjects.map { PathResolver.projectFolder(ofProjectFile: $0) }
        if search.allFiles || (project.projects.isEmpty && ownManifest == nil && project.stoppedProjects.isEmpty) {
            let grouping = TableGrouper.group(folders, sourceLanguage: detected.code)
            project.diagnostics += grouping.diagnostics
            all = grouping.tables
        } else {
            if search.noProject && !project.stoppedProjects.isEmpty {
                // --no-project: what a broken project would have held is read as a bare folder.
                let under = project.stoppedProjects.map { PathResolver.projectFolder(ofProjectFile: $0) }
                let rest = folders.filter { folder in under.contains { folder.path.hasPrefix($0 + "/") } && !folder.files.contains { claimed.contains(folder.path + "/" + $0) } }
                let grouping = TableGrouper.group(rest, sourceLanguage: detected.code)
                project.diagnostics += grouping.diagnostics
                all += grouping.tables
                claimed.formUnion(grouping.tables.flatMap(\.allFiles).map(\.path))
            }
            for folder in folders {
                for file in folder.files where file.hasSuffix(".strings") || file.hasSuffix(".stringsdict") {
                    let path = folder.path + "/" + file
                    guard !claimed.contains(path) else { continue }
                    let reason: String
                    if let known = leftAlone[path] {
                        reason = known
                    } else if stopped.contains(where: { path.hasPrefix($0 + "/") }) {
                        reason = "its project file does not parse, so nothing under it is migrated"
                    } else if !project.projects.isEmpty || !project.stoppedProjects.isEmpty {
                        reason = "in no variant group of the project (Xcode's migration reads only those; --all-files takes every file)"
                    } else {
                        reason = "in no target folder of Package.swift"
                    }
                    project.filesLeftAlone.append(LeftAloneFile(path: path, reason: reason))
                }
            }
        }
        // Nothing under a project that does not parse is migrated, not even another project's
        // table there: its files and its edit cannot be checked against that project.
        if !stopped.isEmpty {
            all.removeAll { table in
                stopped.contains { folder in table.catalogPath.hasPrefix(folder + "/") || table.allFiles.contains { $0.path.hasPrefix(folder + "/") } }
            }
            project.leftoverTables.removeAll { table in stopped.contains { table.catalogPath.hasPrefix($0 + "/") } }
        }
        // Never a catalog inside an `.lproj` other than `mul.lproj` (Xcode looks tables up by
        // name in each `.lproj`; a catalog there would be a resource of one language).
        all.removeAll { table in
            guard let misplaced = misplacedLproj(table.catalogPath) else { return false }
            project.diagnostics.append(.error("table \(table.name) would get its catalog inside \(misplaced), where no catalog belongs; it is not migrated", at: .file(table.catalogPath)))
            return true
        }
        all.sort { ($0.catalogPath, $0.name) < ($1.catalogPath, $1.name) }
        project.leftoverTables.sort { $0.catalogPath < $1.catalogPath }
        if let usedProjectRegion { project.sourceLanguage = usedProjectRegion }

        project.tables = all
        if !search.tables.isEmpty {
            let selected = { (table: LegacyTable) in search.tables.contains { selects($0, table, root: scan.root) } }
            project.tables = all.filter(selected)
            project.leftoverTables = project.leftoverTables.filter(selected)
            for name in search.tables where !(all + project.leftoverTables).contains(where: { selects(name, $0, root: scan.root) }) {
                // A table already migrated, with no legacy file left, is no table to migrate, but
                // `status` lists it: say so rather than call the name unknown.
                let migrated = scan.catalogs.filter { selects(name, catalogPath: $0, root: scan.root) }
                if !migrated.isEmpty {
                    for catalog in migrated {
                        project.diagnostics.append(.note("\(name) is already migrated and has no legacy file left: nothing to do", at: .file(catalog)))
                    }
                } else {
                    project.diagnostics.append(.error("no table named \(name) in this project", at: .file(scan.root)))
                }
            }
        }
        if all.isEmpty && project.leftoverTables.isEmpty && (search.requireTables || scan.catalogs.isEmpty) && !project.hasMigratedProject
            && project.stoppedProjects.isEmpty {
            let unplaced = project.projects.reduce(0) { $0 + $1.localization.unplacedGroups }
            if unplaced > 0 {
                project.diagnostics.append(.error("the Xcode project's \(counted(unplaced, "localized variant group")) cannot be placed on disk (the warnings above say why), and Xcode's migration reads only those; fix the project in Xcode, or migrate the folders with --all-files", at: .file(scan.root)))
            } else if !project.projects.isEmpty && !project.filesLeftAlone.isEmpty {
                project.diagnostics.append(.error("the Xcode project lists no localized variant group, and Xcode's migration reads only those; \(project.filesLeftAlone.count) legacy files on disk are in none (--all-files migrates every .lproj as a folder)", at: .file(scan.root)))
            } else if !project.skippedPackages.isEmpty && project.projects.isEmpty && ownManifest == nil {
                project.diagnostics.append(.error("no table here: the .lproj folders are in packages that are not this folder's own (\(project.skippedPackages.count), third-party code is skipped); --include PATH reads one", at: .file(scan.root)))
            } else {
                project.diagnostics.append(.error("no .strings or .stringsdict files in any .lproj folder here", at: .file(scan.root)))
            }
        }
        return project
    }

    /// The nearest folder above `folder` that holds an Xcode project (`X.xcodeproj/project.pbxproj`),
    /// looking no higher than the top of the git work tree `folder` is in, nor past a folder with
    /// a `Package.swift` and no project (a package owns what is under it: `vendor/Pkg/Sources/…`).
    static func enclosingProjectFolder(of folder: String) -> String? {
        let fm = FileManager.default
        var current = folder
        while current != "/" && !current.isEmpty {
            if fm.fileExists(atPath: current + "/.git") { return nil }
            current = PathResolver.parent(current)
            let entries = (try? fm.contentsOfDirectory(atPath: current)) ?? []
            if entries.contains(where: { $0.hasSuffix(".xcodeproj") && fm.fileExists(atPath: current + "/" + $0 + "/project.pbxproj") }) {
                return current
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
        let projectNames = project.projects.map { up + TableGrouper.relative(PathResolver.parent($0.path), to: enclosing) }.joined(separator: ", ")
        project.diagnostics.append(.note("this folder is inside the Xcode project \(projectNames): its tables here are read (and migrated) as that project's, and the project is edited for them (--all-files reads this folder alone)", at: .file(path)))
        // A name the whole project lacks was said by `find`; one it has elsewhere is said here.
        for name in search.tables where wholeProject.contains(where: { selects(name, $0, root: enclosing) })
            && !(project.tables + project.leftoverTables).contains(where: { selects(name, $0, root: enclosing) }) {
            project.diagnostics.append(.error("no table named \(name) under this folder", at: .file(path)))
        }
        if path.hasSuffix(".lproj") {
            project.tables = []
            project.leftoverTables = []
            project.diagnostics.append(.error("an .lproj folder holds one language of its tables, and a catalog holds every language: run stringcat on the folder that holds the .lproj folders (\(PathResolver.lastComponent(PathResolver.parent(path)))), or on the project", at: .file(path)))
        } else if project.tables.isEmpty && project.leftoverTables.isEmpty && project.scan.catalogs.isEmpty && search.requireTables && !project.diagnostics.containsError {
            let alone = project.filesLeftAlone.count
            project.diagnostics.append(.error("no table of the Xcode project \(projectNames) lies under this folder" + (alone > 0 ? "; its \(counted(alone, "legacy file")) \(alone == 1 ? "is" : "are") in no variant group (--all-files reads this folder alone)" : ""), at: .file(path)))
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
        var relative = TableGrouper.relative(catalogPath, to: root).replacingOccurrences(of: "/mul.lproj/", with: "/")
        if relative.hasPrefix("mul.lproj/") { relative.removeFirst("mul.lproj/".count) }
        relative = String(relative.dropLast(".xcstrings".count)).lowercased()
        let wanted = argument.trimmingCharacters(in: CharacterSet(charactersIn: "/")).lowercased()
        return relative == wanted || relative.hasSuffix("/" + wanted)
    }

    /// The `.lproj` folder (other than `mul.lproj`) a catalog path lies in directly, if any.
    static func misplacedLproj(_ catalogPath: String) -> String? {
        let folder = PathResolver.lastComponent(PathResolver.parent(catalogPath))
        return folder.hasSuffix(".lproj") && folder != "mul.lproj" ? folder : nil
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
            let referenced = project.graph.objects(isa: "PBXFileReference").contains {
                project.graph.string("lastKnownFileType", of: $0.id) == "text.json.xcstrings"
            }
            let synchronized = scan.catalogs.contains { catalog in
                project.localization.synchronizedFolders.contains { catalog.hasPrefix($0 + "/") }
            }
            return referenced || synchronized
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
            for candidate in ["\(folder)/\(table).xcstrings", "\(folder)/mul.lproj/\(table).xcstrings"] where catalogs.contains(candidate) {
                result.append((candidate, file))
                break
            }
        }
        return result
    }
}
