import StringcatSupport
import XcodeProject

/// A migrated table's variant groups go, with every child (one per language) and their build files.
public struct VariantGroupsGoWithTheirFiles: TableEditRule {
    public let name = "a table's variant groups go with their files"
    public let decides = """
        The variant groups a catalog replaces are removed with all their child references and all \
        their build files; a plain .strings or .stringsdict file folded into the catalog goes the same \
        way. A section left empty goes; groups the migration empties stay (children = ( );).
        """
    public let evidence = """
        13 of 14 migrations remove them so, IceCubesApp keeps its emptied Plurals group, and \
        nimble-commander's plain .stringsdict went with its build file (docs/spec/project-edit.md#the-variant-group-goes).
        """

    public init() {}

    public func apply(to table: LocalizedTable, _ facts: EditFacts, _ editor: inout ProjectEditor) -> [RuleChange] {
        guard !table.isInterfaceBuilder else { return [] }
        return table.variantGroupIDs.map { group in
            let children = facts.graph.strings("children", of: group)
            editor.removeObject(group)
            for child in children { editor.removeObject(child) }
            return .variantGroupRemoved(id: group, children: children)
        }
    }
}
