/// The absolute on-disk path of groups and file references.
///
/// `sourceTree = "<group>"` is relative to the parent group's folder (a group without `path`
/// has its parent's folder; the main group's parent is the project folder); `SOURCE_ROOT` is
/// relative to the project folder (the folder holding `X.xcodeproj`, plus `projectDirPath`);
/// `<absolute>` is absolute. Anything else (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`, a
/// custom source tree) is only known at build time: nil. So is an object no group lists (other
/// than the main group), since nothing says what it is relative to.
public struct PathResolver: Sendable {
    public let graph: ProjectGraph
    /// Absolute folder `SOURCE_ROOT` stands for.
    public let projectFolder: String
    /// The project's main group, read once (every path that reaches the top asks for it).
    private let mainGroup: String?

    /// - Parameter projectFolder: the folder holding the `.xcodeproj` (absolute).
    public init(graph: ProjectGraph, projectFolder: String) {
        self.graph = graph
        var folder = PathResolver.normalize(projectFolder)
        if let id = graph.rootObjectID, let dir = graph.string("projectDirPath", of: id), !dir.isEmpty {
            folder = PathResolver.join(folder, dir)
        }
        self.projectFolder = folder
        self.mainGroup = graph.project?.mainGroup
    }

    /// - Parameter projectFile: the path of `X.xcodeproj/project.pbxproj` (absolute).
    public init(graph: ProjectGraph, projectFile: String) {
        self.init(graph: graph, projectFolder: PathResolver.projectFolder(ofProjectFile: projectFile))
    }

    /// The folder holding `X.xcodeproj` for the path of its `project.pbxproj`.
    public static func projectFolder(ofProjectFile path: String) -> String {
        parent(parent(normalize(path)))
    }

    /// The absolute path of a group, variant group, synchronized folder or file reference.
    ///
    /// Walks up the parents without recursion: a project may chain groups as deep as it likes
    /// (a chain of 2,000 overflowed the stack when this recursed once per group).
    public func path(of id: String) -> String? {
        var visiting: Set<String> = []
        // The `path` of each `<group>`-relative object from `id` up, below the first known base.
        var relativePaths: [String?] = []
        var current = id
        var base: String
        walk: while true {
            guard graph.object(current) != nil, visiting.insert(current).inserted else { return nil }
            let path = graph.string("path", of: current)
            switch graph.string("sourceTree", of: current) ?? "<group>" {
            case "<group>":
                relativePaths.append(path)
                if let parent = graph.parent(of: current) {
                    current = parent
                    continue walk
                }
                guard current == mainGroup else { return nil }
                base = projectFolder
            case "SOURCE_ROOT":
                base = path.map { PathResolver.join(projectFolder, $0) } ?? projectFolder
            case "<absolute>":
                guard let path else { return nil }
                base = PathResolver.normalize(path)
            default:
                return nil
            }
            break walk
        }
        for path in relativePaths.reversed() {
            if let path { base = PathResolver.join(base, path) }
        }
        return base
    }

    /// Why `path(of:)` gives nil for `id`, in words a user can act on: its groups form a cycle, it
    /// or a group above it is not defined, no group lists it, or its source tree is known only at
    /// build time. Nil when the path resolves.
    public func whyUnresolved(_ id: String) -> String? {
        guard path(of: id) == nil else { return nil }
        var chain: [String] = []
        var current = id
        while true {
            guard graph.object(current) != nil else {
                return current == id
                    ? "object \(id) is not defined in the file"
                    : "the group \(current) that lists it is not defined in the file"
            }
            if let first = chain.firstIndex(of: current) {
                let named = (chain[first...] + [current]).map { id in
                    graph.object(id)?.comment.map { "\($0) (\(id))" } ?? id
                }
                return "its groups form a cycle (" + named.joined(separator: " -> ") + "): it lies in no folder"
            }
            chain.append(current)
            let tree = graph.string("sourceTree", of: current) ?? "<group>"
            switch tree {
            case "<group>":
                guard let parent = graph.parent(of: current) else {
                    return current == mainGroup
                        ? nil : "no group lists \(current == id ? "it" : "the group \(current) above it")"
                }
                current = parent
            case "<absolute>":
                return "it is absolute but has no path"
            case "SOURCE_ROOT":
                return nil
            default:
                return "it is relative to \(tree), a location known only at build time"
            }
        }
    }

    /// `base/relative` with `.` and `..` components folded (lexically: symbolic links are not
    /// followed, as Xcode does not follow them either). An absolute `relative` replaces `base`.
    public static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        return normalize(base + "/" + relative)
    }

    /// Folds `//`, `.` and `..` in an absolute or relative path.
    public static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == ".." && absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// The folder holding `path`.
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// `path` relative to the folder `base` (both absolute), with `..` where it lies outside.
    public static func relative(_ path: String, from base: String) -> String {
        let target = normalize(path).split(separator: "/")
        let from = normalize(base).split(separator: "/")
        var common = 0
        while common < target.count && common < from.count && target[common] == from[common] { common += 1 }
        let ups = [String](repeating: "..", count: from.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }

    /// The last component of `path`.
    public static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
