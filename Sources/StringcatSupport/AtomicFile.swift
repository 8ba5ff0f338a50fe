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

    /// Writes `data` to `path` through a temporary file and a rename (a `StagedFile` committed
    /// at once).
    /// - Parameter overwrite: when false, an existing file at `path` is an error.
    public static func write(_ data: Data, to path: String, overwrite: Bool) throws {
        let staged = try StagedFile(for: path, overwrite: overwrite)
        do {
            try staged.append(data)
            try commit(staged, overwrite: overwrite)
        } catch let error as WriteError {
            staged.discard()
            throw error
        } catch {
            staged.discard()
            throw WriteError.cannotWrite(path, reason(error))
        }
    }

    /// Writes several files as one: all of them, or none. If a write fails, the files already
    /// written are put back as they were (removed, or their previous content restored) and the
    /// folders created for them are removed again, then the error is thrown.
    public static func writeAll(_ files: [(path: String, data: Data)], overwrite: Bool) throws(BatchError) {
        try writeAll(files.map { ($0.path, $0.data, overwrite) })
    }

    /// `writeAll` with an `overwrite` choice per file (catalogs are new unless `--force`; a
    /// project file written in the same batch always replaces itself).
    public static func writeAll(_ files: [(path: String, data: Data, overwrite: Bool)]) throws(BatchError) {
        try writeAll(files.map { ($0.path, Content.data($0.data), $0.overwrite) })
    }

    /// What a batch puts at a path: bytes in memory, or a file already staged beside it.
    public enum Content {
        case data(Data)
        case staged(StagedFile)
    }

    /// `writeAll` for bytes and staged files together. A staged file is put in place by a
    /// rename; when the batch fails, every staged file not yet in place is discarded.
    public static func writeAll(_ files: [(path: String, content: Content, overwrite: Bool)]) throws(BatchError) {
        let fm = FileManager.default
        // What an earlier run killed before its rename left behind in these folders.
        for folder in Set(files.map { ($0.path as NSString).deletingLastPathComponent }) { removeStaleTemporaries(in: folder) }
        var undo: [(path: String, previous: Previous, written: Written)] = []
        var createdFolders: [String] = []
        for (index, file) in files.enumerated() {
            let previous = Previous(at: file.path)
            var missing = missingFolders(above: file.path)
            do {
                switch file.content {
                case .data(let data):
                    try write(data, to: file.path, overwrite: file.overwrite)
                    undo.append((file.path, previous, .bytes(data)))
                case .staged(let staged):
                    missing = staged.createdFolders
                    try commit(staged, overwrite: file.overwrite)
                    undo.append((file.path, previous, .file(Written.identity(of: file.path))))
                }
                createdFolders += missing
            } catch {
                for (path, previous, written) in undo.reversed() {
                    // Only a file that still holds what this run wrote is put back: another run
                    // may have replaced it since, and its bytes are not ours to undo.
                    guard written.isStill(at: path) else { continue }
                    previous.restore(at: path)
                }
                StagedFile.discard(files[index...].compactMap { if case .staged(let staged) = $0.content { staged } else { nil } })
                // Deepest first; only folders this run created, and only when empty.
                for folder in (createdFolders + missing).reversed() where ((try? fm.contentsOfDirectory(atPath: folder)) ?? ["?"]).isEmpty {
                    try? fm.removeItem(atPath: folder)
                }
                throw BatchError(failedIndex: index, error: error as? WriteError ?? .cannotWrite(file.path, reason(error)))
            }
        }
    }

    /// Puts a staged file in place: flushed to disk, given the permissions of the file it
    /// replaces (a catalog made 0640 stays 0640), renamed over the destination.
    private static func commit(_ staged: StagedFile, overwrite: Bool) throws {
        let path = staged.path
        if !overwrite && FileManager.default.fileExists(atPath: path) { throw WriteError.exists(path) }
        if let inject = faultInjector { try inject(path) }
        try staged.finish()
        if let mode = permissions(of: path) { chmod(staged.temporaryPath, mode) }
        if rename(staged.temporaryPath, path) != 0 { throw WriteError.cannotWrite(path, errnoText(errno)) }
    }

    /// What this run left at a path, to tell whether it is still there before undoing it: the
    /// bytes it wrote, or (for a staged file, too large to compare) the file itself by identity.
    enum Written {
        case bytes(Data)
        case file((device: UInt64, inode: UInt64)?)

        static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            return (UInt64(info.st_dev), UInt64(info.st_ino))
        }

        func isStill(at path: String) -> Bool {
            switch self {
            case .bytes(let data): return FileManager.default.contents(atPath: path) == data
            case .file(let identity):
                guard let identity, let now = Self.identity(of: path) else { return false }
                return identity == now
            }
        }
    }

    /// A fresh temporary path beside `path` (`.Name.stringcat-PID-N.tmp`), the pattern
    /// `removeStaleTemporaries` knows.
    static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        return folder + "/.\(url.lastPathComponent).stringcat-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// What a path held before a batch wrote it, to put it back: nothing, a file (its bytes and
    /// permissions), or a symbolic link (its destination; a forced write replaces the link).
    enum Previous {
        case nothing
        case file(Data, mode_t?)
        case link(String)

        init(at path: String) {
            if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                self = .link(destination)
            } else if let data = FileManager.default.contents(atPath: path) {
                self = .file(data, AtomicFile.permissions(of: path))
            } else {
                self = .nothing
            }
        }

        func restore(at path: String) {
            switch self {
            case .nothing:
                try? FileManager.default.removeItem(atPath: path)
            case .file(let data, let mode):
                try? AtomicFile.write(data, to: path, overwrite: true)
                if let mode { chmod(path, mode) }
            case .link(let destination):
                try? FileManager.default.removeItem(atPath: path)
                try? FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
            }
        }
    }

    /// The permission bits of the file at `path` (following a link), or nil when there is none.
    static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Removes the temporary files (`.Name.stringcat-PID-N.tmp`) that a run killed between
    /// writing and renaming left in `folder`, when that process is gone. Returns their paths.
    @discardableResult
    public static func removeStaleTemporaries(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            guard let marker = name.range(of: ".stringcat-", options: .backwards) else { continue }
            let fields = name[marker.upperBound...].dropLast(4).split(separator: "-")
            guard fields.count == 2, let pid = Int32(fields[0]), UInt32(fields[1]) != nil, !ProcessLiveness.isAlive(pid) else { continue }
            if (try? FileManager.default.removeItem(atPath: folder + "/" + name)) != nil { removed.append(folder + "/" + name) }
        }
        return removed
    }

    /// A failed `writeAll`: which file failed, and why. Nothing of the batch is left on disk.
    public struct BatchError: Error, CustomStringConvertible {
        public var failedIndex: Int
        public var error: WriteError
        public var description: String { error.description }
    }

    /// The folders above `path` that do not exist yet, outermost first.
    static func missingFolders(above path: String) -> [String] {
        var missing: [String] = []
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while folder.path != "/" && !FileManager.default.fileExists(atPath: folder.path) {
            missing.insert(folder.path, at: 0)
            folder = folder.deletingLastPathComponent()
        }
        return missing
    }

    /// Why a folder cannot be created, in words a user can act on (Foundation on Linux only
    /// says "The operation could not be completed").
    static func folderReason(_ folder: String, _ error: Error) -> String {
        var ancestor = URL(fileURLWithPath: folder)
        var isDirectory: ObjCBool = false
        while ancestor.path != "/" && !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
            ancestor = ancestor.deletingLastPathComponent()
        }
        if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { return "\(ancestor.path) is a file, not a folder" }
            if !FileManager.default.isWritableFile(atPath: ancestor.path) { return "folder \(ancestor.path) is not writable" }
        }
        return reason(error)
    }

    /// Writes all of `buffer` to `descriptor` (retrying short writes); nil, or the errno's text.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < buffer.count {
            let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errnoText(errno)
            }
            offset += written
        }
        return nil
    }

    static func errnoText(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func reason(_ error: Error) -> String {
        if let e = error as? WriteError { return e.description }
        // A POSIX error, or a Foundation error caused by one, says it best in the errno's words
        // (the bridged text adds "The operation could not be completed.").
        if let posix = error as? POSIXError { return errnoText(posix.code.rawValue) }
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return errnoText(Int32(underlying.code))
        }
        // Foundation's own errors have a useful localized text; other errors describe themselves
        // (their bridged NSError text is only "The operation could not be completed").
        if error is CocoaError || type(of: error) == NSError.self {
            return (error as NSError).localizedDescription
        }
        return String(describing: error)
    }
}

/// `write(2)`, named apart from `AtomicFile.write`.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
