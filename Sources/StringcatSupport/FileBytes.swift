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
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(POSIXError(.EISDIR)) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        var failure: POSIXError?
        bytes.withUnsafeMutableBytes { buffer in
            while count < buffer.count {
                let read = posixRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if read < 0 {
                    if errno == EINTR { continue }
                    failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                    return
                }
                if read == 0 { break }
                count += read
            }
        }
        if let failure { return .failure(failure) }
        if count < bytes.count { bytes.removeLast(bytes.count - count) }
        // A file that grew since fstat (or a /proc-like file reporting size 0): read the rest.
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let read = chunk.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress!, $0.count) }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
            }
            if read == 0 { break }
            bytes.append(contentsOf: chunk[..<read])
        }
        return .success(bytes)
    }
}

/// `read(2)`, named apart from `FileBytes.read`.
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    Foundation.read(descriptor, buffer, count)
}
