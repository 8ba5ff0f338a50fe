import XcodeProject

/// `SWIFT_EMIT_LOC_STRINGS = YES`, where the Xcode that migrates puts it.
public struct EmitLocStringsSetting: ProjectEditRule {
    public let name = "Swift code emits its strings"
    public let decides = """
        SWIFT_EMIT_LOC_STRINGS = YES: Xcode 16 and later add it to every project-level configuration \
        that does not set it and leave targets alone, an explicit NO included; Xcode 15 adds it to \
        each configuration of each target that received a catalog where the target does not \
        already evaluate to YES.
        """
    public let evidence = """
        14 project files migrated by Xcode 15 (2023-06 to 2024-09) and 21 by Xcode 16 and later \
        (2024-08 on); nothing in the file tells which (docs/spec/migration-rules.md#which-xcode---xcode-version).
        """

    public init() {}

    static let key = "SWIFT_EMIT_LOC_STRINGS"

    public func apply(_ facts: EditFacts, _ editor: inout ProjectEditor) -> [RuleChange] {
        guard facts.migratesAnyTable else { return [] }
        let graph = facts.graph
        let projectConfigurations = PreferStringCatalogsSetting.projectConfigurations(graph)
        var changes: [RuleChange] = []
        switch facts.options.emitLocStrings {
        case .projectConfigurations:
            // A value the project level already has (YES, or a NO someone chose) is left as it is.
            for configuration in projectConfigurations where graph.buildSetting(Self.key, of: configuration) == nil {
                editor.addBuildSetting(Self.key, value: "YES", to: configuration, targetName: nil)
                changes.append(.settingAdded(key: Self.key, value: "YES", configuration: configuration, target: nil))
            }
        case .eachReceivingTarget:
            var projectEmits: [String: PBXSettingValue] = [:]
            for configuration in projectConfigurations {
                if let name = graph.buildConfiguration(configuration)?.name,
                    let value = graph.buildSetting(Self.key, of: configuration)
                {
                    projectEmits[name] = value
                }
            }
            for target in graph.targets where facts.receivingTargets.contains(target.id) {
                let configurations =
                    target.buildConfigurationList.flatMap { graph.configurationList($0) }?.buildConfigurations ?? []
                for configuration in configurations where graph.buildSetting(Self.key, of: configuration) == nil {
                    // Inherited from the project-level configuration of the same name.
                    if let name = graph.buildConfiguration(configuration)?.name, projectEmits[name] == .string("YES") {
                        continue
                    }
                    editor.addBuildSetting(
                        Self.key, value: "YES", to: configuration, targetName: target.name ?? target.id)
                    changes.append(
                        .settingAdded(key: Self.key, value: "YES", configuration: configuration, target: target.id))
                }
            }
        }
        return changes
    }
}
