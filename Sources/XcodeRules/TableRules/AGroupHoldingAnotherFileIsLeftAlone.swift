/// A variant group that also holds a file that is neither a table nor an Interface Builder file
/// is left alone: replacing the group would drop that file from the project.
public struct AGroupHoldingAnotherFileIsLeftAlone: TableRule {
    public let name = "a group holding another file is left alone"
    public let decides = """
        A variant group with a child that is neither .strings, .stringsdict nor a storyboard, xib or \
        nib (Base.lproj/Intents.intentdefinition, en.lproj/Credits.html) is no table; it is listed as \
        skipped, naming that file.
        """
    public let evidence = """
        A choice: replacing the group (the variant group goes) would drop the file from the project; \
        no migration shows one (docs/spec/project-edit.md#a-variant-group-that-holds-another-file).
        """

    public init() {}

    /// Why such a group is skipped.
    static func reason(holding file: String) -> String { "it also holds \(file), which a catalog cannot replace" }
}
