import Foundation

/// The steps of a write that a failing disk makes fail (`AtomicFile`, `StagedFile`).
///
/// The caller passes one in (`MigrationOptions.fileWriter`, `CompileOptions.fileWriter`, or the
/// `writer` parameter of `AtomicFile` and `StagedFile`): the product uses `SystemFileWriter`;
/// tests pass one that fails chosen paths, as a full disk, a failing disk or a file system
/// without hard links would.
public protocol FileWriting: Sendable {
    /// Writes all of `bytes` to `descriptor`, the temporary file staged for `path`; throws why
    /// not (the error's text goes into `AtomicFile.WriteError.cannotWrite`).
    func append(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, for path: String) throws

    /// Called as the file staged for `path` is about to be put in place (flushed, given the
    /// identity of the file it replaces, renamed in): throws to fail that file. The system's
    /// lets every file through; the calls that follow report their own errors.
    func willCommit(_ path: String) throws

    /// Called before each step of an undo for `path` (renaming its previous version back, or
    /// removing the file the batch created): throws to make that step fail. The system's lets
    /// every step through.
    func willUndo(_ path: String) throws

    /// `linkat(2)` of `source` to `destination`, not following a link at `source`: 0, or the
    /// errno (EEXIST when `destination` exists; another on a file system without hard links).
    func hardLink(_ source: String, to destination: String) -> Int32
}

/// The file system: `write(2)` and `linkat(2)`.
public struct SystemFileWriter: FileWriting {
    public init() {}

    public func append(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, for path: String) throws {
        if let code = AtomicFile.writeAll(bytes, to: descriptor) {
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    public func willCommit(_ path: String) throws {}

    public func willUndo(_ path: String) throws {}

    public func hardLink(_ source: String, to destination: String) -> Int32 {
        linkat(AT_FDCWD, source, AT_FDCWD, destination, 0) == 0 ? 0 : errno
    }
}
