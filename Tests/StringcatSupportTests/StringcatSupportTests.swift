import Foundation
import TestSupport
import XCTest

@testable import StringcatSupport

final class DiagnosticTests: XCTestCase {
    func testDiagnosticPrintsAsEditorLink() {
        let d = Diagnostic.error(
            "missing ';' after the value", at: SourceLocation(path: "en.lproj/Localizable.strings", line: 3, column: 17)
        )
        XCTAssertEqual(d.description, "en.lproj/Localizable.strings:3:17: error: missing ';' after the value")
        let w = Diagnostic.warning("empty file", at: .file("a.strings"))
        XCTAssertEqual(w.description, "a.strings: warning: empty file")
    }

    func testLineIndexOverScalarsHandlesEveryLineBreak() {
        let text = "ab\ncd\r\nef\rg\u{2028}h\u{2029}i"
        let index = LineIndex(scalars: Array(text.unicodeScalars))
        XCTAssertEqual(index.lineCount, 6)
        let scalars = Array(text.unicodeScalars)
        func pos(of c: Character) -> (Int, Int) {
            let off = scalars.firstIndex(of: c.unicodeScalars.first!)!
            let p = index.position(of: off)
            return (p.line, p.column)
        }
        XCTAssertTrue(pos(of: "a") == (1, 1))
        XCTAssertTrue(pos(of: "d") == (2, 2))
        XCTAssertTrue(pos(of: "e") == (3, 1))
        XCTAssertTrue(pos(of: "g") == (4, 1))
        XCTAssertTrue(pos(of: "h") == (5, 1))
        XCTAssertTrue(pos(of: "i") == (6, 1))
    }

    func testLineIndexOverUTF8() {
        let index = LineIndex(utf8: Array("x\n\ny".utf8))
        XCTAssertTrue(index.position(of: 3) == (3, 1))
        XCTAssertTrue(index.position(of: 0) == (1, 1))
    }

    /// UTF8Positions gives what decoding each line from its start gives, at every offset, asked
    /// all at once in any order.
    func testUTF8PositionsAgreeWithDecodingTheLine() {
        var generator = SplitMix64(seed: 17)
        let pieces = ["a", "<", "é", "😀", "\n", "\r", "\r\n", "ü", String(repeating: "x", count: 300)]
        for _ in 0..<20 {
            var text = ""
            for _ in 0..<200 { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let bytes = Array(text.utf8)
            let lines = LineIndex(utf8: bytes)
            var offsets = (0...bytes.count).filter { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 }
            for i in stride(from: offsets.count - 1, to: 0, by: -1) { offsets.swapAt(i, generator.below(i + 1)) }
            let positions = bytes.withUnsafeBufferPointer { UTF8Positions.positions(of: offsets, in: $0) }
            for (k, offset) in offsets.enumerated() {
                let (line, byteColumn) = lines.position(of: offset)
                let lineStart = offset - (byteColumn - 1)
                let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
                XCTAssertTrue(positions[k] == (line, column), "offset \(offset)")
                XCTAssertTrue(UTF8Positions.position(of: offset, in: bytes) == (line, column), "offset \(offset)")
            }
        }
    }

    /// Exact answers: LF, CR LF and a lone CR end lines; columns count scalars; offsets repeat and
    /// come in any order; the offset past the end has a place.
    func testUTF8PositionsExactly() {
        // Bytes: a b LF c d CR LF | ä (7-8) € (9-11) 😀 (12-15) x (16) CR | y (18) LF | LF (20) | end (21).
        let bytes = Array("ab\ncd\r\nä€😀x\ry\n\n".utf8)
        let offsets = [16, 0, 3, 7, 2, 9, 13, 17, 18, 19, 20, 21, 3]
        let got = bytes.withUnsafeBufferPointer { UTF8Positions.positions(of: offsets, in: $0) }
        XCTAssertEqual(
            got.map { "\($0.line):\($0.column)" },
            ["3:4", "1:1", "2:1", "3:1", "1:3", "3:2", "3:4", "3:5", "4:1", "4:2", "5:1", "6:1", "2:1"])
    }

    func testQuotedTextEscapesQuotesBackslashesAndControlCharactersOnOneLine() {
        XCTAssertEqual(
            ControlCharacters.quoted("say \"hi\"\\n\n\t\r\u{1}\u{85}\u{2028}é"),
            #""say \"hi\"\\n\n\t\r\u{1}\u{85}\u{2028}é""#)
        XCTAssertEqual(ControlCharacters.quoted(""), "\"\"")
        // `escaped` leaves quotes and backslashes alone: the text is shown as it is.
        XCTAssertEqual(ControlCharacters.escaped("a\"b\\c\nd"), #"a"b\c\nd"#)
    }
}

final class AtomicFileTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testWritesAndCreatesFolders() throws {
        let path = folder + "/a/b/c.txt"
        try AtomicFile.write(Data("hi".utf8), to: path, overwrite: false, root: folder)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data("hi".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/a/b"), ["c.txt"])
    }

    func testRefusesToOverwriteWithoutPermission() throws {
        let path = folder + "/c.txt"
        try AtomicFile.write(Data("old".utf8), to: path, overwrite: false, root: folder)
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: path, overwrite: false, root: folder)) {
            error in
            XCTAssertEqual(error as? AtomicFile.WriteError, .exists(path))
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        try AtomicFile.write(Data("new".utf8), to: path, overwrite: true, root: folder)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
    }

    func testInjectedFailureLeavesNoFileBehind() throws {
        let path = folder + "/c.txt"
        try AtomicFile.write(Data("old".utf8), to: path, overwrite: false, root: folder)
        struct DiskFull: Error {}
        let writer = FaultyWriter(beforeCommit: { _ in throw DiskFull() })
        XCTAssertThrowsError(
            try AtomicFile.write(Data("new".utf8), to: path, overwrite: true, root: folder, writer: writer))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["c.txt"])
    }

    func testWriteAllIsAllOrNothingAndRemovesTheFoldersItCreated() throws {
        try AtomicFile.write(Data("old".utf8), to: folder + "/keep.txt", overwrite: false, root: folder)
        struct DiskFull: Error {}
        let writer = FaultyWriter(beforeCommit: { path in if path.hasSuffix("c.txt") { throw DiskFull() } })
        XCTAssertThrowsError(
            try AtomicFile.writeAll(
                [
                    (folder + "/new/a/a.txt", Data("a".utf8)),
                    (folder + "/keep.txt", Data("replaced".utf8)),
                    (folder + "/other/c.txt", Data("c".utf8)),
                ], overwrite: true, root: folder, writer: writer)
        ) { error in
            XCTAssertEqual((error as? AtomicFile.BatchError)?.failedIndex, 2)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["keep.txt"])
        XCTAssertEqual(try String(contentsOfFile: folder + "/keep.txt", encoding: .utf8), "old")
    }

    /// A full disk says so, with the path (it said "the file could not be created"): a POSIX
    /// error, or Foundation's error caused by one, in the errno's words.
    func testDiskFullIsReportedInTheErrnosWords() throws {
        let path = folder + "/c.txt"
        let failures: [Error] = [
            POSIXError(.ENOSPC),
            CocoaError(.fileWriteOutOfSpace, userInfo: [NSUnderlyingErrorKey: POSIXError(.ENOSPC) as NSError]),
        ]
        for failure in failures {
            let writer = FaultyWriter(beforeCommit: { _ in throw failure })
            XCTAssertThrowsError(
                try AtomicFile.write(Data("x".utf8), to: path, overwrite: false, root: folder, writer: writer)
            ) { error in
                XCTAssertEqual(
                    (error as? AtomicFile.WriteError)?.description, "cannot write \(path): No space left on device")
            }
            XCTAssertThrowsError(
                try AtomicFile.writeAll([(path, Data("x".utf8))], overwrite: false, root: folder, writer: writer)
            ) { error in
                XCTAssertEqual(
                    (error as? AtomicFile.BatchError)?.description, "cannot write \(path): No space left on device")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        }
    }

    /// A real ENOSPC: Linux's `/dev/full` fails every write with it. The test opens it itself,
    /// creating and renaming nothing (a rename onto it, as AtomicFile.write does, would replace
    /// the device when run as root).
    func testARealFullDeviceGivesTheErrnosText() throws {
        var info = stat()
        guard stat("/dev/full", &info) == 0, Int(info.st_mode) & Int(S_IFMT) == Int(S_IFCHR) else {
            throw XCTSkip("no /dev/full character device on this system")
        }
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw XCTSkip("/dev/full cannot be opened for writing") }
        defer { close(descriptor) }
        let bytes = [UInt8](repeating: 0x41, count: 100_000)
        XCTAssertEqual(
            bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: descriptor) }.map(errnoText), "No space left on device")
        let file = open(folder + "/f.txt", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        defer { close(file) }
        XCTAssertNil(bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: file) })
    }

    func testAFolderThatCannotBeCreatedIsExplained() throws {
        try AtomicFile.write(Data("x".utf8), to: folder + "/plain", overwrite: false, root: folder)
        XCTAssertThrowsError(
            try AtomicFile.write(Data("y".utf8), to: folder + "/plain/sub/f.txt", overwrite: false, root: folder)
        ) { error in
            XCTAssertEqual(
                (error as? AtomicFile.WriteError)?.description,
                "cannot create folder \(self.folder!)/plain/sub: \(self.folder!)/plain is a file, not a folder")
        }
    }

    /// An undo puts a file back only if it still holds the bytes this run wrote (another run may
    /// have replaced it meanwhile), and gives a restored file its mode back.
    func testUndoLeavesAnotherRunsBytesAndRestoresTheMode() throws {
        let folder = NSTemporaryDirectory() + "undo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let a = folder + "/A.xcstrings", b = folder + "/B.xcstrings", c = folder + "/C.xcstrings"
        try Data("old A".utf8).write(to: URL(fileURLWithPath: a))
        try Data("old C".utf8).write(to: URL(fileURLWithPath: c))
        chmod(a, 0o640)
        chmod(c, 0o600)
        struct DiskFull: Error {}
        let writer = FaultyWriter(beforeCommit: { path in
            // Another run writes A after this one did, before this one fails on B... C.
            if path == c { try Data("the other run's A".utf8).write(to: URL(fileURLWithPath: a)); throw DiskFull() }
        })
        XCTAssertThrowsError(
            try AtomicFile.writeAll(
                [(a, Data("new A".utf8), true), (b, Data("new B".utf8), false), (c, Data("new C".utf8), true)],
                root: folder, writer: writer))
        XCTAssertEqual(FileManager.default.contents(atPath: a), Data("the other run's A".utf8), "not ours to undo")
        XCTAssertFalse(FileManager.default.fileExists(atPath: b))
        XCTAssertEqual(FileManager.default.contents(atPath: c), Data("old C".utf8))
        XCTAssertEqual(
            (try FileManager.default.attributesOfItem(atPath: c)[.posixPermissions] as? NSNumber)?.intValue, 0o600)

        // A file this run replaced and then put back keeps its mode too.
        writer.beforeCommit = { path in if path == b { throw DiskFull() } }
        XCTAssertThrowsError(
            try AtomicFile.writeAll(
                [(c, Data("newer C".utf8), true), (b, Data("B".utf8), false)], root: folder, writer: writer))
        XCTAssertEqual(FileManager.default.contents(atPath: c), Data("old C".utf8))
        XCTAssertEqual(
            (try FileManager.default.attributesOfItem(atPath: c)[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }

    /// A replaced symbolic link comes back as the link it was.
    func testUndoPutsBackAReplacedSymbolicLink() throws {
        let folder = NSTemporaryDirectory() + "undo-link-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("target".utf8).write(to: URL(fileURLWithPath: folder + "/target.xcstrings"))
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/L.xcstrings", withDestinationPath: "target.xcstrings")
        struct DiskFull: Error {}
        let writer = FaultyWriter(beforeCommit: { path in if path.hasSuffix("/B.xcstrings") { throw DiskFull() } })
        XCTAssertThrowsError(
            try AtomicFile.writeAll(
                [(folder + "/L.xcstrings", Data("new".utf8), true), (folder + "/B.xcstrings", Data("b".utf8), false)],
                root: folder, writer: writer))
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/L.xcstrings"), "target.xcstrings")
        XCTAssertEqual(FileManager.default.contents(atPath: folder + "/target.xcstrings"), Data("target".utf8))
    }

    /// The temporary file a killed run left is removed once its process is gone; a live one stays.
    func testStaleTemporariesOfDeadRunsAreRemoved() throws {
        let folder = NSTemporaryDirectory() + "stale-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dead = folder + "/.L.xcstrings.stringcat-2147483646-7.tmp"
        let live = folder + "/.L.xcstrings.stringcat-\(ProcessInfo.processInfo.processIdentifier)-7.tmp"
        let other = folder + "/.notes.tmp"
        for path in [dead, live, other] { try Data("x".utf8).write(to: URL(fileURLWithPath: path)) }
        XCTAssertEqual(AtomicFile.removeStaleTemporaries(in: folder), [dead])
        XCTAssertTrue(FileManager.default.fileExists(atPath: live))
        XCTAssertTrue(FileManager.default.fileExists(atPath: other))
    }

    /// A run killed with -9 whose parent has not reaped it yet (a zombie) answers `kill(pid, 0)`
    /// but never writes again: its temporary files are stale.
    func testAKilledRunNotYetReapedIsNotAlive() throws {
        var pid: pid_t = 0
        let arguments = ["/bin/sleep", "30"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        XCTAssertEqual(posix_spawn(&pid, "/bin/sleep", nil, nil, &argv, nil), 0)
        XCTAssertTrue(ProcessLiveness.isAlive(pid))
        kill(pid, SIGKILL)
        // Wait until it is a zombie, without reaping it.
        var info = siginfo_t()
        XCTAssertEqual(waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT), 0)
        #if os(Linux)
            XCTAssertFalse(ProcessLiveness.isAlive(pid))
        #endif
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        XCTAssertFalse(ProcessLiveness.isAlive(pid))
    }
}

/// `MemoryBudget`: the limits it compares a file's needs with, and the message a user gets.
final class MemoryBudgetTests: XCTestCase {
    private let mib: UInt64 = 1_048_576

    func testAFileFourTimesLargerThanTheAddressSpaceLeftIsRefusedWithTheSizes() {
        let limits = MemoryBudget.Limits(addressSpace: 300 * mib, resident: (16_000 * mib, "this machine's memory"))
        let problem = MemoryBudget.check(
            largest: ("/p/en.lproj/L.strings", 60 * mib), limits: limits, usage: (virtual: 80 * mib, resident: 20 * mib)
        )
        XCTAssertEqual(
            problem?.description,
            "/p/en.lproj/L.strings: error: this file is 60 MB; reading it may take up to 4 times that (240 MB), and "
                + "this process has 220 MB left under its address-space limit (ulimit -v 307200): nothing was read or "
                + "written (raise the limit, or run on a machine with more memory)"
        )
        XCTAssertNil(
            MemoryBudget.check(
                largest: ("/p/en.lproj/L.strings", 30 * mib), limits: limits,
                usage: (virtual: 80 * mib, resident: 20 * mib)))
    }

    func testAControlGroupLimitCountsAgainstResidentMemory() {
        let limits = MemoryBudget.Limits(
            addressSpace: nil, resident: (512 * mib, "its control group's memory limit (/sys/fs/cgroup/memory.max)"))
        XCTAssertNil(
            MemoryBudget.check(
                largest: ("f", 100 * mib), limits: limits, usage: (virtual: 4_000 * mib, resident: 50 * mib)))
        let problem = MemoryBudget.check(
            largest: ("f", 120 * mib), limits: limits, usage: (virtual: 4_000 * mib, resident: 50 * mib))
        XCTAssertEqual(
            problem?.message,
            "this file is 120 MB; reading it may take up to 4 times that (480 MB), and this process has 462 MB left "
                + "under its control group's memory limit (/sys/fs/cgroup/memory.max): nothing was read or written "
                + "(raise the limit, or run on a machine with more memory)"
        )
    }

    func testNoInputAlwaysFits() {
        XCTAssertNil(MemoryBudget.check(largest: nil))
    }
}
