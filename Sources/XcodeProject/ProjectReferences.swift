/// Lookups `stringcat status` needs: which files a project points at.
public struct ProjectReferences: Sendable {
    /// How the project reaches a path.
    public enum Reference: Sendable, Hashable {
        /// A `PBXFileReference` with this ID resolves to the path.
        case fileReference(String)
        /// The path lies inside the folder of this `PBXFileSystemSynchronizedRootGroup`.
        case synchronizedFolder(String)
    }

    /// Every file reference whose path can be resolved (see `PathResolver`), in file order.
    public let fileReferences: [(id: String, path: String)]
    /// Every synchronized folder: its group's ID and absolute folder.
    public let synchronizedFolders: [(id: String, path: String)]
    private let byPath: [String: String]

    /// - Parameter projectFolder: the absolute folder holding the `.xcodeproj`.
    public init(graph: ProjectGraph, projectFolder: String) {
        let resolver = PathResolver(graph: graph, projectFolder: projectFolder)
        var references: [(id: String, path: String)] = []
        var byPath: [String: String] = [:]
        for object in graph.objects where object.kind == .fileReference {
            guard let path = resolver.path(of: object.id) else { continue }
            references.append((object.id, path))
            if byPath[path] == nil { byPath[path] = object.id }
        }
        fileReferences = references
        synchronizedFolders = graph.objects(.synchronizedRootGroup).compactMap { object in
            resolver.path(of: object.id).map { (object.id, $0) }
        }
        self.byPath = byPath
    }

    /// How the project reaches `path` (absolute), or nil when it does not: a file reference
    /// first, else a synchronized folder holding it.
    public func reference(to path: String) -> Reference? {
        let path = PathResolver.normalize(path)
        if let id = byPath[path] { return .fileReference(id) }
        for folder in synchronizedFolders where path.hasPrefix(folder.path + "/") {
            return .synchronizedFolder(folder.id)
        }
        return nil
    }

    /// File references whose path does not exist on disk (after a migration: none should point
    /// at a deleted legacy file). `exists` is injectable for tests; by default the file system.
    public func missingFiles(exists: (String) -> Bool) -> [(id: String, path: String)] {
        fileReferences.filter { !exists($0.path) }
    }
}
