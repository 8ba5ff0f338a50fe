import AppBundles
import Foundation
import Languages
import LegacyTables
import StringcatSupport
import XcodeProject
import XcodeRules

/// The one safety gate (docs/guarantees.md §9): a run's plan, whatever its options, is checked
/// against the tree before anything is written or deleted. It refuses a plan that would leave a
/// project or a package unbuildable:
/// - a legacy file any parseable project file of the tree or any package manifest references is
///   deleted only when the same plan removes that reference;
/// - no catalog is written inside an `.lproj` folder other than `mul.lproj`;
/// - no target of a project, and no target of a package, builds a table twice (from its catalog
///   and from legacy files) where it did not before.
/// A refused run writes nothing; each reason names the file, the project or package, and the
/// option that does it right.
enum MigrationGate {
    /// What a run is about to do.
    struct Plan {
        /// Catalogs to write (their paths in the tree, or under `--output`).
        var catalogs: [String]
        /// The tables whose catalogs are written, with the files `--delete-legacy` may delete
        /// (none without it).
        var deletionCandidates: [String]
        /// Package tables' files the plan's proof says go (checked against the package's targets).
        var expectedDeletions: Set<String>
        /// The project edits, as they will be written (or would be, for `--dry-run`).
        var edits: [ProjectEditReport]
        /// The bundles before the run and as the plan leaves them (`BundleKeeping`).
        var bundles: BundleKeeping.Check?
        /// Languages the user asked to drop (`--delete-empty-languages`), by target.
        var droppedLanguages: [DroppedLanguages] = []
    }

    /// The reasons to refuse the plan (errors; none when it may go on), and what the run must say
    /// while it goes on (warnings).
    static func check(_ plan: Plan, tree: ProjectTables, options: MigrationOptions) -> [Diagnostic] {
        var refusals: [Diagnostic] = []
        for catalog in plan.catalogs {
            let folder = PathResolver.lastComponent(PathResolver.parent(catalog))
            if LprojFolderName.of(folder: folder) != nil && folder != LprojFolderName.multilingualFolder {
                refusals.append(
                    .error(
                        "a catalog would be written inside \(folder), where only one language's resources belong; the "
                            + "run is refused",
                        at: .file(catalog)))
            }
        }
        // With --output, nothing is written into the tree nor deleted from it.
        guard options.outputDirectory == nil else { return refusals }
        refusals += references(plan, tree: tree, options: options)
        refusals += bundleLosses(plan, tree: tree, options: options)
        return refusals
    }

    /// The refusals that need no catalog built: `--delete-legacy` of files that a project the run
    /// will not edit (`--no-project`, a generated project) references.
    static func checkBeforeBuilding(_ tree: ProjectTables, options: MigrationOptions) -> [Diagnostic] {
        guard options.deleteLegacy, options.outputDirectory == nil,
            let reason = ProjectEditing.notWritten(tree, options),
            reason != .dryRun
        else { return [] }
        let candidates = (tree.tables + tree.leftoverTables).flatMap(\.allFiles).map(\.path)
        let edits = tree.projects.map { project in
            var edit = ProjectEditReport(
                projectPath: project.path, outputPath: project.path, catalogPaths: [], changes: ProjectChanges(),
                data: Data())
            edit.notWritten = reason
            return edit
        }
        return references(
            Plan(catalogs: [], deletionCandidates: candidates, expectedDeletions: [], edits: edits), tree: tree,
            options: options)
    }

    /// Deletions of files a project (as the plan leaves it) or a manifest still references.
    private static func references(_ plan: Plan, tree: ProjectTables, options: MigrationOptions) -> [Diagnostic] {
        guard !plan.deletionCandidates.isEmpty else { return [] }
        let candidates = Set(plan.deletionCandidates)
        var refusals: [Diagnostic] = []
        for project in tree.projects {
            let (graph, edited) = after(project, plan: plan)
            let referenced = ProjectReferences(graph: graph, projectFolder: project.folder).fileReferences.map(\.path)
                .filter(candidates.contains)
            guard !referenced.isEmpty else { continue }
            if let generator = tree.generator {
                // A generated project is the generator's output, not the user's source
                // (docs/spec/project-edit.md#a-generated-project): it is regenerated from its spec, which the checklist
                // says to update. Said, not refused.
                refusals.append(
                    .warning(
                        "the generated project still lists \(counted(referenced.count, "file")) --delete-legacy "
                            + "deletes; regenerate it (\(generator.kind.rawValue), \(generator.evidence)) once the "
                            + "spec names the catalogs",
                        at: .file(project.path)))
                continue
            }
            let why: String
            if let reason = plan.edits.first(where: { $0.projectPath == project.path })?.notWritten, !edited {
                why =
                    reason == .noProject
                    ? "--no-project leaves it unedited: run without --no-project (the project is edited as Xcode edits "
                        + "it), or without --delete-legacy"
                    : "it is not edited (\(reason)): edit or regenerate it first, or run without --delete-legacy"
            } else {
                why =
                    "no table of this run replaces them in it: leave them out (--exclude), or run without "
                    + "--delete-legacy"
            }
            let shown = referenced.sorted().prefix(3).map { TableGrouper.relative($0, to: tree.scan.root) }.joined(
                separator: ", ")
            refusals.append(
                .error(
                    "--delete-legacy would delete \(counted(referenced.count, "file")) this project references "
                        + "(\(shown)\(referenced.count > 3 ? ", …" : "")); \(why). Nothing was written or deleted",
                    at: .file(project.path)))
        }
        for package in tree.packagesInTree {
            let named = Set(package.manifest.namedResources)
            let hit = candidates.filter { named.contains($0) || named.contains(PathResolver.parent($0)) }.sorted()
            guard !hit.isEmpty else { continue }
            let shown = hit.prefix(3).map { TableGrouper.relative($0, to: tree.scan.root) }.joined(separator: ", ")
            refusals.append(
                .error(
                    "--delete-legacy would delete \(counted(hit.count, "file")) this manifest names as resources, or "
                        + "empty the .lproj folder it names (\(shown)); point the manifest at the catalog first, or "
                        + "leave them out (--exclude). Nothing was written or deleted",
                    at: .file(package.manifest.path)))
        }
        return refusals
    }

    /// What a target's bundle would lose, or a build failure it would gain (`BundleKeeping`):
    /// refused, but the languages the user asked to drop. In a generated project, said: the
    /// project is regenerated from its spec.
    private static func bundleLosses(_ plan: Plan, tree: ProjectTables, options: MigrationOptions) -> [Diagnostic] {
        guard let check = plan.bundles else { return [] }
        var refusals: [Diagnostic] = []
        for (bundle, changes) in check.losses {
            let dropped = Set(plan.droppedLanguages.filter { $0.target == bundle.title }.flatMap(\.languages))
            let refused = changes.filter { change in
                if case .languageLost(let language) = change { return !dropped.contains(language.canonical) }
                return true
            }
            guard !refused.isEmpty else { continue }
            let file = bundle.owner.declaringFile
            let reason = plan.edits.first(where: { $0.projectPath == file })?.notWritten
            var parts: [String] = []
            for change in refused where isBuiltTwice(change) {
                if case .buildFails(.tableBuiltTwice(let table, _)) = change {
                    let fix: String
                    if case .packageTarget = bundle.owner {
                        fix = "SwiftPM builds every resource of a target; run with --delete-legacy"
                    } else if reason == .noProject {
                        fix = "run without --no-project, so that the kept legacy files leave the target's membership"
                    } else {
                        fix = "run with --delete-legacy, or leave the table out (--exclude)"
                    }
                    parts.append(
                        "would build \(table) both from a catalog and from legacy files (\"Multiple commands produce "
                            + "…\"); \(fix)")
                }
            }
            let losses = BundleChange.summarized(refused.filter { !isBuiltTwice($0) })
            if !losses.isEmpty { parts.append("would change what its bundle holds: " + losses.joined(separator: "; ")) }
            let message =
                "target \(bundle.title) " + parts.joined(separator: "; it ") + ". Nothing was written or deleted"
            if tree.generator != nil, case .projectTarget = bundle.owner {
                refusals.append(
                    .warning(
                        "the generated project, as it stands, "
                            + message.dropFirst(0).replacingOccurrences(
                                of: ". Nothing was written or deleted", with: "")
                            + "; regenerate it once the spec names the catalogs",
                        at: .file(file)))
                continue
            }
            refusals.append(.error(message, at: .file(file)))
        }
        return refusals
    }

    private static func isBuiltTwice(_ change: BundleChange) -> Bool {
        if case .buildFails(.tableBuiltTwice) = change { return true }
        return false
    }

    /// The project as the run leaves it: its edit applied, unless the edit is not written for a
    /// reason other than `--dry-run` (a dry run is checked as the run it stands for).
    private static func after(_ project: XcodeProjectFile, plan: Plan) -> (graph: ProjectGraph, edited: Bool) {
        guard
            let edit = plan.edits.first(where: {
                $0.projectPath == project.path && ($0.notWritten == nil || $0.notWritten == .dryRun)
            }),
            !edit.data.isEmpty,
            let document = try? PBXProjectReader.parse([UInt8](edit.data), path: project.path)
        else { return (project.graph, false) }
        return (ProjectGraph(document: document), true)
    }
}
