import Foundation
import LegacyTables
import Migration
import Verification

/// `verify`'s proof of what a migration left, for the verdict of `migrate --report`: the tree is
/// read again as `verify` reads it, and every legacy file still there is compared with its
/// catalog. Files `--delete-legacy` deleted were each proven before they went.
enum MigrationProof {
    struct Result {
        var verification: VerificationReport
        /// The catalogs not on disk in the tree, by their path there: the ones `--dry-run` would
        /// write, or the ones written under `--output`.
        var catalogs: [String: Data]
    }

    static func run(_ report: MigrationReport, options: MigrationOptions) -> Result {
        let project = ProjectTables.find(report.root, search(options))
        var catalogs: [String: Data] = [:]
        if options.dryRun {
            catalogs = ProjectMigrator.plannedCatalogs(project, formatVersion: options.formatVersion)
        } else if options.outputDirectory != nil {
            for table in report.tables where table.hasCatalog {
                if let data = FileManager.default.contents(atPath: table.catalogPath) {
                    catalogs[table.table.catalogPath] = data
                }
            }
        }
        return Result(verification: ProjectVerifier.verify(project, planned: catalogs), catalogs: catalogs)
    }

    /// The tables `migrate` looked for, found as it finds them (`ProjectMigrator.migrate`), but
    /// without requiring any: a tree the migration finished has none left.
    static func search(_ options: MigrationOptions) -> TableSearch {
        var search = TableSearch(tables: options.tables, sourceLanguage: options.sourceLanguage, requireTables: false)
        search.allFiles = options.allFiles
        search.excludes = options.excludes
        search.includes = options.includes
        search.noProject = options.noProject
        search.includeBaseOnly = options.includeBaseOnly
        return search
    }
}
