import Languages
import XcodeProject

/// A `.strings` file the project lists outside any `.lproj` folder, that a target copies, is the
/// development language's table.
public struct PlainStringsFilesAreTheDevelopmentLanguage: TableRule {
    public let name = "a plain strings file is the development language's table"
    public let decides = """
        A .strings file listed as a plain file in a group (no variant group), outside any .lproj \
        folder, that some target copies as a resource, is a table of the development language (its \
        language folder taken as Base): its catalog goes beside it and takes its reference's slot. A \
        plain .stringsdict likewise, folded into its table's catalog. One in no build phase is in no \
        bundle, so no table.
        """
    public let evidence = """
        Migrations kept aside (InfoPlist.strings beside Info.plist); nimble-commander's plain \
        .stringsdict went with its build file (docs/spec/project-edit.md#a-strings-file-outside-any-lproj, \
        #a-plain-stringsdict-leaves-the-project).
        """

    public init() {}

    /// The candidates of the project's plain files.
    static func candidates(_ graph: ProjectGraph, resolver: PathResolver, targetsOfGroup: [String: [String]])
        -> [Candidate]
    {
        var candidates: [Candidate] = []
        for object in graph.objects(.fileReference) {
            // The cheap tests first: a project has thousands of file references, few of them
            // `.strings` files that a target builds, and resolving a path walks its groups.
            guard let targets = targetsOfGroup[object.id], !targets.isEmpty,
                let written = graph.string("path", of: object.id),
                OnlyFilesInLanguageFoldersAreRead.kind(of: written) != nil,
                let parent = graph.parent(of: object.id), graph.object(parent)?.kind == .group,
                let path = resolver.path(of: object.id), let kind = OnlyFilesInLanguageFoldersAreRead.kind(of: path),
                LprojFolderName.of(file: path) == nil,
                ResourcesOfSomethingElseAreLeftAlone.excludedComponent(path, projectFolder: resolver.projectFolder)
                    == nil
            else { continue }
            let name = LocalizedTables.tableName(PathResolver.lastComponent(path))
            let file = LocalizedFile(path: path, lprojFolder: LprojFolderName.base, kind: kind, referenceID: object.id)
            candidates.append(
                Candidate(
                    name: name, kind: kind == .strings ? .strings : .stringsdict, groupID: object.id,
                    catalogPath: PathResolver.parent(path) + "/" + name + ".xcstrings",
                    files: [file], targets: targets, interfaceBuilderFile: nil))
        }
        return candidates
    }
}
