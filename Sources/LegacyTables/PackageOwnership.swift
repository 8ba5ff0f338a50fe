import Foundation
import StringcatSupport
import XcodeProject

/// Whose a Swift package inside the tree is, and the evidence that decided it
/// (docs/spec/project-tree.md#whose-a-package-is).
///
/// A package is the user's own when something of the tree builds it by path: the package at
/// PATH itself, a workspace (`group:LokiPackage`), an Xcode project (an `XCLocalSwiftPackageReference`,
/// a file reference to its folder, a synchronized folder above it, or a product dependency with no
/// remote package whose product its manifest declares), an XcodeGen or Tuist spec, or the
/// manifest of another package of the user's. It is third-party when it lies under a dependency
/// folder (`Pods`, `Carthage`, `vendor`, …) or is a git checkout of its own (a submodule): those
/// are used by path too (alt-tab's `vendor/Sparkle`), so the folder decides first. A package that
/// nothing uses and that lies in no dependency folder is left alone as well: nothing says it is
/// built with this tree. `--include` and `--exclude` override every decision.
public struct PackageOwnership: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Migrated with the tree's tables.
        case own
        /// Vendored code: left alone, like `Pods`.
        case thirdParty = "third-party"
        /// Nothing in the tree uses it: left alone.
        case unused
    }

    public var kind: Kind
    /// The evidence, in words (`linked by App.xcodeproj (XCLocalSwiftPackageReference ../Pkg)`).
    public var evidence: String

    public var isOwn: Bool { kind == .own }

    /// Folder names that hold other people's code (dependency managers, vendored sources).
    public static let dependencyFolderNames: Set<String> = [
        "Pods", "Carthage", "vendor", "Vendor", "third_party", "ThirdParty", "External", "Submodules", "checkouts",
        "SourcePackages", ".build",
    ]

    /// Decides for every package of `manifests` (absolute `Package.swift` paths) in the tree at
    /// `root`.
    static func decide(_ manifests: [PackageManifest], root: String, evidence: TreeEvidence) -> [String:
        PackageOwnership]
    {
        var result: [String: PackageOwnership] = [:]
        var uses = evidence.usesByPath
        // The user's packages make the packages they depend on by path theirs too.
        var queue: [PackageManifest] = []
        for manifest in manifests {
            let folder = manifest.folder
            if let thirdParty = thirdPartyEvidence(folder, root: root, submodules: evidence.submodules) {
                result[folder] = PackageOwnership(kind: .thirdParty, evidence: thirdParty)
            } else if folder == root {
                result[folder] = PackageOwnership(kind: .own, evidence: "the package at the path given")
                queue.append(manifest)
            }
        }
        for manifest in manifests where result[manifest.folder] == nil {
            if let use = uses[manifest.folder] ?? productUse(manifest, evidence: evidence) {
                result[manifest.folder] = PackageOwnership(kind: .own, evidence: use)
                queue.append(manifest)
            }
        }
        while let own = queue.popLast() {
            for dependency in own.localDependencies {
                let folder = PathResolver.normalize(PathResolver.join(own.folder, dependency))
                guard let manifest = manifests.first(where: { $0.folder == folder }), result[folder] == nil else {
                    continue
                }
                let use = "a dependency by path of the package \(PathResolver.relative(own.folder, from: root))"
                uses[folder] = use
                result[folder] = PackageOwnership(kind: .own, evidence: use)
                queue.append(manifest)
            }
        }
        for manifest in manifests where result[manifest.folder] == nil {
            result[manifest.folder] = PackageOwnership(
                kind: .unused,
                evidence: "no project, workspace, XcodeGen or Tuist spec, or package of this tree uses it by path")
        }
        return result
    }

    /// Why the package in `folder` is someone else's code, if the folder says so.
    static func thirdPartyEvidence(_ folder: String, root: String, submodules: [String]) -> String? {
        let relative = PathResolver.relative(folder, from: root)
        let components = relative.split(separator: "/").map(String.init)
        if let index = components.firstIndex(where: dependencyFolderNames.contains) {
            return "under \(components.prefix(index + 1).joined(separator: "/"))/, a dependency folder"
        }
        if let submodule = submodules.first(where: { folder == $0 || folder.hasPrefix($0 + "/") }) {
            return "in the git submodule \(PathResolver.relative(submodule, from: root))"
        }
        if FileStatusProbe.isRegularFile(folder + "/.git") {
            return "a git checkout of its own (its .git is a file: a submodule)"
        }
        return nil
    }

    /// A project product dependency with no remote package (`XCSwiftPackageProductDependency`
    /// without `package`) whose product the manifest declares.
    private static func productUse(_ manifest: PackageManifest, evidence: TreeEvidence) -> String? {
        for (product, project) in evidence.localProducts where manifest.products.contains(product) {
            return "its product \(product) is linked by \(project) (a local package product)"
        }
        return nil
    }
}

/// What the tree's projects, workspaces and generator specs say about packages, read once.
struct TreeEvidence: Sendable {
    /// Package folder (absolute) -> who uses it by path, in words.
    var usesByPath: [String: String] = [:]
    /// Products that projects link from a local package: (product, project in words).
    var localProducts: [(String, String)] = []
    /// Folders of git submodules (absolute).
    var submodules: [String] = []

    /// Records a use of `folder`, keeping the first one said.
    mutating func use(_ folder: String, _ why: String) {
        let folder = PathResolver.normalize(folder)
        if usesByPath[folder] == nil { usesByPath[folder] = why }
    }

    /// Every folder an Xcode project uses by path: local package references, file references
    /// (a package folder dragged into the navigator), and synchronized folders (their whole
    /// content); and its local product dependencies.
    mutating func read(project graph: ProjectGraph, at pbxproj: String, root: String, packageFolders: [String]) {
        let folder = PathResolver.projectFolder(ofProjectFile: pbxproj)
        let name = PathResolver.relative(PathResolver.parent(pbxproj), from: root)
        for object in graph.objects(.localSwiftPackageReference) {
            guard let relative = graph.string("relativePath", of: object.id) else { continue }
            use(PathResolver.join(folder, relative), "linked by \(name) (a local package reference: \(relative))")
        }
        for object in graph.objects(.swiftPackageProductDependency)
        where graph.string("package", of: object.id) == nil {
            if let product = graph.string("productName", of: object.id) { localProducts.append((product, name)) }
        }
        let references = ProjectReferences(graph: graph, projectFolder: folder)
        let referenced = Set(references.fileReferences.map(\.path))
        for package in packageFolders {
            if referenced.contains(package) {
                use(package, "its folder is a file reference of \(name)")
            } else if let synchronized = references.synchronizedFolders.first(where: {
                package.hasPrefix($0.path + "/")
            }) {
                use(
                    package,
                    "inside the synchronized folder \(PathResolver.relative(synchronized.path, from: root)) of \(name)")
            }
        }
    }

    /// The packages a workspace names (`contents.xcworkspacedata`: `group:`, `container:` and
    /// `absolute:` locations, in nested groups too).
    mutating func read(workspace data: String, at path: String, root: String) {
        let workspaceFolder = PathResolver.parent(PathResolver.parent(path))
        let name = PathResolver.relative(PathResolver.parent(path), from: root)
        for location in WorkspaceLocations.paths(in: data, workspaceFolder: workspaceFolder) {
            use(location.path, "in the workspace \(name) (\(location.written))")
        }
    }

    /// The local packages of an XcodeGen `project.yml` (`packages:` entries with a `path:`).
    mutating func read(xcodeGenSpec text: String, at path: String, root: String) {
        let folder = PathResolver.parent(path)
        var inPackages = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !line.hasPrefix(" ") && !line.hasPrefix("\t") && !trimmed.isEmpty && !trimmed.hasPrefix("#") {
                inPackages = trimmed.hasPrefix("packages:")
                continue
            }
            guard inPackages, trimmed.hasPrefix("path:") else { continue }
            let value = trimmed.dropFirst("path:".count).trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\"'"))
            guard !value.isEmpty else { continue }
            use(
                PathResolver.join(folder, value),
                "a local package of the XcodeGen spec \(PathResolver.relative(path, from: root)) (path: \(value))")
        }
    }

    /// The local packages of a Tuist manifest or helper (`.package(path:)`, `.local(path:)`), its
    /// paths resolved as Tuist resolves a `Path` (docs/spec/project-tree.md#whose-a-package-is): a
    /// literal from the manifest's folder (`//…` from the root), `.relativeToRoot` from the root (the
    /// folder holding `Tuist/`), `.relativeToManifest` from the manifest's folder,
    /// `.relativeToCurrentFile` from the file's. `Tuist/Package.swift` and `Tuist/Dependencies.swift`
    /// name paths from the project's folder. A helper (`Tuist/ProjectDescriptionHelpers/…`) runs in
    /// the manifest that calls it, so its literal paths are taken from each `Project.swift` folder of
    /// the tree.
    mutating func read(tuistManifest text: String, at path: String, root: String, projectManifests: [String]) {
        let folder = PathResolver.parent(path)
        let tuistRoot = Self.tuistRoot(of: folder) ?? root
        let bases: [String]
        if Self.isTuistHelper(path) {
            bases = projectManifests.map(PathResolver.parent)
        } else {
            bases = [PathResolver.lastComponent(folder) == "Tuist" ? PathResolver.parent(folder) : folder]
        }
        let name = PathResolver.relative(path, from: root)
        for written in ManifestCode(text).tuistPaths(inCallsNamed: ["package", "local"]) {
            let resolved: [String]
            let shown: String
            switch written {
            case .literal(let value) where value.hasPrefix("//"):
                resolved = [PathResolver.join(tuistRoot, String(value.dropFirst(2)))]
                shown = value
            case .literal(let value):
                resolved = bases.map { PathResolver.join($0, value) }
                shown = value
            case .relativeToRoot(let value):
                resolved = [PathResolver.join(tuistRoot, value)]
                shown = ".relativeToRoot(\"\(value)\")"
            case .relativeToManifest(let value):
                resolved = bases.map { PathResolver.join($0, value) }
                shown = ".relativeToManifest(\"\(value)\")"
            case .relativeToCurrentFile(let value):
                resolved = [PathResolver.join(folder, value)]
                shown = ".relativeToCurrentFile(\"\(value)\")"
            }
            for package in resolved {
                use(package, "a local package of the Tuist manifest \(name) (path: \(shown))")
            }
        }
    }

    /// True for a file of Tuist's `ProjectDescriptionHelpers` (compiled into every manifest).
    static func isTuistHelper(_ path: String) -> Bool {
        path.contains("/Tuist/ProjectDescriptionHelpers/")
    }

    /// The folder that holds the `Tuist/` folder `folder` is in or under, if any.
    static func tuistRoot(of folder: String) -> String? {
        let components = folder.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = components.lastIndex(of: "Tuist"), index > 0 else { return nil }
        return components[..<index].joined(separator: "/")
    }

    /// Submodule folders listed in a `.gitmodules` file (`path = vendor/X`).
    mutating func read(gitmodules text: String, at path: String) {
        let folder = PathResolver.parent(path)
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("path"), let equals = trimmed.firstIndex(of: "=") else { continue }
            guard trimmed[..<equals].trimmingCharacters(in: .whitespaces) == "path" else { continue }
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if !value.isEmpty { submodules.append(PathResolver.normalize(PathResolver.join(folder, value))) }
        }
    }
}

/// The file locations of a workspace's `contents.xcworkspacedata`.
enum WorkspaceLocations {
    struct Location {
        /// Absolute, normalized.
        var path: String
        /// As written (`group:LokiPackage`).
        var written: String
    }

    /// Each `FileRef`'s location, resolved: `group:` against the enclosing groups' folders (the
    /// workspace's folder at the top), `container:` against the workspace's folder, `absolute:`
    /// as is. `self:` (a project's own workspace) names no package.
    static func paths(in xml: String, workspaceFolder: String) -> [Location] {
        var result: [Location] = []
        var groups: [String] = [workspaceFolder]
        var index = xml.startIndex
        while let open = xml[index...].firstIndex(of: "<") {
            guard let close = xml[open...].firstIndex(of: ">") else { break }
            let tag = xml[xml.index(after: open)..<close]
            index = xml.index(after: close)
            if tag.hasPrefix("/Group") {
                if groups.count > 1 { groups.removeLast() }
                continue
            }
            let isGroup = tag.hasPrefix("Group")
            guard isGroup || tag.hasPrefix("FileRef") else { continue }
            let location = attribute("location", in: tag)
            var resolved = groups.last!
            if let location {
                if location.hasPrefix("group:") {
                    resolved = PathResolver.join(groups.last!, String(location.dropFirst(6)))
                } else if location.hasPrefix("container:") {
                    resolved = PathResolver.join(workspaceFolder, String(location.dropFirst(10)))
                } else if location.hasPrefix("absolute:") {
                    resolved = String(location.dropFirst(9))
                } else {
                    resolved = ""
                }
            }
            if isGroup {
                if !tag.hasSuffix("/") { groups.append(resolved.isEmpty ? groups.last! : resolved) }
            } else if let location, !resolved.isEmpty {
                result.append(Location(path: PathResolver.normalize(resolved), written: location))
            }
        }
        return result
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let range = tag.range(of: name + " = \"") ?? tag.range(of: name + "=\"") else { return nil }
        guard let end = tag[range.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(tag[range.upperBound..<end]).replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// Whether a path is a regular file, for evidence that a missing file does not contradict.
enum FileStatusProbe {
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
