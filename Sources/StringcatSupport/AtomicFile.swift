import Foundation

/// Writes files the way a user's only copy of their translations deserves: never in place.
///
/// Data goes to a temporary file in the same folder, is flushed, and is then renamed over the
/// destination, so a reader sees either the old file or the complete new one, never half of it.
public enum AtomicFile {
    public enum WriteError: Error, CustomStringConvertible, Equatable {
        case exists(String)
        case cannotCreateFolder(String, String)
        case cannotWrite(String, String)

        public var description: String {
            switch self {
            case .exists(let path):
                return "\(path) already exists (use --force to overwrite it)"
            case .cannotCreateFolder(let path, let reason):
                return "cannot create folder \(path): \(reason)"
            case .cannotWrite(let path, let reason):
                return "cannot write \(path): \(reason)"
            }
        }
    }

    /// A hook for tests: when set, it is called with the destination before each write and may
    /// throw to simulate a failing disk.
    nonisolated(unsafe) public static var faultInjector: ((String) throws -> Void)? = nil

    /// Writes `data` to `path` through a temporary file and a rename.
    /// - Parameter overwrite: when false, an existing file at `path` is an error.
    public static func write(_ data: Data, to path: String, overwrite: Bool) throws {
        let fm = FileManager.default
        if !overwrite && fm.fileExists(atPath: path) { throw WriteError.exists(path) }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        if !fm.fileExists(atPath: folder) {
            do {
                try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw WriteError.cannotCreateFolder(folder, reason(error))
            }
        }
        let temp = folder + "/.\(url.lastPathComponent).stringcat-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
        do {
            if let inject = faultInjector { try inject(path) }
            guard fm.createFile(atPath: temp, contents: data) else {
                throw WriteError.cannotWrite(path, permissionReason(folder))
            }
            if rename(temp, path) != 0 {
                let message = String(cString: strerror(errno))
                try? fm.removeItem(atPath: temp)
                throw WriteError.cannotWrite(path, message)
            }
        } catch let error as WriteError {
            try? fm.removeItem(atPath: temp)
            throw error
        } catch {
            try? fm.removeItem(atPath: temp)
            throw WriteError.cannotWrite(path, reason(error))
        }
    }

    private static func permissionReason(_ folder: String) -> String {
        FileManager.default.isWritableFile(atPath: folder) ? "the file could not be created" : "folder \(folder) is not writable"
    }

    private static func reason(_ error: Error) -> String {
        if let e = error as? WriteError { return e.description }
        // Foundation's own errors have a useful localized text; other errors describe themselves
        // (their bridged NSError text is only "The operation could not be completed").
        if error is CocoaError || error is POSIXError || type(of: error) == NSError.self {
            return (error as NSError).localizedDescription
        }
        return String(describing: error)
    }
}
