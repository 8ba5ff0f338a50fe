import Languages
import LegacyTables
import XcodeProject

/// What each target of a Swift package puts in its resource bundle
/// (docs/spec/app-bundle.md#a-package-targets-bundle): SwiftPM takes every file of the target's
/// folder, so the bundle has every `.lproj` folder there and what every catalog there compiles to
/// (an Xcode build; plain `swift build` copies a catalog as it is: docs/spec/project-edit.md#a-swift-package).
public enum PackageTargets {
    /// The bundles of the package's targets that hold anything localized, in manifest order.
    public static func bundles(_ manifest: PackageManifest, sourceLanguage: LanguageTag?, files: TreeFiles)
        -> [TargetBundle]
    {
        manifest.ownedFolders.compactMap { owned in
            let found = files.localizedFiles(under: owned.folder)
            return BundleRules.bundle(
                of: found.lprojFiles + found.catalogs, owner: .packageTarget(manifest: manifest.path, name: owned.name),
                name: owned.name, kind: .packageTarget, sourceLanguage: sourceLanguage)
        }
    }
}

extension PackageTargets {
    /// The key the record in the tree's root keeps a package target under: its manifest relative
    /// to the root, and its name (`Kit/Package.swift#Kit`).
    public static func recordKey(manifest: String, target: String, root: String) -> String {
        (manifest.hasPrefix(root + "/") ? String(manifest.dropFirst(root.count + 1)) : manifest) + "#" + target
    }
}

/// What a bare folder of `.lproj` folders holds, as one bundle: the `.lproj` folders directly in
/// it and its catalogs (beside them, or in its `mul.lproj`).
public enum FolderBundles {
    public static func bundle(_ folder: String, sourceLanguage: LanguageTag?, files: TreeFiles) -> TargetBundle? {
        let found = files.localizedFiles(under: folder)
        let own = (found.lprojFiles + found.catalogs).filter { path in
            let parent = PathResolver.parent(path)
            return PathResolver.parent(parent) == folder && LprojFolderName.of(file: path) != nil
                || parent == folder && path.hasSuffix(".xcstrings")
        }
        return BundleRules.bundle(
            of: own, owner: .folder(folder), name: PathResolver.lastComponent(folder), kind: .folder,
            sourceLanguage: sourceLanguage, buildsEveryFile: false)
    }
}
