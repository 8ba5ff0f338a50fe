import Foundation
import Languages
import StringcatSupport
import XcodeProject

/// What the rules for synchronized folders (Xcode 16's `PBXFileSystemSynchronizedRootGroup`,
/// docs/spec/project-edit.md#synchronized-folders) share: such a folder does not list its files;
/// every file in it is a member of each target that builds the folder, unless the target's
/// exception set (`membershipExceptions`) names it. Xcode names a localized file there without its
/// `.lproj` level: `/Localized/<folder>/<Name.strings>` stands for every language of it
/// (KeePassium writes its storyboards so).
public enum SynchronizedFolders {
    /// A synchronized folder: its root group's ID and its absolute folder.
    public struct Root: Sendable, Hashable {
        public var id: String
        public var folder: String
    }

    /// An entry of a synchronized folder's exception set, in the folder it is relative to.
    public struct Entry: Sendable, Hashable {
        public var folder: String
        public var entry: String
    }

    /// What is on disk for the entries an edit may remove (`EditFacts`): read once, before the rules.
    public struct Disk: Sendable {
        /// Entries of which a file is still in some `.lproj` folder.
        public var languageLeft: Set<Entry> = []
        /// Entries whose table has its catalog on disk.
        public var catalogOnDisk: Set<Entry> = []

        public init() {}

        /// Looks at the entries of the deleted files and, with `staleEntries`, at every localized
        /// entry of the roots' exception sets.
        /// - Throws: a `Diagnostic` when a folder that exists cannot be listed.
        init(roots: [Root], deletedFiles: [String], staleEntries: Bool, graph: ProjectGraph) throws(Diagnostic) {
            let deleted = deletedFiles.map { PathResolver.normalize($0) }
            guard !deleted.isEmpty || staleEntries else { return }
            var listings: [String: [String]] = [:]
            for root in roots {
                var entries: [String] = []
                for file in deleted where file.hasPrefix(root.folder + "/") {
                    if let entry = SynchronizedFolders.localizedEntry(for: file, inFolder: root.folder) {
                        entries.append(entry)
                    }
                }
                var stale: [String] = []
                if staleEntries {
                    for setID in graph.strings("exceptions", of: root.id) {
                        stale += graph.strings("membershipExceptions", of: setID).filter(
                            SynchronizedFolders.isLocalizedTableEntry)
                    }
                }
                for entry in entries + stale {
                    let key = Entry(folder: root.folder, entry: entry)
                    let within = SynchronizedFolders.folder(of: entry, in: root.folder)
                    if listings[within] == nil { listings[within] = try Self.list(within) }
                    let name = PathResolver.lastComponent(
                        String(entry.dropFirst(SynchronizedFolders.localizedPrefix.count)))
                    let left = listings[within]!.contains {
                        LprojFolderName.isLproj($0)
                            && FileManager.default.fileExists(atPath: within + "/" + $0 + "/" + name)
                    }
                    if left { languageLeft.insert(key) }
                }
                for entry in stale where SynchronizedFolders.catalogExists(for: entry, in: root.folder) {
                    catalogOnDisk.insert(Entry(folder: root.folder, entry: entry))
                }
            }
        }

        /// The names in `folder`; none when it does not exist.
        private static func list(_ folder: String) throws(Diagnostic) -> [String] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                return []
            }
            do {
                return try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                throw Diagnostic.error(
                    "cannot list the folder to see which languages of its tables are left: \(error.localizedDescription)",
                    at: .file(folder))
            }
        }
    }

    /// `/Localized/`: the prefix of an entry that stands for every language of a file.
    static let localizedPrefix = "/Localized/"

    /// True for `/Localized/…/Name.strings` or `.stringsdict`.
    static func isLocalizedTableEntry(_ entry: String) -> Bool {
        entry.hasPrefix(localizedPrefix) && (entry.hasSuffix(".strings") || entry.hasSuffix(".stringsdict"))
    }

    /// The entry that takes every language of a localized file out of a target, relative to its
    /// synchronized folder: `/Localized/general/about/AboutVC.strings` for
    /// `<folder>/general/about/de.lproj/AboutVC.strings`; nil for a file in no `.lproj` or no folder.
    static func localizedEntry(for file: String, inFolder folder: String) -> String? {
        guard file.hasPrefix(folder + "/") else { return nil }
        let lproj = PathResolver.parent(file)
        guard LprojFolderName.isLproj(PathResolver.lastComponent(lproj)) else { return nil }
        let within = PathResolver.parent(lproj)
        let relative = within == folder ? "" : String(within.dropFirst(folder.count + 1)) + "/"
        return localizedPrefix + relative + PathResolver.lastComponent(file)
    }

    /// The synchronized folders of the project, deepest first (a file belongs to the deepest
    /// folder holding it).
    static func roots(_ graph: ProjectGraph, _ resolver: PathResolver) -> [Root] {
        graph.objects(.synchronizedRootGroup).compactMap { root in
            resolver.path(of: root.id).map { Root(id: root.id, folder: $0) }
        }
        .sorted { $0.folder.count > $1.folder.count }
    }

    /// Xcode's order of `membershipExceptions`: case folded (`file-info` before `PasscodeInputVC`
    /// in KeePassium), then by bytes.
    static func xcodeOrder(_ a: String, _ b: String) -> Bool {
        let (x, y) = (a.lowercased(), b.lowercased())
        return x != y ? x < y : a < b
    }

    /// The folder holding the `.lproj` folders of `entry` (`/Localized/<folder>/<Name>`).
    static func folder(of entry: String, in folder: String) -> String {
        let relative = String(entry.dropFirst(localizedPrefix.count))
        return relative.contains("/") ? folder + "/" + PathResolver.parent(relative) : folder
    }

    /// True when the table of `entry` (`/Localized/<folder>/<Name>.strings`) has its catalog on
    /// disk: `<folder>/Name.xcstrings`, or `<folder>/mul.lproj/Name.xcstrings`.
    static func catalogExists(for entry: String, in folder: String) -> Bool {
        let within = Self.folder(of: entry, in: folder)
        let file = PathResolver.lastComponent(String(entry.dropFirst(localizedPrefix.count)))
        let name = String(file[..<(file.lastIndex(of: ".") ?? file.endIndex)])
        return [
            within + "/" + name + ".xcstrings",
            within + "/" + LprojFolderName.multilingualFolder + "/" + name + ".xcstrings",
        ]
        .contains { FileManager.default.fileExists(atPath: $0) }
    }
}
