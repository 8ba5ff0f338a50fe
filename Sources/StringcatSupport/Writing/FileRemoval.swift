import Foundation

/// Deletes a file or an empty folder, saying why it could not with the system's error.
///
/// The caller passes one in (`MigrationOptions.fileRemover`): the product uses `SystemFileRemover`;
/// tests pass one that fails on chosen paths, as an immutable file, a read-only disk or a failing
/// disk would.
public protocol FileRemoving: Sendable {
    func removeFile(_ path: String) throws(RemovalError)
    func removeEmptyFolder(_ path: String) throws(RemovalError)
}

/// A deletion the system refused, with its `errno`.
public struct RemovalError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int32

    public init(code: Int32) { self.code = code }

    /// `Operation not permitted (EPERM): …what it usually means…`.
    public var description: String {
        let name = Self.names[code].map { " (\($0))" } ?? " (errno \(code))"
        let text = String(cString: strerror(code)) + name
        switch code {
        case EPERM:
            return text + ": the file or its folder is immutable or append-only (chattr, chflags), "
                + "or the folder is sticky and the file is another user's"
        case EACCES:
            return text + ": its folder is not writable for this user"
        case EROFS:
            return text + ": the disk is mounted read-only"
        case EIO:
            return text + ": the disk failed to do it; check it before going on"
        case EBUSY:
            return text + ": it is in use (a mount point, or open on a system that forbids deleting open files)"
        default:
            return text
        }
    }

    public static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", EACCES: "EACCES", EBUSY: "EBUSY", EEXIST: "EEXIST",
        ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EROFS: "EROFS", ENOTEMPTY: "ENOTEMPTY", ELOOP: "ELOOP",
        ENAMETOOLONG: "ENAMETOOLONG", ENOSPC: "ENOSPC", EDQUOT: "EDQUOT",
    ]
}

/// The file system: `unlink(2)` and `rmdir(2)`.
public struct SystemFileRemover: FileRemoving {
    public init() {}

    public func removeFile(_ path: String) throws(RemovalError) {
        if unlink(path) != 0 { throw RemovalError(code: errno) }
    }

    public func removeEmptyFolder(_ path: String) throws(RemovalError) {
        if rmdir(path) != 0 { throw RemovalError(code: errno) }
    }
}
