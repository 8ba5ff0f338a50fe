import Foundation

/// Where the lock of the tree a path belongs to lives: one lock per project, whatever folder of
/// it a run names.
///
/// Two runs on one project must meet on one lock even when one names the project's folder and the
/// other a subfolder of it (`migrate r3` and `migrate r3/LegacyApp`), or names it through a
/// symbolic link, a `./`, or an `--output` inside it. So the location is found from the physical
/// folder of the path (links resolved), walking up:
///
/// 1. **The git work tree holding it**, if any: the nearest folder upward with a `.git`. The
///    lock file goes in the git directory (`.git/stringcat.lock`), where `git status` does not
///    see it. A `.git` *file* (a linked worktree or a submodule) names its git directory on its
///    `gitdir:` line; the lock goes there (`.git/worktrees/NAME/stringcat.lock`,
///    `.git/modules/NAME/stringcat.lock`). A linked worktree is a checkout of its own, with
///    files of its own: runs in two worktrees never write the same file, so each worktree has
///    its own lock, and every run anywhere in one worktree takes that worktree's. When the git
///    directory cannot be written or named, the lock is `.stringcat.lock` at the top of the work
///    tree instead.
/// 2. Else **the nearest folder upward holding a `.xcodeproj` or a `Package.swift`** (the
///    project a run on `App/LegacyApp` edits lives in `App`): `.stringcat.lock` there.
/// 3. Else **the folder itself** (a file's folder; for a path that does not exist yet, its
///    nearest existing ancestor): `.stringcat.lock` there.
///
/// A `.stringcat.lock` is removed when its run ends; a lock file in a git directory stays (it
/// is empty of meaning once unlocked, and removing it would race with the next run).
///
/// Projects nested in a folder that is itself the location of a run (a run on a plain folder
/// holding two projects, a submodule inside its superproject) have locks of their own; the
/// runs on them still meet, because `TreeLock` also checks the locks standing in every folder
/// between `/` and each path it writes into (see `TreeLock`).
public struct LockLocation: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// The top of a git work tree (a repository, a linked worktree or a submodule).
        case gitWorkTree
        /// A folder holding a `.xcodeproj` or a `Package.swift`.
        case project
        /// The folder a run names, belonging to neither.
        case folder
    }

    /// The physical folder the lock stands for.
    public var folder: String
    /// The lock file.
    public var lockFile: String
    public var kind: Kind

    /// True for a `.stringcat.lock` in the user's tree, removed when the run ends.
    var removeOnRelease: Bool { (lockFile as NSString).lastPathComponent == TreeLock.folderLockName }

    public var description: String { "\(lockFile) (\(kind.rawValue) \(folder))" }

    /// The lock location of the tree `path` is in (a folder or a file; it need not exist yet).
    public static func of(_ path: String) -> LockLocation {
        of([path])[0]
    }

    /// The lock locations of `paths`, in their order. Each folder on the way up is looked at
    /// once, however many paths share it (a run deleting 2,000 legacy files in 40 `.lproj`
    /// folders looks at each ancestor once).
    public static func of(_ paths: [String]) -> [LockLocation] {
        var byStart: [String: LockLocation] = [:]
        var git: [String: LockLocation?] = [:]
        var project: [String: Bool] = [:]
        return paths.map { path in
            let start = startFolder(for: path)
            if let known = byStart[start] { return known }
            var nearestProject: String?
            var found: LockLocation?
            for candidate in PhysicalPath.chain(from: start) {
                let gitHere = git[candidate] ?? gitLocation(at: candidate)
                git[candidate] = gitHere
                if let gitHere {
                    found = gitHere
                    break
                }
                if nearestProject == nil {
                    let holds = project[candidate] ?? holdsProject(candidate)
                    project[candidate] = holds
                    if holds { nearestProject = candidate }
                }
            }
            let location =
                found ?? nearestProject.map { LockLocation(folder: $0, lockFile: lockFile(in: $0), kind: .project) }
                ?? LockLocation(folder: start, lockFile: lockFile(in: start), kind: .folder)
            byStart[start] = location
            return location
        }
    }

    /// The physical folder a path stands for: itself when it is a folder, its folder when it is
    /// a file (or a `.xcodeproj`, whose project is its parent folder's), its nearest existing
    /// ancestor when it does not exist.
    static func startFolder(for path: String) -> String {
        var folder = PhysicalPath.absolute(path)
        if (folder as NSString).pathExtension == "xcodeproj" { folder = (folder as NSString).deletingLastPathComponent }
        while folder != "/" && !folder.isEmpty {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue {
                break
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return PhysicalPath.resolve(folder) ?? folder
    }

    /// The location when `folder` is the top of a git work tree: `.git` is a folder, or a file
    /// whose `gitdir:` line names one.
    static func gitLocation(at folder: String) -> LockLocation? {
        guard folder.hasPrefix("/") else { return nil }
        let entry = (folder == "/" ? "" : folder) + "/.git"
        guard let status = FileStatus.of(entry) else { return nil }
        var gitDirectory: String?
        switch status.kind {
        case .directory:
            gitDirectory = entry
        case .symbolicLink:
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: entry, isDirectory: &isDirectory), isDirectory.boolValue {
                gitDirectory = entry
            }
        case .regular:
            gitDirectory = namedGitDirectory(in: entry, folder: folder)
        default:
            return nil
        }
        // A git directory that cannot be written (a read-only mount of it) or named: the lock
        // goes to the top of the work tree, where every run in this work tree looks too.
        if let gitDirectory, let physical = PhysicalPath.resolve(gitDirectory), access(physical, W_OK) == 0 {
            return LockLocation(folder: folder, lockFile: physical + "/" + TreeLock.gitLockName, kind: .gitWorkTree)
        }
        return LockLocation(folder: folder, lockFile: lockFile(in: folder), kind: .gitWorkTree)
    }

    /// The folder a `.git` file names (`gitdir: ../.git/worktrees/wt`), relative to the folder
    /// holding the file; nil when the file is not of that form or names no folder.
    static func namedGitDirectory(in file: String, folder: String) -> String? {
        // A `.git` file is one short line; a large file there is not one.
        guard let status = FileStatus.of(file), status.size <= 4096,
            let text = try? String(contentsOfFile: file, encoding: .utf8)
        else { return nil }
        guard let line = text.split(whereSeparator: \.isNewline).first, line.hasPrefix("gitdir:") else { return nil }
        let named = line.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
        guard !named.isEmpty else { return nil }
        let path = named.hasPrefix("/") ? named : (folder == "/" ? "" : folder) + "/" + named
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        return PhysicalPath.absolute(path)
    }

    /// True when `folder` holds a `.xcodeproj` or a `Package.swift`.
    static func holdsProject(_ folder: String) -> Bool {
        guard folder.hasPrefix("/"), let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return false
        }
        return names.contains { $0 == "Package.swift" || $0.hasSuffix(".xcodeproj") }
    }

    /// `.stringcat.lock` in `folder`; a relative path when `folder` is not absolute (a current
    /// folder that is gone), which `TreeLock` refuses.
    static func lockFile(in folder: String) -> String {
        folder.isEmpty ? TreeLock.folderLockName : (folder == "/" ? "" : folder) + "/" + TreeLock.folderLockName
    }
}
