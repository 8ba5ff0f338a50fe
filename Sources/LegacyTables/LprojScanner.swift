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
    /// What answered "is it there?" during the scan (the system's, or a test's that fails), and
    /// answers it for the tree model built from the scan.
    public var probe = FileProbe()

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
    public static let skippedFolderNames: Set<String> = [
        ".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm",
    ]

    /// Files that say whose a package is: XcodeGen's spec, Tuist's manifests (its helpers in
    /// `Tuist/ProjectDescriptionHelpers/` too), git's submodule list.
    static let evidenceFileNames: Set<String> = [
        "project.yml", "project.yaml", "Project.swift", "Workspace.swift", ".gitmodules",
    ]
    /// A record of an earlier run kept outside a project bundle (`MigrationRecord`).
    static let recordFileName = ".stringcat-migration.json"

    /// Scans `root`, asking `probe` what is there.
    public static func scan(_ root: String, probe: FileProbe = FileProbe()) -> ProjectScan {
        let fm = FileManager.default
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        var result = ProjectScan(root: rootPath, lprojFolders: [], catalogs: [], projectFiles: [], diagnostics: [])
        result.probe = probe
        let rootKind: FileProbe.Kind?
        do {
            rootKind = try probe.kind(rootPath)
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
            if let top = try gitTop(above: rootPath, probe: probe), top != rootPath,
                try probe.exists(top + "/.gitmodules")
            {
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

    private static func walk(
        _ folder: String, fm: FileManager, visited: inout Set<String>,
        into result: inout ProjectScan
    ) {
        guard enter(folder, visited: &visited, into: &result), let listing = list(folder, into: &result) else { return }
        for name in listing.invalid
        where name.contains(LprojFolderName.suffix) || name.hasSuffix(".strings")
            || name.hasSuffix(".stringsdict") || name.hasSuffix(".xcodeproj")
        {
            result.diagnostics.append(.warning(invalidName(name), at: .file(folder)))
        }
        for name in listing.names {
            let path = folder + "/" + name
            guard let kind = entryKind(path, into: &result) else { continue }
            if LprojFolderName.isLproj(name) {
                readLproj(name, at: path, in: folder, isDirectory: kind.isDirectory, isLink: kind.isLink, into: &result)
            } else if !kind.isDirectory {
                noteFile(name, at: path, in: folder, into: &result)
            } else if skippedFolderNames.contains(name) {
                continue
            } else if name.hasSuffix(".xcodeproj") {
                note(path + "/project.pbxproj", in: \.projectFiles, into: &result)
            } else if name.hasSuffix(".xcworkspace") {
                note(path + "/contents.xcworkspacedata", in: \.evidenceFiles, into: &result)
            } else {
                walk(path, fm: fm, visited: &visited, into: &result)
            }
        }
    }

    /// True when `folder` is read: a folder not read before. A link to a folder already read
    /// elsewhere in the tree (a framework's `Versions/Current -> A`) is normal: its files were
    /// read there. Only a link back to a folder holding it is a loop, and said.
    private static func enter(_ folder: String, visited: inout Set<String>, into result: inout ProjectScan) -> Bool {
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else {
            let holding = (folder as NSString).deletingLastPathComponent
            let holder = URL(fileURLWithPath: holding).resolvingSymlinksInPath().path
            if holder == real || holder.hasPrefix(real + "/") {
                result.diagnostics.append(
                    .warning(
                        "symbolic link loop (it leads back to \(real), which holds it); "
                            + "not entered again", at: .file(folder)))
            }
            return false
        }
        return true
    }

    /// The names in `folder`, or nil (with the error in `result`) when it cannot be listed.
    private static func list(_ folder: String, into result: inout ProjectScan) -> DirectoryNames.Listing? {
        guard let listing = DirectoryNames.list(folder) else {
            let code = errno
            if FileProbe.isAbsence(code) {
                let reason = String(cString: strerror(code))
                result.diagnostics.append(.error("cannot read folder: \(reason)", at: .file(folder)))
                result.isComplete = false
            } else {
                result.unreadable(FileProbe.Failure(path: folder, code: code))
            }
            return nil
        }
        return listing
    }

    /// Each entry's kind, itself and followed: a stat that fails is no answer, and an entry not
    /// seen could be a project (the folder would be read as a bare one) or a language (it would
    /// leave its catalog). Nil when the entry is not read (the error or warning is in `result`).
    private static func entryKind(
        _ path: String,
        into result: inout ProjectScan
    ) -> (isLink: Bool, isDirectory: Bool)? {
        let entry: FileProbe.Kind?, followed: FileProbe.Kind?
        do {
            entry = try result.probe.kindOfEntry(path)
            do {
                followed = entry == .symbolicLink ? try result.probe.kind(path) : entry
            } catch  where error.code == ELOOP {
                followed = nil // a link loop: said below, as a link that leads nowhere
            }
        } catch {
            result.unreadable(error)
            return nil
        }
        let isLink = entry == .symbolicLink
        guard followed != nil else {
            if isLink { result.diagnostics.append(.warning(UnreachableFile.reason(path), at: .file(path))) }
            return nil
        }
        return (isLink, followed == .folder)
    }

    /// An entry named `*.lproj` in `folder`: a language folder, read with its files (and the
    /// catalogs in it), or said why it is not read.
    private static func readLproj(
        _ name: String, at path: String, in folder: String, isDirectory: Bool, isLink: Bool,
        into result: inout ProjectScan
    ) {
        if DirectoryNames.hasControlCharacter(name) {
            // No language code is made from a control character (`nl<newline>.lproj`).
            let message =
                "the folder name \"\(DirectoryNames.shown(name))\" holds a control character, so it "
                + "names no language; not read: rename it"
            result.diagnostics.append(.warning(message, at: .file(folder)))
            return
        }
        let language = String(name.dropLast(LprojFolderName.suffix.count))
        if isDirectory, language != LprojFolderName.base, language != LprojFolderName.multilingual,
            LanguageTag(language) == nil
        {
            let message =
                "the folder name \"\(DirectoryNames.shown(name))\" is not a language code (such as en, "
                + "pt-BR or zh-Hans), so its files are in no table: rename it"
            result.diagnostics.append(.error(message, at: .file(path)))
            return
        }
        guard isDirectory else {
            result.diagnostics.append(
                .warning(
                    "a plain file named like a localization folder; not read",
                    at: .file(path)))
            return
        }
        guard let inside = DirectoryNames.list(path) else {
            // A language folder that cannot be listed is not an empty one.
            let code = errno
            result.unreadable(FileProbe.Failure(path: path, code: FileProbe.isAbsence(code) ? EIO : code))
            return
        }
        for bad in inside.invalid {
            result.diagnostics.append(.warning(invalidName(bad), at: .file(path)))
        }
        let files = inside.names.filter {
            !DirectoryNames.hasControlCharacter($0) || !($0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict"))
        }
        for bad in inside.names where !files.contains(bad) {
            let message =
                "the file name \"\(DirectoryNames.shown(bad))\" holds a control character; not read: "
                + "rename it"
            result.diagnostics.append(.warning(message, at: .file(path)))
        }
        // Interface Builder catalogs live in `mul.lproj`.
        result.catalogs += files.filter { $0.hasSuffix(".xcstrings") }.map { path + "/" + $0 }
        result.lprojFolders.append(
            LprojFolder(
                path: path, name: String(name.dropLast(LprojFolderName.suffix.count)), parent: folder, files: files,
                isSymlink: isLink
            ))
    }

    /// What is said of a name that is not valid UTF-8 (escaped by `DirectoryNames`).
    private static func invalidName(_ name: String) -> String {
        "the name \(name) is not valid UTF-8 (each \\xNN is a byte); not read: rename it"
    }

    /// The file of a project or workspace bundle that says what it is (`project.pbxproj`,
    /// `contents.xcworkspacedata`), noted in `list` when it is there; the bundle is not walked.
    private static func note(
        _ path: String, in list: WritableKeyPath<ProjectScan, [String]>,
        into result: inout ProjectScan
    ) {
        do {
            if try result.probe.exists(path) { result[keyPath: list].append(path) }
        } catch {
            result.unreadable(error)
        }
    }

    /// A file outside any `.lproj` folder: a catalog, a manifest, what says whose a package is,
    /// an earlier run's record, or a legacy file outside any `.lproj`.
    private static func noteFile(_ name: String, at path: String, in folder: String, into result: inout ProjectScan) {
        if name.hasSuffix(".xcstrings") {
            result.catalogs.append(path)
        } else if name == "Package.swift" {
            result.projectFiles.append(path)
        } else if evidenceFileNames.contains(name) || (name == "Dependencies.swift" && folder.hasSuffix("/Tuist"))
            || (name.hasSuffix(".swift") && TreeEvidence.isTuistHelper(path))
        {
            result.evidenceFiles.append(path)
        } else if name == recordFileName {
            result.records.append(path)
        } else if name.hasSuffix(".strings") || name.hasSuffix(".stringsdict") {
            result.looseFiles.append(path)
        }
    }

    /// The top of the git work tree holding `folder` (the nearest folder with a `.git`), if any.
    static func gitTop(above folder: String, probe: FileProbe) throws(FileProbe.Failure) -> String? {
        var current = folder
        while !current.isEmpty {
            if try probe.exists(current + "/.git") { return current }
            if current == "/" { return nil }
            current = (current as NSString).deletingLastPathComponent
        }
        return nil
    }
}
