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

    public func apply(to edit: inout MigrationEdit) {
        guard !edit.handledGroups.isEmpty else { return }
        for configuration in Self.projectConfigurations(edit.graph)
        where edit.graph.buildSetting("LOCALIZATION_PREFERS_STRING_CATALOGS", of: configuration) == nil {
            edit.editor.addBuildSetting(
                "LOCALIZATION_PREFERS_STRING_CATALOGS", value: "YES", to: configuration, targetName: nil)
        }
    }

    /// The project-level build configurations.
    static func projectConfigurations(_ graph: ProjectGraph) -> [String] {
        graph.project?.buildConfigurationList.flatMap { graph.configurationList($0) }?.buildConfigurations ?? []
    }
}
