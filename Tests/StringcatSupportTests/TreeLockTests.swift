import Foundation
import XCTest

@testable import StringcatSupport

/// The lock of a writing run (issue 23, items 2, 3 and 10): never followed, never damaging a file
/// that is not a lock, refused with a clear error when it cannot be held, and one per project.
///
/// `flock` locks belong to an open file description, so two `TreeLock`s taken in this one process
/// contend exactly as two runs do (the CLI tests run two real processes).
final class TreeLockTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        let created = NSTemporaryDirectory() + "treelock-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: created, withIntermediateDirectories: true)
        // Physical, as the lock names it (on macOS the temporary folder is behind /var -> /private/var).
        folder = PhysicalPath.resolve(created)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    @discardableResult
    private func write(_ relative: String, _ text: String) throws -> String {
        let path = folder + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func mkdir(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/" + relative, withIntermediateDirectories: true)
    }

    private func inode(_ path: String) -> UInt64? { FileStatus.of(path)?.inode }

    /// The error `acquire` throws, as printed.
    private func acquireError(_ paths: [String]) -> String? {
        do {
            let lock = try TreeLock.acquire(writingInto: paths)
            lock.release()
            return nil
        } catch {
            return error.description
        }
    }

    private func assertBusy(
        _ error: String?, lockFile: String, overlapping: String? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let tree = overlapping.map { "\($0), which overlaps this tree" } ?? "this tree"
        guard let error else { return XCTFail("acquire did not throw", file: file, line: line) }
        XCTAssertTrue(
            error.hasPrefix("\(lockFile): error: another stringcat run (pid \(getpid()), started "), error, file: file,
            line: line)
        XCTAssertTrue(
            error.hasSuffix(") is changing \(tree); nothing was done. Run again when it has finished"), error,
            file: file, line: line)
    }

    // MARK: Item 2: never followed, never truncated

    func testALockPathThatIsASymbolicLinkIsNeverFollowedAndTheRunIsRefused() throws {
        let strings = "/* Greeting */\n\"hello\" = \"Hello\";\n"
        let table = try write("app/LegacyApp/en.lproj/Localizable.strings", strings)
        let outside = try write("outside/notes.txt", "mine\n")
        let before = (inode(table), inode(outside))
        let lockPath = folder + "/app/.stringcat.lock"
        for destination in ["LegacyApp/en.lproj/Localizable.strings", outside, "missing/file"] {
            try? FileManager.default.removeItem(atPath: lockPath)
            try FileManager.default.createSymbolicLink(atPath: lockPath, withDestinationPath: destination)
            XCTAssertEqual(
                acquireError([folder + "/app"]),
                "\(lockPath): error: cannot hold the lock of this tree: a symbolic link stands here (to "
                    + "\(destination)); stringcat never follows it. Remove it and run again; nothing was done"
            )
            XCTAssertEqual(
                try FileManager.default.destinationOfSymbolicLink(atPath: lockPath), destination,
                "the link is left as it is")
        }
        XCTAssertEqual(try String(contentsOfFile: table, encoding: .utf8), strings)
        XCTAssertEqual(try String(contentsOfFile: outside, encoding: .utf8), "mine\n")
        XCTAssertTrue(before == (inode(table), inode(outside)))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder + "/app/missing"), "a dangling link's target is not created")
    }

    func testALockPathThatIsAFolderAFIFOOrAnotherFileIsRefusedAndLeftAsItIs() throws {
        let app = folder + "/app"
        let lockPath = app + "/.stringcat.lock"
        try mkdir("app/.stringcat.lock")
        XCTAssertEqual(
            acquireError([app]),
            "\(lockPath): error: cannot hold the lock of this tree: a folder stands here, not a lock file. Remove it "
                + "and run again; nothing was done"
        )
        try FileManager.default.removeItem(atPath: lockPath)

        XCTAssertEqual(mkfifo(lockPath, 0o644), 0)
        XCTAssertEqual(
            acquireError([app]),
            "\(lockPath): error: cannot hold the lock of this tree: a FIFO stands here, not a lock file. Remove it and "
                + "run again; nothing was done"
        )
        XCTAssertEqual(FileStatus.of(lockPath)?.kind, .fifo)
        try FileManager.default.removeItem(atPath: lockPath)

        // A hard link to a user's file has one more name, but is the user's file all the same.
        let table = try write("app/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        XCTAssertEqual(link(table, lockPath), 0)
        XCTAssertEqual(
            acquireError([app]),
            "\(lockPath): error: cannot hold the lock of this tree: it has 2 hard links, so it may be another file of "
                + "yours; it is left untouched. Remove it and run again; nothing was done"
        )
        XCTAssertEqual(try String(contentsOfFile: table, encoding: .utf8), "\"a\" = \"A\";\n")
        try FileManager.default.removeItem(atPath: lockPath)

        // A file of one link that holds something else than a stamp is not written either.
        try write("app/.stringcat.lock", "my own notes\n")
        XCTAssertEqual(
            acquireError([app]),
            "\(lockPath): error: cannot hold the lock of this tree: it holds something other than a lock stamp (13 "
                + "bytes), so it may be a file of yours; it is left untouched. Remove it if it is not, and run again; "
                + "nothing was done"
        )
        XCTAssertEqual(try String(contentsOfFile: lockPath, encoding: .utf8), "my own notes\n")
    }

    /// What a killed run leaves (its stamp, or an empty file when killed before writing it) is
    /// used again in place: same file, this run's stamp, removed when the run ends.
    func testALockFileAKilledRunLeftIsTakenOverAndRemovedAtTheEnd() throws {
        for stale in ["2147483646\n2020-01-01T00:00:00Z\n", "", "21474"] {
            let lockPath = try write("app/.stringcat.lock", stale)
            let staleInode = inode(lockPath)
            let lock = try TreeLock.acquire(for: folder + "/app")
            XCTAssertEqual(lock.path, lockPath)
            XCTAssertEqual(inode(lockPath), staleInode)
            let stamp = try String(contentsOfFile: lockPath, encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(stamp.count, 2)
            XCTAssertEqual(stamp.first.map(String.init), "\(getpid())")
            lock.release()
            XCTAssertFalse(FileManager.default.fileExists(atPath: lockPath))
        }
    }

    /// A lock file that is no longer the one this run holds (replaced meanwhile) is not removed.
    func testReleaseRemovesOnlyTheLockFileItHolds() throws {
        try mkdir("app")
        let lock = try TreeLock.acquire(for: folder + "/app")
        XCTAssertEqual(rename(lock.path, folder + "/moved"), 0)
        try write("app/.stringcat.lock", "someone else's\n")
        lock.release()
        XCTAssertEqual(try String(contentsOfFile: folder + "/app/.stringcat.lock", encoding: .utf8), "someone else's\n")
        // Nothing more is taken by a released lock.
        XCTAssertThrowsError(try lock.extend(writingInto: [folder + "/other"])) { error in
            XCTAssertEqual(
                (error as? Diagnostic)?.description,
                "\(self.folder!)/app/.stringcat.lock: error: the lock of this run was already released; nothing was "
                    + "done"
            )
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/other"))
    }

    /// A tree where no lock file can be made cannot be written safely: the run stops, naming the
    /// lock file and why. A real read-only file system (a tmpfs mounted read-only) when run as
    /// root, a folder without write permission otherwise.
    func testAReadOnlyTreeStopsTheRunWithTheReason() throws {
        let readOnly = try ReadOnlyFolder(folder + "/ro")
        defer { readOnly.remove() }
        XCTAssertEqual(
            acquireError([readOnly.path]),
            "\(readOnly.path)/.stringcat.lock: error: cannot hold the lock of this tree: folder \(readOnly.path) is "
                + "not writable (\(readOnly.reason)); nothing was done"
        )
    }

    // MARK: Item 3: one lock per project

    func testTheLocationIsTheProjectsWhateverFolderOfItThePathNames() throws {
        try mkdir("r3/App.xcodeproj")
        try write("r3/LegacyApp/en.lproj/Localizable.strings", "")
        try mkdir("pkg/Sources/Lib/Resources/en.lproj")
        try write("pkg/Package.swift", "")
        try mkdir("plain/sub")
        let project = LockLocation(folder: folder + "/r3", lockFile: folder + "/r3/.stringcat.lock", kind: .project)
        for path in [
            "r3", "r3/", "r3/LegacyApp", "r3/LegacyApp/en.lproj/Localizable.strings", "r3/App.xcodeproj",
            "r3/out/not/yet", "r3/LegacyApp/../LegacyApp",
        ] {
            XCTAssertEqual(LockLocation.of(folder + "/" + path), project, path)
        }
        XCTAssertEqual(
            LockLocation.of(folder + "/pkg/Sources/Lib/Resources/en.lproj"),
            LockLocation(folder: folder + "/pkg", lockFile: folder + "/pkg/.stringcat.lock", kind: .project))
        XCTAssertEqual(
            LockLocation.of(folder + "/plain/sub"),
            LockLocation(folder: folder + "/plain/sub", lockFile: folder + "/plain/sub/.stringcat.lock", kind: .folder))
        // Named through a symbolic link: the same project.
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias", withDestinationPath: "r3/LegacyApp")
        XCTAssertEqual(LockLocation.of(folder + "/alias"), project)
    }

    /// The fault of issue 23 item 3: a run on `r3` and, during it, a run on `r3/LegacyApp`.
    func testARunOnAProjectAndARunOnItsSubfolderContendForOneLock() throws {
        try mkdir("r3/App.xcodeproj")
        try write("r3/LegacyApp/ja.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let lockFile = folder + "/r3/.stringcat.lock"
        let whole = try TreeLock.acquire(writingInto: [folder + "/r3"])
        assertBusy(acquireError([folder + "/r3/LegacyApp"]), lockFile: lockFile)
        assertBusy(acquireError([folder + "/r3/LegacyApp/ja.lproj/Localizable.strings"]), lockFile: lockFile)
        whole.release()
        let part = try TreeLock.acquire(writingInto: [folder + "/r3/LegacyApp"])
        XCTAssertEqual(part.path, lockFile)
        assertBusy(acquireError([folder + "/r3"]), lockFile: lockFile)
        part.release()
        XCTAssertNil(acquireError([folder + "/r3"]))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder + "/r3").sorted(),
            ["App.xcodeproj", "LegacyApp"])
    }

    /// A git work tree has one lock, in its git directory, for every folder in it; a linked
    /// worktree (`.git` is a file) has its own, in the git directory its `gitdir:` names.
    func testAGitWorktreeHasOneLockForEveryFolderInItInItsGitDirectory() throws {
        let repository = folder + "/repo"
        try write("repo/App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        guard git(["init", "-q", repository]), git(["-C", repository, "add", "."]),
            git(["-C", repository, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "x"]),
            git(["-C", repository, "worktree", "add", "-q", folder + "/wt"])
        else {
            throw XCTSkip("git is not available to make a worktree")
        }
        let worktreeGitDirectory = PhysicalPath.resolve(repository + "/.git/worktrees/wt")!
        XCTAssertEqual(FileStatus.of(folder + "/wt/.git")?.kind, .regular)
        let location = LockLocation(
            folder: folder + "/wt", lockFile: worktreeGitDirectory + "/stringcat.lock", kind: .gitWorkTree)
        XCTAssertEqual(LockLocation.of(folder + "/wt/App/en.lproj"), location)
        XCTAssertEqual(LockLocation.of(repository + "/App").lockFile, repository + "/.git/stringcat.lock")

        let whole = try TreeLock.acquire(for: folder + "/wt")
        assertBusy(acquireError([folder + "/wt/App"]), lockFile: location.lockFile)
        // The main checkout is another set of files: its runs are not stopped.
        XCTAssertNil(acquireError([repository + "/App"]))
        whole.release()
        let part = try TreeLock.acquire(for: folder + "/wt/App")
        assertBusy(acquireError([folder + "/wt"]), lockFile: location.lockFile)
        part.release()
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/wt/.stringcat.lock"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/wt/App/.stringcat.lock"))
    }

    /// A run on a plain folder holding a project, and a run on that project: two locks, and
    /// whichever comes second stops, having tested the locks on the way to what it writes.
    func testRunsOnNestedTreesMeetThroughTheLocksOnTheWay() throws {
        try mkdir("all/App/App.xcodeproj")
        try write("all/App/en.lproj/Localizable.strings", "")
        try write("all/Plain/Sub/en.lproj/Localizable.strings", "")
        let all = folder + "/all", app = folder + "/all/App"

        // The outer run first: the inner one finds its lock on the way up.
        let outer = try TreeLock.acquire(writingInto: [all])
        assertBusy(acquireError([app]), lockFile: all + "/.stringcat.lock", overlapping: all)
        assertBusy(acquireError([all + "/Plain/Sub"]), lockFile: all + "/.stringcat.lock", overlapping: all)
        outer.release()

        // The inner run first: the outer one stops when it takes the project it writes into…
        let inner = try TreeLock.acquire(for: app)
        assertBusy(acquireError([all, app + "/Localizable.xcstrings"]), lockFile: app + "/.stringcat.lock")
        // …or, having locked only its own folder, when it learns where it writes.
        let late = try TreeLock.acquire(writingInto: [all])
        XCTAssertThrowsError(try late.extend(writingInto: [app + "/en.lproj/Localizable.strings"])) { error in
            self.assertBusy((error as? Diagnostic)?.description, lockFile: app + "/.stringcat.lock")
        }
        late.release()
        inner.release()

        // A plain subfolder first: found on the way down to what the outer run writes (the
        // outer run's lock covers the plain folders below it, so it takes no lock of its own there).
        let sub = try TreeLock.acquire(for: all + "/Plain/Sub")
        assertBusy(
            acquireError([all, all + "/Plain/Sub/Localizable.xcstrings"]), lockFile: all + "/Plain/Sub/.stringcat.lock",
            overlapping: all + "/Plain/Sub")
        sub.release()
        XCTAssertNil(acquireError([all, app + "/Localizable.xcstrings", all + "/Plain/Sub/Localizable.xcstrings"]))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: all).sorted(), ["App", "Plain"], "no lock file is left")
    }

    /// The files a run deletes in `.lproj` folders under the plain folder it holds take no lock
    /// of their own: no lock file appears in those folders (it would keep an emptied folder).
    func testAFileBelowAHeldPlainFolderTakesNoLockOfItsOwn() throws {
        try write("plain/App/de.lproj/Localizable.strings", "")
        let plain = folder + "/plain"
        let lock = try TreeLock.acquire(writingInto: [plain])
        try lock.extend(writingInto: [
            plain + "/App/de.lproj/Localizable.strings", plain + "/App/Localizable.xcstrings",
        ])
        XCTAssertEqual(lock.locations.map(\.lockFile), [plain + "/.stringcat.lock"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: plain + "/App/de.lproj"), ["Localizable.strings"])
        lock.release()
    }

    /// A submodule: `.git` is a file naming `../.git/modules/sub`; its lock is there, and a run
    /// on the superproject meets it on the way.
    func testASubmoduleAndItsSuperprojectMeet() throws {
        try mkdir("super/.git/modules/sub")
        try write("super/sub/.git", "gitdir: ../.git/modules/sub\n")
        try mkdir("super/sub/en.lproj")
        let sub = LockLocation.of(folder + "/super/sub/en.lproj")
        XCTAssertEqual(
            sub,
            LockLocation(
                folder: folder + "/super/sub", lockFile: folder + "/super/.git/modules/sub/stringcat.lock",
                kind: .gitWorkTree))
        let outer = try TreeLock.acquire(for: folder + "/super")
        XCTAssertEqual(outer.path, folder + "/super/.git/stringcat.lock")
        assertBusy(
            acquireError([folder + "/super/sub"]), lockFile: folder + "/super/.git/stringcat.lock",
            overlapping: folder + "/super")
        outer.release()
        let inner = try TreeLock.acquire(for: folder + "/super/sub")
        assertBusy(
            acquireError([folder + "/super", folder + "/super/sub/Localizable.xcstrings"]), lockFile: sub.lockFile)
        inner.release()
    }

    private func git(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// A folder where nothing can be created: a tmpfs mounted read-only when running as root (root
/// ignores permissions), a folder with mode 0555 otherwise.
struct ReadOnlyFolder {
    let path: String
    /// The errno's text a creation there gives.
    let reason: String
    private let mounted: Bool

    init(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        self.path = path
        if getuid() == 0 {
            #if os(Linux)
                let mount = Process()
                mount.executableURL = URL(fileURLWithPath: "/bin/mount")
                mount.arguments = ["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", path]
                mount.standardError = FileHandle.nullDevice
                guard (try? mount.run()) != nil else {
                    throw XCTSkip("running as root, and tmpfs cannot be mounted read-only here")
                }
                mount.waitUntilExit()
                guard mount.terminationStatus == 0 else {
                    throw XCTSkip("running as root, and tmpfs cannot be mounted read-only here")
                }
                mounted = true
                reason = "Read-only file system"
            #else
                throw XCTSkip(
                    "running as root: permissions do not stop root, and no read-only mount is made on this system")
            #endif
        } else {
            chmod(path, 0o555)
            mounted = false
            reason = "Permission denied"
        }
    }

    func remove() {
        if mounted {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [path]
            try? unmount.run()
            unmount.waitUntilExit()
        } else {
            chmod(path, 0o755)
        }
    }
}

/// A run whose current folder was removed under it names a relative path that leads nowhere: no
/// lock is taken (a `.stringcat.lock` at `/` would be a wrong one) and nothing loops. (A run in a
/// removed folder spun forever in `startFolder` before this was fixed.)
final class GoneCurrentFolderTests: XCTestCase {
    func testARelativePathInACurrentFolderThatIsGoneIsRefusedAtOnce() throws {
        let original = FileManager.default.currentDirectoryPath
        let gone = NSTemporaryDirectory() + "gone-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: true)
        XCTAssertEqual(chdir(gone), 0)
        defer { chdir(original) }
        XCTAssertEqual(rmdir(gone), 0)
        guard FileManager.default.currentDirectoryPath.isEmpty else {
            throw XCTSkip(
                "this system still names a removed current folder (\(FileManager.default.currentDirectoryPath)): "
                    + "relative paths stay absolute"
            )
        }
        let location = LockLocation.of("app/LegacyApp")
        XCTAssertEqual(location, LockLocation(folder: "", lockFile: ".stringcat.lock", kind: .folder))
        XCTAssertThrowsError(try TreeLock.acquire(for: "app/LegacyApp")) { error in
            XCTAssertEqual(
                (error as? Diagnostic)?.description,
                ".stringcat.lock: error: cannot hold the lock of this tree: the current folder no longer exists, so "
                    + "the path names no folder; nothing was done"
            )
        }
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: "app/x.txt", overwrite: false, root: "app"))
        XCTAssertEqual(AtomicFile.missingFolders(above: "app/LegacyApp/x.txt"), ["app", "app/LegacyApp"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/.stringcat.lock"))
    }
}
