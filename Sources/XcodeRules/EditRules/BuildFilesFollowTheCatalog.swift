import StringcatSupport
import XcodeProject

/// Each build phase that built a replaced group builds the catalog instead.
public struct BuildFilesFollowTheCatalog: TableEditRule {
    public let name = "each phase that built a group builds the catalog"
    public let decides = """
        One new PBXBuildFile per build phase that held a build file of a replaced group, in the \
        place of the first such build file; the others go. Its target receives a catalog (`EditFacts.receivingTargets`).
        """
    public let evidence = """
        IceCubesApp's three targets get three build files, owncloud's seven phases seven; Xcode keeps \
        the place in 10 of 21 phases and order does not change the build (docs/spec/project-edit.md#one-build-file-per-target).
        """

    public init() {}

    public func apply(to table: LocalizedTable, _ facts: EditFacts, _ editor: inout ProjectEditor) -> [RuleChange] {
        guard !table.isInterfaceBuilder, let ids = facts.newIDs[table.catalogPath], let referenceID = ids.reference
        else { return [] }
        let catalogName = PathResolver.lastComponent(table.catalogPath)
        let groups = Set(table.variantGroupIDs)
        var changes: [RuleChange] = []
        for buildFile in ids.buildFiles {
            guard let items = editor.items("files", of: buildFile.phase) else { continue }
            let positions = items.indices.filter {
                items[$0].flatMap { editor.fileReference(ofBuildFile: $0) }.map(groups.contains) ?? false
            }
            guard let first = positions.first else { continue }
            let replaced = positions.compactMap { items[$0] }
            for id in replaced { editor.removeObject(id) }
            let phaseComment = facts.graph.object(buildFile.phase)?.comment
            let comment =
                "\(catalogName) in \(phaseComment ?? facts.graph.string("name", of: buildFile.phase) ?? "Resources")"
            editor.replaceItem("files", of: buildFile.phase, at: first, with: buildFile.id, comment: comment)
            for position in positions.dropFirst().reversed() {
                editor.removeItem("files", of: buildFile.phase, at: position)
            }
            editor.addObject(
                buildFile.id, kind: .buildFile, comment: comment,
                text:
                    "\(editor.reference(buildFile.id, comment)) = {isa = PBXBuildFile; fileRef = "
                    + "\(editor.reference(referenceID, catalogName)); };"
            )
            changes.append(.catalogBuildFileAdded(id: buildFile.id, phase: buildFile.phase, replacing: replaced))
        }
        return changes
    }
}
