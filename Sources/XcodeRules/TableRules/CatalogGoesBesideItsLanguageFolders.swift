import Languages
import XcodeProject

/// A table's catalog goes in its group's folder, never inside a language folder.
public struct CatalogGoesBesideItsLanguageFolders: TableRule {
    public let name = "a table's catalog goes in its group's folder, beside its language folders"
    public let decides = """
        A table's catalog is <the variant group's folder>/Name.xcstrings. A group inside an xx.lproj \
        group (one language per group) belongs to the table of the folder holding the .lproj folders, \
        and its reference goes into that folder's group, before the first of them. When the group's \
        folder is not the one holding its children's .lproj folders, the catalog goes beside those.
        """
    public let evidence = """
        11 of 11 migrations with tables other than Interface Builder's; alt-tab's one group per \
        language; no catalog of Xcode's lies in a language folder \
        (docs/spec/project-edit.md#a-tables-catalog-goes-in-its-groups-folder, \
        #one-variant-group-per-language, #never-a-catalog-inside-a-language-folder).
        """

    public init() {}

    /// The folder of the catalog of a group in `folder` whose files are `files`, and where its
    /// reference goes when that is not the group's slot.
    static func place(
        groupID: String, folder: String, files: [LocalizedFile], graph: ProjectGraph, resolver: PathResolver
    ) -> (folder: String, placement: ReferencePlacement?) {
        // A group in an `xx.lproj` group (one language per group, alt-tab) is one language of the
        // table of the folder holding the `.lproj` folders: a catalog is never written inside an
        // `.lproj` (other than `mul.lproj`).
        var catalogFolder = folder
        while LprojFolderName.isLproj(PathResolver.lastComponent(catalogFolder)) {
            catalogFolder = PathResolver.parent(catalogFolder)
        }
        // One table per (folder holding the `.lproj` folders, name): when the group's folder is
        // not that folder (adium lists `Resources/xx.lproj/T.strings` from a group at the
        // project's root, for three targets with three folders), the catalog goes beside its
        // `.lproj` folders, so that no two tables write one catalog.
        let lprojParents = Set(files.map { PathResolver.parent(PathResolver.parent($0.path)) })
        if lprojParents.count == 1, let only = lprojParents.first, only != catalogFolder, catalogFolder == folder {
            catalogFolder = only
        }
        let placement =
            catalogFolder == folder
            ? nil : referencePlacement(for: groupID, folder: catalogFolder, graph: graph, resolver: resolver)
        return (catalogFolder, placement)
    }

    /// The group of `folder` (an ancestor of the variant group's `.lproj` group) and the child of
    /// it that leads down to the variant group, which the new reference goes before. Nil when no
    /// group between resolves to `folder`: the reference then takes the first group's slot, with a
    /// path that leads out of its `.lproj` folder.
    static func referencePlacement(for groupID: String, folder: String, graph: ProjectGraph, resolver: PathResolver)
        -> ReferencePlacement?
    {
        var child = groupID
        var visited: Set<String> = [groupID]
        while let parent = graph.parent(of: child), visited.insert(parent).inserted {
            if graph.object(parent)?.kind == .group, resolver.path(of: parent) == folder {
                return ReferencePlacement(groupID: parent, beforeChildID: child)
            }
            child = parent
        }
        return nil
    }

    /// Of the placements of a table's groups, the one earliest in its group: the catalog's
    /// reference goes before the first `.lproj` group it replaces.
    static func earliestPlacement(_ placements: [ReferencePlacement], _ graph: ProjectGraph) -> ReferencePlacement? {
        guard let first = placements.first else { return nil }
        let children = graph.strings("children", of: first.groupID)
        return placements.filter { $0.groupID == first.groupID }
            .min {
                (children.firstIndex(of: $0.beforeChildID) ?? .max)
                    < (children.firstIndex(of: $1.beforeChildID) ?? .max)
            }
    }
}
