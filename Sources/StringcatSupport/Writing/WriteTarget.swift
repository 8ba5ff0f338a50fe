import Foundation

/// Where a write to a path lands, and whether it may land there: the one function that accepts
/// a destination (every write is staged through `StagedFile`, which asks it). Given the tree the
/// run writes into (the project, the catalog's folder, `--output`), the rule is the same for
/// every file stringcat writes:
///
/// - a symbolic link standing at the path **stays a link**: the bytes go to the file it leads to
///   (through a temporary file and a rename in that file's folder), followed link after link;
/// - the place they land, once every link on the way (of folders and of the file) is resolved,
///   must lie inside the tree (also resolved); otherwise nothing is written and the error says
///   where it would have gone (`.outsideTree`; `.notInTree` for a path outside the tree as
///   written, where no link is to blame).
enum WriteTarget {
    /// At most this many links are followed (the kernel's own limit for a path is 40).
    static let maximumLinks = 40

    /// The physical path the bytes for `path` go to under `root` (see the type's comment).
    static func resolve(_ path: String, root: String) throws(AtomicFile.WriteError) -> String {
        let realRoot = PhysicalPath.resolveExistingPart(root)
        var current = PhysicalPath.absolute(path)
        var followed = 0
        while true {
            let folder = PhysicalPath.resolveExistingPart((current as NSString).deletingLastPathComponent)
            current = (folder == "/" ? "" : folder) + "/" + (current as NSString).lastPathComponent
            guard let status = FileStatus.of(current), status.kind == .symbolicLink else { break }
            followed += 1
            guard followed <= maximumLinks,
                let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
            else {
                throw .cannotWrite(path, "too many levels of symbolic links")
            }
            current = destination.hasPrefix("/") ? destination : folder + "/" + destination
            current = PhysicalPath.absolute(current)
        }
        guard PhysicalPath.isInside(current, realRoot) else {
            // Said as it is: "through a symbolic link" only when a link took it out.
            if !PhysicalPath.isInside(PhysicalPath.absolute(path), PhysicalPath.absolute(root)) {
                throw .notInTree(path, root)
            }
            throw .outsideTree(path, current, root)
        }
        return current
    }
}
