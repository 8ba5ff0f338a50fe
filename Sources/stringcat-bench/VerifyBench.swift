import Foundation
import Compilation
import LegacyTables
import Migration
import Verification

/// `verify`: the independent proof on the generated project, after a migration that wrote its
/// catalogs beside the legacy files (not timed): read every legacy file (`.stringsdict` through
/// PropertyListSerialization), read and compile every catalog, compare leaf by leaf. It must
/// report no loss.
enum VerifyBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let project = try BenchProject.prepare(options)
        defer { project.cleanUp() }
        var migrateOptions = MigrationOptions()
        migrateOptions.allFiles = true // the generated .xcodeproj lists no variant groups
        migrateOptions.force = true
        let migration = ProjectMigrator.migrate(project.root, options: migrateOptions)
        // A project given with --project is reused by later runs: leave it as it was.
        defer { for table in migration.tables { try? FileManager.default.removeItem(atPath: table.catalogPath) } }
        guard !migration.hasErrors else { throw BenchFailure("migrate failed on the generated project") }
        var report: VerificationReport?
        let timing = try Timing.measure(runs: options.runs ?? 3) {
            var search = TableSearch()
            search.allFiles = true
            report = ProjectVerifier.verify(ProjectTables.find(project.root, search))
        }
        guard let report, report.isLossless else {
            throw BenchFailure("verify reported \(report?.lossCount ?? -1) losses on the generated project")
        }
        PhaseLine(name: "verify", subject: "\(project.subject), \(report.tables.count) tables, no loss", timing: timing,
                  rates: [PhaseLine.rate(project.summary.entries, "entries", timing)], target: .under(3)).print()
        let inputs = project.files(withSuffix: ".strings") + project.files(withSuffix: ".stringsdict") + migration.tables.map(\.catalogPath)
        let size = inputs.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
        let scan = try Anchor.byteScan(files: inputs, runs: options.runs ?? 3)
        Anchor.line("verify", "byte scan of the same \(Format.megabytes(size)) (legacy files and catalogs, read from disk + checksum)", anchor: scan, phaseTiming: timing)
        // The goal: verify no slower than migrate, timed here in the same run.
        let migrate = try Timing.measure(runs: options.runs ?? 3, prepare: {}, cleanUp: {}) {
            var options = MigrationOptions()
            options.allFiles = true
            options.outputDirectory = try BenchProject.temporaryFolder("verify-anchor-migrate")
            let report = ProjectMigrator.migrate(project.root, options: options)
            try? FileManager.default.removeItem(atPath: options.outputDirectory!)
            guard !report.hasErrors else { throw BenchFailure("migrate failed on the generated project") }
        }
        Anchor.line("verify", "migrate of the same project (into a fresh --output)", anchor: migrate, phaseTiming: timing)
        return 0
    }
}
