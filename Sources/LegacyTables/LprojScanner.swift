import Foundation
import Languages
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
    /// What says whose a package is (`PackageOwnership`): workspaces'
    /// `contents.xcworkspacedata`, XcodeGen specs, Tuist manifests and `.gitmodules` files, sorted.
    public var evidenceFiles: [String] = []
    /// Records of earlier runs kept outside a project bundle (`.stringcat-migration.json`), sorted.
    public var records: [String] = []
    /// `.strings` and `.stringsdict` files outside any `.lproj` folder, sorted: a table only when a
    /// project builds one as a plain file (docs/spec/project-edit.md#a-strings-file-outside-any-lproj); the others are
    /// said, with the reason.
    public var looseFiles: [String] = []
    /// False when part of the tree could not be read (the root is missing or not a folder, a
    /// folder cannot be listed, a `stat` failed): nothing is decided from a tree seen in part.
    public var isComplete = true

    /// A file or folder that could not be read (not "not there"): an error, and the scan is
    /// incomplete, so no table is found from it and nothing is written.
    public mutating func unreadable(_ failure: FileProbe.Failure) {
        diagnostics.append(failure.diagnostic)
        isComplete = false
    }

    /// The `project.pbxproj` files found.
    public var xcodeProjects: [String] { projectFiles.filter { $0.hasSuffix("/project.pbxproj") } }
    /// The `Package.swift` manifests found.
    public var manifests: [String] { projectFiles.filter { $0.hasSuffix("/Package.swift") } }
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

    /// Files that say whose a package is: XcodeGen's spec, Tuist's manifest, git's submodule list.
    static let evidenceFileNames: Set<String> = ["project.yml", "project.yaml", "Project.swift", ".gitmodules"]
    /// A record of an earlier run kept outside a project bundle (`MigrationRecord`).
    static let recordFileName = ".stringcat-migration.json"

    public static func scan(_ root: String) -> ProjectScan {
        let fm = FileManager.default
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        var result = ProjectScan(root: rootPath, lprojFolders: [], catalogs: [], projectFiles: [], diagnostics: [])
        let rootKind: FileProbe.Kind?
        do {
            rootKind = try FileProbe.kind(rootPath)
        } catch {
            result.unreadable(error)
            return result
        }
        guard let rootKind else {
            result.diagnostics.append(.error("no such file or folder", at: .file(rootPath)))
            result.isComplete = false
            return result
        }
        guard rootKind == .folder else {
            result.diagnostics.append(.error("not a folder", at: .file(rootPath)))
            result.isComplete = false
            return result
        }
        var visited: Set<String> = []
        walk(rootPath, fm: fm, visited: &visited, into: &result)
        // Submodules are listed at the top of the git work tree, which may lie above the root.
        do {
            if let top = try gitTop(above: rootPath), top != rootPath, try FileProbe.exists(top + "/.gitmodules") {
                result.evidenceFiles.append(top + "/.gitmodules")
            }
        } catch {
            result.unreadable(error)
        }
        result.lprojFolders.sort { $0.path < $1.path }
        result.catalogs.sort()
        result.projectFiles.sort()
        result.evidenceFiles.sort()
        result.records.sort()
        result.looseFiles.sort()
        return result
    }

    private static func walk(_ folder: String, fm: FileManager, visited: inout Set<String>, into result: inout ProjectScan) {
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else {
            // A link to a folder already read elsewhere in the tree (a framework's
            // `Versions/Current -> A`) is normal: its files were read there. Only a link back to
            // a folder holding it is a loop.
            let holder = URL(fileURLWithPath: (folder as NSString).deletingLastPathComponent).resolvingSymlinksInPath().path
            if holder == real || holder.hasPrefix(real + "/") {
                result.diagnostics.append(.warning("symbolic link loop (it leads back to \(real), which holds it); not entered again", at: .file(folder)))
            }
            return
        }
        guard let listing = DirectoryNames.list(folder) else {
            let code = errno
            if FileProbe.isAbsence(code) {
                let reason = String(cString: strerror(code))
                result.diagnostics.append(.error("cannot read folder: \(reason)", at: .file(folder)))
                result.isComplete = false
            } else {
                result.unreadable(FileProbe.Failure(path: folder, code: code))
            }
            return
        }
        for name in listing.invalid where name.contains(".lproj") || name.hasSuffix(".strings") || name.hasSuffix(".stringsdict") || name.hasSuffix(".xcodeproj") {
            result.diagnostics.append(.warning("the name \(name) is not valid UTF-8 (each \\xNN is a byte); not read: rename it", at: .file(folder)))
        }
        for name in listing.names {
            let path = folder + "/" + name
            // Each entry's kind, itself and followed: a stat that fails is no answer, and an
            // entry not seen could be a project (the folder would be read as a bare one) or a
            // language (it would leave its catalog).
            let entry: FileProbe.Kind?, followed: FileProbe.Kind?
            do {
                entry = try FileProbe.kindOfEntry(path)
                do {
                    followed = entry == .symbolicLink ? try FileProbe.kind(path) : entry
                } catch where error.code == ELOOP {
                    followed = nil // a link loop: said below, as a link that leads nowhere
                }
            } catch {
                result.unreadable(error)
                continue
            }
            let isLink = entry == .symbolicLink
            let isDirectory = ObjCBool(followed == .folder)
            guard followed != nil else {
                if isLink { result.diagnostics.append(.warning(UnreachableFile.reason(path), at: .file(path))) }
                continue
            }
            if name.hasSuffix(".lproj") {
                if DirectoryNames.hasControlCharacter(name) {
                    // No language code is made from a control character (`nl<newline>.lproj`).
                    result.diagnostics.append(.warning("the folder name \"\(DirectoryNames.shown(name))\" holds a control character, so it names no language; not read: rename it", at: .file(folder)))
                    continue
                }
                let language = String(name.dropLast(".lproj".count))
                if isDirectory.boolValue, language != LprojFolderName.base, language != LprojFolderName.multilingual, LanguageTag(language) == nil {
                    result.diagnostics.append(.error("the folder name \"\(DirectoryNames.shown(name))\" is not a language code (such as en, pt-BR or zh-Hans), so its files are in no table: rename it", at: .file(path)))
                    continue
                }
                if isDirectory.boolValue {
                    guard let inside = DirectoryNames.list(path) else {
                        // A language folder that cannot be listed is not an empty one.
                        let code = errno
                        result.unreadable(FileProbe.Failure(path: path, code: FileProbe.isAbsence(code) ? EIO : code))
                        continue
                    }
                    for bad in inside.invalid {
                        result.diagnostics.append(.warning("the name \(bad) is not valid UTF-8 (each \\xNN is a byte); not read: rename it", at: .file(path)))
                    }
                    let files = inside.names.filter { !DirectoryNames.hasControlCharacter($0) || !($0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict")) }
                    for bad in inside.names where !files.contains(bad) {
                        result.diagnostics.append(.warning("the file name \"\(DirectoryNames.shown(bad))\" holds a control character; not read: rename it", at: .file(path)))
                    }
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
                    do {
                        let project = path + "/project.pbxproj"
                        if try FileProbe.exists(project) { result.projectFiles.append(project) }
                    } catch {
                        result.unreadable(error)
                    }
                    continue
                }
                if name.hasSuffix(".xcworkspace") {
                    do {
                        let contents = path + "/contents.xcworkspacedata"
                        if try FileProbe.exists(contents) { result.evidenceFiles.append(contents) }
                    } catch {
                        result.unreadable(error)
                    }
                    continue
                }
                walk(path, fm: fm, visited: &visited, into: &result)
            } else if name.hasSuffix(".xcstrings") {
                result.catalogs.append(path)
            } else if name == "Package.swift" {
                result.projectFiles.append(path)
            } else if evidenceFileNames.contains(name) || (name == "Dependencies.swift" && folder.hasSuffix("/Tuist")) {
                result.evidenceFiles.append(path)
            } else if name == recordFileName {
                result.records.append(path)
            } else if name.hasSuffix(".strings") || name.hasSuffix(".stringsdict") {
                result.looseFiles.append(path)
            }
        }
    }

    /// The top of the git work tree holding `folder` (the nearest folder with a `.git`), if any.
    static func gitTop(above folder: String) throws(FileProbe.Failure) -> String? {
        var current = folder
        while !current.isEmpty {
            if try FileProbe.exists(current + "/.git") { return current }
            if current == "/" { return nil }
            current = (current as NSString).deletingLastPathComponent
        }
        return nil
    }
}
