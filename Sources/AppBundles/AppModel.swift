import Languages
import LegacyTables
import XcodeProject

/// The bundles every target of the tree builds: each project's targets and each target of the
/// user's own packages (docs/spec/app-bundle.md). The one model of what the user ships; a run's
/// gate compares it before and after its plan, and `verify` compares it with the record of the
/// bundles before the migration.
public struct AppModel: Sendable {
    /// Every target that builds anything localized, projects first (in tree order), then packages.
    public var bundles: [TargetBundle]

    public init(bundles: [TargetBundle]) { self.bundles = bundles }

    /// The model of `tree`: its projects as parsed (or the graph `graphs` gives for a project
    /// file, as a run's edit leaves it), its files as scanned (or as `files` says).
    public init(_ tree: ProjectTables, graphs: [String: ProjectGraph] = [:], files: TreeFiles? = nil) {
        let files = files ?? TreeFiles(scan: tree.scan)
        var bundles: [TargetBundle] = []
        for project in tree.projects {
            bundles += ProjectTargets.bundles(
                graph: graphs[project.path] ?? project.graph, projectFile: project.path,
                sourceLanguage: LanguageTag(project.sourceLanguage), files: files)
        }
        for package in tree.packagesInTree where package.readBecause != nil {
            let source = package.manifest.defaultLocalization ?? tree.sourceLanguage.code
            bundles += PackageTargets.bundles(package.manifest, sourceLanguage: LanguageTag(source), files: files)
        }
        // Bare folders: each folder whose `.lproj` folders are tables no project or package holds.
        var folders: [String: String] = [:]
        for table in tree.tables + tree.leftoverTables where table.origin == .folder {
            folders[table.folder] = folders[table.folder] ?? table.sourceLanguage
        }
        for (folder, source) in folders.sorted(by: { $0.key < $1.key }) {
            if let bundle = FolderBundles.bundle(folder, sourceLanguage: LanguageTag(source), files: files) {
                bundles.append(bundle)
            }
        }
        self.bundles = bundles
    }

    /// The bundle of `owner`, if it builds anything localized.
    public func bundle(_ owner: BundleOwner) -> TargetBundle? { bundles.first { $0.owner == owner } }
}
