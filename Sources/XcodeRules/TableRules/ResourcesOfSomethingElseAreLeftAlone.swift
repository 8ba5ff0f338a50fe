/// Files inside a bundle, framework, app or a dependency manager's folder are that thing's
/// resources: their groups are left alone.
public struct ResourcesOfSomethingElseAreLeftAlone: TableRule {
    public let name = "resources of something else are left alone"
    public let decides = """
        A variant group or plain file inside *.bundle, *.framework, *.xcframework, *.app, Pods/, \
        Carthage/, SourcePackages/, .build/ or DerivedData/ (below the project folder) is no table; it \
        is listed as skipped with the folder that put it out of scope.
        """
    public let evidence = """
        Inferred from what those folders are: a Settings bundle's Root.strings is read by iOS \
        Settings, which reads no catalog (docs/spec/project-edit.md#files-xcode-leaves-alone).
        """

    public init() {}

    /// Folder names whose contents are resources of something else.
    static let excludedFolders: Set<String> = ["Pods", "Carthage", "SourcePackages", ".build", "DerivedData"]
    static let excludedExtensions = [".bundle", ".framework", ".xcframework", ".app"]

    /// The first folder component of `path` (below the project folder when inside it) that puts
    /// a file out of a whole-project migration's scope.
    static func excludedComponent(_ path: String, projectFolder: String) -> String? {
        var relative = Substring(path)
        if path.hasPrefix(projectFolder + "/") { relative = path.dropFirst(projectFolder.count + 1) }
        let components = relative.split(separator: "/").dropLast()
        for component in components {
            if excludedFolders.contains(String(component)) { return String(component) }
            if excludedExtensions.contains(where: { component.hasSuffix($0) }) { return String(component) }
        }
        return nil
    }

    /// Why a group so placed is skipped.
    static func reason(inside component: String) -> String { "inside \(component), the resources of something else" }
}
