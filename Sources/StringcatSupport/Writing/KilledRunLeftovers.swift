import Foundation

// What a run killed in the middle of a write leaves beside the files it wrote: the hidden names of
// its temporary files and previous versions, and the cleanup that settles them once it is gone.

extension AtomicFile {
    /// A fresh temporary path beside `path` (`.Name.stringcat-PID-N.tmp`), the pattern
    /// `removeStaleTemporaries` knows.
    static func temporaryPath(for path: String) -> String { hiddenPath(for: path, suffix: "tmp") }

    /// A fresh name beside `path` for its previous version (`.Name.stringcat-PID-N.old`).
    static func asidePath(for path: String) -> String { hiddenPath(for: path, suffix: "old") }

    private static func hiddenPath(for path: String, suffix: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return folder
            + "/.\(name).stringcat-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).\(suffix)"
    }

    /// The previous versions stringcat runs set aside (`.Name.stringcat-PID-N.old`) in the folder
    /// of `path` that are the same file as the one at `path` (other links of it).
    static func asideLinks(of path: String) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        let file = FileStatus(info)
        let folder = ((PhysicalPath.resolve(path) ?? path) as NSString).deletingLastPathComponent
        let name = ((PhysicalPath.resolve(path) ?? path) as NSString).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasPrefix(".\(name).stringcat-") && $0.hasSuffix(".old") }.sorted().map {
            folder + "/" + $0
        }.filter { FileStatus.of($0).map { $0.isSameFile(as: file) } == true }
    }

    /// The permission bits of the file at `path` (following a link), or nil when there is none.
    static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// What `cleanUpAfterKilledRuns` did in a folder.
    public struct StaleCleanup: Equatable, Sendable {
        /// Temporary files and previous versions no longer needed, removed.
        public var removed: [String] = []
        /// Previous versions put back at their names, which a run killed between renaming the
        /// old file aside and renaming the new one in had left empty.
        public var restored: [String] = []
        /// Files of dead runs that could not be removed (or put back), with the system's reason.
        public var failed: [UndoReport.Failure] = []

        /// An error for each file that could not be removed or put back, naming it.
        public var diagnostics: [Diagnostic] {
            failed.map { failure in
                .error(
                    "a file a killed stringcat run left here could not be removed (\(failure.reason)): delete "
                        + failure.path, at: .file(failure.path))
            }
        }
    }

    /// Cleans what killed runs left beside each of `paths` (the files a run is about to write in
    /// the tree `root`), in each folder once: the folder as written and, when a symbolic link
    /// leads to a file elsewhere in the tree, the folder of that file (where the temporary files
    /// and previous versions of a write through the link are); never a folder outside the tree.
    /// Returns an error for each file that could not be removed.
    @discardableResult
    public static func cleanUpAfterKilledRuns(besideFiles paths: [String], inside root: String) -> [Diagnostic] {
        cleanUpAfterKilledRuns(besideFiles: paths.map { ($0, root) })
    }

    /// `cleanUpAfterKilledRuns(besideFiles:inside:)` for files of several trees.
    static func cleanUpAfterKilledRuns(besideFiles files: [(path: String, root: String)]) -> [Diagnostic] {
        var folders: [String] = []
        var seen = Set<String>()
        var trees: [String: String] = [:]
        for (path, root) in files {
            var candidates = [(path as NSString).deletingLastPathComponent]
            let tree = trees[root] ?? PhysicalPath.resolveExistingPart(root)
            trees[root] = tree
            let resolved = (PhysicalPath.resolveExistingPart(path) as NSString).deletingLastPathComponent
            if PhysicalPath.isInside(resolved, tree) { candidates.append(resolved) }
            for folder in candidates where !folder.isEmpty && seen.insert(folder).inserted { folders.append(folder) }
        }
        return folders.flatMap { cleanUpAfterKilledRuns(in: $0).diagnostics }
    }

    /// Cleans what runs killed in the middle of a write left in `folder`, once their process is
    /// gone: temporary files (`.Name.stringcat-PID-N.tmp`) are removed; a previous version set
    /// aside (`.Name.stringcat-PID-N.old`) is removed when a file stands at its name (the new
    /// one, complete), and renamed back to its name when none does.
    @discardableResult
    public static func cleanUpAfterKilledRuns(in folder: String) -> StaleCleanup {
        var cleanup = StaleCleanup()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return cleanup }
        for name in names where name.hasPrefix(".") && (name.hasSuffix(".tmp") || name.hasSuffix(".old")) {
            guard let marker = name.range(of: ".stringcat-", options: .backwards) else { continue }
            let fields = name[marker.upperBound...].dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
            guard fields.count == 2, let pid = Int32(fields[0]), UInt32(fields[1]) != nil, !ProcessLiveness.isAlive(pid)
            else { continue }
            let path = folder + "/" + name
            if name.hasSuffix(".old") {
                let destination = folder + "/" + String(name[name.index(after: name.startIndex)..<marker.lowerBound])
                if FileStatus.of(destination) == nil {
                    if rename(path, destination) == 0 {
                        cleanup.restored.append(destination)
                    } else {
                        cleanup.failed.append(
                            UndoReport.Failure(
                                path: path, reason: "it could not be put back at \(destination): \(errnoText(errno))"))
                    }
                    continue
                }
            }
            if unlink(path) == 0 {
                cleanup.removed.append(path)
            } else if errno != ENOENT {
                cleanup.failed.append(UndoReport.Failure(path: path, reason: RemovalError(code: errno).description))
            }
        }
        return cleanup
    }

    /// Removes the temporary files a run killed between writing and renaming left in `folder`,
    /// when that process is gone, and settles the previous versions it had set aside (see
    /// `cleanUpAfterKilledRuns`). Returns the paths removed.
    @discardableResult
    public static func removeStaleTemporaries(in folder: String) -> [String] {
        cleanUpAfterKilledRuns(in: folder).removed
    }
}
