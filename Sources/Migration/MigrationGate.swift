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
    }

    /// The reasons to refuse the plan (errors; none when it may go on), and what the run must say
    /// while it goes on (warnings).
    static func check(_ plan: Plan, tree: ProjectTables, options: MigrationOptions) -> [Diagnostic] {
        var refusals: [Diagnostic] = []
        for catalog in plan.catalogs {
            let folder = PathResolver.lastComponent(PathResolver.parent(catalog))
            if LprojFolderName.of(folder: folder) != nil && folder != "mul.lproj" {
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
        refusals += projectsBuildingTwice(plan, tree: tree)
        refusals += packagesBuildingTwice(plan, tree: tree)
        return refusals
    }

    /// The refusals that need no catalog built: `--delete-legacy` of files that a project the run
    /// will not edit (`--no-project`, a generated project) references.
    static func checkBeforeBuilding(_ tree: ProjectTables, options: MigrationOptions) -> [Diagnostic] {
        guard options.deleteLegacy, options.outputDirectory == nil,
            let reason = ProjectEditing.notWrittenBecause(tree, options),
            reason != "--dry-run"
        else { return [] }
        let candidates = (tree.tables + tree.leftoverTables).flatMap(\.allFiles).map(\.path)
        let edits = tree.projects.map { project in
            var edit = ProjectEditReport(
                projectPath: project.path, outputPath: project.path, catalogPaths: [], changes: ProjectChanges(),
                data: Data())
            edit.notWrittenBecause = reason
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
            if let reason = plan.edits.first(where: { $0.projectPath == project.path })?.notWrittenBecause, !edited {
                why =
                    reason == "--no-project"
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

    /// Tables a project target would build both from a catalog and from legacy files, where it
    /// did not before the run.
    private static func projectsBuildingTwice(_ plan: Plan, tree: ProjectTables) -> [Diagnostic] {
        var refusals: [Diagnostic] = []
        for project in tree.projects {
            let (graph, _) = after(project, plan: plan)
            let planned = plan.catalogs.filter { $0.hasPrefix(project.folder + "/") }
            let before = TargetTables.built(project.graph, projectFolder: project.folder)
            let afterRun = TargetTables.built(graph, projectFolder: project.folder, plannedFiles: planned)
            for target in graph.targets {
                let twice = (afterRun[target.id]?.twice ?? []).subtracting(before[target.id]?.twice ?? [])
                guard !twice.isEmpty else { continue }
                let reason = plan.edits.first(where: { $0.projectPath == project.path })?.notWrittenBecause
                let fix =
                    reason == "--no-project"
                    ? "run without --no-project, so that the kept legacy files leave the target's membership"
                    : "run with --delete-legacy, or leave the table out (--exclude)"
                refusals.append(
                    .error(
                        "target \(target.name ?? target.id) would build \(twice.sorted().joined(separator: ", ")) both "
                            + "from a catalog and from legacy files (\"Multiple commands produce …\"); \(fix). Nothing "
                            + "was written or deleted",
                        at: .file(project.path)))
            }
        }
        return refusals
    }

    /// A catalog written into a package target while a legacy file of its table stays there:
    /// SwiftPM builds every resource of a target.
    private static func packagesBuildingTwice(_ plan: Plan, tree: ProjectTables) -> [Diagnostic] {
        var refusals: [Diagnostic] = []
        let lproj = tree.scan.lprojFolders
        for package in tree.packagesInTree {
            for folder in package.manifest.targetFolders {
                for catalog in plan.catalogs where catalog.hasPrefix(folder + "/") {
                    let table = PathResolver.lastComponent(catalog).dropLast(".xcstrings".count)
                    let staying = lproj.filter { $0.path.hasPrefix(folder + "/") }.flatMap { lproj in
                        lproj.files.filter {
                            LocalizedTables.tableName($0) == table
                                && ($0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict"))
                        }
                        .map { lproj.path + "/" + $0 }
                    }.filter { !plan.expectedDeletions.contains($0) }
                    guard !staying.isEmpty else { continue }
                    let shown = staying.sorted().prefix(3).map { TableGrouper.relative($0, to: tree.scan.root) }.joined(
                        separator: ", ")
                    refusals.append(
                        .error(
                            "its target would build \(table) both from "
                                + "\(TableGrouper.relative(catalog, to: tree.scan.root)) and from "
                                + "\(counted(staying.count, "legacy file")) that stay (\(shown)): SwiftPM builds "
                                + "every resource of a target; run with --delete-legacy. Nothing was written "
                                + "or deleted",
                            at: .file(package.manifest.path)))
                }
            }
        }
        return refusals
    }

    /// The project as the run leaves it: its edit applied, unless the edit is not written for a
    /// reason other than `--dry-run` (a dry run is checked as the run it stands for).
    private static func after(_ project: XcodeProjectFile, plan: Plan) -> (graph: ProjectGraph, edited: Bool) {
        guard
            let edit = plan.edits.first(where: {
                $0.projectPath == project.path && ($0.notWrittenBecause == nil || $0.notWrittenBecause == "--dry-run")
            }),
            !edit.data.isEmpty,
            let document = try? PBXProjectReader.parse([UInt8](edit.data), path: project.path)
        else { return (project.graph, false) }
        return (ProjectGraph(document: document), true)
    }
}
