import Foundation

/// Writes files the way a user's only copy of their translations deserves: never in place.
///
/// Data goes to a temporary file in the same folder, is flushed, and is then renamed over the
/// destination, so a reader sees either the old file or the complete new one, never half of it.
///
/// A file replaced in a batch stays recoverable until the whole batch has succeeded, without
/// needing any space: before the new file is renamed in, the old one is hard-linked aside under
/// a hidden name in its folder (`.Name.stringcat-PID-N.old`; renamed aside where the file system
/// has no hard links). Undoing puts it back with one rename: the same file, same inode, owner,
/// permissions, extended attributes and dates, whatever space is left. The aside names are
/// removed only once the batch has succeeded.
///
/// The new file keeps what made the old one the user's: permissions, extended attributes, and
/// the owner where the system allows it (`FileIdentity`). A file with other hard links is never
/// replaced (`WriteError.hardLinked`).
public enum AtomicFile {

    /// Writes `data` to `path` through a temporary file and a rename (a batch of one).
    /// - Parameters:
    ///   - overwrite: when false, an existing file at `path` is an error.
    ///   - root: the tree the run writes into (see `StagedFile.init(for:overwrite:root:)`): a
    ///     `path` that lands outside it, as written or through a link, is refused.
    ///   - expected: when given, the file is replaced only if it still holds exactly these bytes
    ///     (`.changedSinceRead` otherwise).
    ///   - writer: the file system's calls (a test's that fails some of them).
    public static func write(
        _ data: Data, to path: String, overwrite: Bool, root: String,
        expecting expected: Data? = nil, writer: any FileWriting = SystemFileWriter()
    ) throws {
        do {
            try writeAll(
                [BatchFile(path: path, content: .data(data), overwrite: overwrite, root: root, expecting: expected)],
                writer: writer)
        } catch {
            // A batch of one has nothing else to undo; a previous version it could not put back
            // is named in the error.
            guard let stranded = error.undo.notRestored.first else { throw error.error }
            var why = error.error.description
            if case .cannotWrite(_, let reason) = error.error { why = reason }
            throw WriteError.cannotWrite(path, "\(why); \(stranded.reason)")
        }
    }

    /// Writes several files as one: all of them, or none. If a write fails, the files already
    /// written are put back as they were (removed, or their previous version renamed back) and
    /// the folders created for them are removed again, then the error is thrown.
    public static func writeAll(
        _ files: [(path: String, data: Data)], overwrite: Bool,
        root: String, writer: any FileWriting = SystemFileWriter()
    ) throws(BatchError) {
        try writeAll(
            files.map { BatchFile(path: $0.path, content: .data($0.data), overwrite: overwrite, root: root) },
            writer: writer)
    }

    /// `writeAll` with an `overwrite` choice per file (catalogs are new unless `--force`; a
    /// project file written in the same batch always replaces itself).
    public static func writeAll(
        _ files: [(path: String, data: Data, overwrite: Bool)],
        root: String, writer: any FileWriting = SystemFileWriter()
    ) throws(BatchError) {
        try writeAll(
            files.map { file in
                BatchFile(path: file.path, content: .data(file.data), overwrite: file.overwrite, root: root)
            }, writer: writer)
    }

    /// What a batch puts at a path: bytes in memory, or a file already staged beside it.
    public enum Content {
        case data(Data)
        case staged(StagedFile)
    }

    /// `writeAll` for bytes and staged files together. A staged file is put in place by a
    /// rename; when the batch fails, every staged file not yet in place is discarded.
    public static func writeAll(
        _ files: [(path: String, content: Content, overwrite: Bool)],
        root: String, writer: any FileWriting = SystemFileWriter()
    ) throws(BatchError) {
        try writeAll(
            files.map { BatchFile(path: $0.path, content: $0.content, overwrite: $0.overwrite, root: root) },
            writer: writer)
    }

    /// One file of a batch, with what must hold for it to be written.
    public struct BatchFile {
        public var path: String
        public var content: Content
        /// When false, an existing file at `path` is an error.
        public var overwrite: Bool
        /// The tree the run writes into, for `.data` (a staged file was given its tree when it
        /// was staged): a link at `path` stays a link, and nothing lands outside the tree, as
        /// written or through a link (`WriteTarget`).
        public var root: String
        /// When given, `path` is replaced only if, just before the rename, it is still what the
        /// run read (and edited): otherwise the batch fails with `.changedSinceRead(path)` and
        /// every file it already renamed is put back. A file that is gone by then fails the same
        /// way.
        public var expectation: Expectation?

        /// A file of a batch; `expected`: the bytes `path` must still hold (see `expectation`).
        public init(path: String, content: Content, overwrite: Bool, root: String, expecting expected: Data? = nil) {
            self.init(
                path: path, content: content, overwrite: overwrite, root: root,
                expectation: expected.map(Expectation.bytes))
        }

        public init(path: String, content: Content, overwrite: Bool, root: String, expectation: Expectation?) {
            self.path = path
            self.content = content
            self.overwrite = overwrite
            self.root = root
            self.expectation = expectation
        }
    }

    /// What a file must still be for a batch to replace it: what the run read.
    public enum Expectation: Sendable, Equatable {
        /// It holds exactly these bytes (a project file: read whole, edited, written back).
        case bytes(Data)
        /// It is the file seen when it was read, not written since (see `FileSnapshot`): for a
        /// file too large to keep in memory. Weaker than `.bytes`: see `FileSnapshot`.
        case unchanged(FileSnapshot)
    }

    /// Writes a batch: all of it, or none of it (see `commitAll`), and removes the previous
    /// versions of the files it replaced once every file is in place.
    /// Returns an error for each previous version or temporary file that could not be removed
    /// once the batch was in place (the batch itself stands): such a file is named, never left
    /// behind in silence.
    @discardableResult
    public static func writeAll(
        _ files: [BatchFile],
        remover: any FileRemoving = SystemFileRemover(), writer: any FileWriting = SystemFileWriter()
    ) throws(BatchError) -> [Diagnostic] {
        try commitAll(files, writer: writer).finish(remover: remover)
    }

    /// Puts every file of the batch in place, in order, and returns the batch with the previous
    /// version of each replaced file still kept aside: `finish()` removes them (the batch is
    /// then final), `undo()` puts them back. Use it when something after the writes may still
    /// fail and must undo them (a later step of the run); `writeAll` finishes at once.
    ///
    /// When a file fails, nothing more is renamed, the staged files not yet in place are
    /// discarded, and the files already in place are undone at once; the error says which file
    /// failed and why, and `undo` lists what was put back and what could not be.
    ///
    /// `writer` makes the file system's calls (a test's fails some of them): it stages the
    /// `.data` files, and the batch keeps it for its undo. A `.staged` file appends with the
    /// writer it was staged with.
    public static func commitAll(
        _ files: [BatchFile], writer: any FileWriting = SystemFileWriter()
    ) throws(BatchError) -> CommittedBatch {
        var committed: [Committed] = []
        // What runs killed in the middle of a write left in these folders, before anything is
        // staged: a previous version a killed run kept aside is a second link of the file, which
        // staging would refuse (`WriteError.hardLinked`). (A caller that stages its files itself
        // cleans first: `cleanUpAfterKilledRuns(besideFiles:inside:)`.)
        let leftBehind = cleanUpAfterKilledRuns(
            besideFiles: files.map { file in
                if case .staged(let staged) = file.content { return (file.path, staged.root) }
                return (file.path, file.root)
            })
        for (index, file) in files.enumerated() {
            // The temporary file of bytes staged here, discarded if they are not put in place.
            var stagedHere: StagedFile?
            do throws(CommitFailure) {
                let staged: StagedFile
                switch file.content {
                case .staged(let file):
                    staged = file
                case .data(let data):
                    do throws(WriteError) {
                        staged = try StagedFile(
                            for: file.path, overwrite: file.overwrite, root: file.root, writer: writer)
                        stagedHere = staged
                        try staged.append(data)
                    } catch {
                        throw CommitFailure(error)
                    }
                }
                committed.append(
                    try commit(staged, overwrite: file.overwrite, expecting: file.expectation, writer: writer))
            } catch {
                let rest = files[index...].compactMap {
                    if case .staged(let staged) = $0.content { staged } else { nil }
                }
                stagedHere?.discard()
                StagedFile.discard(rest)
                var report = CommittedBatch(committed, writer: writer).undo()
                if let stranded = error.stranded { report.notRestored.append(stranded) }
                // A folder one file of the batch made may have held another's file when each
                // removed what it made: every folder the batch made goes once all are gone.
                removeEmptyFolders(
                    (committed.flatMap(\.createdFolders) + rest.flatMap(\.createdFolders)
                        + (stagedHere?.createdFolders ?? [])).sorted { $0.count < $1.count })
                throw BatchError(failedIndex: index, error: error.error, undo: report)
            }
        }
        return CommittedBatch(committed, writer: writer, leftBehind: leftBehind)
    }

    /// What a batch's undo did, file by file. A file is listed as restored only when it is back
    /// as it was before the batch (its previous version renamed back, or the file the batch
    /// created removed); every other file of the batch is in `notRestored` with the reason, and
    /// where its previous version is kept when it could not be put back.
    public struct UndoReport: Sendable, Equatable {
        public struct Failure: Sendable, Equatable, CustomStringConvertible {
            public var path: String
            public var reason: String
            public var description: String { "\(path): \(reason)" }
        }

        /// The paths put back as they were, in the order they were undone (last written first).
        public var restored: [String] = []
        /// The paths that are not as they were, and why.
        public var notRestored: [Failure] = []

        /// True when every file of the batch is back as it was.
        public var isComplete: Bool { notRestored.isEmpty }
    }

    /// A failed batch: which file failed, and why; what its undo put back, and what it could not.
    public struct BatchError: Error, CustomStringConvertible {
        public var failedIndex: Int
        public var error: WriteError
        /// What the undo of the files already in place did. When `undo.isComplete`, nothing of
        /// the batch is left on disk.
        public var undo: UndoReport = UndoReport()

        public var description: String { error.description }
    }

    /// A batch whose files are all in place, the previous versions of the files it replaced
    /// still kept aside until `finish()` (or `undo()`).
    public final class CommittedBatch {
        private var files: [Committed]
        private let writer: any FileWriting
        private var settled = false
        /// Files killed runs left in the batch's folders that could not be removed.
        private let leftBehind: [Diagnostic]

        fileprivate init(_ files: [Committed], writer: any FileWriting, leftBehind: [Diagnostic] = []) {
            self.files = files
            self.writer = writer
            self.leftBehind = leftBehind
        }

        /// A batch not settled when it is freed is finished: its files stay.
        deinit { finish() }

        /// The paths the batch wrote, in order.
        public var paths: [String] { files.map(\.path) }

        /// Makes the batch final: removes the previous versions kept aside. Harmless when
        /// called again or after `undo`.
        @discardableResult
        public func finish(remover: any FileRemoving = SystemFileRemover()) -> [Diagnostic] {
            guard !settled else { return [] }
            settled = true
            var left = leftBehind
            for file in files {
                if let temporary = file.temporaryLeft {
                    let message =
                        "written, but its temporary file could not be removed (\(temporary.reason)): delete "
                        + "\(temporary.path)"
                    left.append(.error(message, at: .file(file.path)))
                }
                guard let aside = file.aside else { continue }
                do throws(RemovalError) {
                    try remover.removeFile(aside.path)
                } catch {
                    let message =
                        "written, but its previous version, kept aside while the new one was put in place, "
                        + "could not be removed (\(error)): delete \(aside.path)"
                    left.append(.error(message, at: .file(file.path)))
                }
            }
            return left
        }

        /// Puts every file of the batch back as it was, last written first: a replaced file
        /// gets its previous version back by a rename (no space needed), a created file is
        /// removed, and so are the folders the batch created, when empty. A file that changed
        /// after the batch wrote it is not this batch's to undo: it is left, its previous
        /// version kept beside it under a visible name, and the report says so. Nothing is
        /// reported restored that is not. Calling it again (or after `finish`) does nothing.
        public func undo() -> UndoReport {
            var report = UndoReport()
            guard !settled else { return report }
            settled = true
            for file in files.reversed() {
                if let failure = AtomicFile.undo(file, writer: writer) {
                    report.notRestored.append(failure)
                } else {
                    report.restored.append(file.path)
                }
            }
            AtomicFile.removeEmptyFolders(files.flatMap(\.createdFolders))
            return report
        }
    }

    // MARK: Committing one file

    /// A file this run put in place: what it wrote, and the previous version it displaced.
    fileprivate struct Committed {
        var path: String
        var target: String
        /// The file as it was renamed in (identity, size, modification time).
        var written: FileStatus
        var aside: Aside?
        var createdFolders: [String]
        /// The temporary name of a file put in place by a hard link, when it could not be removed.
        var temporaryLeft: (path: String, reason: String)? = nil
    }

    /// A previous version kept aside under a hidden name in its folder.
    fileprivate struct Aside {
        var path: String
        /// True when it was renamed aside (no hard links here): until the new file is renamed
        /// in, nothing stands at the destination.
        var moved: Bool
    }

    /// A commit that failed, and a previous version it could not put back (only possible when
    /// it had to be renamed aside and the rename back failed too).
    private struct CommitFailure: Error {
        var error: WriteError
        var stranded: UndoReport.Failure?
        init(_ error: WriteError, stranded: UndoReport.Failure? = nil) {
            self.error = error
            self.stranded = stranded
        }
    }

    /// Puts a staged file in place: flushed to disk, given the identity of the file it replaces
    /// (permissions, extended attributes, owner), the old file set aside, the expectation
    /// checked on the very file about to be displaced, then renamed over the destination.
    private static func commit(
        _ staged: StagedFile, overwrite: Bool, expecting expected: Expectation?, writer: any FileWriting
    ) throws(CommitFailure) -> Committed {
        let path = staged.path, target = staged.target
        do { try writer.willCommit(path) } catch {
            throw CommitFailure(error as? WriteError ?? .cannotWrite(path, reason(error)))
        }
        // Checked again now: another program may have made the file since it was staged.
        if !overwrite && FileManager.default.fileExists(atPath: target) { throw CommitFailure(.exists(path)) }
        let old = FileStatus.of(target)
        do throws(WriteError) {
            try staged.finish()
            if let old {
                switch old.kind {
                case .regular:
                    if old.links > 1 { throw .hardLinked(path, old.links) }
                    try FileIdentity.copy(from: old, at: target, to: staged.temporaryPath)
                case .symbolicLink:
                    // A link made here since the file was staged (staging followed any link that
                    // stood here): it is replaced by the file, which gets the permissions of the
                    // file it led to.
                    if let mode = permissions(of: target) { chmod(staged.temporaryPath, mode) }
                default:
                    throw .cannotWrite(path, "\(old.noun) stands here")
                }
            } else if expected != nil {
                throw .changedSinceRead(path)
            }
        } catch {
            throw CommitFailure(error)
        }
        guard let written = FileStatus.of(staged.temporaryPath) else {
            throw CommitFailure(.cannotWrite(path, errnoText(errno)))
        }
        // Nothing there: the new file gets the name by a hard link, which never replaces a file
        // that appeared meanwhile (a rename would, silently).
        if old == nil {
            let code = writer.hardLink(staged.temporaryPath, to: target)
            if code == 0 {
                var committed = Committed(
                    path: path, target: target, written: written, aside: nil,
                    createdFolders: staged.createdFolders)
                if unlink(staged.temporaryPath) != 0 {
                    committed.temporaryLeft = (staged.temporaryPath, errnoText(errno))
                }
                return committed
            }
            if code == EEXIST && !overwrite { throw CommitFailure(.exists(path)) }
            if code == EEXIST && expected != nil { throw CommitFailure(.changedSinceRead(path)) }
            // Otherwise a file system without hard links: a rename, as for a replacement.
        }
        var aside: Aside?
        if FileStatus.of(target) != nil {
            do throws(WriteError) { aside = try setAside(target, for: path, writer: writer) } catch {
                throw CommitFailure(error)
            }
        }
        // The expectation is checked on the file set aside: the very file the rename displaces
        // (unless another program replaces it in the microseconds between the two calls).
        if let expected, let aside, !isStill(aside.path, expected) {
            throw CommitFailure(
                .changedSinceRead(path), stranded: putBack(aside, at: target, for: path, writer: writer))
        }
        if rename(staged.temporaryPath, target) != 0 {
            let code = errno
            throw CommitFailure(
                .cannotWrite(path, errnoText(code)),
                stranded: aside.flatMap { putBack($0, at: target, for: path, writer: writer) })
        }
        return Committed(
            path: path, target: target, written: written, aside: aside, createdFolders: staged.createdFolders)
    }

    /// Keeps the file at `target` recoverable under a hidden name: a hard link (the file stays
    /// at its name), or where the file system has none, a rename.
    private static func setAside(
        _ target: String, for path: String, writer: any FileWriting
    ) throws(WriteError) -> Aside {
        let aside = asidePath(for: target)
        // linkat without AT_SYMLINK_FOLLOW: a symbolic link is set aside as itself.
        if writer.hardLink(target, to: aside) == 0 {
            return Aside(path: aside, moved: false)
        }
        if rename(target, aside) == 0 { return Aside(path: aside, moved: true) }
        throw .cannotWrite(path, "cannot keep its previous version aside (\(errnoText(errno)))")
    }

    /// Undoes setting aside, when the new file was not renamed in: nil, or why the previous
    /// version is not back (and where it is).
    private static func putBack(
        _ aside: Aside, at target: String, for path: String, writer: any FileWriting
    ) -> UndoReport.Failure? {
        if !aside.moved {
            unlink(aside.path)
            return nil
        }
        if rename(aside.path, target) == 0 { return nil }
        let code = errno
        let kept = keepVisible(aside.path, beside: target, writer: writer)
        return UndoReport.Failure(
            path: path, reason: "its previous version could not be put back (\(errnoText(code))); it is kept at \(kept)"
        )
    }

    /// Undoes one committed file; nil when it is back as it was, else why not.
    private static func undo(_ file: Committed, writer: any FileWriting) -> UndoReport.Failure? {
        guard let now = FileStatus.of(file.target), now.isUnchanged(since: file.written) else {
            // Another program wrote it after this run: its bytes are not this run's to undo.
            var reason = "it changed after this run wrote it (another program wrote it); it is left as it is"
            if let aside = file.aside {
                let kept = keepVisible(aside.path, beside: file.target, writer: writer)
                reason += ", and its previous version is kept at \(kept)"
            }
            return UndoReport.Failure(path: file.path, reason: reason)
        }
        var failure: String?
        do { try writer.willUndo(file.path) } catch { failure = reason(error) }
        if let aside = file.aside {
            if failure == nil {
                if rename(aside.path, file.target) == 0 { return nil }
                failure = errnoText(errno)
            }
            let kept = keepVisible(aside.path, beside: file.target, writer: writer)
            return UndoReport.Failure(
                path: file.path,
                reason:
                    "its previous version could not be put back (\(failure ?? "")): it holds what this run wrote, and "
                    + "its previous version is kept at \(kept)"
            )
        }
        if failure == nil {
            if unlink(file.target) == 0 { return nil }
            failure = errnoText(errno)
        }
        return UndoReport.Failure(
            path: file.path, reason: "it could not be removed (\(failure ?? "")): it holds what this run wrote")
    }

    /// Gives a previous version that stays a name the user sees and no later run removes
    /// (`Name.stringcat-previous`, `Name.stringcat-previous-2`, …), without replacing anything.
    /// Returns where it is (its hidden name when even that fails).
    private static func keepVisible(_ aside: String, beside target: String, writer: any FileWriting) -> String {
        for attempt in 1...100 {
            let visible = target + ".stringcat-previous" + (attempt == 1 ? "" : "-\(attempt)")
            if FileStatus.of(visible) != nil { continue }
            // A hard link never replaces a file that appeared meanwhile; a rename is the way
            // where there are no hard links.
            let code = writer.hardLink(aside, to: visible)
            if code == 0 {
                unlink(aside)
                return visible
            }
            if code == EEXIST { continue }
            if rename(aside, visible) == 0 { return visible }
            break
        }
        return aside
    }

    /// True when the file at `path` (or the file a link there leads to) is still what was read.
    private static func isStill(_ path: String, _ expectation: Expectation) -> Bool {
        switch expectation {
        case .bytes(let bytes):
            var info = stat()
            guard stat(path, &info) == 0, Int64(info.st_size) == Int64(bytes.count) else { return false }
            return FileManager.default.contents(atPath: path) == bytes
        case .unchanged(let snapshot):
            return FileSnapshot.of(path) == snapshot
        }
    }

    // MARK: Low-level writes

    /// Writes all of `buffer` to `descriptor` (retrying short writes); nil, or the errno.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    static func reason(_ error: Error) -> String {
        if let e = error as? WriteError { return e.description }
        // A POSIX error, or a Foundation error caused by one, says it best in the errno's words
        // (the bridged text adds "The operation could not be completed.").
        if let posix = error as? POSIXError { return errnoText(posix.code.rawValue) }
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
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
