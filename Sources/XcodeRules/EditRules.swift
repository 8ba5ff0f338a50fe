/// Xcode's rules for the project edit of a migration, in the order they apply: first each
/// table's, table by table, then the project's. One line per rule.
public enum EditRules {
    public static let tableRules: [any TableEditRule] = [
        NewReferencesAreGroupRelative(),
        CatalogReferenceTakesTheGroupsSlot(),
        VariantGroupsGoWithTheirFiles(),
        BuildFilesFollowTheCatalog(),
        InterfaceBuilderGroupGetsAMulCatalog(),
    ]

    public static let projectRules: [any ProjectEditRule] = [
        PreferStringCatalogsSetting(),
        EmitLocStringsSetting(),
        ObjectVersionRisesForAMulCatalog(),
        KeptSynchronizedFilesLeaveTheirTargets(),
        DeletedSynchronizedFilesLeaveTheExceptions(),
    ]

    /// Every rule, in order.
    public static var all: [any EditRule] {
        tableRules.map { $0 as any EditRule } + projectRules.map { $0 as any EditRule }
    }
}
