import Foundation
import StringcatSupport

// 3. Write: the batch of catalogs, records and project edits put in place under the lock, or
// undone as a whole.

extension ProjectMigrator {
    /// Every path this run may write or delete is under the lock: a run on a folder inside the
    /// project (with a lock of its own) cannot go on beside this one.
    static func lockEverything(
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

    /// Writes every pending catalog, every migration record and every project edit as one batch
    /// (in that order: a run killed before the project's rename leaves a record the next run
    /// ignores until the project references the catalogs): on a failure, the writes of this run
    /// are undone, project files included.
    /// Returns the batch in place, its previous versions still kept aside (the caller finishes
    /// it, or undoes it when a later step fails); nil when it failed and was undone.
    static func write(
        _ pending: [(index: Int, content: AtomicFile.Content)],
        into report: inout MigrationReport,
        options: MigrationOptions, root: String
    ) -> AtomicFile.CommittedBatch? {
        skipWhatNeedsNoWrite(in: &report, options: options)
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

    /// The project edits and records this run's batch leaves out, each with its reason: a file
    /// that already holds these bytes, a project file under `--output` that differs (without
    /// `--force`), and a record whose project edit is not written.
    private static func skipWhatNeedsNoWrite(in report: inout MigrationReport, options: MigrationOptions) {
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
    }

    /// A catalog could not be staged: nothing of the run is put in place. The staged catalogs are
    /// discarded, and the run is marked undone.
    static func undo(
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
    static func markUndone(
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
}
