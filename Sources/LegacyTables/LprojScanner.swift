import Foundation
import StringcatSupport

/// One `*.lproj` folder found in a project, and the localization files in it.
public struct LprojFolder: Sendable, Hashable {
    /// Absolute path of the `.lproj` folder.
    public var path: String
    /// The folder name without `.lproj` (`en`, `zh_Hans`, `Base`, `English`).
    public var name: String
    /// Absolute path of the folder that holds the `.lproj` folder.
    public var parent: String
    /// File names in the folder (not recursive), sorted.
    public var files: [String]
    /// True when the `.lproj` entry itself is a symbolic link.
    public var isSymlink: Bool
}

/// What a scan of a project found.
public struct ProjectScan: Sendable {
    /// The scanned root (absolute, standardized).
    public var root: String
    /// Every `.lproj` folder, sorted by path.
    public var lprojFolders: [LprojFolder]
    /// Every `.xcstrings` file outside the skipped folders, sorted.
    public var catalogs: [String]
    /// Xcode project files (`X.xcodeproj/project.pbxproj`) and `Package.swift` manifests found,
    /// sorted: where the source language is declared.
    public var projectFiles: [String]
    /// Problems found while scanning: plain files named `*.lproj`, unreadable folders, symlink loops.
    public var diagnostics: [Diagnostic]
}

/// Finds the `.lproj` folders of a project.
///
/// Skips build products and dependency managers' folders (`.build`, `.git`, `DerivedData`, `Pods`,
/// `Carthage`, `node_modules`), follows symbolic links but never enters the same real folder twice
/// (a link loop is reported, not followed), and reports plain files named `*.lproj` instead of
/// reading them (adium ships several).
public enum LprojScanner {
    /// Folder names never entered.
    public static let skippedFolderNames: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm"]

    public static func scan(_ root: String) -> ProjectScan {
        let fm = FileManager.default
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        var result = ProjectScan(root: rootPath, lprojFolders: [], catalogs: [], projectFiles: [], diagnostics: [])
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: rootPath, isDirectory: &isDirectory) else {
            result.diagnostics.append(.error("no such file or folder", at: .file(rootPath)))
            return result
        }
        guard isDirectory.boolValue else {
            result.diagnostics.append(.error("not a folder", at: .file(rootPath)))
            return result
        }
        var visited: Set<String> = []
        walk(rootPath, fm: fm, visited: &visited, into: &result)
        result.lprojFolders.sort { $0.path < $1.path }
        result.catalogs.sort()
        result.projectFiles.sort()
        return result
    }

    private static func walk(_ folder: String, fm: FileManager, visited: inout Set<String>, into result: inout ProjectScan) {
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else {
            result.diagnostics.append(.warning("symbolic link loop or folder reached twice (real path \(real)); not entered again", at: .file(folder)))
            return
        }
        let names: [String]
        do {
            names = try fm.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            result.diagnostics.append(.error("cannot read folder: \((error as NSError).localizedDescription)", at: .file(folder)))
            return
        }
        for name in names {
            let path = folder + "/" + name
            var isDirectory: ObjCBool = false
            let exists = fm.fileExists(atPath: path, isDirectory: &isDirectory) // follows links
            let isLink = (try? fm.destinationOfSymbolicLink(atPath: path)) != nil
            if !exists {
                if isLink { result.diagnostics.append(.warning("broken symbolic link; not read", at: .file(path))) }
                continue
            }
            if name.hasSuffix(".lproj") {
                if isDirectory.boolValue {
                    let files = ((try? fm.contentsOfDirectory(atPath: path)) ?? []).sorted()
                    // Interface Builder catalogs live in `mul.lproj`.
                    result.catalogs += files.filter { $0.hasSuffix(".xcstrings") }.map { path + "/" + $0 }
                    result.lprojFolders.append(LprojFolder(
                        path: path, name: String(name.dropLast(".lproj".count)), parent: folder, files: files, isSymlink: isLink))
                } else {
                    result.diagnostics.append(.warning("a plain file named like a localization folder; not read", at: .file(path)))
                }
                continue
            }
            if isDirectory.boolValue {
                if skippedFolderNames.contains(name) { continue }
                if name.hasSuffix(".xcodeproj") {
                    if fm.fileExists(atPath: path + "/project.pbxproj") { result.projectFiles.append(path + "/project.pbxproj") }
                    continue
                }
                walk(path, fm: fm, visited: &visited, into: &result)
            } else if name.hasSuffix(".xcstrings") {
                result.catalogs.append(path)
            } else if name == "Package.swift" {
                result.projectFiles.append(path)
            }
        }
    }
}
