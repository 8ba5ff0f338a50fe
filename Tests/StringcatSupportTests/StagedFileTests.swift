import Foundation
import TestSupport
import XCTest

@testable import StringcatSupport

/// Staged files: a catalog streamed to disk as it is encoded, put in place with the rest of its run.
final class StagedFileTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "staged-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func names(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func testAStagedFileIsWrittenBesideItsDestinationAndPutInPlaceByWriteAll() throws {
        let path = folder + "/new/Localizable.xcstrings"
        let staged = try StagedFile(for: path, overwrite: false, root: folder)
        try staged.append(Array("{\n".utf8))
        try staged.append(Array("}".utf8))
        // Until the batch commits it, only the hidden temporary file exists, named as the stale
        // temporary files a later run cleans up.
        let pending = try names(folder + "/new")
        XCTAssertEqual(pending.count, 1)
        XCTAssertTrue(
            pending[0].hasPrefix(".Localizable.xcstrings.stringcat-\(getpid())-") && pending[0].hasSuffix(".tmp"),
            pending[0])
        try AtomicFile.writeAll([(path: path, content: .staged(staged), overwrite: false)], root: folder)
        XCTAssertEqual(try names(folder + "/new"), ["Localizable.xcstrings"])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "{\n}")
    }

    func testAFailedBatchDiscardsEveryStagedFileAndTheFoldersMadeForThem() throws {
        try AtomicFile.write(Data("old".utf8), to: folder + "/keep.txt", overwrite: false, root: folder)
        let first = try StagedFile(for: folder + "/A/a/Localizable.xcstrings", overwrite: false, root: folder)
        try first.append(Array("a".utf8))
        let second = try StagedFile(for: folder + "/B/Localizable.xcstrings", overwrite: false, root: folder)
        try second.append(Array("b".utf8))
        let third = try StagedFile(for: folder + "/C/Localizable.xcstrings", overwrite: false, root: folder)
        try third.append(Array("c".utf8))
        struct DiskFull: Error {}
        let writer = FaultyWriter(beforeCommit: { path in if path.hasPrefix(self.folder + "/B/") { throw DiskFull() } })
        XCTAssertThrowsError(
            try AtomicFile.writeAll(
                [
                    (path: folder + "/A/a/Localizable.xcstrings", content: .staged(first), overwrite: false),
                    (path: folder + "/keep.txt", content: .data(Data("replaced".utf8)), overwrite: true),
                    (path: folder + "/B/Localizable.xcstrings", content: .staged(second), overwrite: false),
                    (path: folder + "/C/Localizable.xcstrings", content: .staged(third), overwrite: false),
                ], root: folder, writer: writer)
        ) { error in
            XCTAssertEqual((error as? AtomicFile.BatchError)?.failedIndex, 2)
        }
        // The committed catalog is removed, the replaced file restored, the staged ones (the one
        // that failed and the one after it) discarded, and every folder the run made is gone.
        XCTAssertEqual(try names(folder), ["keep.txt"])
        XCTAssertEqual(try String(contentsOfFile: folder + "/keep.txt", encoding: .utf8), "old")
    }

    func testUndoLeavesAStagedFileThatAnotherRunReplacedSince() throws {
        let path = folder + "/Localizable.xcstrings"
        let staged = try StagedFile(for: path, overwrite: false, root: folder)
        try staged.append(Array("ours".utf8))
        struct DiskFull: Error {}
        // Between our commit and the failure of the next file, another run replaces ours.
        let writer = FaultyWriter(beforeCommit: { destination in
            if destination.hasSuffix("later.txt") {
                try AtomicFile.write(Data("theirs".utf8), to: path, overwrite: true, root: self.folder)
                throw DiskFull()
            }
        })
        XCTAssertThrowsError(
            try AtomicFile.writeAll(
                [
                    (path: path, content: .staged(staged), overwrite: false),
                    (path: folder + "/later.txt", content: .data(Data("x".utf8)), overwrite: false),
                ], root: folder, writer: writer))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "theirs")
    }

    func testACommittedStagedFileKeepsTheModeOfTheFileItReplaces() throws {
        let path = folder + "/Localizable.xcstrings"
        try AtomicFile.write(Data("old".utf8), to: path, overwrite: false, root: folder)
        XCTAssertEqual(chmod(path, 0o640), 0)
        let staged = try StagedFile(for: path, overwrite: true, root: folder)
        try staged.append(Array("new".utf8))
        try AtomicFile.writeAll([(path: path, content: .staged(staged), overwrite: true)], root: folder)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        XCTAssertEqual(AtomicFile.permissions(of: path), 0o640)
    }

    func testStagingRefusesAnExistingFileWithoutOverwriteAndDiscardLeavesNothing() throws {
        let path = folder + "/Localizable.xcstrings"
        try AtomicFile.write(Data("old".utf8), to: path, overwrite: false, root: folder)
        XCTAssertThrowsError(try StagedFile(for: path, overwrite: false, root: folder)) { error in
            XCTAssertEqual(error as? AtomicFile.WriteError, .exists(path))
        }
        let staged = try StagedFile(for: folder + "/x/y/Other.xcstrings", overwrite: false, root: folder)
        try staged.append(Array("z".utf8))
        staged.discard()
        staged.discard()
        XCTAssertEqual(try names(folder), ["Localizable.xcstrings"])
    }
}

final class FileBytesTests: XCTestCase {
    func testReadsTheWholeFileOrSaysWhyNot() throws {
        let folder = NSTemporaryDirectory() + "filebytes-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        FileManager.default.createFile(atPath: folder + "/f", contents: Data(bytes))
        XCTAssertEqual(try FileBytes.read(folder + "/f").get(), bytes)
        FileManager.default.createFile(atPath: folder + "/empty", contents: Data())
        XCTAssertEqual(try FileBytes.read(folder + "/empty").get(), [])
        XCTAssertThrowsError(try FileBytes.read(folder + "/missing").get()) { error in
            XCTAssertEqual((error as? POSIXError)?.code, .ENOENT)
        }
        XCTAssertThrowsError(try FileBytes.read(folder).get()) { error in
            XCTAssertEqual((error as? POSIXError)?.code, .EISDIR)
        }
        #if os(Linux)
            // A file whose size says 0 but that has content: read to its end all the same.
            let status = try FileBytes.read("/proc/self/status").get()
            XCTAssertTrue(String(decoding: status, as: UTF8.self).contains("VmRSS:"))
        #endif
    }
}
