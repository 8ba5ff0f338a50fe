/// An Interface Builder group with no `.strings` child is a table only when picked.
public struct BaseOnlyInterfaceBuilderGroupsWhenPicked: TableRule {
    public let name = "a storyboard or xib with no strings is a table when picked"
    public let decides = """
        A variant group with no .strings or .stringsdict child is no table, unless it holds an \
        Interface Builder file and nothing else and the run picks such groups (--include-base-only): \
        then it gets an empty mul catalog.
        """
    public let evidence = """
        Every such group got one in HSTracker's and MarkEdit's migrations, none did in six others: \
        the user's choice in Xcode's dialog (docs/spec/project-edit.md#a-storyboard-or-xib-with-no-strings).
        """

    public init() {}

    /// True when a group with these children is a table.
    static func isTable(hasFiles: Bool, hasInterfaceBuilderFile: Bool, hasOtherFile: Bool, picked: Bool) -> Bool {
        hasFiles || (picked && hasInterfaceBuilderFile && !hasOtherFile)
    }
}
