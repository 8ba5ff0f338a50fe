import Foundation

// The folders a write needs and does not find: made before it, removed again when it fails.

extension AtomicFile {
    /// The folders above any of `paths` that do not exist yet, each once, outermost first: what
    /// a run that fails must remove again (when empty) before its files are staged on several
    /// threads, which cannot tell which of them made a folder another one also needed.
    public static func missingFolders(forFiles paths: [String]) -> [String] {
        Array(Set(paths.flatMap(missingFolders(above:)))).sorted { ($0.count, $0) < ($1.count, $1) }
    }

    /// The folders above `path` that do not exist yet, outermost first.
    static func missingFolders(above path: String) -> [String] {
        var missing: [String] = []
        var folder = (PhysicalPath.absolute(path) as NSString).deletingLastPathComponent
        // Ends at "/", and at the start of a relative path (a current folder that is gone).
        while folder != "/" && !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            missing.insert(folder, at: 0)
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder { break }
            folder = parent
        }
        return missing
    }

    /// Creates the folder at `path` and the folders above it that are missing; returns those it
    /// created, outermost first (for `removeEmptyFolders` when the run writes nothing there).
    /// Its error says why, in words a user can act on.
    public static func createFolder(_ path: String) throws(WriteError) -> [String] {
        // The folders above a name inside it: `path` itself and its missing ancestors.
        let missing = missingFolders(above: path + "/-")
        guard !missing.isEmpty else { return [] }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            removeEmptyFolders(missing)
            throw .cannotCreateFolder(path, folderReason(path, error))
        }
        return missing
    }

    /// Removes the folders a run created (`folders`, outermost first), deepest first, each only
    /// when empty: what the user put there meanwhile stays, and so does its folder.
    public static func removeEmptyFolders(_ folders: [String]) {
        for folder in folders.reversed()
        where ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? ["?"]).isEmpty {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Why a folder cannot be created, in words a user can act on (Foundation on Linux only
    /// says "The operation could not be completed").
    static func folderReason(_ folder: String, _ error: Error) -> String {
        var isDirectory: ObjCBool = false
        // The nearest ancestor that exists (the chain ends at "/", or at the start of a relative
        // path when the current folder is gone).
        let ancestor = PhysicalPath.chain(from: PhysicalPath.absolute(folder)).first {
            FileManager.default.fileExists(atPath: $0)
        }
        if let ancestor, FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { return "\(ancestor) is a file, not a folder" }
            if !FileManager.default.isWritableFile(atPath: ancestor) { return "folder \(ancestor) is not writable" }
        }
        return reason(error)
    }
}
