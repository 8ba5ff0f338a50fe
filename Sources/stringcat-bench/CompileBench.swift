import Compilation
import Foundation
import LegacyTables
import Migration
import Verification

/// `compile`: CatalogCompiler (catalog -> `.strings`/`.stringsdict`) on the catalogs `migrate`
/// writes for the generated project: read each catalog, compile, render text `.strings` and XML
/// `.stringsdict`, write them into a fresh folder.
enum CompileBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let project = try BenchProject.prepare(options)
        defer { project.cleanUp() }
        let catalogs = try MigratedCatalogs(project.root)
        defer { catalogs.cleanUp() }
        var output = ""
        var files = 0
        let timing = try Timing.measure(
            runs: options.runs ?? 3,
            prepare: {
                output = try BenchProject.temporaryFolder("compile-output")
            },
            cleanUp: {
                try FileManager.default.removeItem(atPath: output)
            }
        ) {
            var compileOptions = CompileOptions()
            compileOptions.outputDirectory = output
            let report = CatalogCompiler.run(catalogs.paths, options: compileOptions)
            if report.hasErrors || !report.written {
                throw BenchFailure(
                    "compile failed: \(report.diagnostics.filter(\.isError).prefix(3).map(\.description))")
            }
            files = report.files.count
        }
        PhaseLine(
            name: "compile", subject: "\(project.subject), \(catalogs.paths.count) catalogs -> \(files) files",
            timing: timing,
            rates: [PhaseLine.rate(project.summary.entries, "entries", timing)], target: .under(1)
        ).print()
        let size = catalogs.paths.reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0)
        }
        let scan = try Anchor.byteScan(files: catalogs.paths, runs: options.runs ?? 3)
        Anchor.line(
            "compile", "byte scan of the same \(Format.megabytes(size)) of catalogs (read from disk + checksum)",
            anchor: scan, phaseTiming: timing)
        return 0
    }
}

/// The catalogs of the generated project, migrated once (untimed) into a temporary folder.
struct MigratedCatalogs {
    let output: String
    let paths: [String]

    init(_ root: String) throws {
        output = try BenchProject.temporaryFolder("migrated-catalogs")
        var options = MigrationOptions()
        options.outputDirectory = output
        let report = ProjectMigrator.migrate(root, options: options)
        guard !report.hasErrors else { throw BenchFailure("the migration of the generated project failed") }
        paths = report.tables.map(\.catalogPath)
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: output) }
}
