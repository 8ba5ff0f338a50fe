import Compilation
import Foundation
import LegacyTables
import Migration
import StringcatSupport
import Verification

/// `verify`: the independent proof on the generated project as a user has it after `stringcat
/// migrate` (catalogs beside the legacy files, the project edited, the migration's record): read
/// every legacy file (`.stringsdict` through PropertyListSerialization), read and compile every
/// catalog, compare leaf by leaf. It must report no loss. The migration runs untimed on a copy of
/// the project, so a project given with `--project` stays as it was.
///
/// Its goal is to cost no more than `migrate` of the same project plus the reference reader's own
/// time on its `.stringsdict` files (PropertyListSerialization, on every core as verify runs it):
/// both are timed here, in the same process.
enum VerifyBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let project = try BenchProject.prepare(options)
        defer { project.cleanUp() }
        let copy = try BenchProject.temporaryFolder("verify")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        for name in ProjectGenerator.ownedNames {
            try FileManager.default.copyItem(atPath: project.root + "/" + name, toPath: copy + "/" + name)
        }
        let migration = ProjectMigrator.migrate(copy, options: MigrationOptions())
        guard !migration.hasErrors, !migration.tables.isEmpty else {
            throw BenchFailure("migrate failed on the generated project")
        }
        var report: VerificationReport?
        let timing = try Timing.measure(runs: options.runs ?? 3) {
            report = ProjectVerifier.verify(ProjectTables.find(copy, TableSearch(requireTables: false)))
        }
        guard let report, report.isLossless, report.tables.count == migration.tables.count else {
            throw BenchFailure(
                "verify reported \(report?.lossCount ?? -1) losses in \(report?.tables.count ?? 0) tables on the "
                    + "generated project"
            )
        }
        PhaseLine(
            name: "verify", subject: "\(project.subject), \(report.tables.count) tables, no loss", timing: timing,
            rates: [PhaseLine.rate(project.summary.entries, "entries", timing)], target: .under(3)
        ).print()
        let legacy =
            BenchProject.files(under: copy, withSuffix: ".strings")
            + BenchProject.files(under: copy, withSuffix: ".stringsdict")
        let inputs = legacy + migration.tables.map(\.catalogPath)
        let size = inputs.reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0)
        }
        let scan = try Anchor.byteScan(files: inputs, runs: options.runs ?? 3)
        Anchor.line(
            "verify",
            "byte scan of the same \(Format.megabytes(size)) (legacy files and catalogs, read from disk + checksum)",
            anchor: scan, phaseTiming: timing)

        let migrate = try Timing.measure(runs: options.runs ?? 3) {
            var options = MigrationOptions()
            options.outputDirectory = try BenchProject.temporaryFolder("verify-anchor-migrate")
            let report = ProjectMigrator.migrate(project.root, options: options)
            try? FileManager.default.removeItem(atPath: options.outputDirectory!)
            guard !report.hasErrors else { throw BenchFailure("migrate failed on the generated project") }
        }
        Anchor.line(
            "verify", "migrate of the same project (into a fresh --output)", anchor: migrate, phaseTiming: timing)
        let dictionaries = project.files(withSuffix: ".stringsdict")
        let reference = try Timing.measure(runs: options.runs ?? 3) {
            let read = ConcurrentMap.map(dictionaries) { path in
                FileManager.default.contents(atPath: path).flatMap {
                    try? PropertyListSerialization.propertyList(from: $0, options: [], format: nil)
                } != nil
            }
            guard !read.contains(false) else {
                throw BenchFailure("PropertyListSerialization could not read a generated .stringsdict")
            }
        }
        Anchor.line(
            "verify",
            "the reference reader alone (PropertyListSerialization of the \(dictionaries.count) .stringsdict, every "
                + "core)",
            anchor: reference, phaseTiming: timing)
        budgetLine(verify: timing.median, migrate: migrate.median, reader: reference.median)
        return 0
    }

    /// `verify budget: …`: verify against migrate + the reference reader, in wall and CPU time.
    private static func budgetLine(verify: RunSample, migrate: RunSample, reader: RunSample) {
        let wallBudget = migrate.wall + reader.wall, cpuBudget = migrate.cpu + reader.cpu
        let met = verify.wall <= wallBudget && verify.cpu <= cpuBudget
        Console.line(
            "\(Format.padded("verify", 12)) budget: wall \(Format.seconds(verify.wall)) vs migrate "
                + "\(Format.number(migrate.wall)) + reader \(Format.number(reader.wall)) = "
                + "\(Format.seconds(wallBudget)) (\(Format.number(verify.wall / wallBudget))x); cpu "
                + "\(Format.seconds(verify.cpu)) vs \(Format.number(migrate.cpu)) + "
                + "\(Format.number(reader.cpu)) = \(Format.seconds(cpuBudget)) "
                + "(\(Format.number(verify.cpu / cpuBudget))x) [target verify <= migrate + reference "
                + "reader: \(met ? "met" : "MISSED")]"
        )
    }
}
