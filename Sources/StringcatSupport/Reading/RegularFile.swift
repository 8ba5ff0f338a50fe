import Foundation

/// Reads a file that must be a regular file: what a translator's package or an earlier export
/// holds may be anything its sender made it.
///
/// A FIFO blocks `open` until a writer comes, forever; a link to `/dev/zero` reads without end
/// and the run allocates until it dies; opening some devices does harm by itself (a tape
/// rewinds). So the path is looked at before it is opened (following links: a link to a regular
/// file is read), opened without blocking, and looked at again on the descriptor: anything but a
/// regular file is refused, and the caller names it in an error.
public enum RegularFile {
    /// Why a file was not read.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The system's errno (`ENOENT`, `EACCES`, `EIO`, …).
        case system(Int32)
        /// It is not a regular file: "a FIFO", "a device", "a folder", "a socket".
        case notRegular(String)

        /// True when nothing is there (`ENOENT`, `ENOTDIR`).
        public var isAbsence: Bool {
            if case .system(let code) = self { return FileProbe.isAbsence(code) }
            return false
        }

        /// `No such file or directory`, or `it is a FIFO, not a regular file: only regular files are read`.
        public var description: String {
            switch self {
            case .system(let code): return errnoText(code)
            case .notRegular(let noun):
                return
                    "it is \(noun), not a regular file: only regular files are read (remove it, or put the file there)"
            }
        }
    }

    /// Opens `path` for reading when it is a regular file (a link to one included); the
    /// descriptor is blocking again once it is known to be one. The caller closes it.
    public static func open(_ path: String) -> Result<Int32, Failure> {
        var before = stat()
        guard stat(path, &before) == 0 else { return .failure(.system(errno)) }
        if let refusal = refusal(before) { return .failure(refusal) }
        let descriptor = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.system(errno)) }
        // Another program may have put something else at the path between the two looks.
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.system(code))
        }
        if let refusal = refusal(opened) {
            close(descriptor)
            return .failure(refusal)
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return .success(descriptor)
    }

    /// The bytes of `path` when it is a regular file.
    public static func read(_ path: String) -> Result<[UInt8], Failure> {
        switch open(path) {
        case .failure(let failure): return .failure(failure)
        case .success(let descriptor):
            defer { close(descriptor) }
            switch FileBytes.read(descriptor: descriptor) {
            case .success(let bytes): return .success(bytes)
            case .failure(let error): return .failure(.system(error.code.rawValue))
            }
        }
    }

    private static func refusal(_ info: stat) -> Failure? {
        let status = FileStatus(info)
        return status.kind == .regular ? nil : .notRegular(status.noun)
    }
}
