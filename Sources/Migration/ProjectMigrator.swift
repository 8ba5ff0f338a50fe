import AppBundles
import Foundation
import Languages
import LegacyTables
import StringCatalog
import StringcatSupport

/// Options of `stringcat migrate`.
public struct MigrationOptions: Sendable {
    /// Only these tables (names compared case-insensitively); empty = every table.
    public var tables: [String] = []
    public var sourceLanguage: String?
    /// Write catalogs under this folder, at their path relative to the project.
    public var outputDirectory: String?
    public var dryRun = false
    /// Add what an existing catalog lacks; where a value differs, `prefer` decides.
    public var merge = false
    /// `--merge`: which side wins where the catalog and the legacy files differ.
    public var prefer: MergePreference = .catalog
    /// Replace existing catalogs.
    public var force = false
    /// `--delete-empty-languages`: migrate a table whose files are what puts a language in a
    /// target's bundle though they hold no entry in it, and so drop the language from that
    /// bundle (named per target); without it such a table is left alone (`BundleKeeping`).
    public var deleteEmptyLanguages = false
    /// Delete the legacy files once the written catalog is proven to hold them.
    public var deleteLegacy = false
    /// Skip files that do not parse (with a warning) instead of failing their table.
    public var skipInvalid = false
    /// Junk where a key should start is an error, not the end of the table as in Apple's reader
    /// and Xcode's migration (which keep the entries before it).
    public var strict = false
    /// The Xcode whose migration is reproduced: it decides the catalogs' format version and
    /// where `SWIFT_EMIT_LOC_STRINGS` goes (`--xcode-version`).
    public var xcodeVersion = XcodeVersion.standard
    /// `--format-version`: the catalogs' version whatever `xcodeVersion` says (nil: its own).
    public var formatVersionOverride: String?
    /// The catalogs' `"version"`: `1.0` (Xcode 15/16) or `1.1` (Xcode 26). Setting it overrides
    /// `xcodeVersion`'s.
    public var formatVersion: String {
        get { formatVersionOverride ?? xcodeVersion.catalogFormatVersion }
        set { formatVersionOverride = newValue }
    }
    /// Read every `.lproj` on disk, as for a bare folder, even in an Xcode project.
    public var allFiles = false
    /// `.lproj` folders or files to leave alone (`--exclude GLOB`).
    public var excludes: [String] = []
    /// Leave `project.pbxproj` alone; report the edits it would have had.
    public var noProject = false
    /// Packages inside the tree to migrate although they are not the root's own (`--include`).
    public var includes: [String] = []
    /// Interface Builder groups with no `.strings` get an empty `mul.lproj` catalog too.
    public var includeBaseOnly = false
    /// A fault in the merger; nil but in tests (see `MergeFault`).
    var mergeFault: (any MergeFault)?
    /// What deletes legacy files and the `.lproj` folders they leave empty (`--delete-legacy`):
    /// the file system; tests pass one that fails (an immutable file, a failing disk).
    public var fileRemover: any FileRemoving = SystemFileRemover()
    /// What writes catalogs, project files and the record (`AtomicFile`, `StagedFile`): the file
    /// system; tests pass one that fails (a disk that fills up).
    public var fileWriter: any FileWriting = SystemFileWriter()
    /// What answers "is it there?" and reads the tree's files (`FileProbe`): the file system;
    /// tests pass one that fails (a failing disk: EIO, ESTALE).
    public var fileProbe = FileProbe()
    /// Told as a writing run reaches each of its moments (a caller that shows them, or one that
    /// needs the run to wait there: a second run, an editor saving the project meanwhile).
    public var phaseObserver: (@Sendable (MigrationPhase) -> Void)?
    /// A dry run streams each planned catalog to a file outside the tree (`Built.plannedFile`),
    /// for a proof that never holds a catalog in memory whole (`--dry-run --delete-legacy`,
    /// `plannedCatalogFiles`).
    var stagesPlannedCatalogs = false

    public init() {}
}

/// The moments of a writing run that `MigrationOptions.phaseObserver` is told.
public enum MigrationPhase: Sendable {
    /// The tree's lock is held; the project is not read yet (it is read only now, so that a run
    /// that had to wait works from the tree as the other run left it).
    case lockHeld
    /// Every catalog is built and the gate passed; nothing is written yet.
    case aboutToWrite
}

/// `stringcat migrate`: a project's `.lproj` folders become String Catalogs.
///
/// All catalogs are built in memory first; only then are they written, each through a temporary
/// file and a rename. If a write fails, the catalogs this run already wrote are removed again (or
/// their previous content restored), so a failed run leaves the tree as it was.
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
    private struct PlannedRun {
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

    /// Builds every table's catalog, and the project edits and records of the run.
    private static func plan(
        _ project: ProjectTables, options: MigrationOptions, progress: Progress?, into report: inout MigrationReport
    ) -> PlannedRun {
        var options = options
        options.stagesPlannedCatalogs = options.dryRun && options.deleteLegacy
        var run = PlannedRun()
        // A package builds every file of its target: its tables' catalogs are written only when
        // their legacy files go in the same run (`--delete-legacy`); the others wait for it.
        let waits = { (table: LegacyTable) -> Bool in
            if case .package = table.origin { return !options.deleteLegacy && options.outputDirectory == nil }
            return false
        }
        for table in project.tables where waits(table) {
            var waiting = TableReport(
                table: table, catalogPath: table.catalogPath, outcome: .waiting, languages: table.languages,
                entryCount: 0,
                pluralEntryCount: 0, commentCount: 0, diagnostics: [], skippedFiles: [], deletedFiles: [])
            waiting.diagnostics.append(
                .warning(
                    "not written: a Swift package builds every file of its target, so its catalog beside the legacy "
                        + "files would build the table twice; migrate --delete-legacy writes it and deletes them once "
                        + "proven",
                    at: .file(table.catalogPath)))
            report.tables.append(waiting)
        }
        let builts = build(
            project.tables.filter { !waits($0) }, root: project.scan.root, options: options,
            progress: progress, unreadable: &run.unreadable)
        guard run.unreadable.isEmpty else {
            report.diagnostics += run.unreadable.map(\.diagnostic)
            return run
        }
        for var built in builts {
            if let failure = built.unreadable { run.unreadable.append(failure) }
            if case .package = built.report.table.origin, options.deleteLegacy, options.outputDirectory == nil {
                proveBeforeWriting(
                    &built, root: project.scan.root, probe: options.fileProbe, expected: &run.expectedDeletions)
            }
            if let file = built.plannedFile { run.plannedFiles[report.tables.count] = file }
            if built.outcome != .failed && built.outcome != .waiting, let content = built.pending {
                run.pending.append((report.tables.count, content))
            }
            if let error = built.stagingError { run.stagingFailures[report.tables.count] = error }
            report.tables.append(built.report)
        }
        guard run.unreadable.isEmpty else {
            StagedFile.discard(
                run.pending.compactMap { item in
                    if case .staged(let staged) = item.content { staged } else { nil }
                })
            markUndone(
                run.pending, failedTables: [:], undo: nil, into: &report,
                because: .unreadableTree)
            run.pending = []
            return run
        }
        var (edits, editDiagnostics) = ProjectEditing.edits(project, tables: report.tables, options: options)
        keepBundles(
            project, options: options, run: &run, edits: &edits, editDiagnostics: &editDiagnostics, into: &report)
        report.projectEdits = edits
        report.diagnostics += editDiagnostics
        report.recordWrites = RecordKeeping.recordsForEdits(
            project, tables: report.tables, edits: report.projectEdits, options: options, bundles: run.bundles,
            dropped: report.droppedLanguages)
        return run
    }

    /// Tables whose files are what puts a language in a target's bundle, and whose catalogs would
    /// not, are left alone (`BundleKeeping`): their staged catalogs go, and the project edits are
    /// made again without them, until no target loses a language. The last comparison goes to the
    /// gate.
    private static func keepBundles(
        _ project: ProjectTables, options: MigrationOptions, run: inout PlannedRun, edits: inout [ProjectEditReport],
        editDiagnostics: inout [Diagnostic], into report: inout MigrationReport
    ) {
        let disk = ReadingContents()
        while true {
            let check = BundleKeeping.check(
                project, tables: report.tables, leftovers: report.leftovers, edits: edits, options: options, disk: disk)
            run.bundles = check
            let decision = BundleKeeping.tablesToLeaveAlone(check, tables: report.tables, options: options)
            report.droppedLanguages = decision.dropped
            guard !decision.leave.isEmpty else { return }
            for (index, line) in decision.leave {
                report.tables[index].outcome = .leftAlone
                report.tables[index].diagnostics.append(line)
                if let position = run.pending.firstIndex(where: { $0.index == index }) {
                    if case .staged(let staged) = run.pending[position].content { staged.discard() }
                    run.pending.remove(at: position)
                }
                if let file = run.plannedFiles.removeValue(forKey: index) {
                    try? FileManager.default.removeItem(atPath: file)
                }
                run.stagingFailures[index] = nil
            }
            (edits, editDiagnostics) = ProjectEditing.edits(project, tables: report.tables, options: options)
        }
    }

    /// A package table's catalog, staged or planned, proven against its legacy files before
    /// anything is written: it goes ahead only when every one of them would be deleted, since
    /// the package would build a kept file's language twice.
    private static func proveBeforeWriting(
        _ built: inout Built, root: String, probe: FileProbe, expected: inout Set<String>
    ) {
        guard built.outcome != .failed else { return }
        var trial = built.report
        if let file = built.plannedFile {
            LegacyDeletion.plan(&trial, catalogFile: file, root: root, probe: probe)
        } else if case .staged(let staged)? = built.pending {
            LegacyDeletion.plan(&trial, catalogFile: staged.stagedPath, root: root, probe: probe)
        } else if case .data(let data)? = built.pending {
            LegacyDeletion.plan(&trial, catalog: data, root: root, probe: probe)
        } else {
            LegacyDeletion.deleteIfProven(&trial, root: root, delete: false, probe: probe)
        }
        guard !trial.keptFiles.isEmpty else {
            expected.formUnion(trial.deletedFiles)
            return
        }
        if case .staged(let staged)? = built.pending { staged.discard() }
        built.pending = nil
        built.report.outcome = .waiting
        built.report.diagnostics += trial.diagnostics.filter(\.isError)
        let reasons = trial.keptFiles.prefix(3).map { kept in
            "\(((kept.path as NSString).deletingLastPathComponent as NSString).lastPathComponent)/\((kept.path as NSString).lastPathComponent): \(kept.reason)"
        }.joined(separator: "; ")
        built.report.diagnostics.append(
            .warning(
                "not written: \(counted(trial.keptFiles.count, "legacy file")) of this package table would stay "
                    + "(\(reasons)), and a Swift package builds every file of its target, so the table would be built "
                    + "twice; fix them and run migrate --delete-legacy again",
                at: .file(built.report.catalogPath)))
    }

    /// `--dry-run --delete-legacy`: what would be deleted, proven against the planned catalogs.
    private static func planDeletions(
        _ run: PlannedRun, project: ProjectTables, options: MigrationOptions, into report: inout MigrationReport
    ) {
        guard options.deleteLegacy else { return }
        FreedMemory.giveBack()
        for (index, file) in run.plannedFiles
        where report.tables[index].outcome != .failed && report.tables[index].outcome != .waiting {
            LegacyDeletion.plan(
                &report.tables[index], catalogFile: file, root: project.scan.root, probe: options.fileProbe)
        }
        for (index, content) in run.pending where report.tables[index].outcome != .failed {
            guard case .data(let data) = content else { continue }
            LegacyDeletion.plan(&report.tables[index], catalog: data, root: project.scan.root, probe: options.fileProbe)
        }
        for index in report.tables.indices where report.tables[index].outcome == .unchanged {
            LegacyDeletion.deleteIfProven(
                &report.tables[index], root: project.scan.root, delete: false, probe: options.fileProbe)
        }
        for index in report.leftovers.indices {
            LegacyDeletion.deleteIfProven(
                &report.leftovers[index], root: project.scan.root, delete: false, probe: options.fileProbe)
        }
    }

    /// Every path this run may write or delete is under the lock: a run on a folder inside the
    /// project (with a lock of its own) cannot go on beside this one.
    private static func lockEverything(
        _ lock: TreeLock?, run: PlannedRun, options: MigrationOptions, into report: inout MigrationReport
    ) -> Bool {
        guard let lock else { return true }
        var paths =
            run.pending.map { report.tables[$0.index].catalogPath } + report.projectEdits.map(\.outputPath)
            + report.recordWrites.map(\.path)
        if options.deleteLegacy { paths += (report.tables + report.leftovers).flatMap(\.table.allFiles).map(\.path) }
        do {
            try lock.extend(writingInto: paths)
            return true
        } catch {
            report.diagnostics.append(error)
            StagedFile.discard(
                run.pending.compactMap { if case .staged(let staged) = $0.content { staged } else { nil } })
            markUndone(run.pending, failedTables: [:], undo: nil, into: &report)
            return false
        }
    }

    /// `--delete-legacy` once the batch is written: first what an earlier run killed during its
    /// deletions left undone, then each table's legacy files, proven against its catalog as now
    /// on disk; then the records and the synchronized folders' exception sets follow.
    private static func deleteProven(
        _ project: ProjectTables, options: MigrationOptions,
        committed: AtomicFile.CommittedBatch,
        pending: [(index: Int, content: AtomicFile.Content)],
        into report: inout MigrationReport
    ) {
        let earlierDeleted = RecordKeeping.goneFiles(project)
        report.earlierDeletions = LegacyDeletion.finishEarlierDeletions(
            earlierDeleted.values.flatMap { $0 }, scan: project.scan)
        // Each table's proof first; the files go only once every proof is known. What building the catalogs freed
        // goes back to the system first, and after each proof: glibc keeps freed memory in its
        // arenas, and a proof's peak then adds to the build's (5 times the legacy files' size
        // instead of under 4, issue 33).
        FreedMemory.giveBack()
        var unreadable: [FileProbe.Failure] = []
        for index in report.tables.indices where [.written, .merged, .unchanged].contains(report.tables[index].outcome)
        {
            defer { FreedMemory.giveBack() }
            unreadable += LegacyDeletion.prove(&report.tables[index], root: project.scan.root, probe: options.fileProbe)
        }
        for index in report.leftovers.indices {
            defer { FreedMemory.giveBack() }
            unreadable += LegacyDeletion.prove(
                &report.leftovers[index], root: project.scan.root, probe: options.fileProbe)
        }
        // A file the proof could not read (a failing disk) is no file proven nor one known to
        // differ: the run stops as it would have before writing, and what it wrote is undone.
        guard unreadable.isEmpty else {
            let undo = committed.undo()
            report.diagnostics += unreadable.map(\.diagnostic)
            for index in report.tables.indices { report.tables[index].deletedFiles = [] }
            for index in report.leftovers.indices { report.leftovers[index].deletedFiles = [] }
            for index in report.projectEdits.indices { report.projectEdits[index].written = false }
            for index in report.recordWrites.indices { report.recordWrites[index].written = false }
            markUndone(
                pending, failedTables: [:], undo: undo, into: &report,
                because: .unreadableProof)
            return
        }
        report.diagnostics += committed.finish(remover: options.fileRemover)
        for index in report.tables.indices {
            LegacyDeletion.deleteListed(
                &report.tables[index], probe: options.fileProbe, remover: options.fileRemover)
        }
        for index in report.leftovers.indices {
            LegacyDeletion.deleteListed(
                &report.leftovers[index], probe: options.fileProbe, remover: options.fileRemover)
        }
        recordDeletions(project, earlierDeleted: earlierDeleted, options: options, into: &report)
    }

    /// 5. Record what is left: the records without the deleted files, and the synchronized
    /// folders' exception sets without them, written in one batch.
    private static func recordDeletions(
        _ project: ProjectTables, earlierDeleted: [String: [String]], options: MigrationOptions,
        into report: inout MigrationReport
    ) {
        let deleted = (report.tables + report.leftovers).flatMap(\.deletedFiles)
        var afterDeletion: [RecordWrite]
        do throws(FileProbe.Failure) {
            afterDeletion = try RecordKeeping.recordsAfterDeletion(
                project, tables: report.tables + report.leftovers,
                deleted: Set(deleted + report.earlierDeletions.goneFiles), earlier: report.recordWrites)
        } catch {
            // The files are deleted (each proven held) but the record could not be updated: said,
            // exit 1; the next --delete-legacy takes the gone files out of it.
            report.diagnostics.append(error.diagnostic)
            afterDeletion = []
        }
        let writtenProjects = Dictionary(
            report.projectEdits.filter { $0.written && $0.outputPath == $0.projectPath }.map {
                ($0.projectPath, $0.data)
            }
        ) { _, last in last }
        let (synchronized, diagnostics) = ProjectEditing.synchronizedFolderEdits(
            project, tables: report.tables + report.leftovers,
            earlierDeleted: earlierDeleted, written: writtenProjects, options: options)
        report.diagnostics += diagnostics
        var writable = synchronized.filter { $0.notWritten == nil }
        var batch: [AtomicFile.BatchFile] = afterDeletion.compactMap { record in
            record.notWritten == nil && !record.isRemoval
                ? AtomicFile.BatchFile(
                    path: record.path, content: .data(record.data ?? Data()), overwrite: true, root: project.scan.root)
                : nil
        }
        batch += writable.map {
            AtomicFile.BatchFile(
                path: $0.outputPath, content: .data($0.data), overwrite: true, root: project.scan.root,
                expecting: $0.originalBytes)
        }
        do {
            report.diagnostics += try AtomicFile.writeAll(
                batch, remover: options.fileRemover, writer: options.fileWriter)
            for index in writable.indices { writable[index].written = true }
            for index in afterDeletion.indices where afterDeletion[index].notWritten == nil {
                if afterDeletion[index].isRemoval {
                    try? FileManager.default.removeItem(atPath: afterDeletion[index].path)
                }
                afterDeletion[index].written = true
            }
        } catch {
            report.diagnostics.append(
                .error(
                    "\(error); the project's exception sets and stringcat's migration record still name the deleted "
                        + "files (a run of migrate --delete-legacy finishes the job)",
                    at: .file(batch[error.failedIndex].path)))
        }
        report.recordWrites = RecordKeeping.merge(report.recordWrites, afterDeletion)
        report.projectEdits += writable + synchronized.filter { $0.notWritten != nil }
    }

    /// The catalogs `migrate` would write for the tables of `project` that have none on disk yet,
    /// each streamed to a temporary file outside the tree (catalog path -> that file; the caller
    /// removes them): what `verify` proves when nothing is on disk to prove, a window at a time.
    public static func plannedCatalogFiles(_ project: ProjectTables, formatVersion: String = "1.0") -> [String: String]
    {
        var options = MigrationOptions()
        options.dryRun = true
        options.skipInvalid = true
        options.formatVersion = formatVersion
        options.stagesPlannedCatalogs = true
        let tables = project.tables.filter { !FileManager.default.fileExists(atPath: $0.catalogPath) }
        var files: [String: String] = [:]
        // A file that cannot be read plans no catalog: `verify` reads each legacy file itself and
        // says it cannot (LegacySide).
        var unreadable: [FileProbe.Failure] = []
        for built in build(tables, root: project.scan.root, options: options, progress: nil, unreadable: &unreadable) {
            guard let file = built.plannedFile else { continue }
            if built.outcome == .failed {
                try? FileManager.default.removeItem(atPath: file)
            } else {
                files[built.report.catalogPath] = file
            }
        }
        return files
    }

    /// The catalogs `migrate` would write for the tables of `project` that have none on disk yet,
    /// read back into memory from `plannedCatalogFiles`, by catalog path (files that do not parse are left out, as with
    /// `--skip-invalid`): what `verify` proves when nothing is on disk to prove.
    public static func plannedCatalogs(_ project: ProjectTables, formatVersion: String = "1.0") -> [String: Data] {
        var catalogs: [String: Data] = [:]
        for (catalogPath, file) in plannedCatalogFiles(project, formatVersion: formatVersion) {
            if let data = FileManager.default.contents(atPath: file) { catalogs[catalogPath] = data }
            try? FileManager.default.removeItem(atPath: file)
        }
        return catalogs
    }

    /// Reads every file of every table at once (both cores: files parse independently), then
    /// builds the tables one after the other from this thread: a large table's merge and encode
    /// use both cores themselves (libdispatch would run that inner work serially if the tables
    /// were built on its worker threads).
    private static func build(
        _ tables: [LegacyTable], root: String, options: MigrationOptions, progress: Progress?,
        unreadable: inout [FileProbe.Failure]
    ) -> [Built] {
        var results = LegacyReader.read(tables.flatMap(\.allFiles), strict: options.strict, probe: options.fileProbe)
        // A file that cannot be read stops the run before any catalog is built: its table would
        // lose a language, and its deletion could not be proven.
        unreadable = results.compactMap(\.unreadable)
        guard unreadable.isEmpty else { return [] }
        var builts: [Built] = []
        var cursor = 0
        for (index, table) in tables.enumerated() {
            progress?(index, tables.count, table)
            let count = table.allFiles.count
            let own = Array(results[cursor..<(cursor + count)])
            // A table's parsed files are let go once it is built.
            for position in cursor..<(cursor + count) {
                results[position] = LegacyReader.FileResult(strings: nil, stringsDict: nil, diagnostics: [])
            }
            builts.append(build(table, results: own, root: root, options: options))
            cursor += count
        }
        return builts
    }

    /// A table report plus what is still to put in place: the catalog's bytes, or (when it was
    /// streamed to disk as it was encoded) its staged file.
    private struct Built {
        var report: TableReport
        var pending: AtomicFile.Content?
        /// Streaming the catalog to its staged file failed (the run is then undone).
        var stagingError: AtomicFile.WriteError?
        /// A dry run's planned catalog, in a temporary file outside the tree (the caller removes it).
        var plannedFile: String?
        /// The catalog at its destination could not be looked at: the run stops before the gate.
        var unreadable: FileProbe.Failure?
        var outcome: TableOutcome { report.outcome }

        init(report: TableReport, pending: AtomicFile.Content?, stagingError: AtomicFile.WriteError? = nil) {
            self.report = report
            self.pending = pending
            self.stagingError = stagingError
        }
    }

    private static func build(
        _ table: LegacyTable, results: [LegacyReader.FileResult], root: String,
        options: MigrationOptions
    ) -> Built {
        let catalogPath = outputPath(for: table.catalogPath, root: root, output: options.outputDirectory)
        var report = TableReport(
            table: table, catalogPath: catalogPath, outcome: .failed, languages: [], entryCount: 0,
            pluralEntryCount: 0, commentCount: 0, diagnostics: [], skippedFiles: [], deletedFiles: [])
        guard
            let plan = mergePlan(
                table, results: results, catalogPath: catalogPath, options: options,
                into: &report)
        else {
            return Built(report: report, pending: nil)
        }
        // A catalog that cannot be looked at is neither there nor not: the run stops (plan).
        let exists: Bool
        do {
            exists = try options.fileProbe.exists(catalogPath)
        } catch {
            report.diagnostics.append(error.diagnostic)
            var built = Built(report: report, pending: nil)
            built.unreadable = error
            return built
        }
        // A table with no entry at all (files holding only comments, a launch screen's
        // `.strings` with nothing to translate) still gets its catalog, empty, and the project
        // edit, as Xcode's migration gives it one (docs/spec/project-edit.md#an-empty-table-gets-an-empty-catalog:
        // GoMap, canvas-ios).
        report.pluralEntryCount = plan.pluralEntryCount
        report.commentCount = plan.commentCount
        report.otherLanguageCommentCount = plan.otherLanguageCommentCount
        report.languages = plan.languages
        report.entryCount = plan.present.count
        report.bundleOutput = plan.bundleOutput()
        if exists && options.merge {
            return buildInMemory(plan, catalogPath: catalogPath, root: root, options: options, report: report)
        }
        if exists {
            // A catalog that already holds exactly these bytes (a second run on an unchanged
            // project) is left as it is, mtime included, whatever the options: not an error.
            // Compared as the catalog is encoded, part by part.
            if sameBytes(plan, version: options.formatVersion, asFileAt: catalogPath) {
                report.outcome = .unchanged
                return Built(report: report, pending: nil)
            }
            if !options.force {
                report.diagnostics.append(alreadyExists(catalogPath))
                return Built(report: report, pending: nil)
            }
        }
        if let refusal = Self.refusesToWrite(catalogPath, root: options.outputDirectory ?? root, force: options.force) {
            report.diagnostics.append(refusal)
            return Built(report: report, pending: nil)
        }
        if options.dryRun { return planned(plan, catalogPath: catalogPath, options: options, report: report) }
        return staged(plan, catalogPath: catalogPath, root: root, options: options, report: report)
    }

    /// The table's files read and merged into one plan; nil (with the errors said) when a file
    /// does not parse or an entry cannot be migrated without loss.
    private static func mergePlan(
        _ table: LegacyTable, results: [LegacyReader.FileResult], catalogPath: String,
        options: MigrationOptions, into report: inout TableReport
    ) -> MergePlan? {
        let loaded = TableLoader.load(table, results: results, skipInvalid: options.skipInvalid)
        report.diagnostics += loaded.diagnostics
        report.skippedFiles = loaded.skippedFiles
        if !loaded.invalidFiles.isEmpty {
            report.diagnostics.append(
                .error(
                    "no catalog written for table \(table.name): a file does not parse "
                        + "(fix it, or pass --skip-invalid to leave it out)", at: .file(catalogPath)))
            return nil
        }
        let plan = MergePlan(
            Array(loaded.contents.values), sourceLanguage: table.sourceLanguage,
            fault: options.mergeFault)
        var diagnostics = plan.diagnostics
        if options.skipInvalid {
            diagnostics = diagnostics.map { d in
                d.isError ? .warning("\(d.message) (entry skipped: --skip-invalid)", at: d.location) : d
            }
        }
        report.diagnostics += diagnostics
        if diagnostics.containsError {
            report.diagnostics.append(
                .error(
                    "no catalog written for table \(table.name): an entry cannot be migrated "
                        + "without loss", at: .file(catalogPath)))
            return nil
        }
        return plan
    }

    /// A dry run: nothing is written in the tree; the counts come from the plan. A proof of the
    /// deletions reads the planned catalog from a file of its own, streamed as migrate streams a
    /// catalog: it is never in memory whole.
    private static func planned(
        _ plan: MergePlan, catalogPath: String, options: MigrationOptions,
        report: TableReport
    ) -> Built {
        var report = report
        report.outcome = .planned
        guard options.stagesPlannedCatalogs else { return Built(report: report, pending: nil) }
        let file =
            NSTemporaryDirectory()
            + "stringcat-planned-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).xcstrings"
        guard FileManager.default.createFile(atPath: file, contents: nil),
            let handle = FileHandle(forWritingAtPath: file)
        else {
            report.diagnostics.append(
                .error(
                    "cannot write the planned catalog to \(file) for its proof",
                    at: .file(catalogPath)))
            return Built(report: report, pending: nil)
        }
        defer { try? handle.close() }
        do {
            try plan.write(version: options.formatVersion) { (part: [UInt8]) throws in
                try handle.write(contentsOf: part)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: file)
            report.diagnostics.append(
                .error(
                    "cannot write the planned catalog to \(file) for its proof: \(error)",
                    at: .file(catalogPath)))
            return Built(report: report, pending: nil)
        }
        var built = Built(report: report, pending: nil)
        built.plannedFile = file
        return built
    }

    /// Streamed to a staged file beside its destination, each block of entries built and
    /// encoded, then dropped: neither the catalog's entries nor its text are ever in memory
    /// whole. The rename happens with the rest of the run (`write`).
    private static func staged(
        _ plan: MergePlan, catalogPath: String, root: String, options: MigrationOptions,
        report: TableReport
    ) -> Built {
        var report = report
        report.outcome = .written
        do throws(AtomicFile.WriteError) {
            let staged = try StagedFile(
                for: catalogPath, overwrite: options.force,
                root: options.outputDirectory ?? root, writer: options.fileWriter)
            do {
                try plan.write(version: options.formatVersion) { (part: [UInt8]) throws(AtomicFile.WriteError) in
                    try staged.append(part)
                }
            } catch {
                staged.discard()
                throw error
            }
            return Built(report: report, pending: .staged(staged))
        } catch {
            return Built(report: report, pending: nil, stagingError: error)
        }
    }

    /// True when the file at `path` holds exactly the bytes the plan encodes to (stops at the
    /// first part that differs).
    private static func sameBytes(_ plan: MergePlan, version: String, asFileAt path: String) -> Bool {
        guard let existing = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? existing.close() }
        struct Differs: Error {}
        do throws(Differs) {
            try plan.write(version: version) { (part: [UInt8]) throws(Differs) in
                guard let read = try? existing.read(upToCount: part.count), read.elementsEqual(part) else {
                    throw Differs()
                }
            }
        } catch {
            return false
        }
        return ((try? existing.read(upToCount: 1)) ?? nil)?.isEmpty ?? true
    }

    /// A dry run, and `--merge` into an existing catalog: the catalog is built whole (the dry
    /// run's deletion plan and the merge need it), as bytes in memory.
    private static func buildInMemory(
        _ plan: MergePlan, catalogPath: String, root: String, options: MigrationOptions, report: TableReport
    ) -> Built {
        var report = report
        var catalog = plan.catalog(version: options.formatVersion)
        var outcome: TableOutcome = options.dryRun ? .planned : .written
        var bytes: Data?
        if FileManager.default.fileExists(atPath: catalogPath) {
            let data = CatalogWriter.data(for: catalog)
            if FileManager.default.contents(atPath: catalogPath) == data {
                report.outcome = .unchanged
                return Built(report: report, pending: nil)
            }
            bytes = options.merge ? nil : data
            if options.merge {
                do {
                    let existing = try CatalogReader.read(path: catalogPath)
                    let result = CatalogMergeIn.merge(
                        catalog, into: existing, path: catalogPath, prefer: options.prefer)
                    report.diagnostics += result.diagnostics
                    report.mergeDifferences = result.differing.map {
                        MergeDifference(key: $0.key, languages: $0.languages)
                    }
                    catalog = result.catalog
                    outcome = result.changed ? (options.dryRun ? .planned : .merged) : .unchanged
                } catch {
                    report.diagnostics.append(error)
                    return Built(report: report, pending: nil)
                }
            } else if !options.force {
                report.diagnostics.append(alreadyExists(catalogPath))
                return Built(report: report, pending: nil)
            }
        }
        if outcome != .unchanged,
            let refusal = Self.refusesToWrite(catalogPath, root: options.outputDirectory ?? root, force: options.force)
        {
            report.diagnostics.append(refusal)
            return Built(report: report, pending: nil)
        }
        report.outcome = outcome
        report.languages = Array(Set(catalog.strings.values.flatMap { $0.localizations.keys })).sorted()
        report.entryCount = catalog.strings.count
        if options.merge {
            // What the merged catalog, not the legacy files' alone, puts in the bundle.
            var merged = CatalogOutput(
                sourceLanguage: LanguageTag(catalog.sourceLanguage), keys: [:], ownSourceValues: 0)
            for (key, entry) in catalog.strings { merged.add(key, entry) }
            report.bundleOutput?.catalog = merged
        }
        if outcome == .unchanged { return Built(report: report, pending: nil) }
        return Built(report: report, pending: .data(bytes ?? CatalogWriter.data(for: catalog)))
    }

    /// Why the catalog at `path` must not be written, if so: a symbolic link stands there (even a
    /// dangling one; a run replaces it only with `--force`), or the folder it goes in leads out of
    /// `root` through a symbolic link (never written).
    static func refusesToWrite(_ path: String, root: String, force: Bool) -> Diagnostic? {
        if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path), !force {
            return .error(
                "a symbolic link stands here (to \(destination)); the file it leads to is not replaced (--force writes "
                    + "the catalog into it, and the link stays)",
                at: .file(path))
        }
        let realFolder = resolved((path as NSString).deletingLastPathComponent)
        let realRoot = resolved(root)
        guard realFolder == realRoot || realFolder.hasPrefix(realRoot + "/") else {
            // Said as it is: "through a symbolic link" only when a link took it out.
            let plainFolder = URL(fileURLWithPath: (path as NSString).deletingLastPathComponent).standardizedFileURL
                .path
            let plainRoot = URL(fileURLWithPath: root).standardizedFileURL.path
            if plainFolder != plainRoot && !plainFolder.hasPrefix(plainRoot + "/") {
                return .error(
                    "the catalog would be written outside \(root), beside its table's files (the project lists them "
                        + "there); not written: run migrate on a folder that holds them",
                    at: .file(path))
            }
            return .error(
                "the catalog would be written outside \(root), through a symbolic link (into \(realFolder)); not "
                    + "written",
                at: .file(path))
        }
        return nil
    }

    /// `path` with the links of its part that exists resolved (an --output folder may not exist yet).
    private static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path) && existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        return ([existing.resolvingSymlinksInPath().path] + rest).joined(separator: "/")
    }

    static func outputPath(for catalogPath: String, root: String, output: String?) -> String {
        guard let output else { return catalogPath }
        let base = URL(fileURLWithPath: output).standardizedFileURL.path
        return base + "/" + TableGrouper.relative(catalogPath, to: root)
    }

    /// The error for a table whose catalog exists, without `--merge` or `--force`.
    private static func alreadyExists(_ catalogPath: String) -> Diagnostic {
        .error(
            "a catalog already exists here; it is left untouched (--merge adds what it lacks, --force replaces it)",
            at: .file(catalogPath))
    }

    /// A catalog could not be staged: nothing of the run is put in place. The staged catalogs are
    /// discarded, and the run is marked undone.
    private static func undo(
        _ pending: [(index: Int, content: AtomicFile.Content)], failedTables: [Int: AtomicFile.WriteError],
        into report: inout MigrationReport
    ) {
        StagedFile.discard(pending.compactMap { if case .staged(let staged) = $0.content { staged } else { nil } })
        markUndone(pending, failedTables: failedTables, undo: nil, into: &report)
    }

    /// Marks a run whose writes were undone: the table whose catalog failed (if it was one, staged
    /// or pending) says why, every other pending table that it was undone, and no project edit
    /// is written. A file the undo could not put back is said so, with the reason: a report
    /// never calls undone a file that is not as it was.
    private static func markUndone(
        _ pending: [(index: Int, content: AtomicFile.Content)], failedTables: [Int: AtomicFile.WriteError],
        undo: AtomicFile.UndoReport?, into report: inout MigrationReport, because cause: NotWritten = .undone
    ) {
        let notRestored = Dictionary(
            (undo?.notRestored ?? []).map { ($0.path, $0.reason) }, uniquingKeysWith: { a, _ in a })
        // Every table that would count as written: after an undo, none is.
        let written = report.tables.indices.filter { [.written, .merged].contains(report.tables[$0].outcome) }
        let undone = Set(pending.map(\.index) + failedTables.keys + written).sorted()
        for index in undone where report.tables[index].outcome != .failed {
            let path = report.tables[index].catalogPath
            report.tables[index].outcome = .failed
            let message: String
            if let error = failedTables[index] {
                message = "\(error)"
            } else if let reason = notRestored[path] {
                message =
                    "written, then another file of this run could not be written, and this one could not be put back "
                    + "as it was: \(reason)"
            } else {
                message =
                    cause == .undone
                    ? "not written: another file of this run could not be written, so the run was undone"
                    : "not written: \(cause) (see the errors above)"
            }
            report.tables[index].diagnostics.append(.error(message, at: .file(path)))
        }
        for index in report.projectEdits.indices where report.projectEdits[index].notWritten == nil {
            let path = report.projectEdits[index].outputPath
            if let reason = notRestored[path] {
                report.projectEdits[index].notWritten = .notPutBack(reason: reason)
                report.diagnostics.append(
                    .error(
                        "written, then the run was undone, and this file could not be put back as it was: \(reason)",
                        at: .file(path)))
            } else {
                report.projectEdits[index].notWritten = cause
            }
        }
        for index in report.recordWrites.indices where report.recordWrites[index].notWritten == nil {
            report.recordWrites[index].notWritten = cause
        }
    }

    /// Writes every pending catalog, every migration record and every project edit as one batch
    /// (in that order: a run killed before the project's rename leaves a record the next run
    /// ignores until the project references the catalogs): on a failure, the writes of this run
    /// are undone, project files included.
    /// Returns the batch in place, its previous versions still kept aside (the caller finishes
    /// it, or undoes it when a later step fails); nil when it failed and was undone.
    private static func write(
        _ pending: [(index: Int, content: AtomicFile.Content)],
        into report: inout MigrationReport,
        options: MigrationOptions, root: String
    ) -> AtomicFile.CommittedBatch? {
        // A project file that already holds the edited bytes (a second run into the same
        // --output) is not written again: its mtime stays.
        for index in report.projectEdits.indices
        where report.projectEdits[index].notWritten == nil
            && FileManager.default.contents(atPath: report.projectEdits[index].outputPath)
                == report.projectEdits[index].data
        {
            report.projectEdits[index].notWritten = .unchanged
        }
        for index in report.recordWrites.indices
        where report.recordWrites[index].notWritten == nil
            && FileManager.default.contents(atPath: report.recordWrites[index].path) == report.recordWrites[index].data
        {
            report.recordWrites[index].notWritten = .unchanged
        }
        // Under --output, a project file there that holds something else (an earlier run's
        // edit, changed since) is replaced only with --force, like a catalog.
        if let output = options.outputDirectory, !options.force {
            for index in report.projectEdits.indices
            where report.projectEdits[index].notWritten == nil
                && FileManager.default.fileExists(atPath: report.projectEdits[index].outputPath)
            {
                let path = report.projectEdits[index].outputPath
                report.projectEdits[index].notWritten = .existsInOutput(folder: output)
                report.diagnostics.append(
                    .error(
                        "a project file already exists here and differs from this run's edit; it is left untouched "
                            + "(--force replaces it)",
                        at: .file(path)))
            }
        }
        // A record goes with its project's edit: not written when the edit is refused.
        for index in report.recordWrites.indices where report.recordWrites[index].notWritten == nil {
            guard
                let edit = report.projectEdits.first(where: {
                    $0.outputPath == report.recordWrites[index].projectOutputPath
                }),
                let reason = edit.notWritten, reason != .unchanged
            else { continue }
            report.recordWrites[index].notWritten = reason
        }
        let projects = report.projectEdits.indices.filter { report.projectEdits[$0].notWritten == nil }
        let records = report.recordWrites.indices.filter { report.recordWrites[$0].notWritten == nil }
        // Each file stays in the tree (a link inside it stays a link); a project file is replaced
        // only if it still holds the bytes this run read and edited.
        var batch = pending.map {
            AtomicFile.BatchFile(
                path: report.tables[$0.index].catalogPath, content: $0.content,
                overwrite: options.force || options.merge, root: root)
        }
        batch += records.map {
            AtomicFile.BatchFile(
                path: report.recordWrites[$0].path, content: .data(report.recordWrites[$0].data ?? Data()),
                overwrite: true, root: root)
        }
        batch += projects.map {
            AtomicFile.BatchFile(
                path: report.projectEdits[$0].outputPath, content: .data(report.projectEdits[$0].data),
                overwrite: true, root: root, expecting: report.projectEdits[$0].originalBytes)
        }
        do {
            let committed = try AtomicFile.commitAll(batch, writer: options.fileWriter)
            for index in projects {
                // Its bytes stay: the edit after the deletions starts from them.
                report.projectEdits[index].written = true
            }
            for index in records { report.recordWrites[index].written = true }
            return committed
        } catch {
            let failedTable = error.failedIndex < pending.count ? pending[error.failedIndex].index : nil
            let failedPath = batch[error.failedIndex].path
            if case .changedSinceRead = error.error {
                let outcome =
                    error.undo.isComplete
                    ? "nothing was changed" : "the run was undone as far as it could be (see the errors)"
                report.diagnostics.append(
                    .error(
                        "\((failedPath as NSString).lastPathComponent) changed during the run (another program wrote "
                            + "it after stringcat read it); \(outcome). Run again",
                        at: .file(failedPath)))
            } else if failedTable == nil {
                report.diagnostics.append(.error("\(error)", at: .file(failedPath)))
            }
            markUndone(
                pending, failedTables: failedTable.map { [$0: error.error] } ?? [:], undo: error.undo, into: &report)
            return nil
        }
    }
}
