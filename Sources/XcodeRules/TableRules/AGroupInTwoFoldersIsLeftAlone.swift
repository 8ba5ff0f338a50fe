import StringcatSupport
import XcodeProject

/// A variant group that two groups put in two folders is not migrated, nor any group of its table.
public struct AGroupInTwoFoldersIsLeftAlone: TableRule {
    public let name = "a group listed in two folders is left alone with its table"
    public let decides = """
        When a variant group, or a group above it, is listed by several groups that put it in \
        different folders, it is not migrated (a warning names the groups and folders), nor any \
        group of the same table name built by the same targets (a catalog beside a legacy table of \
        the same name would be built twice). Listed twice in one folder, it is one table.
        """
    public let evidence = """
        A choice: which folder Xcode reads is not known (issue 33, SharedChildrenTests, the shared \
        fuzz target; docs/spec/project-edit.md#a-variant-group-that-two-groups-list).
        """

    public init() {}

    /// A table name that lies in two folders, and the targets of the group that put it there.
    struct Conflict {
        var name: String
        var targets: Set<String>
    }

    /// When `id`, or a group above it, is listed by several groups that put it in different
    /// folders: that object, its parents, and the folders (one per parent, in file order; a parent
    /// whose folder cannot be found counts as a folder of its own).
    static func conflictingFolders(of id: String, graph: ProjectGraph, resolver: PathResolver)
        -> (object: String, parents: [String], folders: [String])?
    {
        var current = id
        var visited: Set<String> = []
        while visited.insert(current).inserted, (graph.string("sourceTree", of: current) ?? "<group>") == "<group>" {
            let parents = graph.parents(of: current)
            if parents.count > 1 {
                let own = graph.string("path", of: current)
                var folders: [String] = []
                for parent in parents {
                    let base = resolver.path(of: parent) ?? "(\(parent): no folder)"
                    let folder = own.map { PathResolver.join(base, $0) } ?? base
                    if !folders.contains(folder) { folders.append(folder) }
                }
                if folders.count > 1 { return (current, parents, folders) }
            }
            guard let parent = parents.first else { return nil }
            current = parent
        }
        return nil
    }

    /// The warning for a group so listed.
    static func warning(
        _ group: PBXGroupView, _ conflict: (object: String, parents: [String], folders: [String]),
        resolver: PathResolver, in project: String
    ) -> Diagnostic {
        let lister = conflict.object == group.id ? "it is" : "the group \(conflict.object) above it is"
        let folders = conflict.folders.map { folder in
            folder.hasPrefix("/")
                ? PathResolver.relative(folder, from: resolver.projectFolder).nonEmpty ?? "." : folder
        }
        let message =
            "variant group \(group.displayName) (\(group.id)) is not migrated: \(lister) listed by "
            + "\(conflict.parents.count) groups (\(conflict.parents.joined(separator: ", "))) that put it in "
            + "different "
            + "folders (\(folders.joined(separator: ", "))); keep it in one group in Xcode"
        return .warning(message, at: .file(project))
    }

    /// Takes out of `candidates` the groups of a table that lies in two folders, into `skipped`.
    static func removeTables(
        of conflicts: [Conflict], from candidates: inout [Candidate], into skipped: inout [SkippedVariantGroup]
    ) {
        candidates.removeAll { candidate in
            guard
                let other = conflicts.first(where: {
                    $0.name == candidate.name
                        && (Set(candidate.targets) == $0.targets
                            || !$0.targets.isDisjoint(with: candidate.targets))
                })
            else { return false }
            skipped.append(
                SkippedVariantGroup(
                    groupID: candidate.groupID, name: candidate.name,
                    reason: "another group of the table \(other.name) lies in two folders",
                    files: candidate.files.map(\.path), targetIDs: candidate.targets))
            return true
        }
    }
}
