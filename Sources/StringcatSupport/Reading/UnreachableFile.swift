import Foundation

/// Why a path that does not open as a file cannot be reached, in words a user acts on: a link
/// whose target is missing is not a link that leads back to itself.
public enum UnreachableFile {
    /// "no such file", "a broken symbolic link (…)", "a symbolic link loop (ELOOP: …)", or the
    /// system's error with its errno name for anything else `stat` refuses.
    public static func reason(_ path: String) -> String {
        var info = stat()
        if stat(path, &info) == 0 { return "no such file when it was read" }
        let code = errno
        var linkInfo = stat()
        let isLink = lstat(path, &linkInfo) == 0 && (linkInfo.st_mode & S_IFMT) == S_IFLNK
        switch code {
        case ELOOP:
            return "a symbolic link loop (ELOOP): following it leads back to a link already passed; not read"
        case ENOENT where isLink:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " to \($0)" } ?? ""
            return "a broken symbolic link\(target): its target does not exist; not read"
        case ENOENT:
            return "no such file"
        default:
            let name = RemovalError.names[code] ?? "errno \(code)"
            return "cannot be reached: \(String(cString: strerror(code))) (\(name))"
        }
    }
}
