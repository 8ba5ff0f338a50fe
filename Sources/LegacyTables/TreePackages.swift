import Foundation
import StringcatSupport
import XcodeProject

/// The packages of a tree, whose each is, and which are read (docs/spec/project-tree.md).
enum TreePackages {
    static func decide(
        scan: ProjectScan, projects: [XcodeProjectFile],
        search: TableSearch
    ) throws(FileProbe.Failure) -> [TreePackage] {
        var manifests: [PackageManifest] = []
        for path in scan.manifests { manifests.append(try PackageManifest.read(path, probe: scan.probe)) }
        guard !manifests.isEmpty else { return [] }
        var evidence = TreeEvidence()
        let folders = manifests.map(\.folder)
        for project in projects {
            evidence.read(project: project.graph, at: project.path, root: scan.root, packageFolders: folders)
        }
        let projectManifests = scan.evidenceFiles.filter { PathResolver.lastComponent($0) == "Project.swift" }
        for file in scan.evidenceFiles {
            guard let data = try scan.probe.bytes(file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            switch PathResolver.lastComponent(file) {
            case "contents.xcworkspacedata": evidence.read(workspace: text, at: file, root: scan.root)
            case "project.yml", "project.yaml": evidence.read(xcodeGenSpec: text, at: file, root: scan.root)
            case ".gitmodules": evidence.read(gitmodules: text, at: file)
            default:
                evidence.read(tuistManifest: text, at: file, root: scan.root, projectManifests: projectManifests)
            }
        }
        // Tuist's own `Tuist/Package.swift` names the project's local packages.
        for manifest in scan.manifests where PathResolver.lastComponent(PathResolver.parent(manifest)) == "Tuist" {
            if let data = try scan.probe.bytes(manifest) {
                evidence.read(
                    tuistManifest: String(decoding: data, as: UTF8.self), at: manifest, root: scan.root,
                    projectManifests: projectManifests)
            }
        }
        let ownership = PackageOwnership.decide(manifests, root: scan.root, evidence: evidence)
        let included = Set(search.includes.map { normalizedInclude($0, root: scan.root) })
        return manifests.map { manifest in
            let owner = ownership[manifest.folder]!
            var package = TreePackage(manifest: manifest, ownership: owner, readBecause: nil)
            if included.contains(manifest.folder) {
                package.readBecause = .included
            } else if ExcludeGlob.matches(search.excludes, manifest.folder, root: scan.root) {
                package.readBecause = nil
            } else if owner.isOwn {
                package.readBecause = .own(evidence: owner.evidence)
            }
            return package
        }
    }

    /// The package folder an `--include` argument names (relative to the root, or absolute; the
    /// manifest itself names its folder).
    static func normalizedInclude(_ argument: String, root: String) -> String {
        let folder = argument.hasSuffix("/Package.swift") ? String(argument.dropLast("/Package.swift".count)) : argument
        return PathResolver.normalize(PathResolver.join(root, folder))
    }
}

extension TreePackage {
    /// The package's own `defaultLocalization`, as a decided source language; nil without one.
    var declaredSource: SourceLanguage? {
        guard let code = manifest.defaultLocalization else { return nil }
        let decided = SourceLanguage.decide(
            explicit: nil, declared: .defaultLocalization(code, file: "Package.swift"), spelling: .project)
        return decided == SourceLanguage.fallback ? nil : decided
    }
}
