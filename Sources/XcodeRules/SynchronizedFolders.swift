import Foundation
import XcodeProject

/// What the rules for synchronized folders (Xcode 16's `PBXFileSystemSynchronizedRootGroup`,
/// docs/spec/project-edit.md#synchronized-folders) share: such a folder does not list its files;
/// every file in it is a member of each target that builds the folder, unless the target's
/// exception set (`membershipExceptions`) names it. Xcode names a localized file there without its
/// `.lproj` level: `/Localized/<folder>/<Name.strings>` stands for every language of it
/// (KeePassium writes its storyboards so).
enum SynchronizedFolders {
    /// The entry that takes every language of a localized file out of a target, relative to its
    /// synchronized folder: `/Localized/general/about/AboutVC.strings` for
    /// `<folder>/general/about/de.lproj/AboutVC.strings`; nil for a file in no `.lproj` or no folder.
    static func localizedEntry(for file: String, inFolder folder: String) -> String? {
        guard file.hasPrefix(folder + "/") else { return nil }
        let lproj = PathResolver.parent(file)
        guard PathResolver.lastComponent(lproj).hasSuffix(".lproj") else { return nil }
        let within = PathResolver.parent(lproj)
        let relative = within == folder ? "" : String(within.dropFirst(folder.count + 1)) + "/"
        return "/Localized/" + relative + PathResolver.lastComponent(file)
    }

    /// The synchronized folders of the project: each root group's ID and absolute folder, deepest
    /// first (a file belongs to the deepest folder holding it).
    static func roots(_ editor: ProjectEditor) -> [(id: String, folder: String)] {
        editor.graph.objects(isa: "PBXFileSystemSynchronizedRootGroup").compactMap { root in
            editor.resolver.path(of: root.id).map { (root.id, $0) }
        }
        .sorted { $0.folder.count > $1.folder.count }
    }

    /// Xcode's order of `membershipExceptions`: case folded (`file-info` before `PasscodeInputVC`
    /// in KeePassium), then by bytes.
    static func xcodeOrder(_ a: String, _ b: String) -> Bool {
        let (x, y) = (a.lowercased(), b.lowercased())
        return x != y ? x < y : a < b
    }

    /// True when a file of `entry` (`/Localized/<folder>/<Name>`) is still in some `.lproj` of
    /// that folder on disk.
    static func anyLanguageLeft(of entry: String, in folder: String) -> Bool {
        let relative = String(entry.dropFirst("/Localized/".count))
        let within = relative.contains("/") ? folder + "/" + PathResolver.parent(relative) : folder
        let name = PathResolver.lastComponent(relative)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: within)) ?? []
        return names.contains {
            $0.hasSuffix(".lproj") && FileManager.default.fileExists(atPath: within + "/" + $0 + "/" + name)
        }
    }

    /// True when the table of `entry` (`/Localized/<folder>/<Name>.strings`) has its catalog on
    /// disk: `<folder>/Name.xcstrings`, or `<folder>/mul.lproj/Name.xcstrings`.
    static func catalogExists(for entry: String, in folder: String) -> Bool {
        let relative = String(entry.dropFirst("/Localized/".count))
        let within = relative.contains("/") ? folder + "/" + PathResolver.parent(relative) : folder
        let file = PathResolver.lastComponent(relative)
        let name = String(file[..<(file.lastIndex(of: ".") ?? file.endIndex)])
        return [within + "/" + name + ".xcstrings", within + "/mul.lproj/" + name + ".xcstrings"].contains {
            FileManager.default.fileExists(atPath: $0)
        }
    }
}
