import Foundation
import StringcatSupport

/// A file system whose writes fail where a test says, as a full or failing disk would; the
/// system's calls otherwise. Passed as `MigrationOptions.fileWriter`, `CompileOptions.fileWriter`,
/// or `writer:` to `AtomicFile` and `StagedFile` (a test may change its faults while the batch runs).
public final class FaultyWriter: FileWriting, @unchecked Sendable {
    /// Called with the destination as each file is about to be put in place; throws to fail it.
    public var beforeCommit: (String) throws -> Void
    /// Called with the destination before each append to its staged file; throws to fail it.
    public var beforeAppend: (String) throws -> Void
    /// Called with the destination before each step of an undo; throws to make it fail.
    public var beforeUndo: (String) throws -> Void
    /// False: every hard link fails (EPERM), as on a file system without them.
    public var hardLinks: Bool

    public init(
        beforeCommit: @escaping (String) throws -> Void = { _ in },
        beforeAppend: @escaping (String) throws -> Void = { _ in },
        beforeUndo: @escaping (String) throws -> Void = { _ in }, hardLinks: Bool = true
    ) {
        self.beforeCommit = beforeCommit
        self.beforeAppend = beforeAppend
        self.beforeUndo = beforeUndo
        self.hardLinks = hardLinks
    }

    public func append(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, for path: String) throws {
        try beforeAppend(path)
        try SystemFileWriter().append(bytes, to: descriptor, for: path)
    }

    public func willCommit(_ path: String) throws { try beforeCommit(path) }

    public func willUndo(_ path: String) throws { try beforeUndo(path) }

    public func hardLink(_ source: String, to destination: String) -> Int32 {
        hardLinks ? SystemFileWriter().hardLink(source, to: destination) : EPERM
    }
}
