import StringcatSupport
import XcodeProject

/// Each build phase that built a replaced group builds the catalog instead.
public struct BuildFilesFollowTheCatalog: TableEditRule {
    public let name = "each phase that built a group builds the catalog"
    public let decides = """
        One new PBXBuildFile per build phase that held a build file of a replaced group, in the \
        place of the first such build file; the others go. Its target received a catalog.
        """
    public let evidence = """
        IceCubesApp's three targets get three build files, owncloud's seven phases seven; Xcode keeps \
        the place in 10 of 21 phases and order does not change the build (docs/spec/project-edit.md#one-build-file-per-target).
        """

    public init() {}

    public func apply(to table: LocalizedTable, in edit: inout MigrationEdit) throws(Diagnostic) {
        guard !table.isInterfaceBuilder, let referenceID = edit.catalogReferences[table.catalogPath] else { return }
        let key = edit.idKey(table)
        let catalogName = PathResolver.lastComponent(table.catalogPath)
        let groups = Set(table.variantGroupIDs)
        for (phase, target) in edit.editor.phases {
            guard let items = edit.editor.items("files", of: phase.id) else { continue }
            let positions = items.indices.filter {
                items[$0].flatMap { edit.editor.fileReference(ofBuildFile: $0) }.map(groups.contains) ?? false
            }
            guard let first = positions.first else { continue }
            for position in positions { edit.editor.removeObject(items[position]!) }
            let buildFileID = edit.editor.newID(for: key + "|buildFile|" + phase.id)
            let comment = "\(catalogName) in \(phase.comment ?? edit.graph.string("name", of: phase.id) ?? "Resources")"
            edit.editor.replaceItem("files", of: phase.id, at: first, with: buildFileID, comment: comment)
            for position in positions.dropFirst().reversed() {
                edit.editor.removeItem("files", of: phase.id, at: position)
            }
            edit.editor.addObject(
                buildFileID, isa: "PBXBuildFile", comment: comment,
                text:
                    "\(edit.editor.reference(buildFileID, comment)) = {isa = PBXBuildFile; fileRef = "
                    + "\(edit.editor.reference(referenceID, catalogName)); };"
            )
            if let target { edit.receivingTargets.insert(target) }
        }
    }
}
