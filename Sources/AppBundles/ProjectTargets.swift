import Languages
import XcodeProject

/// What each target of an Xcode project puts in its bundle's `.lproj` folders
/// (docs/spec/app-bundle.md#a-targets-bundle-from-the-project): its Resources build phase (variant
/// groups, files inside `.lproj` folders, catalogs, `.lproj` folder references) and its
/// synchronized folders (every file, less the target's membership exceptions).
public enum ProjectTargets {
    /// The bundles of the project's targets that build anything localized, in the project's
    /// target order.
    public static func bundles(
        graph: ProjectGraph, projectFile: String, sourceLanguage: LanguageTag?, files: TreeFiles
    ) -> [TargetBundle] {
        let resolver = PathResolver(graph: graph, projectFile: projectFile)
        return graph.targets.compactMap { target in
            var inputs: [BundleInput] = []
            var failures: [BuildFailure] = []
            for phaseID in target.buildPhases {
                guard let phase = graph.buildPhase(phaseID), phase.kind == .resourcesBuildPhase else { continue }
                for fileID in phase.files {
                    guard let ref = graph.buildFile(fileID)?.fileRef else { continue }
                    take(ref, graph: graph, resolver: resolver, files: files, into: &inputs, failures: &failures)
                }
            }
            for rootID in graph.strings("fileSystemSynchronizedGroups", of: target.id) {
                guard let folder = resolver.path(of: rootID) else { continue }
                var excluded: Set<String> = []
                for setID in graph.strings("exceptions", of: rootID)
                where graph.string("target", of: setID) == target.id {
                    excluded.formUnion(graph.strings("membershipExceptions", of: setID))
                }
                let found = files.localizedFiles(under: folder)
                for path in found.lprojFiles + found.catalogs
                where !TargetTables.isExcluded(String(path.dropFirst(folder.count + 1)), excluded) {
                    take(path, into: &inputs, failures: &failures)
                }
            }
            guard !inputs.isEmpty else { return nil }
            failures += BundleRules.buildsTwice(inputs)
            return TargetBundle(
                owner: .projectTarget(project: projectFile, id: target.id), name: target.name ?? target.id,
                kind: ProductKind(
                    platform: ProductKind.platform(ofSDK: sdk(of: target, graph: graph)),
                    product: ProductKind.product(ofType: target.productType)),
                sourceLanguage: sourceLanguage, inputs: inputs, failures: Array(Set(failures)).sorted())
        }
    }

    /// The inputs of one file reference (or variant group) of a Resources phase.
    private static func take(
        _ ref: String, graph: ProjectGraph, resolver: PathResolver, files: TreeFiles,
        into inputs: inout [BundleInput], failures: inout [BuildFailure]
    ) {
        guard let object = graph.object(ref) else { return }
        let members = object.kind == .variantGroup ? graph.strings("children", of: ref) : [ref]
        for member in members {
            guard let path = resolver.path(of: member) else { continue }
            let type = graph.string("lastKnownFileType", of: member) ?? graph.string("explicitFileType", of: member)
            if type == "folder", LprojFolderName.of(folder: PathResolver.lastComponent(path)) != nil {
                // A folder reference to `de.lproj`: the folder is copied whole, a language folder of the bundle.
                for file in files.lprojFiles[path] ?? [] { take(file, into: &inputs, failures: &failures) }
                continue
            }
            guard BundleRules.isLocalized(path) else { continue }
            // A file the project builds but the tree lacks stops the build; it still says which
            // language folder the project puts it in (a copy of the tree may lack what the app has).
            if !files.exists(path) { failures.append(.missingFile(path)) }
            take(path, into: &inputs, failures: &failures)
        }
    }

    /// A localized file the target builds (it is there).
    private static func take(_ path: String, into inputs: inout [BundleInput], failures: inout [BuildFailure]) {
        guard let input = BundleRules.input(path) else { return }
        if input.kind == .catalog, BundleRules.isInLanguageFolder(path) {
            failures.append(.catalogInLanguageFolder(path))
        }
        inputs.append(input)
    }

    /// The `SDKROOT` of the target's first configuration, else of the project's.
    private static func sdk(of target: PBXTargetView, graph: ProjectGraph) -> String? {
        let lists = [target.buildConfigurationList, graph.project?.buildConfigurationList]
        for list in lists.compactMap({ $0 }) {
            for configuration in graph.strings("buildConfigurations", of: list) {
                if case .string(let sdk)? = graph.buildSetting("SDKROOT", of: configuration) { return sdk }
            }
        }
        return nil
    }
}
