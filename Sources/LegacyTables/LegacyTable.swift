import StringcatSupport
import XcodeProject
import XcodeRules

/// The kind of a legacy localization file.
public enum LegacyFileKind: String, Sendable, Hashable, Comparable {
    case strings, stringsdict

    public static func < (a: LegacyFileKind, b: LegacyFileKind) -> Bool { a.rawValue < b.rawValue }
}

/// One `.strings` or `.stringsdict` file of a table, with the language it holds.
public struct LegacyFile: Sendable, Hashable {
    /// Absolute path.
    public var path: String
    public var kind: LegacyFileKind
    /// The `.lproj` folder name without `.lproj` (`zh_Hans`, `Base`).
    public var lprojName: String
    /// The catalog language code (`zh-Hans`; `Base` -> the source language).
    public var language: String
}

/// Where a table was found, which says what may be edited besides its catalog.
public enum TableOrigin: Sendable, Hashable {
    /// `.lproj` folders on disk with no project (or `--all-files`): only files change.
    case folder
    /// A localized variant group of the Xcode project at this `project.pbxproj` path: the project
    /// is edited as Xcode's migration edits it.
    case xcodeProject(String)
    /// `.lproj` folders inside a synchronized folder of the project at this path (Xcode 16): the
    /// project changes only where an exception set names a deleted file.
    case synchronizedFolder(String)
    /// `.lproj` folders of the Swift package with this `Package.swift`: the manifest is not edited.
    case package(String)
}

/// A table (`Localizable`, `InfoPlist`, `Main`...) of one folder, in every language: the input of
/// one String Catalog.
public struct LegacyTable: Sendable, Hashable {
    /// The table name, as the catalog file will be named.
    public var name: String
    /// Absolute path of the folder that holds the table's `.lproj` folders (the outermost one when
    /// nested folders were merged).
    public var folder: String
    /// True for Interface Builder tables (a `Name.storyboard` or `Name.xib` in an `.lproj` beside
    /// them): their catalog goes to `mul.lproj`.
    public var isInterfaceBuilder: Bool
    /// The files that are read, one per (language, kind) at most, sorted by language then kind.
    public var files: [LegacyFile]
    /// Files of a language that another folder also holds (`Base` beside `en`): they only add the
    /// keys the winning file lacks.
    public var shadowedFiles: [LegacyFile]

    /// Where the catalog goes (absolute). By default where Xcode writes it for a folder:
    /// `<folder>/<Name>.xcstrings`, or `<folder>/mul.lproj/<Name>.xcstrings` for Interface Builder
    /// tables (docs/spec/migration.md#table-to-file); a project's variant group may say otherwise
    /// (docs/spec/project-edit.md#where-catalogs-go).
    public var catalogPath: String
    /// Where the table was found.
    public var origin: TableOrigin = .folder
    /// The development language of the project, package or folder that holds the table: `Base`
    /// files hold it, and its comments are the catalog's (docs/spec/languages.md#the-source-language: each project's
    /// own `developmentRegion`).
    public var sourceLanguage = "en"
    /// For a variant-group table, the project's view of it (the handles its edit needs).
    public var projectTable: LocalizedTable?
    /// The targets of its project that build it (a variant group's, a synchronized folder's, or
    /// those building its catalog once migrated): what one bundle is. Empty outside projects.
    public var targetIDs: [String] = []
    /// Other projects whose variant groups list the same files (an app and its example project):
    /// each is edited too, so that none keeps a reference to a deleted file.
    public var alsoInProjects: [(path: String, table: LocalizedTable)] = []
    /// Legacy files the migration record lists for this table that are no longer on disk: a
    /// `--delete-legacy` run proved the catalog held them and deleted them, and either was stopped
    /// before it finished or kept other files of the table (`MigrationRecord.deleted`). Without them, the files left
    /// cannot say which keys the source language had, nor which comment the languages agreed on for a key it lacked
    /// (docs/spec/migration.md#comments).
    public var goneFiles: [String] = []
    /// Legacy files (absolute) an earlier `--delete-legacy` kept, with the reason its record gives.
    public var keptReasons: [String: String] = [:]

    public static func == (a: LegacyTable, b: LegacyTable) -> Bool {
        a.name == b.name && a.folder == b.folder && a.catalogPath == b.catalogPath && a.files == b.files
            && a.shadowedFiles == b.shadowedFiles && a.origin == b.origin
            && a.isInterfaceBuilder == b.isInterfaceBuilder
            && a.sourceLanguage == b.sourceLanguage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(catalogPath)
        hasher.combine(name)
    }

    public init(
        name: String, folder: String, isInterfaceBuilder: Bool, files: [LegacyFile], shadowedFiles: [LegacyFile],
        catalogPath: String? = nil
    ) {
        self.name = name
        self.folder = folder
        self.isInterfaceBuilder = isInterfaceBuilder
        self.files = files
        self.shadowedFiles = shadowedFiles
        self.catalogPath =
            catalogPath ?? Self.defaultCatalogPath(name: name, folder: folder, isInterfaceBuilder: isInterfaceBuilder)
    }

    /// `<folder>/<Name>.xcstrings`, or `<folder>/mul.lproj/<Name>.xcstrings` for Interface Builder tables.
    public static func defaultCatalogPath(name: String, folder: String, isInterfaceBuilder: Bool) -> String {
        isInterfaceBuilder ? "\(folder)/mul.lproj/\(name).xcstrings" : "\(folder)/\(name).xcstrings"
    }

    /// Every file of the table: the ones read first, then the second folders of a language.
    public var allFiles: [LegacyFile] { files + shadowedFiles }

    /// Adds files found on disk for this table (`--all-files`: files of a variant group's table
    /// that the group does not list), their languages spelled as the table spells its own.
    mutating func join(_ more: [LegacyFile]) {
        let every = allFiles + more
        let languages = TableLanguages(folderNames: every.map(\.lprojName), source: sourceLanguage, spelling: .project)
        let renamed = every.compactMap { file -> LegacyFile? in
            guard let key = languages.key(forFolder: file.lprojName) else { return nil }
            var file = file
            file.language = key
            return file
        }
        files = []
        shadowedFiles = []
        var diagnostics: [Diagnostic] = []
        TableGrouper.pickFiles(renamed, into: &self, diagnostics: &diagnostics)
    }

    /// The languages of the table, sorted.
    public var languages: [String] { Array(Set(files.map(\.language))).sorted() }
}

/// A legacy file on disk that no table takes, and why: what reports say of it, and what `verify`
/// names when it lies beside a catalog.
public struct LeftAloneFile: Sendable, Hashable {
    /// Absolute path.
    public var path: String
    /// Why no table takes it (`in no variant group of the project; Xcode's migration reads only those`).
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
