import Foundation

/// One run at a time per tree, for every command that writes or deletes.
///
/// Two runs on one project can lose translations: run A replaces a catalog and later undoes its
/// batch, while run B has meanwhile proven that catalog and deleted the legacy files; A's undo then
/// puts back a catalog without them. So a writing run holds an exclusive lock on the tree for its
/// whole life, and a second one exits with a clear message.
///
/// The lock is `flock` on a file: the kernel drops it when the process ends, even killed with -9,
/// so a stale lock never blocks a later run; the file holds the owner's pid and start time for the
/// message. The tree is the git repository holding the path (the lock file is
/// `.git/stringcat.lock`, invisible to `git status`), or else the path's folder itself
/// (`.stringcat.lock` there, removed when the run ends).
public final class TreeLock: @unchecked Sendable {
    /// The lock file.
    public let path: String
    /// -1 when no lock file could be made (a read-only tree): nothing can be written there
    /// either, and the writes say why.
    private let descriptor: Int32
    private let removeOnRelease: Bool
    private var released = false

    private init(path: String, descriptor: Int32, removeOnRelease: Bool) {
        self.path = path
        self.descriptor = descriptor
        self.removeOnRelease = removeOnRelease
    }

    deinit { release() }

    /// A hook for tests of the lock: when the environment names a file, the run creates it once
    /// the lock is held and waits (at most a minute) until the file is removed.
    public static let pauseVariable = "STRINGCAT_TEST_PAUSE_AFTER_LOCK"

    /// Takes the lock of the tree holding `target` (a folder or a file), or throws an error that
    /// names the run holding it.
    public static func acquire(for target: String) throws(Diagnostic) -> TreeLock {
        let (lockPath, removeOnRelease) = lockFile(for: target)
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            // A tree where no lock file can be made cannot be written either: the writes of the
            // run will fail and say why, in the user's terms.
            return TreeLock(path: lockPath, descriptor: -1, removeOnRelease: false)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let owner = (try? String(contentsOfFile: lockPath, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
            close(descriptor)
            let who = owner.first.map { "pid \($0)" + (owner.count > 1 ? ", started \(owner[1])" : "") } ?? "another process"
            throw .error("another stringcat run (\(who)) is changing this tree; nothing was done. Run again when it has finished", at: .file(lockPath))
        }
        ftruncate(descriptor, 0)
        let stamp = "\(ProcessInfo.processInfo.processIdentifier)\n\(ISO8601DateFormatter().string(from: Date()))\n"
        _ = stamp.withCString { write(descriptor, $0, strlen($0)) }
        let lock = TreeLock(path: lockPath, descriptor: descriptor, removeOnRelease: removeOnRelease)
        pauseIfAsked()
        return lock
    }

    /// Releases the lock (also done when the lock is freed, and by the kernel when the process ends).
    public func release() {
        guard !released, descriptor >= 0 else { return }
        released = true
        if removeOnRelease { unlink(path) }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// `.git/stringcat.lock` of the repository holding `target`, else `.stringcat.lock` in the
    /// folder `target` is or is in.
    static func lockFile(for target: String) -> (path: String, removeOnRelease: Bool) {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        var folder = URL(fileURLWithPath: target).standardizedFileURL
        if folder.pathExtension == "xcodeproj" { folder = folder.deletingLastPathComponent() }
        // The nearest folder that exists (an --output folder may not yet).
        while folder.path != "/" && !(fm.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            folder = folder.deletingLastPathComponent()
        }
        var candidate = folder
        while true {
            let git = candidate.appendingPathComponent(".git").path
            if fm.fileExists(atPath: git, isDirectory: &isDirectory), isDirectory.boolValue, fm.isWritableFile(atPath: git) {
                return (git + "/stringcat.lock", false)
            }
            if candidate.path == "/" { break }
            candidate = candidate.deletingLastPathComponent()
        }
        return (folder.appendingPathComponent(".stringcat.lock").path, true)
    }

    private static func pauseIfAsked() {
        guard let marker = ProcessInfo.processInfo.environment[pauseVariable], !marker.isEmpty else { return }
        FileManager.default.createFile(atPath: marker, contents: Data("\(ProcessInfo.processInfo.processIdentifier)\n".utf8))
        let deadline = Date().addingTimeInterval(60)
        while FileManager.default.fileExists(atPath: marker) && Date() < deadline { usleep(20_000) }
    }
}
