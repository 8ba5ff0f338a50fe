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

    /// The version a `mul` catalog needs.
    static let version: ObjectVersion = 60

    public func apply(_ facts: EditFacts, _ editor: inout ProjectEditor) -> [RuleChange] {
        guard facts.addsMul, let version = facts.graph.project?.objectVersion, version < Self.version else { return [] }
        editor.setObjectVersion(Self.version)
        return [.objectVersionRaised(from: version, to: Self.version)]
    }
}
