import Foundation

/// Reads a whole file straight into a byte array.
///
/// `[UInt8](FileManager.default.contents(atPath:))` holds the file twice while it copies (a
/// 200 MB `.strings` cost 400 MB before parsing began); this reads into the array itself.
public enum FileBytes {
    /// The bytes of the regular file at `path` (following links), or the errno that stopped the
    /// read (`ENOENT`, `EACCES`, `EISDIR`, …).
    public static func read(_ path: String) -> Result<[UInt8], POSIXError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
        defer { close(descriptor) }
        return read(descriptor: descriptor)
    }

    /// The bytes from an open descriptor to the end of its file (a folder is `EISDIR`).
    public static func read(descriptor: Int32) -> Result<[UInt8], POSIXError> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(POSIXError(.EISDIR)) }
        // One byte more than the size: a read that fills it means the file grew since fstat
        // (or is a /proc-like file reporting size 0), and the buffer doubles until EOF.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 65_536)) }
            let read = bytes.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
            }
            if read == 0 { break }
            count += read
        }
        bytes.removeLast(bytes.count - count)
        return .success(bytes)
    }
}

/// `read(2)`, named apart from `FileBytes.read`.
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    Foundation.read(descriptor, buffer, count)
}
