import XcodeProject

/// `LOCALIZATION_PREFERS_STRING_CATALOGS = YES` in every project-level configuration.
public struct PreferStringCatalogsSetting: ProjectEditRule {
    public let name = "the project prefers string catalogs"
    public let decides = """
        Once a table is migrated, LOCALIZATION_PREFERS_STRING_CATALOGS = YES is added to every \
        project-level build configuration that does not set it (keys stay sorted).
        """
    public let evidence = """
        Added in 9 of the 14 studied migrations and about 70% of all 51, with no fact of the project \
        file predicting the others (docs/spec/project-edit.md#localization_prefers_string_catalogs).
        """

    public init() {}

    static let key = "LOCALIZATION_PREFERS_STRING_CATALOGS"

    public func apply(_ facts: EditFacts, _ editor: inout ProjectEditor) -> [RuleChange] {
        guard facts.migratesAnyTable else { return [] }
        var changes: [RuleChange] = []
        for configuration in Self.projectConfigurations(facts.graph)
        where facts.graph.buildSetting(Self.key, of: configuration) == nil {
            editor.addBuildSetting(Self.key, value: "YES", to: configuration, targetName: nil)
            changes.append(.settingAdded(key: Self.key, value: "YES", configuration: configuration, target: nil))
        }
        return changes
    }

    /// The project-level build configurations.
    static func projectConfigurations(_ graph: ProjectGraph) -> [String] {
        graph.project?.buildConfigurationList.flatMap { graph.configurationList($0) }?.buildConfigurations ?? []
    }
}
