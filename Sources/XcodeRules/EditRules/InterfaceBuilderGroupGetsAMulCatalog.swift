import Languages
import StringcatSupport
import XcodeProject

/// An Interface Builder table's `.strings` children go, and its group gets a `mul` child.
public struct InterfaceBuilderGroupGetsAMulCatalog: TableEditRule {
    public let name = "a storyboard's or xib's group gets a mul catalog"
    public let decides = """
        In the variant group of a storyboard or xib, the .strings children the catalog holds go and \
        one child is added: name = mul; path = mul.lproj/Name.xcstrings. The group ends [Base, mul]; \
        no build file is added (the group is built already); its targets receive a catalog \
        (`EditFacts.receivingTargets`).
        """
    public let evidence =
        "51 groups in 5 migrations all end [Base, mul] "
        + "(docs/spec/project-edit.md#the-mul-child-of-an-interface-builder-group)."

    public init() {}

    public func apply(to table: LocalizedTable, _ facts: EditFacts, _ editor: inout ProjectEditor) -> [RuleChange] {
        guard table.isInterfaceBuilder else { return [] }
        let read = Set(table.files.map(\.referenceID))
        var changes: [RuleChange] = []
        for (index, group) in table.variantGroupIDs.enumerated() {
            guard let items = editor.items("children", of: group) else { continue }
            var removed: [String] = []
            for position in items.indices.reversed() where items[position].map(read.contains) ?? false {
                editor.removeObject(items[position]!)
                editor.removeItem("children", of: group, at: position)
                removed.insert(items[position]!, at: 0)
            }
            if index == 0, let mulID = facts.newIDs[table.catalogPath]?.mul, let folder = facts.resolver.path(of: group)
            {
                let path = PathResolver.relative(table.catalogPath, from: folder)
                editor.addObject(
                    mulID, kind: .fileReference, comment: LprojFolderName.multilingual,
                    text:
                        "\(editor.reference(mulID, LprojFolderName.multilingual)) = {isa = PBXFileReference; "
                        + "lastKnownFileType = text.json.xcstrings; name = mul; path = \(PBXStringCoding.encode(path)); "
                        + "sourceTree = \"<group>\"; };"
                )
                editor.insertItem(
                    "children", of: group, at: editor.items("children", of: group)?.count ?? 0, mulID,
                    comment: LprojFolderName.multilingual)
                changes.append(.mulReferenceAdded(id: mulID, group: group, removedChildren: removed))
            }
            editor.noteChangedList(group)
        }
        return changes
    }
}
