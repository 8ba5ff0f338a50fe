import Foundation

/// The catalogs a command-line argument names: the file itself, or every `.xcstrings` below a
/// folder (skipping build and dependency folders), each with the folder it was found under, so
/// that output paths can keep their place relative to it.
public enum CatalogFiles {
    /// One catalog to read, and the folder argument it was found under (nil for a file argument).
    public struct Found: Sendable, Hashable {
        public var path: String
        public var base: String?

        public init(path: String, base: String?) {
            self.path = path
            self.base = base
        }
    }

    static let skippedFolders: Set<String> = [
        ".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm", "SourcePackages",
    ]

    /// Expands each argument; files are kept as given (a missing one is reported by the reader).
    public static func expand(_ arguments: [String]) -> [Found] {
        var found: [Found] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            let path = URL(fileURLWithPath: argument).standardizedFileURL.path
            // A folder named like a catalog is given to the reader, which says what it is.
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                !path.hasSuffix(".xcstrings")
            else {
                found.append(Found(path: argument, base: nil))
                continue
            }
            var inside: [String] = []
            let enumerator = FileManager.default.enumerator(atPath: path)
            while let relative = enumerator?.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if skippedFolders.contains(name) {
                    enumerator?.skipDescendants()
                    continue
                }
                if name.hasSuffix(".xcstrings") { inside.append(path + "/" + relative) }
            }
            found += inside.sorted().map { Found(path: $0, base: path) }
        }
        return found
    }
}
