import Foundation

/// What `lstat`/`fstat` say about a file, in the terms the writes and the lock decide on.
///
/// One value read once, so a decision (replace it, hold a lock in it, undo it) is made on one
/// coherent view of the file rather than on several calls that may each see another file.
struct FileStatus: Equatable {
    enum Kind: Equatable { case regular, directory, symbolicLink, fifo, socket, device, other }

    var kind: Kind
    var device: UInt64
    var inode: UInt64
    var links: UInt64
    var size: Int64
    var mode: mode_t
    var owner: uid_t
    var group: gid_t
    /// Seconds and nanoseconds of the last change of the bytes.
    var modified: (seconds: Int64, nanoseconds: Int64)

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        case S_IFCHR, S_IFBLK: kind = .device
        default: kind = .other
        }
        // dev_t is signed on Darwin, unsigned on Linux: kept as its bits.
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        links = UInt64(truncatingIfNeeded: info.st_nlink)
        size = Int64(info.st_size)
        mode = info.st_mode & 0o7777
        owner = info.st_uid
        group = info.st_gid
        #if canImport(Darwin)
            modified = (Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec))
        #else
            modified = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
        #endif
    }

    /// The path itself (a symbolic link is described, not followed); nil when nothing is there.
    static func of(_ path: String) -> FileStatus? {
        var info = stat()
        return lstat(path, &info) == 0 ? FileStatus(info) : nil
    }

    /// What an open descriptor refers to.
    static func of(descriptor: Int32) -> FileStatus? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? FileStatus(info) : nil
    }

    /// The same file (device and inode), whatever its name.
    func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }

    /// The same file, not changed since: identity, size and modification time. What an undo
    /// checks before it removes or replaces a file this run wrote.
    func isUnchanged(since other: FileStatus) -> Bool {
        isSameFile(as: other) && size == other.size && modified == other.modified
    }

    static func == (lhs: FileStatus, rhs: FileStatus) -> Bool {
        lhs.kind == rhs.kind && lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.links == rhs.links
            && lhs.size == rhs.size && lhs.mode == rhs.mode && lhs.owner == rhs.owner && lhs.group == rhs.group
            && lhs.modified == rhs.modified
    }

    /// "a folder", "a FIFO", … for messages about a path that is not what was expected.
    var noun: String {
        switch kind {
        case .regular: return "a file"
        case .directory: return "a folder"
        case .symbolicLink: return "a symbolic link"
        case .fifo: return "a FIFO"
        case .socket: return "a socket"
        case .device: return "a device"
        case .other: return "a special file"
        }
    }
}

/// A file as it was seen when a run read it: which file (device and inode), its size and its
/// modification time, following a link. A batch replaces a file only if it is still the same
/// (`AtomicFile.Expectation.unchanged`) when the file is too large to keep its bytes.
///
/// Take it before reading, and again after: if they differ, the file changed during the read.
/// It catches a program that saves by renaming a new file over the old one (a new inode) and one
/// that writes in place (a new size or modification time); a same-size write in place within the
/// file system's timestamp granularity (a few milliseconds on Linux) of the snapshot is the one
/// change it can miss: `.bytes` cannot.
public struct FileSnapshot: Sendable, Hashable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64

    /// The snapshot of the file at `path` (a link followed), or nil when there is none.
    public static func of(_ path: String) -> FileSnapshot? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let status = FileStatus(info)
        return FileSnapshot(
            device: status.device, inode: status.inode, size: status.size,
            modifiedSeconds: status.modified.seconds, modifiedNanoseconds: status.modified.nanoseconds)
    }
}

/// Physical paths: what a path names once its symbolic links are resolved.
enum PhysicalPath {
    /// `realpath(3)` of `path`, or nil when it does not exist (or cannot be resolved).
    static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` made absolute and free of `.` and `..` (without resolving links).
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `path` with the part of it that exists resolved (links included) and the rest appended as
    /// written: an --output folder may not exist yet.
    static func resolveExistingPart(_ path: String) -> String {
        var existing = absolute(path)
        var rest: [String] = []
        // An empty or relative path here means the current folder is gone: the loop ends there.
        while existing != "/" && !existing.isEmpty {
            if let resolved = resolve(existing) { return join(resolved, rest) }
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        return join(existing.isEmpty ? "" : "/", rest)
    }

    private static func join(_ base: String, _ rest: [String]) -> String {
        if base.isEmpty { return rest.joined(separator: "/") }
        return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
    }

    /// True when `path` is `folder` or lies inside it (both physical paths).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// `path` and its ancestors, deepest first, ending with "/" (for a relative path, which only
    /// a current folder that is gone leaves, with its first component).
    static func chain(from path: String) -> [String] {
        var folders: [String] = []
        var folder = path
        while !folder.isEmpty {
            folders.append(folder)
            let parent = (folder as NSString).deletingLastPathComponent
            if folder == "/" || parent == folder { break }
            folder = parent
        }
        return folders
    }
}

/// `errno` in words ("No space left on device").
func errnoText(_ code: Int32) -> String { String(cString: strerror(code)) }
