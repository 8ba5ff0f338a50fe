import AppBundles
import Foundation
import Languages
import LegacyTables
import StringCatalog
import StringcatSupport

/// `stringcat migrate`: a project's `.lproj` folders become String Catalogs.
///
/// All catalogs are built in memory first; only then are they written, each through a temporary
/// file and a rename. If a write fails, the catalogs this run already wrote are removed again (or
/// their previous content restored), so a failed run leaves the tree as it was.
///
/// One file per phase of `migrate`: CatalogBuilding and MigrationPlanning (1. plan), MigrationGate
/// (2.), BatchWriting (3. write or undo), ProvenDeletion (4. prove and delete, 5. record).
public enum ProjectMigrator {
    /// Called once per table as it is processed (progress display).
    public typealias Progress = @Sendable (_ index: Int, _ count: Int, _ table: LegacyTable) -> Void

    public static func migrate(_ path: String, options: MigrationOptions, progress: Progress? = nil) -> MigrationReport
    {
        var search = TableSearch(tables: options.tables, sourceLanguage: options.sourceLanguage)
        search.allFiles = options.allFiles
        search.excludes = options.excludes
        search.includes = options.includes
        search.noProject = options.noProject
        search.includeBaseOnly = options.includeBaseOnly
        search.probe = options.fileProbe
        // One writing run per tree at a time (TreeLock), held until this function returns, undo
        // and deletions included; the project is read once the lock is held, so a run that had
        // to wait never works from what the other one changed.
        // The lock is the project's, whatever folder of it PATH names (and that of --output).
        var lock: TreeLock?
        if !options.dryRun {
            do {
                lock = try TreeLock.acquire(writingInto: [path] + [options.outputDirectory].compactMap { $0 })
            } catch {
                let root = URL(fileURLWithPath: path).standardizedFileURL.path
                var report = MigrationReport(
                    root: root,
                    // The tree is not read: only the option, or the default, can be said.
                    sourceLanguage: SourceLanguage.decide(
                        explicit: options.sourceLanguage, declared: nil, spelling: .canonical),
                    diagnostics: [error], tables: [])
                report.stopped = true
                return report
            }
        }
        defer { lock?.release() }
        if lock != nil { options.phaseObserver?(.lockHeld) }
        let project = ProjectTables.find(path, search)
        // A run killed while it held the lock of a project inside PATH left that project's
        // `.stringcat.lock` behind. Holding every project's lock for this run (released, and so
        // removed, at its end) clears such a file even when nothing is left to write there. A
        // project whose lock another run holds is refused later, if this run writes into it.
        if let lock, options.outputDirectory == nil {
            try? lock.extend(writingInto: project.projects.map(\.path))
        }
        return migrate(project, options: options, lock: lock, progress: progress)
    }

    /// Migrates the tables of a project already found (the caller holds `lock`, the tree's), in
    /// phases: check the inputs, plan (build every catalog, staged), gate, write, prove and
    /// delete, record.
    static func migrate(
        _ project: ProjectTables, options: MigrationOptions, lock: TreeLock? = nil,
        progress: Progress? = nil
    ) -> MigrationReport {
        var report = startReport(project)
        guard let early = checkInputs(project, options: options, into: &report) else { return report }

        // 1. Plan: every catalog built (staged beside its destination, or planned in a file
        // outside the tree for a dry run); the project edits and records that go with them.
        var run = plan(project, options: options, progress: progress, into: &report)
        defer { for file in run.plannedFiles.values { try? FileManager.default.removeItem(atPath: file) } }
        if !run.unreadable.isEmpty { return report }

        // 2. The gate: nothing is written or deleted when the plan would break the tree.
        guard passesGate(run, project: project, options: options, saidEarly: early, into: &report) else {
            return report
        }
        if options.dryRun {
            planDeletions(run, project: project, options: options, into: &report)
            return report
        }
        if !run.stagingFailures.isEmpty {
            // A catalog that could not be written (a full disk while streaming it) fails the run
            // as a failed rename would: nothing of it is put in place.
            undo(run.pending, failedTables: run.stagingFailures, into: &report)
            return report
        }

        // 3. Write: catalogs, records and project edits in one batch, under the lock.
        guard let committed = putInPlace(run, project: project, lock: lock, options: options, into: &report) else {
            return report
        }

        // 4. Prove and delete, table by table; 5. record what is left. A proof that cannot read
        // a file undoes the batch before anything is deleted.
        deleteProven(project, options: options, committed: committed, pending: run.pending, into: &report)
        return report
    }

    /// The report as the tree found gives it, before anything is built.
    private static func startReport(_ project: ProjectTables) -> MigrationReport {
        var report = MigrationReport(
            root: project.scan.root, sourceLanguage: project.sourceLanguage,
            diagnostics: project.diagnostics, tables: [])
        report.filesLeftAlone = project.filesLeftAlone
        report.skippedFolders = project.skippedFolders
        report.skippedPackages = project.skippedPackages
        report.packages = project.packagesInTree
        report.generator = project.generator
        report.projectPaths = project.projects.map(\.path)
        report.leftovers = project.leftoverTables.map { table in
            TableReport(
                table: table, catalogPath: table.catalogPath, outcome: .leftover, languages: table.languages,
                entryCount: 0, pluralEntryCount: 0, commentCount: 0, diagnostics: [], skippedFiles: [],
                deletedFiles: [])
        }
        return report
    }

    /// What stops a run before any catalog is built: a tree that gave nothing to migrate, a file
    /// larger than memory allows, options that would delete what a project not edited here
    /// references. Returns the early gate's findings (nil when the run stops).
    private static func checkInputs(
        _ project: ProjectTables, options: MigrationOptions,
        into report: inout MigrationReport
    ) -> [Diagnostic]? {
        if project.diagnostics.containsError && project.tables.isEmpty
            && (report.leftovers.isEmpty || !options.deleteLegacy)
        {
            return nil
        }
        // A file this process has no memory for is said before anything is read (no backtrace).
        // (A catalog on disk is compared a window at a time; --merge reads it whole.)
        let inputs = (project.tables + project.leftoverTables).flatMap {
            $0.allFiles.map(\.path) + (options.merge ? [$0.catalogPath] : [])
        }
        if let problem = MemoryBudget.check(largest: MemoryBudget.largest(of: inputs)) {
            report.diagnostics.append(problem)
            return nil
        }
        // A plan that deletes files a project this run does not edit references (--no-project, a
        // generated project) is refused before any catalog is built: the options are wrong
        // whatever the tables give.
        let early = MigrationGate.checkBeforeBuilding(project, options: options)
        report.diagnostics += early.filter { !$0.isError }
        if early.containsError {
            report.refusals = early.filter(\.isError)
            report.diagnostics += report.refusals
            return nil
        }
        return early
    }

    /// The gate on the whole plan; a refused plan discards what was staged and says each table
    /// undone.
    private static func passesGate(
        _ run: PlannedRun, project: ProjectTables, options: MigrationOptions,
        saidEarly early: [Diagnostic], into report: inout MigrationReport
    ) -> Bool {
        let findings = MigrationGate.check(run.gatePlan(report, options: options), tree: project, options: options)
        let refusals = findings.filter(\.isError)
        // (The early check said these already.)
        report.diagnostics += findings.filter { finding in !finding.isError && !early.contains(finding) }
        guard !refusals.isEmpty else { return true }
        report.refusals = refusals
        report.diagnostics += refusals
        StagedFile.discard(run.pending.compactMap { if case .staged(let staged) = $0.content { staged } else { nil } })
        markUndone(run.pending, failedTables: [:], undo: nil, into: &report, because: .refused)
        return false
    }

    /// Puts the batch in place under the lock. Returns what can still be undone, or nil when the
    /// run ends here (nothing to delete, or the batch was undone).
    private static func putInPlace(
        _ run: PlannedRun, project: ProjectTables, lock: TreeLock?, options: MigrationOptions,
        into report: inout MigrationReport
    ) -> AtomicFile.CommittedBatch? {
        guard lockEverything(lock, run: run, options: options, into: &report) else { return nil }
        // What a run killed in the middle of a write left (temporary files, previous versions set
        // aside), in every folder this run writes into, those it finds nothing to write in included.
        if options.outputDirectory == nil {
            let written =
                (report.tables + report.leftovers).map(\.catalogPath) + report.projectEdits.map(\.outputPath)
                + report.recordWrites.map(\.path) + project.projects.map(\.path)
            for folder in Set(written.map { ($0 as NSString).deletingLastPathComponent }) {
                AtomicFile.cleanUpAfterKilledRuns(in: folder)
            }
        }
        options.phaseObserver?(.aboutToWrite)
        let committed = write(
            run.pending, into: &report, options: options,
            root: options.outputDirectory ?? project.scan.root)
        let undone = report.projectEdits.contains { $0.notWritten == .undone }
        guard options.deleteLegacy, let committed, !undone else {
            report.diagnostics += committed?.finish(remover: options.fileRemover) ?? []
            return nil
        }
        return committed
    }

    /// What the plan phase leaves for the others.
    struct PlannedRun {
        var pending: [(index: Int, content: AtomicFile.Content)] = []
        var plannedFiles: [Int: String] = [:]
        /// Every catalog that could not be streamed out, with its error (an immutable folder or a
        /// full disk fails them all, not only the first).
        var stagingFailures: [Int: AtomicFile.WriteError] = [:]
        /// Package tables' files the proof of their planned catalog says go (`--delete-legacy`).
        var expectedDeletions: Set<String> = []
        /// Legacy files that could not be read: the run stops before the gate.
        var unreadable: [FileProbe.Failure] = []
        /// The bundles before the run and as the plan leaves them (`BundleKeeping`).
        var bundles: BundleKeeping.Check?

        func gatePlan(_ report: MigrationReport, options: MigrationOptions) -> MigrationGate.Plan {
            let written = report.tables.filter {
                $0.outcome != .failed && $0.outcome != .waiting && $0.outcome != .unchanged && $0.outcome != .leftAlone
            }
            var candidates: [String] = []
            if options.deleteLegacy {
                candidates = (report.tables.filter(\.hasCatalog) + report.leftovers).flatMap(\.table.allFiles).map(
                    \.path)
            }
            return MigrationGate.Plan(
                catalogs: written.map(\.catalogPath), deletionCandidates: candidates,
                expectedDeletions: expectedDeletions, edits: report.projectEdits, bundles: bundles,
                droppedLanguages: report.droppedLanguages)
        }
    }
}
