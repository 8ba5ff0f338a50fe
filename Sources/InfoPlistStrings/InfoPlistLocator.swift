import Foundation
import Languages
import StringcatSupport

/// Finds the Info.plist an `InfoPlist.strings` table belongs to, from the folder layout.
///
/// Search order (the first folder with a candidate wins):
/// 1. the folder that holds the `.lproj` folders;
/// 2. its parent, then its grandparent (mastodon keeps `Mastodon/Info.plist` above
///    `Mastodon/Resources/*.lproj`);
/// 3. its direct subfolders, in code-point order of their names, skipping `*.lproj` folders
///    (an Info.plist inside an lproj, as in owncloud's Share Extension, is not the bundle's),
///    hidden folders and build or dependency folders.
///
/// A candidate is a file named `Info.plist` or `<anything>-Info.plist`, except
/// `GoogleService-Info.plist` (Firebase configuration, not a bundle's Info.plist). Within one
/// folder, `Info.plist` wins, then `<folder name>-Info.plist`, then the others in code-point
/// order with test plists (`…Tests-Info.plist`) last. adium's Spotlight importer folder holds
/// `Info.plist` and `AdiumFauxSpotlightImporter-Info.plist`: `Info.plist` is chosen.
public enum InfoPlistLocator {
    /// The Info.plist of the table whose `.lproj` folders are in `folder`, or nil.
    public static func infoPlist(forTableIn folder: String) -> String? {
        locate(forTableIn: folder).path
    }

    /// Like `infoPlist(forTableIn:)`, with a note when the chosen folder holds several
    /// candidates (naming the one chosen and the others) or when none is found.
    public static func locate(forTableIn folder: String) -> (path: String?, diagnostics: [Diagnostic]) {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        var folders = [base]
        for _ in 0..<2 {
            let parent = (folders[folders.count - 1] as NSString).deletingLastPathComponent
            if parent.isEmpty || parent == folders[folders.count - 1] { break } // the root has no parent
            folders.append(parent)
        }
        folders += subfolders(of: base)
        for candidateFolder in folders {
            let found = candidates(in: candidateFolder)
            guard let chosen = found.first else { continue }
            var diagnostics: [Diagnostic] = []
            if found.count > 1 {
                let others = found.dropFirst().map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
                diagnostics.append(
                    .note(
                        "several Info.plist files beside this table; using \((chosen as NSString).lastPathComponent) "
                            + "(also: \(others))",
                        at: .file(chosen)))
            }
            return (chosen, diagnostics)
        }
        return (nil, [.note("no Info.plist found in this folder, its two parents or its subfolders", at: .file(base))])
    }

    /// The Info.plist candidates directly in `folder`, best first.
    public static func candidates(in folder: String) -> [String] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder) else { return [] }
        let folderName = URL(fileURLWithPath: folder).lastPathComponent
        let plists = names.filter { name in
            guard name == "Info.plist" || (name.hasSuffix("-Info.plist") && name != "GoogleService-Info.plist") else {
                return false
            }
            var isDirectory: ObjCBool = false
            return fm.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        func rank(_ name: String) -> (Int, String) {
            if name == "Info.plist" { return (0, name) }
            if name == folderName + "-Info.plist" { return (1, name) }
            if name.hasSuffix("Tests-Info.plist") { return (3, name) }
            return (2, name)
        }
        return plists.sorted { rank($0) < rank($1) }.map { (folder as NSString).appendingPathComponent($0) }
    }

    private static let skippedSubfolders: Set<String> = ["build", "DerivedData", "Pods", "Carthage", "node_modules"]

    private static func subfolders(of folder: String) -> [String] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder) else { return [] }
        return names.sorted().compactMap { name in
            guard !name.hasPrefix("."), !LprojFolderName.isLproj(name), !skippedSubfolders.contains(name) else {
                return nil
            }
            var isDirectory: ObjCBool = false
            let path = folder + "/" + name
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
            return path
        }
    }
}
