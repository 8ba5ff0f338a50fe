import StringcatSupport
import XcodeProject

/// A new catalog reference is always relative to its group, whatever the variant group it replaces was.
public struct NewReferencesAreGroupRelative: TableEditRule {
    public let name = "a new reference is relative to its group"
    public let decides = """
        A variant group written relative to the project (sourceTree = SOURCE_ROOT) becomes a catalog \
        reference with sourceTree = "<group>", its path re-expressed relative to the folder of the \
        group that lists it.
        """
    public let evidence = """
        6 references in two projects of mikekazakov/nimble-commander@bb95fe3; Easydict's SOURCE_ROOT \
        reference was moved by hand (docs/spec/migration-rules.md#new-references-are-group-relative).
        """

    public init() {}

    public func apply(to table: LocalizedTable, in edit: inout MigrationEdit) throws(Diagnostic) {
        guard !table.isInterfaceBuilder, table.referencePlacement == nil, let slot = table.variantGroupIDs.first,
            edit.graph.string("sourceTree", of: slot) == "SOURCE_ROOT", let parent = edit.graph.parent(of: slot)
        else { return }
        edit.referenceLocations[table.catalogPath] = CatalogReferenceTakesTheGroupsSlot.location(
            table.catalogPath, inGroup: parent, edit.editor)
    }
}
