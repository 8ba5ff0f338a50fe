import StringcatSupport
import XcodeProject

/// A migrated table's catalog gets one new file reference, in the slot of the table's variant group.
public struct CatalogReferenceTakesTheGroupsSlot: TableEditRule {
    public let name = "a table's catalog takes its variant group's slot"
    public let decides = """
        One new PBXFileReference per table (text.json.xcstrings, its path relative to the group), in \
        the slot of the table's first group in each group that lists it; the table's other groups \
        (a .stringsdict beside the .strings) leave their parents. With one variant group per language \
        inside xx.lproj groups, the reference goes into the group of the folder holding them, before \
        the first of them.
        """
    public let evidence = """
        26 references in 12 migrations have one shape, and 20 of 21 take the group's slot \
        (docs/spec/project-edit.md#one-file-reference-per-table, #the-reference-takes-the-groups-slot, \
        #one-variant-group-per-language).
        """

    public init() {}

    public func apply(to table: LocalizedTable, _ facts: EditFacts, _ editor: inout ProjectEditor) -> [RuleChange] {
        guard !table.isInterfaceBuilder, let slot = table.variantGroupIDs.first,
            let referenceID = facts.newIDs[table.catalogPath]?.reference
        else { return [] }
        let graph = facts.graph
        let catalogName = PathResolver.lastComponent(table.catalogPath)
        let location =
            facts.referenceLocations[table.catalogPath]
            ?? table.referencePlacement.map {
                Self.location(table.catalogPath, inGroup: $0.groupID, graph, facts.resolver)
            }
            ?? Self.location(table.catalogPath, slot: slot, graph, facts.resolver)
        var fields = "isa = PBXFileReference; lastKnownFileType = text.json.xcstrings; "
        if let name = location.name { fields += "name = \(PBXStringCoding.encode(name)); " }
        fields +=
            "path = \(PBXStringCoding.encode(location.path)); sourceTree = "
            + "\(PBXStringCoding.encode(location.sourceTree)); "
        editor.addObject(
            referenceID, kind: .fileReference, comment: catalogName,
            text: "\(editor.reference(referenceID, catalogName)) = {\(fields)};")
        var slotGroup: String?

        // The first group's slot; the other groups leave their parents. A group that several
        // groups list (a hand-edited or merged file) is replaced in each.
        for (index, group) in table.variantGroupIDs.enumerated() {
            for parent in graph.parents(of: group) {
                guard let items = editor.items("children", of: parent) else { continue }
                let positions = items.indices.filter { items[$0] == group }
                guard let first = positions.first else { continue }
                for position in positions.dropFirst().reversed() {
                    editor.removeItem("children", of: parent, at: position)
                }
                if index == 0 && table.referencePlacement == nil {
                    editor.replaceItem("children", of: parent, at: first, with: referenceID, comment: catalogName)
                    slotGroup = slotGroup ?? parent
                } else {
                    editor.removeItem("children", of: parent, at: first)
                }
            }
        }
        if let placement = table.referencePlacement, let items = editor.items("children", of: placement.groupID) {
            editor.insertItem(
                "children", of: placement.groupID, at: items.firstIndex(of: placement.beforeChildID) ?? items.count,
                referenceID, comment: catalogName)
            slotGroup = placement.groupID
        }
        return [.catalogReferenceAdded(id: referenceID, catalog: table.catalogPath, group: slotGroup)]
    }

    /// Where the new reference points from the slot's group: `path = T.xcstrings` relative to the
    /// group when the catalog is in the group's folder, as in every migration studied. When the
    /// variant group had a folder of its own (`SOURCE_ROOT` like Easydict's `Localizable.strings`),
    /// the reference keeps pointing at the catalog: a path relative to the same base, with `name`
    /// set as Xcode does for paths with folders (inferred: no migration shows it).
    static func location(_ catalog: String, slot: String, _ graph: ProjectGraph, _ resolver: PathResolver)
        -> MigrationEdit.ReferenceLocation
    {
        let name = PathResolver.lastComponent(catalog)
        if graph.string("sourceTree", of: slot) == "SOURCE_ROOT" || graph.parent(of: slot) == nil {
            let path = PathResolver.relative(catalog, from: resolver.projectFolder)
            return .init(name: path.contains("/") ? name : nil, path: path, sourceTree: "SOURCE_ROOT")
        }
        guard let parent = graph.parent(of: slot) else {
            return .init(name: name, path: catalog, sourceTree: "<absolute>")
        }
        return location(catalog, inGroup: parent, graph, resolver)
    }

    /// Where a reference to `catalog` in the group `group` points: relative to the group's folder.
    static func location(_ catalog: String, inGroup group: String, _ graph: ProjectGraph, _ resolver: PathResolver)
        -> MigrationEdit.ReferenceLocation
    {
        let name = PathResolver.lastComponent(catalog)
        guard let folder = resolver.path(of: group) else {
            return .init(name: name, path: catalog, sourceTree: "<absolute>")
        }
        let path = PathResolver.relative(catalog, from: folder)
        return .init(name: path.contains("/") ? name : nil, path: path, sourceTree: "<group>")
    }
}
