import Languages
import StringcatSupport
import XcodeProject

/// A variant group's `.strings` and `.stringsdict` children in an `.lproj` folder are its table's
/// files; a child in no `.lproj` is not read, and said.
public struct OnlyFilesInLanguageFoldersAreRead: TableRule {
    public let name = "a group's files in language folders are its table's"
    public let decides = """
        Each .strings or .stringsdict child of a variant group inside an xx.lproj folder is a file \
        of its table, its language the folder's name as written; a child in no .lproj folder is not \
        read (a note names it), nor is a file on disk the group does not list.
        """
    public let evidence = """
        5 migrations and about 2,050 children removed, none against \
        (docs/spec/project-edit.md#only-the-children-of-a-variant-group-are-read, #the-language-of-a-child).
        """

    public init() {}

    /// The kind of table file `name` is, or nil for another file.
    static func kind(of name: String) -> LocalizedFile.Kind? {
        if name.hasSuffix(".strings") { return .strings }
        if name.hasSuffix(".stringsdict") { return .stringsdict }
        return nil
    }

    /// The child as a table's file, or the note saying why it is not read.
    static func file(
        _ path: String, kind: LocalizedFile.Kind, referenceID: String, groupName: String, in project: String
    )
        -> Result<LocalizedFile, Diagnostic>
    {
        guard let lproj = LprojFolderName.of(file: path) else {
            return .failure(
                .note(
                    "\(path) (in variant group \(groupName)) is not inside a .lproj folder; not read",
                    at: .file(project)))
        }
        return .success(LocalizedFile(path: path, lprojFolder: lproj, kind: kind, referenceID: referenceID))
    }
}
