import Foundation
import Languages

/// Which tables each target of a project builds, and from what: the view the migration's safety
/// gate needs to keep a table from being built twice (from its catalog and from legacy files:
/// "Multiple commands produce …").
public enum TargetTables {
    /// What one target builds: table names from catalogs, and from legacy `.lproj` files.
    public struct Built: Sendable, Hashable {
        public var fromCatalogs: Set<String> = []
        public var fromLegacyFiles: Set<String> = []
        /// Tables built both ways.
        public var twice: Set<String> { fromCatalogs.intersection(fromLegacyFiles) }
    }

    /// Target ID -> what it builds: its Resources phases (variant groups and file references) and
    /// its synchronized folders (the files on disk, plus `plannedFiles` not written yet, less the
    /// target's membership exceptions).
    public static func built(_ graph: ProjectGraph, projectFolder: String, plannedFiles: [String] = []) -> [String:
        Built]
    {
        let resolver = PathResolver(graph: graph, projectFolder: projectFolder)
        var result: [String: Built] = [:]
        for target in graph.targets {
            var built = Built()
            for phaseID in target.buildPhases {
                guard let phase = graph.buildPhase(phaseID), phase.kind == .resourcesBuildPhase else { continue }
                for fileID in phase.files {
                    guard let ref = graph.buildFile(fileID)?.fileRef else { continue }
                    let members =
                        graph.object(ref)?.kind == .variantGroup ? graph.strings("children", of: ref) : [ref]
                    for member in members { if let path = resolver.path(of: member) { take(path, into: &built) } }
                }
            }
            for rootID in graph.strings("fileSystemSynchronizedGroups", of: target.id) {
                guard let folder = resolver.path(of: rootID) else { continue }
                var excluded: Set<String> = []
                for setID in graph.strings("exceptions", of: rootID)
                where graph.string("target", of: setID) == target.id {
                    excluded.formUnion(graph.strings("membershipExceptions", of: setID))
                }
                var relatives = Set(FileManager.default.subpaths(atPath: folder) ?? [])
                for planned in plannedFiles where planned.hasPrefix(folder + "/") {
                    relatives.insert(String(planned.dropFirst(folder.count + 1)))
                }
                for relative in relatives where !isExcluded(relative, excluded) {
                    take(folder + "/" + relative, into: &built)
                }
            }
            result[target.id] = built
        }
        return result
    }

    /// True when a synchronized folder's exception set names `relative`: itself, or (for a file
    /// in an `.lproj` folder) every language of it, `/Localized/<folder>/<Name.ext>`, as
    /// KeePassium writes its storyboards. The one reading of an exception set: the tables and
    /// the app model (`AppBundles.ProjectTargets`) both ask here.
    public static func isExcluded(_ relative: String, _ excluded: Set<String>) -> Bool {
        if excluded.contains(relative) { return true }
        let lproj = PathResolver.parent(relative)
        guard lproj != relative, LprojFolderName.of(folder: PathResolver.lastComponent(lproj)) != nil else {
            return false
        }
        let above = lproj.contains("/") ? PathResolver.parent(lproj) + "/" : ""
        return excluded.contains("/Localized/" + above + PathResolver.lastComponent(relative))
    }

    private static func take(_ path: String, into built: inout Built) {
        let name = PathResolver.lastComponent(path)
        guard let dot = name.lastIndex(of: ".") else { return }
        let base = String(name[..<dot])
        if name.hasSuffix(".xcstrings") { built.fromCatalogs.insert(base) }
        if (name.hasSuffix(".strings") || name.hasSuffix(".stringsdict")) && LprojFolderName.of(file: path) != nil {
            built.fromLegacyFiles.insert(base)
        }
    }
}
