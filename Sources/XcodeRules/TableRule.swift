/// One of Xcode's rules for which files make a table and where its catalog goes
/// (docs/spec/project-edit.md#the-unit-of-migration-is-the-variant-group, #where-catalogs-go): what it
/// decides and the evidence for it. `LocalizedTables.find` applies them; each is one file of
/// `TableRules/` with its functions, and `TableRules.all` lists them in the order they apply.
public protocol TableRule: Sendable {
    /// The rule in a few words.
    var name: String { get }
    /// What it decides.
    var decides: String { get }
    /// Its evidence in one sentence, with where it is written down.
    var evidence: String { get }
}

/// The rules that find a project's tables, in the order `LocalizedTables.find` applies them.
public enum TableRules {
    public static let all: [any TableRule] = [
        OnlyFilesInLanguageFoldersAreRead(),
        ResourcesOfSomethingElseAreLeftAlone(),
        AGroupHoldingAnotherFileIsLeftAlone(),
        AGroupInTwoFoldersIsLeftAlone(),
        InterfaceBuilderTablesGoInMul(),
        BaseOnlyInterfaceBuilderGroupsWhenPicked(),
        CatalogGoesBesideItsLanguageFolders(),
        PlainStringsFilesAreTheDevelopmentLanguage(),
        TablePairing(),
        OneTablePerCatalog(),
    ]
}
