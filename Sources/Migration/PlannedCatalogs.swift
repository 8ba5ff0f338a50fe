import Foundation
import LegacyTables
import StringcatSupport

// The catalogs a migration would write, for `verify` when none is on disk yet.

extension ProjectMigrator {
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
}
