import Foundation

/// One run at a time per project, for every command that writes or deletes.
///
/// Two runs on one project can lose translations: run A replaces a catalog and later undoes its
/// batch, while run B has meanwhile proven that catalog and deleted the legacy files; A's undo then
/// puts back a catalog without them. So a writing run holds an exclusive lock on the project for
/// its whole life, and a second one exits with a clear message, having done nothing.
///
/// **Where.** The lock of a path is its project's, whatever folder of it the path names (the git
/// work tree, else the folder with the `.xcodeproj` or `Package.swift`, else the folder itself:
/// `LockLocation` says how it is found). A run gives every path it writes into
/// (`acquire(writingInto:)`: PATH, an `--output` folder; `extend(writingInto:)` later with the
/// catalogs, project files and legacy files once it knows them) and holds the lock of each.
///
/// **Nested trees.** A run on a plain folder holding a project and a run on that project take
/// two different locks, yet write into the same files. So, once its own locks are held, a run
/// also tests every lock file standing in the folders from `/` down to each path it writes
/// into (a `.stringcat.lock`, or the lock in a `.git` there), and stops if one is held by another
/// run. Of two runs that overlap, at least one tests after the other has taken its own lock
/// (each takes its own before testing), so at least one of them stops. Nothing is created in
/// those other folders: a folder without a lock file has no run.
///
/// **How.** The lock is `flock` on a file: the kernel drops it when the process ends, even killed
/// with -9, so a stale lock never blocks a later run; the file holds the owner's pid and start
/// time for the message. The lock file is never followed and never damages a file that is not a
/// lock: it is created with `O_CREAT|O_EXCL|O_NOFOLLOW`; an existing one is used only when it is a
/// regular file with one link holding nothing but a lock stamp, and the stamp is written only
/// after that is checked on the open descriptor. A symbolic link, a folder, a FIFO, a file with
/// other content or other links, a folder that cannot be written: `acquire` throws, naming the
/// path and why, and the run does nothing.
public final class TreeLock: @unchecked Sendable {
    /// The name of the lock file in a plain folder or a project folder.
    public static let folderLockName = ".stringcat.lock"
    /// The name of the lock file in a git directory.
    public static let gitLockName = "stringcat.lock"

    /// The first lock file held (the lock of the first path given).
    public let path: String
    /// Every location held, in the order taken.
    public var locations: [LockLocation] { lock.withLock { held.map(\.location) } }

    private struct Held {
        var location: LockLocation
        var descriptor: Int32
        var status: FileStatus
    }

    private var held: [Held]
    private var released = false
    private let lock = NSLock()

    private init(first: Held) {
        path = first.location.lockFile
        held = [first]
    }

    deinit { release() }

    /// Takes the lock of the project holding `target` (a folder or a file), or throws an error
    /// that names the run holding it, or why no lock can be held there.
    public static func acquire(for target: String) throws(Diagnostic) -> TreeLock {
        try acquire(writingInto: [target])
    }

    /// Takes the locks of the projects a run writes into: `paths` are the folders and files it
    /// will write or delete (PATH, an `--output` folder, …; at least PATH). Throws, having kept
    /// nothing, when another run holds one of them or one of the trees around or inside them
    /// (see the type's comment), or when no lock can be held (the message names the lock file
    /// and why: "cannot hold the lock of this tree: a symbolic link stands here …; nothing was
    /// done").
    public static func acquire(writingInto paths: [String]) throws(Diagnostic) -> TreeLock {
        let paths = paths.isEmpty ? [FileManager.default.currentDirectoryPath] : paths
        let locations = ordered(LockLocation.of(paths))
        let lock = TreeLock(first: try hold(locations[0]))
        do {
            try lock.extend(writingInto: paths)
        } catch {
            lock.release()
            throw error
        }
        return lock
    }

    /// Adds to a held lock the paths a run learnt it writes into once it held it (the catalogs,
    /// the project files, the legacy files it deletes): takes the locks of the projects they are
    /// in that it does not hold yet, then tests the locks on the way to each (see the type's
    /// comment). When it throws, the locks already held stay held until `release`.
    public func extend(writingInto paths: [String]) throws(Diagnostic) {
        // A released lock takes nothing more: what it took would never be released.
        if lock.withLock({ released }) {
            throw .error("the lock of this run was already released; nothing was done", at: .file(path))
        }
        let heldLocations = locations
        let known = Set(heldLocations.map(\.lockFile))
        // A plain folder's lock covers what is below it: a file this run writes or deletes in a
        // folder under one it holds (a legacy file in its `.lproj`) takes no lock of its own,
        // which would also leave a lock file in that folder for the run's length. A project or a
        // git work tree inside is locked: a run on it must meet this one.
        let covered = { (location: LockLocation) in
            location.kind == .folder
                && heldLocations.contains { $0.folder == location.folder || location.folder.hasPrefix($0.folder + "/") }
        }
        for location in Self.ordered(LockLocation.of(paths))
        where !known.contains(location.lockFile) && !covered(location) {
            let taken = try Self.hold(location)
            lock.withLock { held.append(taken) }
        }
        let mine = lock.withLock { held.map(\.status) }
        var tested = Set<String>()
        for path in paths {
            for folder in PhysicalPath.chain(from: PhysicalPath.resolveExistingPart(path))
            where tested.insert(folder).inserted {
                try Self.test(folder, skipping: mine)
            }
        }
    }

    /// Releases the locks (also done when the lock is freed, and by the kernel when the process
    /// ends). A `.stringcat.lock` is removed first, while still held, and only if it is still
    /// the file this run locked.
    public func release() {
        let toRelease: [Held] = lock.withLock {
            guard !released else { return [] }
            released = true
            return held
        }
        for entry in toRelease.reversed() {
            if entry.location.removeOnRelease, let now = FileStatus.of(entry.location.lockFile),
                now.isSameFile(as: entry.status)
            {
                unlink(entry.location.lockFile)
            }
            flock(entry.descriptor, LOCK_UN)
            close(entry.descriptor)
        }
    }

    /// The locations without duplicates, sorted by lock file: two runs needing the same two
    /// locks take them in the same order.
    private static func ordered(_ locations: [LockLocation]) -> [LockLocation] {
        var seen = Set<String>()
        return locations.filter { seen.insert($0.lockFile).inserted }.sorted { $0.lockFile < $1.lockFile }
    }

    // MARK: Holding one lock file

    /// Opens (or creates) the lock file of `location` without following it, locks it, and
    /// writes this run's stamp in it.
    private static func hold(_ location: LockLocation) throws(Diagnostic) -> Held {
        let path = location.lockFile
        // Only a current folder that is gone leaves a relative path here: no folder to lock.
        guard path.hasPrefix("/") else {
            throw cannotHold(path, because: "the current folder no longer exists, so the path names no folder")
        }
        // A few rounds: a file found may be removed by the run that held it before it is
        // locked here (that run then ends); the next round creates a fresh one.
        for _ in 0..<8 {
            var created = true
            var descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                let code = errno
                guard code == EEXIST else { throw cannotHold(path, because: creationReason(code, path)) }
                created = false
                // Looked at before it is opened: opening a FIFO or a device can itself do harm
                // (block, rewind a tape). What was opened is checked again below.
                guard let status = FileStatus.of(path) else { continue }
                if let refusal = refusal(of: status, path: path) { throw cannotHold(path, because: refusal) }
                descriptor = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
                // A lock file of another user may be readable only: a shared lock file still
                // locks (flock needs no write access); its stamp is then left as it is.
                if descriptor < 0 && errno == EACCES {
                    descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
                }
                if descriptor < 0 {
                    let code = errno
                    if code == ENOENT { continue }
                    throw cannotHold(
                        path,
                        because: code == ELOOP || code == EMLINK
                            ? "a symbolic link stands here; stringcat never follows it. Remove it and run again"
                            : errnoText(code))
                }
            }
            guard let status = FileStatus.of(descriptor: descriptor) else {
                let code = errno
                close(descriptor)
                throw cannotHold(path, because: errnoText(code))
            }
            if let refusal = refusal(of: status, path: path) {
                close(descriptor)
                throw cannotHold(path, because: refusal)
            }
            if let code = lockExclusively(descriptor) {
                let stamp = readStamp(descriptor)
                // A lock file made here for nothing is not left in the user's tree.
                if created, let now = FileStatus.of(path), now.isSameFile(as: status) { unlink(path) }
                close(descriptor)
                if code == EWOULDBLOCK || code == EAGAIN { throw busy(path, stamp: stamp, overlapping: nil) }
                throw cannotHold(path, because: "the file system does not lock files (\(errnoText(code)))")
            }
            // The run that held it may have removed it between our open and our lock: the
            // lock then guards a file nobody else will open. Start again.
            guard let now = FileStatus.of(path), now.isSameFile(as: status) else {
                close(descriptor)
                continue
            }
            if !created, let content = readStamp(descriptor, limit: maximumStampSize + 1), !isStamp(content) {
                close(descriptor)
                throw cannotHold(
                    path,
                    because:
                        "it holds something other than a lock stamp (\(status.size) bytes), so it may be a file of "
                        + "yours; it is left untouched. Remove it if it is not, and run again"
                )
            }
            writeStamp(descriptor)
            return Held(location: location, descriptor: descriptor, status: status)
        }
        throw cannotHold(path, because: "other runs keep removing and creating it")
    }

    /// `flock(LOCK_EX|LOCK_NB)`; nil, or the errno. Tried a few times over a tenth of a second:
    /// another run testing this lock file (see the type's comment) holds it shared for an
    /// instant, where a run that owns it holds it for its whole life.
    private static func lockExclusively(_ descriptor: Int32) -> Int32? {
        for attempt in 0..<5 {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return nil }
            let code = errno
            guard code == EWOULDBLOCK || code == EAGAIN, attempt < 4 else { return code }
            usleep(25_000)
        }
        return EWOULDBLOCK
    }

    /// Why an existing lock path cannot be used, or nil for a regular file with one link.
    private static func refusal(of status: FileStatus, path: String) -> String? {
        switch status.kind {
        case .regular:
            if status.links > 1 {
                return
                    "it has \(status.links) hard links, so it may be another file of yours; it is left untouched. "
                    + "Remove it and run again"
            }
            return nil
        case .symbolicLink:
            let destination =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " (to \($0))" } ?? ""
            return "a symbolic link stands here\(destination); stringcat never follows it. Remove it and run again"
        default:
            return "\(status.noun) stands here, not a lock file. Remove it and run again"
        }
    }

    /// Why the lock file could not be created, in words a user can act on.
    private static func creationReason(_ code: Int32, _ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        if code == EACCES || code == EROFS || code == EPERM {
            return "folder \(folder) is not writable (\(errnoText(code)))"
        }
        return errnoText(code)
    }

    private static func cannotHold(_ path: String, because reason: String) -> Diagnostic {
        .error("cannot hold the lock of this tree: \(reason); nothing was done", at: .file(path))
    }

    private static func busy(_ path: String, stamp: String?, overlapping folder: String?) -> Diagnostic {
        let owner = stamp?.split(separator: "\n").map(String.init) ?? []
        let who =
            owner.first.map { "pid \($0)" + (owner.count > 1 ? ", started \(owner[1])" : "") } ?? "another process"
        let tree = folder.map { "\($0), which overlaps this tree" } ?? "this tree"
        return .error(
            "another stringcat run (\(who)) is changing \(tree); nothing was done. Run again when it has finished",
            at: .file(path))
    }

    // MARK: The stamp

    /// A stamp is "PID\nTIME\n": far smaller than this.
    private static let maximumStampSize = 128

    /// Up to `limit` bytes from the start of the lock file, read through the descriptor (the
    /// path may have been replaced since).
    private static func readStamp(_ descriptor: Int32, limit: Int = 128) -> String? {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, limit, 0) }
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }

    /// True for what a run writes in a lock file (or a part of it, when a run was killed while
    /// writing it): digits, then printable ASCII lines.
    static func isStamp(_ content: String) -> Bool {
        let bytes = Array(content.utf8)
        guard bytes.count <= maximumStampSize else { return false }
        let firstLine = bytes.prefix { $0 != 0x0A }
        return firstLine.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            && bytes.allSatisfy { $0 == 0x0A || (0x20..<0x7F).contains($0) }
    }

    /// Writes "PID\nTIME\n" at the start of the file and cuts what followed: the file was checked
    /// to be a lock file before (created here, or a regular file with one link and a stamp).
    private static func writeStamp(_ descriptor: Int32) {
        let stamp = Array(
            "\(ProcessInfo.processInfo.processIdentifier)\n\(ISO8601DateFormatter().string(from: Date()))\n".utf8)
        let written = stamp.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        if written == stamp.count { ftruncate(descriptor, off_t(stamp.count)) }
    }

    // MARK: Testing the locks of overlapping trees

    /// For a command that only reads (`verify`, `status`): the error naming the run that holds
    /// the lock of `path`'s tree or of a tree around it, nil when none does. Nothing is created
    /// or locked. A run deleting legacy files while `verify` reads them would make it report
    /// losses that are not.
    /// `paths`: the folder given, and what was found in it (its projects' and catalogs'
    /// folders), so that a run on a project nested in it is met too.
    public static func runInProgress(over paths: [String]) -> Diagnostic? {
        runInProgress(watching: watchedFolders(over: paths))
    }

    /// The folders whose locks `runInProgress(over:)` tests for `paths`, found once: each path's
    /// physical folders up to `/`, and their lock locations (every ancestor looked at once, however
    /// many paths share it). A command that tests twice (before and after it reads) finds them once.
    public static func watchedFolders(over paths: [String]) -> [String] {
        var folders: [String] = []
        var seen: Set<String> = []
        var chains: [String: [String]] = [:]
        let current = FileManager.default.currentDirectoryPath
        let absolutes = paths.map { $0.hasPrefix("/") ? $0 : current + "/" + $0 }
        for absolute in absolutes {
            // A regular file's chain is its folder's: resolved once per folder, not per file.
            let parent = (absolute as NSString).deletingLastPathComponent
            let isFile = FileStatus.of(absolute)?.kind == .regular
            let chain: [String]
            if isFile, let known = chains[parent] {
                chain = known
            } else {
                chain = PhysicalPath.chain(from: PhysicalPath.resolveExistingPart(isFile ? parent : absolute))
                if isFile { chains[parent] = chain }
            }
            for folder in chain where seen.insert(folder).inserted { folders.append(folder) }
        }
        for folder in LockLocation.of(absolutes).map(\.folder) where seen.insert(folder).inserted {
            folders.append(folder)
        }
        return folders
    }

    /// `runInProgress(over:)` for the folders `watchedFolders(over:)` found.
    public static func runInProgress(watching folders: [String]) -> Diagnostic? {
        for folder in folders {
            do throws(Diagnostic) {
                try test(folder, skipping: [])
            } catch {
                return error
            }
        }
        return nil
    }

    /// Throws when a lock file standing in `folder` (`.stringcat.lock`, or the lock of a `.git`
    /// there) is held by another run. Files this run holds are skipped; nothing is created.
    private static func test(_ folder: String, skipping mine: [FileStatus]) throws(Diagnostic) {
        guard folder.hasPrefix("/") else { return }
        var candidates = [LockLocation.lockFile(in: folder)]
        if let git = LockLocation.gitLocation(at: folder), git.lockFile != candidates[0] {
            candidates.append(git.lockFile)
        }
        for candidate in candidates {
            guard let status = FileStatus.of(candidate), status.kind == .regular,
                !mine.contains(where: { $0.isSameFile(as: status) })
            else { continue }
            let descriptor = open(candidate, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard let opened = FileStatus.of(descriptor: descriptor), opened.kind == .regular else { continue }
            if flock(descriptor, LOCK_SH | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EAGAIN else { continue }
                throw busy(candidate, stamp: readStamp(descriptor), overlapping: folder)
            }
            flock(descriptor, LOCK_UN)
        }
    }

}
