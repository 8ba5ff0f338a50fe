/// `.lproj` folders that belong to something other than the project's own tables
/// (docs/spec/project-edit.md#files-xcode-leaves-alone): a Settings bundle's `Root.strings` is read by iOS Settings,
/// which does not read catalogs; a framework, an app or a dependency manager's folder has tables of its own.
enum BundleFolders {
    static let extensions = [".bundle", ".framework", ".xcframework", ".app"]
    static let folderNames: Set<String> = ["Pods", "Carthage", "SourcePackages", "DerivedData", ".build"]

    /// True when a folder between `root` and the `.lproj` folder at `path` is one of those.
    static func isInsideBundle(_ path: String, root: String) -> Bool {
        let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        for component in relative.split(separator: "/").dropLast() {
            if folderNames.contains(String(component)) { return true }
            if extensions.contains(where: { component.hasSuffix($0) }) { return true }
        }
        return false
    }
}
