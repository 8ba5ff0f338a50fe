import StringcatSupport

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
