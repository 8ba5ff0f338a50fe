import StringcatSupport
import XcodeProject

/// An Interface Builder table's `.strings` children go, and its group gets a `mul` child.
public struct InterfaceBuilderGroupGetsAMulCatalog: TableEditRule {
    public let name = "a storyboard's or xib's group gets a mul catalog"
    public let decides = """
        In the variant group of a storyboard or xib, the .strings children the catalog holds go and \
        one child is added: name = mul; path = mul.lproj/Name.xcstrings. The group ends [Base, mul]; \
        no build file is added (the group is built already).
        """
    public let evidence =
        "51 groups in 5 migrations all end [Base, mul] "
        + "(docs/spec/project-edit.md#the-mul-child-of-an-interface-builder-group)."

    public init() {}

    public func apply(to table: LocalizedTable, in edit: inout MigrationEdit) throws(Diagnostic) {
        guard table.isInterfaceBuilder else { return }
        let read = Set(table.files.map(\.referenceID))
        for (index, group) in table.variantGroupIDs.enumerated() {
            guard let items = edit.editor.items("children", of: group) else { continue }
            for position in items.indices.reversed() where items[position].map(read.contains) ?? false {
                edit.editor.removeObject(items[position]!)
                edit.editor.removeItem("children", of: group, at: position)
            }
            if index == 0, let folder = edit.editor.resolver.path(of: group) {
                let mulID = edit.editor.newID(for: edit.idKey(table) + "|mul")
                let path = PathResolver.relative(table.catalogPath, from: folder)
                edit.editor.addObject(
                    mulID, isa: "PBXFileReference", comment: "mul",
                    text:
                        "\(edit.editor.reference(mulID, "mul")) = {isa = PBXFileReference; lastKnownFileType = "
                        + "text.json.xcstrings; name = mul; path = \(PBXStringCoding.encode(path)); sourceTree = "
                        + "\"<group>\"; };"
                )
                edit.editor.insertItem(
                    "children", of: group, at: edit.editor.items("children", of: group)?.count ?? 0, mulID,
                    comment: "mul")
                edit.addedMul = true
            }
            edit.editor.noteChangedList(group)
        }
        edit.receivingTargets.formUnion(table.targetIDs)
    }
}
