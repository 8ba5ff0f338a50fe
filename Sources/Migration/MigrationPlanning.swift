import AppBundles
import Foundation
import LegacyTables
import StringcatSupport

// 1. Plan: every table's catalog built, the project edits and records that go with it; the
// tables whose files keep a language in a bundle left alone.

extension ProjectMigrator {
    /// Builds every table's catalog, and the project edits and records of the run.
    static func plan(
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
            LegacyDeletion.plan(&trial, catalog: .file(file), root: root, probe: probe)
        } else if case .staged(let staged)? = built.pending {
            LegacyDeletion.plan(&trial, catalog: .file(staged.stagedPath), root: root, probe: probe)
        } else if case .data(let data)? = built.pending {
            LegacyDeletion.plan(&trial, catalog: .bytes(data), root: root, probe: probe)
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
    static func planDeletions(
        _ run: PlannedRun, project: ProjectTables, options: MigrationOptions, into report: inout MigrationReport
    ) {
        guard options.deleteLegacy else { return }
        FreedMemory.giveBack()
        for (index, file) in run.plannedFiles
        where report.tables[index].outcome != .failed && report.tables[index].outcome != .waiting {
            LegacyDeletion.plan(
                &report.tables[index], catalog: .file(file), root: project.scan.root, probe: options.fileProbe)
        }
        for (index, content) in run.pending where report.tables[index].outcome != .failed {
            guard case .data(let data) = content else { continue }
            LegacyDeletion.plan(
                &report.tables[index], catalog: .bytes(data), root: project.scan.root, probe: options.fileProbe)
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
}
