import Foundation

/// "Is it there?" asked so that the answer can be "I could not tell".
///
/// `FileManager.fileExists` says false for a file that is not there and for one whose `stat`
/// failed (EIO on a failing disk, ESTALE on NFS, EACCES): a run that took the second for the
/// first read a project folder as a bare one and deleted every legacy file (issue 33). Here only
/// "no such file" (ENOENT, or ENOTDIR: a part of the path is a file) is absence; any other errno
/// is a `FileProbe.Failure` naming the file and the errno, which the caller turns into an error
/// that stops the run before anything is written.
///
/// The calls come from the `FileProbing` it is made with: the system's, or a test's that fails
/// some of them (the caller passes it in: `TableSearch.probe`, `MigrationOptions.fileProbe`).
public struct FileProbe: Sendable {
    /// What is at a path.
    public enum Kind: Sendable, Equatable {
        case file, folder, symbolicLink, other
    }

    /// A `stat`, `open` or `read` that failed for another reason than "no such file".
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var code: Int32

        public init(path: String, code: Int32) {
            self.path = path
            self.code = code
        }

        /// `Input/output error (EIO)`.
        public var reason: String {
            let name = RemovalError.names[code] ?? Self.names[code] ?? "errno \(code)"
            return String(cString: strerror(code)) + " (" + name + ")"
        }

        /// `cannot read PATH: Input/output error (EIO)`.
        public var description: String { "cannot read \(path): \(reason)" }

        /// The error a run reports for it: nothing is decided from a tree seen in part.
        public var diagnostic: Diagnostic {
            .error(
                "cannot read it: \(reason); nothing was written or deleted (a file that cannot be read "
                    + "cannot be told from one that is not there: check the disk and run again)", at: .file(path))
        }

        static let names: [Int32: String] = [
            ESTALE: "ESTALE", EOVERFLOW: "EOVERFLOW", EINTR: "EINTR", ENOMEM: "ENOMEM",
        ]
    }

    /// The calls the answers come from: the system's, or a test's that fails some of them.
    public let system: any FileProbing

    /// A probe that asks `system` (the file system's own calls by default).
    public init(_ system: any FileProbing = SystemFileProbe()) { self.system = system }

    /// True for the errnos that mean "nothing there".
    public static func isAbsence(_ code: Int32) -> Bool { code == ENOENT || code == ENOTDIR }

    /// What is at `path`, following links (`stat`): nil when nothing is there (a link whose
    /// target is missing included).
    public func kind(_ path: String) throws(Failure) -> Kind? {
        try Self.answer(path, system.status(path, followingLinks: true))
    }

    /// What is at `path` itself (`lstat`): a link is `.symbolicLink`; nil when nothing is there.
    public func kindOfEntry(_ path: String) throws(Failure) -> Kind? {
        try Self.answer(path, system.status(path, followingLinks: false))
    }

    /// True when something is at `path` (following links).
    public func exists(_ path: String) throws(Failure) -> Bool { try kind(path) != nil }

    /// True when `path` is a folder (following links); false when it is something else or nothing.
    public func isFolder(_ path: String) throws(Failure) -> Bool { try kind(path) == .folder }

    /// The bytes of the file at `path`: nil when there is no such file; a `Failure` for any
    /// other error (a folder is `EISDIR`).
    public func bytes(_ path: String) throws(Failure) -> [UInt8]? {
        switch system.read(path) {
        case .success(let bytes): return bytes
        case .failure(let error):
            if Self.isAbsence(error.code.rawValue) { return nil }
            throw Failure(path: path, code: error.code.rawValue)
        }
    }

    /// The names in the folder at `path` (without `.` and `..`): nil when there is no such
    /// folder; a `Failure` when it cannot be listed (a listing cut short is no listing).
    public func names(inFolder path: String) throws(Failure) -> [String]? {
        switch system.list(path) {
        case .success(let names): return names
        case .failure(let error):
            if Self.isAbsence(error.code.rawValue) { return nil }
            throw Failure(path: path, code: error.code.rawValue)
        }
    }

    /// `realpath(3)` of `path`: every symbolic link resolved; nil when it is not there; a
    /// `Failure` when a link or folder on the way cannot be read.
    public static func physicalPath(_ path: String) throws(Failure) -> String? {
        guard let resolved = realpath(path, nil) else {
            let code = errno
            if isAbsence(code) { return nil }
            throw Failure(path: path, code: code)
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func answer(_ path: String, _ status: Result<Kind, POSIXError>) throws(Failure) -> Kind? {
        switch status {
        case .success(let kind): return kind
        case .failure(let error):
            if isAbsence(error.code.rawValue) { return nil }
            throw Failure(path: path, code: error.code.rawValue)
        }
    }
}

/// The file system calls `FileProbe` asks. Tests supply one that fails chosen paths with an
/// errno, as a failing disk would; the product uses `SystemFileProbe`.
public protocol FileProbing: Sendable {
    /// `stat` (or `lstat`): the kind of file, or the errno.
    func status(_ path: String, followingLinks: Bool) -> Result<FileProbe.Kind, POSIXError>
    /// The whole file's bytes (`FileBytes.read`), or the errno.
    func read(_ path: String) -> Result<[UInt8], POSIXError>
    /// The names in a folder (`opendir`/`readdir`), or the errno.
    func list(_ path: String) -> Result<[String], POSIXError>
}

/// `stat(2)`, `lstat(2)` and `FileBytes.read`.
public struct SystemFileProbe: FileProbing {
    public init() {}

    public func status(_ path: String, followingLinks: Bool) -> Result<FileProbe.Kind, POSIXError> {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .success(.file)
        case S_IFDIR: return .success(.folder)
        case S_IFLNK: return .success(.symbolicLink)
        default: return .success(.other)
        }
    }

    public func read(_ path: String) -> Result<[UInt8], POSIXError> { FileBytes.read(path) }

    public func list(_ path: String) -> Result<[String], POSIXError> {
        guard let directory = opendir(path) else {
            return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
                return .success(names)
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }
}
