import Foundation

/// A file written in parts into a temporary file beside its destination, and put in place later
/// by `AtomicFile.writeAll`, with the other files of its run (all or none).
///
/// A catalog is streamed into one as it is encoded, so its text is never in memory whole (a
/// 200 MB `.strings` makes a 520 MB catalog). Until it is committed, the destination is
/// untouched; `discard()` removes the temporary file and the folders made for it. Every write of
/// stringcat goes through one (`AtomicFile.write` stages and commits at once), so the temporary
/// file always has the name `AtomicFile.temporaryPath` gives, and a run killed before the
/// rename leaves nothing the next run does not clean (`AtomicFile.removeStaleTemporaries`).
public final class StagedFile: @unchecked Sendable {
    /// Where the file goes (as the caller named it).
    public let path: String
    /// Where its bytes land: `path`, or with a tree given, the file a symbolic link at `path`
    /// leads to (see `WriteTarget`).
    public let target: String
    /// The tree it was accepted in.
    public let root: String
    let temporaryPath: String
    /// Where the bytes are until the rename: a proof may read them before anything is put in place.
    public var stagedPath: String { temporaryPath }
    /// Folders created for it, outermost first (removed again, when empty, by `discard`).
    let createdFolders: [String]
    /// What writes the bytes (the file system, or a test's that fails).
    let writer: any FileWriting
    private var descriptor: Int32 = -1

    /// Creates the temporary file (and the folders above `path` that are missing). Its errors
    /// say why in the errno's words ("No space left on device"), or name the folder that is not
    /// writable.
    /// - Parameters:
    ///   - overwrite: when false, an existing file at `path` is an error (checked again when the
    ///     file is committed).
    ///   - root: the tree the run writes into (the project, a catalog's folder, `--output`). A
    ///     symbolic link at `path` stays a link (the file it leads to is replaced); a `path` that
    ///     lies outside `root` as written (`proj/../victim/de.lproj`) or through a link is refused
    ///     (`.notInTree`, `.outsideTree`). `WriteTarget.resolve` is the only place a destination
    ///     is accepted, and every write of stringcat is staged here.
    ///   - writer: writes the bytes: the file system's `write(2)`, or a test's that fails (a
    ///     disk that fills up while a catalog streams out).
    public init(
        for path: String, overwrite: Bool, root: String, writer: any FileWriting = SystemFileWriter()
    ) throws(AtomicFile.WriteError) {
        let fm = FileManager.default
        self.path = path
        self.root = root
        self.writer = writer
        target = try WriteTarget.resolve(path, root: root)
        if !overwrite && fm.fileExists(atPath: target) { throw .exists(path) }
        // A file with other hard links is refused before anything is written for it (see
        // `AtomicFile.WriteError.hardLinked`); checked again when it is committed.
        if let existing = FileStatus.of(target), existing.kind == .regular, existing.links > 1 {
            throw .hardLinked(path, existing.links)
        }
        temporaryPath = AtomicFile.temporaryPath(for: target)
        createdFolders = AtomicFile.missingFolders(above: target)
        let folder = (target as NSString).deletingLastPathComponent
        if !createdFolders.isEmpty {
            do {
                try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                removeCreatedFolders()
                throw .cannotCreateFolder(folder, AtomicFile.folderReason(folder, error))
            }
        }
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            removeCreatedFolders()
            if code == EACCES && !fm.isWritableFile(atPath: folder) {
                throw .cannotWrite(path, "folder \(folder) is not writable")
            }
            throw .cannotWrite(path, errnoText(code))
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends `bytes` to the temporary file.
    public func append(_ bytes: [UInt8]) throws(AtomicFile.WriteError) {
        if let failure = bytes.withUnsafeBytes({ append($0) }) { throw failure }
    }

    /// Appends `data` to the temporary file.
    public func append(_ data: Data) throws(AtomicFile.WriteError) {
        if let failure = data.withUnsafeBytes({ append($0) }) { throw failure }
    }

    /// Writes `buffer` to the temporary file; nil, or why not.
    private func append(_ buffer: UnsafeRawBufferPointer) -> AtomicFile.WriteError? {
        guard descriptor >= 0 else { return .cannotWrite(path, "the file was already finished") }
        do { try writer.append(buffer, to: descriptor, for: path) } catch {
            return .cannotWrite(path, AtomicFile.reason(error))
        }
        return nil
    }

    /// Flushes the temporary file to disk and closes it; it is then ready to be committed.
    public func finish() throws(AtomicFile.WriteError) {
        guard descriptor >= 0 else { return }
        let failed = fsync(descriptor) != 0 ? errno : nil
        let closed = close(descriptor) == 0 ? nil : errno
        descriptor = -1
        if let code = failed ?? closed { throw .cannotWrite(path, errnoText(code)) }
    }

    /// Removes the temporary file and the folders created for it (when empty). Harmless after a
    /// commit (the temporary file is gone by then) and when called twice.
    public func discard() {
        removeTemporary()
        removeCreatedFolders()
    }

    /// Discards several staged files: every temporary file first, then the folders (deepest
    /// first), so a folder two of them share is removed too.
    public static func discard(_ files: [StagedFile]) {
        for file in files { file.removeTemporary() }
        for file in files.reversed() { file.removeCreatedFolders() }
    }

    private func removeTemporary() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(temporaryPath)
    }

    private func removeCreatedFolders() {
        AtomicFile.removeEmptyFolders(createdFolders)
    }
}
