import XcodeProject

/// `objectVersion` becomes 60 when an Interface Builder table got a `mul` catalog.
public struct ObjectVersionRisesForAMulCatalog: ProjectEditRule {
    public let name = "a mul catalog needs objectVersion 60"
    public let decides = """
        objectVersion becomes 60 when a mul child was added and it was below 60; it is never \
        touched otherwise, nor is compatibilityVersion.
        """
    public let evidence = """
        3 of 3 migrations with Interface Builder tables below 60 rose to 60, 8 of 8 without them \
        kept theirs (docs/spec/project-edit.md#objectversion-becomes-60).
        """

    public init() {}

    public func apply(to edit: inout MigrationEdit) {
        guard edit.addedMul, let version = edit.graph.project?.objectVersion, version < 60 else { return }
        edit.editor.setObjectVersion(60)
    }
}
