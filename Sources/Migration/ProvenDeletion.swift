import Foundation
import LegacyTables
import StringcatSupport

// 4. Prove and delete (--delete-legacy), table by table; 5. record what is left.

extension ProjectMigrator {
    /// `--delete-legacy` once the batch is written: first what an earlier run killed during its
    /// deletions left undone, then each table's legacy files, proven against its catalog as now
    /// on disk; then the records and the synchronized folders' exception sets follow.
    static func deleteProven(
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
}
