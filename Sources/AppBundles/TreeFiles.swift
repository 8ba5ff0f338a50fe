import Languages
import LegacyTables
import StringcatSupport
import XcodeProject

/// The localized files of the tree a model is built from: the scan's `.lproj` folders and
/// catalogs, as they are, or as a run's plan leaves them (catalogs it writes, files it deletes).
///
/// Synchronized folders and package targets build every file of their folder, so their inputs
/// come from here rather than from the project file; the scan already walked the tree, so no
/// folder is listed again.
public struct TreeFiles: Sendable {
    /// Every `.lproj` folder of the tree, with its files (absolute paths).
    public private(set) var lprojFiles: [String: [String]]
    /// Every catalog of the tree (absolute paths).
    public private(set) var catalogs: Set<String>
    /// Answers for files the scan does not cover (outside `.lproj` folders, in folders it skips).
    public let probe: FileProbe

    /// The tree as the scan found it.
    public init(scan: ProjectScan) {
        var files: [String: [String]] = [:]
        for folder in scan.lprojFolders { files[folder.path] = folder.files.map { folder.path + "/" + $0 } }
        lprojFiles = files
        catalogs = Set(scan.catalogs)
        probe = scan.probe
    }

    /// The tree once `written` files are there and `deleted` ones gone.
    public func applying(written: some Sequence<String>, deleted: some Sequence<String>) -> TreeFiles {
        var tree = self
        for path in deleted {
            tree.catalogs.remove(path)
            let folder = PathResolver.parent(path)
            tree.lprojFiles[folder]?.removeAll { $0 == path }
        }
        for path in written {
            if path.hasSuffix(".xcstrings") { tree.catalogs.insert(path) }
            let folder = PathResolver.parent(path)
            if LprojFolderName.isLproj(folder), tree.lprojFiles[folder]?.contains(path) != true {
                tree.lprojFiles[folder, default: []].append(path)
            }
        }
        return tree
    }

    /// True when something is at `path`. A file the scan would have listed is looked up in it; any
    /// other is asked of the disk. A file that cannot be looked at counts as there: whether a
    /// build fails on it is not this model's to say (the readers report it).
    public func exists(_ path: String) -> Bool {
        let folder = PathResolver.parent(path)
        if let files = lprojFiles[folder] { return files.contains(path) }
        if path.hasSuffix(".xcstrings"), catalogs.contains(path) { return true }
        return (try? probe.exists(path)) ?? true
    }

    /// The files of the `.lproj` folders under `folder` (at any depth), and the catalogs there,
    /// leaving out what lies inside a bundle, framework or app below it (their own resources).
    public func localizedFiles(under folder: String) -> (lprojFiles: [String], catalogs: [String]) {
        let prefix = folder + "/"
        var files: [String] = []
        for (lproj, names) in lprojFiles where lproj.hasPrefix(prefix) && !Self.isNested(lproj, under: folder) {
            files += names
        }
        let found = catalogs.filter { $0.hasPrefix(prefix) && !Self.isNested(PathResolver.parent($0), under: folder) }
        return (files.sorted(), found.sorted())
    }

    /// True when a folder between `folder` and `path` is a bundle of its own (`.bundle`, `.framework`,
    /// `.app`): what is inside goes into that bundle, not the target's.
    static func isNested(_ path: String, under folder: String) -> Bool {
        let relative = path.dropFirst(folder.count + 1)
        return relative.split(separator: "/").dropLast().contains {
            $0.hasSuffix(".bundle") || $0.hasSuffix(".framework") || $0.hasSuffix(".xcframework")
                || $0.hasSuffix(".app")
        }
    }
}
