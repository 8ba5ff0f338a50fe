import StringcatSupport
import XcodeProject

/// A new catalog reference is always relative to its group, whatever the variant group it replaces was.
public struct NewReferencesAreGroupRelative: TableFactRule {
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

    public func decide(for table: LocalizedTable, in facts: inout EditFacts) {
        guard !table.isInterfaceBuilder, table.referencePlacement == nil, let slot = table.variantGroupIDs.first,
            facts.graph.string("sourceTree", of: slot) == "SOURCE_ROOT", let parent = facts.graph.parent(of: slot)
        else { return }
        facts.referenceLocations[table.catalogPath] = CatalogReferenceTakesTheGroupsSlot.location(
            table.catalogPath, inGroup: parent, facts.graph, facts.resolver)
    }
}
