import Foundation

extension AtomicFile {
    /// Why a write failed; `description` says it in words a user can act on.
    public enum WriteError: Error, CustomStringConvertible, Equatable {
        case exists(String)
        case cannotCreateFolder(String, String)
        case cannotWrite(String, String)
        /// The file no longer holds the bytes the run read from it (another program wrote it
        /// during the run): it is not replaced.
        case changedSinceRead(String)
        /// The path, where its bytes would have landed through a symbolic link, and the tree
        /// they must stay in.
        case outsideTree(String, String, String)
        /// The path and the tree: the path, as written, is not in the tree.
        case notInTree(String, String)
        /// The path and its number of hard links. Replacing it by a rename would detach it from
        /// the other names, which would keep the old bytes; writing it in place would change the
        /// file under every name (a `cp -al` backup included) and cannot be undone atomically.
        /// So it is refused, and the user chooses.
        case hardLinked(String, UInt64)

        public var description: String {
            switch self {
            case .exists(let path):
                return "\(path) already exists (use --force to overwrite it)"
            case .cannotCreateFolder(let path, let reason):
                return "cannot create folder \(path): \(reason)"
            case .cannotWrite(let path, let reason):
                return "cannot write \(path): \(reason)"
            case .changedSinceRead(let path):
                return "\(path) changed since this run read it (another program wrote it); it is not replaced"
            case .outsideTree(let path, let target, let root):
                return "\(path) would be written outside \(root), through a symbolic link (into \(target)); not written"
            case .notInTree(let path, let root):
                return "\(path) is outside \(root); not written"
            case .hardLinked(let path, let links):
                // A previous version a stringcat run set aside is one of the links when that run
                // was killed and its process id now belongs to another process (the cleanup of
                // dead runs cannot tell): named, so that the user can delete it.
                let aside = AtomicFile.asideLinks(of: path)
                let which =
                    aside.isEmpty
                    ? ""
                    : "; \(aside.count == 1 ? "one of them is" : "among them are") "
                        + aside.joined(separator: ", ")
                        + ", the previous version a stringcat run set aside and did not remove: delete "
                        + (aside.count == 1 ? "it" : "them") + " if no stringcat run is going on"
                return
                    "\(path) has \(links) hard links\(which): replacing it would leave the other names with the old "
                    + "bytes, and writing it in place would change every one of them; not written (copy it to a file "
                    + "of its own, or remove the other links, and run again)"
            }
        }

        /// The path the error is about.
        public var path: String {
            switch self {
            case .exists(let path), .cannotCreateFolder(let path, _), .cannotWrite(let path, _),
                .changedSinceRead(let path),
                .outsideTree(let path, _, _), .notInTree(let path, _), .hardLinked(let path, _):
                return path
            }
        }
    }
}
