/// Xcode's rules for the project edit of a migration, in the order they apply: the facts first,
/// then each table's rules, table by table, then the project's. One line per rule.
public struct EditRules: Sendable {
    public var factRules: [any TableFactRule]
    public var tableRules: [any TableEditRule]
    public var projectRules: [any ProjectEditRule]

    public init(
        factRules: [any TableFactRule], tableRules: [any TableEditRule], projectRules: [any ProjectEditRule]
    ) {
        self.factRules = factRules
        self.tableRules = tableRules
        self.projectRules = projectRules
    }

    /// The rules a migration applies.
    public static let standard = EditRules(
        factRules: [
            NewReferencesAreGroupRelative()
        ],
        tableRules: [
            CatalogReferenceTakesTheGroupsSlot(),
            VariantGroupsGoWithTheirFiles(),
            BuildFilesFollowTheCatalog(),
            InterfaceBuilderGroupGetsAMulCatalog(),
        ],
        projectRules: [
            PreferStringCatalogsSetting(),
            EmitLocStringsSetting(),
            ObjectVersionRisesForAMulCatalog(),
            KeptSynchronizedFilesLeaveTheirTargets(),
            DeletedSynchronizedFilesLeaveTheExceptions(),
        ])

    public static var tableRules: [any TableEditRule] { standard.tableRules }
    public static var projectRules: [any ProjectEditRule] { standard.projectRules }

    /// Every rule, in order.
    public static var all: [any EditRule] { standard.all }

    /// Every rule of this list, in order.
    public var all: [any EditRule] {
        factRules.map { $0 as any EditRule } + tableRules.map { $0 as any EditRule }
            + projectRules.map { $0 as any EditRule }
    }
}
