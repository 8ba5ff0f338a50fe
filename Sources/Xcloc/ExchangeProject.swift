import AppBundles
import Foundation
import Languages
import LegacyTables
import StringcatSupport
import XcodeProject

/// The files of a project that Export Localizations exports and Import Localizations writes: its
/// String Catalogs and the legacy `.strings` tables it still has, with the folder their XLIFF
/// `original` paths are relative to.
///
/// `find` is the one place that decides which files lie under PATH; it asks `LegacyTables`
/// (`ProjectTables.find`), so that export, import, `migrate` and `verify` see the same tables.
public struct ExchangeProject: Sendable {
    /// Where `original` paths start: the folder holding the `.xcodeproj` (docs/spec/xliff.md §2.2), or
    /// PATH itself for a package or a bare folder.
    public var projectFolder: String
    /// What `contents.json` names: the workspace beside the project when there is one (Xcode
    /// exported through it), else the project; nil without an Xcode project.
    public var container: Container?
    /// The project's development language (`developmentRegion`), for `contents.json`.
    public var developmentRegion: String
    /// Every `.xcstrings` under PATH (absolute, sorted), none inside an `.xcloc` package.
    public var catalogs: [String]
    /// Legacy `.strings` tables not migrated yet.
    public var legacyTables: [ExchangeLegacyTable]
    /// The tree as found, for `appLanguages()`.
    private var tree: ProjectTables?
    /// What the search found worth saying (a project that does not parse is an error).
    public var diagnostics: [Diagnostic]

    /// `contents.json`'s `project` or `workspace` entry.
    public enum Container: Sendable, Hashable {
        case project(String)
        case workspace(String)
    }

    public init(
        projectFolder: String, container: Container?, developmentRegion: String, catalogs: [String],
        legacyTables: [ExchangeLegacyTable], diagnostics: [Diagnostic] = []
    ) {
        self.projectFolder = projectFolder
        self.container = container
        self.developmentRegion = developmentRegion
        self.catalogs = catalogs
        self.legacyTables = legacyTables
        self.diagnostics = diagnostics
    }

    /// The catalogs and legacy tables under `path`, as `migrate` finds tables: the Xcode project's
    /// (its variant groups and synchronized folders), the root package's, or a bare folder's.
    ///
    /// Legacy files in no table of the project (a SwiftPM target's `en.lproj` Xcode generated, a
    /// folder no variant group names) are exported too, grouped by folder and table name: off a
    /// Mac, which files a target builds cannot be known, and leaving a table out of the
    /// translators' file would lose it silently. Files beside a catalog of their table's name
    /// (kept after a migration) are not: the catalog is the table now.
    public static func find(_ path: String) -> ExchangeProject {
        var search = TableSearch(requireTables: false)
        search.includeBaseOnly = false
        let found = ProjectTables.find(path, search)
        let root = found.scan.root
        let project = found.projects.first { $0.folder == root } ?? found.projects.first
        let projectFolder = project?.folder ?? root
        let catalogs = found.scan.catalogs.filter { !isInsidePackage($0) }

        var tables: [ExchangeLegacyTable] = []
        for table in found.tables where !table.isInterfaceBuilder {
            let files = table.files.filter { $0.kind == .strings }.map {
                ExchangeLegacyFile(language: $0.language, path: $0.path)
            }
            guard !files.isEmpty else { continue }
            tables.append(
                ExchangeLegacyTable(
                    name: table.name, folder: table.folder, sourceLanguage: table.sourceLanguage, files: files,
                    hasStringsDict: table.files.contains { $0.kind == .stringsdict }))
        }
        var skipped: [Diagnostic] = []
        for table in found.tables where table.isInterfaceBuilder {
            skipped.append(
                .warning(
                    "the Interface Builder table \(table.name) is not exported: its source strings are in the "
                        + "storyboard or xib, which stringcat does not read (migrate the table first: stringcat "
                        + "migrate)",
                    at: .file(table.folder)))
        }
        for table in tables where table.hasStringsDict {
            skipped.append(
                .warning(
                    "the plural rules of table \(table.name) (.stringsdict) are not exported: the XLIFF form Xcode "
                        + "gives legacy .stringsdict files is not established (migrate the table first: stringcat "
                        + "migrate); its .strings are",
                    at: .file(table.folder)))
        }
        let besideCatalogs = Set(found.leftAloneBesideCatalogs.map(\.file.path))
        var loose: [String: [ExchangeLegacyFile]] = [:]
        for file in found.filesLeftAlone
        where file.path.hasSuffix(".strings") && !besideCatalogs.contains(file.path) && !isInsidePackage(file.path) {
            let lproj = PathResolver.parent(file.path)
            let lprojName = PathResolver.lastComponent(lproj)
            guard lprojName.hasSuffix(".lproj") else { continue }
            let folder = PathResolver.parent(lproj)
            let name = String(PathResolver.lastComponent(file.path).dropLast(".strings".count))
            let folderName = String(lprojName.dropLast(".lproj".count))
            let languages = TableLanguages(
                folderNames: [folderName], source: found.sourceLanguage.code, spelling: .canonical)
            guard let language = languages.key(forFolder: folderName) else { continue }
            loose[folder + "/" + name, default: []].append(ExchangeLegacyFile(language: language, path: file.path))
        }
        for (id, files) in loose.sorted(by: { $0.key < $1.key }) {
            tables.append(
                ExchangeLegacyTable(
                    name: PathResolver.lastComponent(id), folder: PathResolver.parent(id),
                    sourceLanguage: found.sourceLanguage.code, files: files.sorted { $0.path < $1.path },
                    hasStringsDict: false))
        }

        for table in tables where table.file(table.sourceLanguage) == nil {
            skipped.append(
                .warning(
                    "table \(table.name) is not exported: it has no \(table.sourceLanguage).lproj file, whose keys and "
                        + "values its units would be (an InfoPlist table's are in Info.plist; migrate the table first: "
                        + "stringcat migrate)",
                    at: .file(table.folder)))
        }
        var container: Container?
        if let project {
            let bundle = PathResolver.lastComponent(PathResolver.parent(project.path))
            let names = (try? FileManager.default.contentsOfDirectory(atPath: project.folder)) ?? []
            if let workspace = names.filter({ $0.hasSuffix(".xcworkspace") }).sorted().first {
                container = .workspace(workspace)
            } else {
                container = .project(bundle)
            }
        }
        let region = project?.sourceLanguage ?? found.sourceLanguage.code
        let errors = found.diagnostics.filter { $0.severity == .error }
        var exchange = ExchangeProject(
            projectFolder: projectFolder, container: container, developmentRegion: region, catalogs: catalogs,
            legacyTables: tables.sorted { ($0.folder, $0.name) < ($1.folder, $1.name) }, diagnostics: errors + skipped)
        exchange.tree = found
        return exchange
    }

    /// The languages the app has, each as the project spells it: every language a target's bundle
    /// ships (its `.lproj` folders, from the one model of the build, `AppModel`), and every known
    /// region of its projects. Built when asked (an export asks only for a language no catalog or
    /// table holds), not by every export.
    public func appLanguages() -> [LanguageTag: String] {
        guard let tree else { return [:] }
        var languages: [LanguageTag: String] = [:]
        for bundle in AppModel(tree).bundles {
            for input in bundle.inputs {
                guard case .language(let tag) = input.folder else { continue }
                languages[tag] = languages[tag] ?? tag.spelled(.project)
            }
        }
        for project in tree.projects {
            for region in project.graph.project?.knownRegions ?? [] {
                guard let tag = LanguageTag(region) else { continue }
                languages[tag] = languages[tag] ?? region
            }
        }
        return languages
    }

    /// True for a path inside an `.xcloc` package (an earlier export's Source Contents): never a
    /// file of the project.
    static func isInsidePackage(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { $0.hasSuffix(".xcloc") }
    }
}

/// A legacy `.strings` table: one file per language.
public struct ExchangeLegacyTable: Sendable, Hashable {
    public var name: String
    /// The folder holding its `.lproj` folders.
    public var folder: String
    public var sourceLanguage: String
    /// One file per language, sorted by path.
    public var files: [ExchangeLegacyFile]
    /// True when the table also has `.stringsdict` files (not exported).
    public var hasStringsDict: Bool

    public init(name: String, folder: String, sourceLanguage: String, files: [ExchangeLegacyFile], hasStringsDict: Bool)
    {
        self.name = name
        self.folder = folder
        self.sourceLanguage = sourceLanguage
        self.files = files
        self.hasStringsDict = hasStringsDict
    }

    /// The file of `language` in any spelling of it (`de-DE` is the file of `de_DE.lproj`), if the
    /// table has one.
    public func file(_ language: String) -> ExchangeLegacyFile? {
        if let file = files.first(where: { $0.language == language }) { return file }
        guard let tag = LanguageTag(language) else { return nil }
        return files.first { LanguageTag($0.language) == tag }
    }
}

/// One `.strings` file of a legacy table.
public struct ExchangeLegacyFile: Sendable, Hashable {
    public var language: String
    public var path: String

    public init(language: String, path: String) {
        self.language = language
        self.path = path
    }
}
