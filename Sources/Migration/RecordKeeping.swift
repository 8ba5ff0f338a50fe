import AppBundles
import Foundation
import LegacyTables
import StringcatSupport
import XcodeProject

/// Keeps each project's `MigrationRecord` in step with what a run does: the files of every table
/// whose variant group the run's edit replaces are added (in the edit's batch), and the files a
/// `--delete-legacy` deletes are taken out again (the record goes with the last of them).
enum RecordKeeping {
    /// The records to write with the project edits of a run: for each edit, its project's record
    /// (as read) plus the legacy files of the tables whose groups the edit replaces. A project
    /// whose synchronized folders got catalogs gets its record even when its file needs no edit
    /// (the kept files were in no target's membership): `migrate --table` table after table then
    /// leaves the record one whole run leaves.
    static func recordsForEdits(
        _ project: ProjectTables, tables: [TableReport], edits: [ProjectEditReport], options: MigrationOptions,
        bundles: BundleKeeping.Check? = nil, dropped: [DroppedLanguages] = []
    ) -> [RecordWrite] {
        var writes: [RecordWrite] = []
        var needs: [(path: String, catalogs: Set<String>, edit: ProjectEditReport?)] = []
        for edit in edits where !edit.catalogPaths.isEmpty || !edit.synchronizedCatalogPaths.isEmpty {
            needs.append((edit.projectPath, Set(edit.catalogPaths + edit.synchronizedCatalogPaths), edit))
        }
        var unedited: [String: Set<String>] = [:]
        for table in tables where table.hasCatalog {
            guard case .synchronizedFolder(let path) = table.table.origin,
                !edits.contains(where: { $0.projectPath == path })
            else { continue }
            unedited[path, default: []].insert(table.catalogPath)
        }
        needs += unedited.sorted { $0.key < $1.key }.map { ($0.key, $0.value, nil) }
        // Tables an option took that no variant group holds: a later run without the option
        // finds them from the record of the project around them.
        let selected = tables.filter { $0.hasCatalog && selectedBy($0.table, in: project) != nil }
        for table in selected {
            guard let holder = project.recordHolder(for: table.table.catalogPath).project else { continue }
            if let index = needs.firstIndex(where: { $0.path == holder.path }) {
                needs[index].catalogs.insert(table.catalogPath)
            } else {
                needs.append((holder.path, [table.catalogPath], edits.first { $0.projectPath == holder.path }))
            }
        }
        if let root = packageRecord(project, bundles: bundles, dropped: dropped, options: options) {
            writes.append(root)
        }
        for need in needs {
            guard let file = project.projects.first(where: { $0.path == need.path }) else { continue }
            var record = file.record ?? MigrationRecord()
            for table in tables where table.hasCatalog && need.catalogs.contains(table.catalogPath) {
                // The catalog as the project in the tree will reference it (not its --output copy).
                let catalog = table.table.catalogPath
                let option = selectedBy(table.table, in: project).map { option in
                    option == "--all-files"
                        ? option
                        : RecordedSelection.includePrefix
                            + PathResolver.relative(
                                String(option.dropFirst(RecordedSelection.includePrefix.count)), from: file.folder)
                }
                record.record(
                    catalog: PathResolver.relative(catalog, from: file.folder),
                    files: table.table.allFiles.map { PathResolver.relative($0.path, from: file.folder) },
                    selectedBy: option)
            }
            // What each target the run changes held before: the first run's stays (verify compares
            // the app with the bundle before the migration, not before the last batch).
            for (target, bundle) in bundles?.records(forProject: file.path, dropped: dropped) ?? [:] {
                if var kept = record.bundles[target] {
                    kept.dropped.merge(bundle.dropped) { first, _ in first }
                    record.bundles[target] = kept
                } else {
                    record.bundles[target] = bundle
                }
            }
            if record.isEmpty && file.record == nil { continue }
            let path = ProjectEditing.outputPath(
                file.recordPath, root: project.scan.root, output: options.outputDirectory)
            var write = RecordWrite(
                path: path, fileCount: record.tables.values.reduce(0) { $0 + $1.count },
                catalogCount: record.tables.count)
            write.bundleCount = record.bundles.count
            write.notWritten = need.edit.map(\.notWritten) ?? ProjectEditing.notWritten(project, options)
            write.projectOutputPath = need.edit?.outputPath
            write.existedBefore = file.record != nil
            write.data = record.data
            writes.append(write)
        }
        return writes
    }

    /// The record in the tree's root, with what each package target the run changes held before
    /// (the first run's stays); nil when the run changes none.
    private static func packageRecord(
        _ project: ProjectTables, bundles: BundleKeeping.Check?, dropped: [DroppedLanguages],
        options: MigrationOptions
    ) -> RecordWrite? {
        let root = project.scan.root
        guard let targets = bundles?.packageRecords(root: root, dropped: dropped), !targets.isEmpty else {
            return nil
        }
        let path = MigrationRecord.path(inFolder: root)
        let existing = (try? MigrationRecord.read(path, probe: project.scan.probe))?.record
        var record = existing ?? MigrationRecord()
        for (target, bundle) in targets where record.bundles[target] == nil { record.bundles[target] = bundle }
        guard record != existing else { return nil }
        var write = RecordWrite(
            path: ProjectEditing.outputPath(path, root: root, output: options.outputDirectory),
            fileCount: record.tables.values.reduce(0) { $0 + $1.count }, catalogCount: record.tables.count)
        write.bundleCount = record.bundles.count
        write.existedBefore = existing != nil
        write.notWritten = options.dryRun ? .dryRun : nil
        write.data = record.data
        return write
    }

    /// The option that took a table no variant group holds, when a later run needs it to find the
    /// table again: `--all-files` for files in no variant group of a project tree, `--include
    /// FOLDER` (absolute) for a package the tree does not otherwise read.
    static func selectedBy(_ table: LegacyTable, in project: ProjectTables) -> String? {
        switch table.origin {
        case .folder:
            return project.projects.isEmpty ? nil : "--all-files"
        case .package(let manifest):
            guard let package = project.packagesInTree.first(where: { $0.manifest.path == manifest }),
                !package.ownership.isOwn
            else { return nil }
            return RecordedSelection.includePrefix + package.manifest.folder
        case .xcodeProject, .synchronizedFolder:
            return nil
        }
    }

    /// After `--delete-legacy`: every record that lists a deleted file, without it; and the files
    /// it kept, each with its reason, in the record of their table's holder (a project's, or a
    /// folder's `.stringcat-migration.json` when no project holds the table), so that `status`
    /// says why each is still there. A record left empty has `fileCount` 0 and is removed.
    /// A folder's record that cannot be read is a `FileProbe.Failure`: the files it lists would
    /// otherwise be taken for its whole content (the record left listing deleted files).
    static func recordsAfterDeletion(
        _ project: ProjectTables, tables: [TableReport], deleted: Set<String>, earlier: [RecordWrite]
    ) throws(FileProbe.Failure) -> [RecordWrite] {
        let kept = tables.filter { !$0.keptFiles.isEmpty && $0.outcome != .failed && $0.outcome != .waiting }
        guard !deleted.isEmpty || !kept.isEmpty else { return [] }
        // Each holder's record as this run left it: written in its batch, else as read.
        var records: [String: (folder: String, before: MigrationRecord?, record: MigrationRecord)] = [:]
        func load(_ path: String, folder: String, asRead: MigrationRecord?) {
            guard records[path] == nil else { return }
            // As this run wrote it, when it did (the deletions come after the batch): from the
            // bytes written, not read back (a failing disk made it look empty, and the record was
            // left listing the files just deleted).
            let written = earlier.first { $0.path == path && $0.written }
            let current =
                written.map { write in write.data.flatMap { MigrationRecord.parse($0, path: path).record } } ?? asRead
            records[path] = (folder, current, current ?? MigrationRecord())
        }
        for file in project.projects { load(file.recordPath, folder: file.folder, asRead: file.record) }
        for table in kept {
            let holder = project.recordHolder(for: table.table.catalogPath)
            let asRead =
                holder.project == nil
                ? try MigrationRecord.read(holder.path, probe: project.scan.probe).record : nil
            load(holder.path, folder: holder.folder, asRead: asRead)
            let relative = { (path: String) in PathResolver.relative(path, from: holder.folder) }
            let catalog = relative(table.table.catalogPath)
            // Every file of the table: the deleted ones leave it below, noted as deleted, so that
            // the files left are known not to be the whole table.
            let remaining = table.table.allFiles.map(\.path)
            var option = selectedBy(table.table, in: project)
            if case .package(let manifest) = table.table.origin, option == nil {
                // A package of the user's: found again as one, whatever the ownership says then.
                option = RecordedSelection.includePrefix + PathResolver.parent(manifest)
            }
            let recorded = option.map {
                $0 == "--all-files"
                    ? $0
                    : RecordedSelection.includePrefix
                        + relative(String($0.dropFirst(RecordedSelection.includePrefix.count)))
            }
            if records[holder.path]!.record.tables[catalog] == nil || recorded != nil {
                records[holder.path]!.record.record(
                    catalog: catalog, files: remaining.map(relative), selectedBy: recorded)
            }
            for file in table.keptFiles { records[holder.path]!.record.kept[relative(file.path)] = file.reason }
        }
        var writes: [RecordWrite] = []
        for (path, entry) in records.sorted(by: { $0.key < $1.key }) {
            var updated = entry.record
            updated.remove(files: Set(deleted.map { PathResolver.relative($0, from: entry.folder) }))
            guard updated != entry.before ?? MigrationRecord() else { continue }
            var write = RecordWrite(
                path: path, fileCount: updated.tables.values.reduce(0) { $0 + $1.count },
                catalogCount: updated.tables.count)
            write.bundleCount = updated.bundles.count
            write.existedBefore = entry.before != nil
            write.data = updated.data
            writes.append(write)
        }
        return writes
    }

    /// Legacy files a project's record lists that are no longer on disk (absolute, by project
    /// file): a `--delete-legacy` run killed after deleting them and before taking them out of the
    /// record and the project's exception sets. The next `--delete-legacy` finishes that job.
    static func goneFiles(_ project: ProjectTables) -> [String: [String]] {
        var gone: [String: [String]] = [:]
        for file in project.projects {
            guard let record = file.record else { continue }
            let paths = record.tables.values.flatMap { $0 }.map { PathResolver.join(file.folder, $0) }
            let missing = paths.filter { (try? FileManager.default.attributesOfItem(atPath: $0)) == nil }.sorted()
            if !missing.isEmpty { gone[file.path] = missing }
        }
        return gone
    }

    /// The run's record writes, a later write of a path replacing the earlier one; a record this
    /// run made and emptied again is not reported.
    static func merge(_ earlier: [RecordWrite], _ later: [RecordWrite]) -> [RecordWrite] {
        var result = earlier.filter { write in !later.contains { $0.path == write.path } }
        result += later.filter { write in
            !(write.isRemoval && earlier.contains { $0.path == write.path && !$0.existedBefore })
        }
        return result.sorted { $0.path < $1.path }
    }
}
