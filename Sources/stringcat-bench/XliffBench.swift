import Foundation
import Migration
import StringCatalog
import StringcatSupport
import XLIFF
import Xcloc
import XclocExport
import XclocImport
import XclocProof
import XcodeRules

/// `xliff`: `export` and `import` on the generated project after its migration (catalogs in
/// place of the legacy files), beside the floor: reading and writing the same catalogs.
///
/// - export: every language's `.xcloc` into a fresh folder, without and with the checks the
///   command runs before writing (the independent proof and the round trip through import);
/// - import of the untouched packages: every unit read, matched and found unchanged, nothing written;
/// - import of every translation: the same packages into catalogs holding only the source
///   language (restored before each run, untimed), so every value is written and every catalog
///   rewritten.
enum XliffBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let project = try BenchProject.prepare(options)
        defer { project.cleanUp() }
        let copy = try BenchProject.temporaryFolder("xliff")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        for name in ProjectGenerator.ownedNames {
            try FileManager.default.copyItem(atPath: project.root + "/" + name, toPath: copy + "/" + name)
        }
        var migrateOptions = MigrationOptions()
        migrateOptions.deleteLegacy = true
        let migration = ProjectMigrator.migrate(copy, options: migrateOptions)
        guard !migration.hasErrors, !migration.tables.isEmpty else {
            throw BenchFailure("migrate failed on the generated project")
        }
        let catalogPaths = migration.tables.map(\.catalogPath)
        let originals = catalogPaths.map { try? FileBytes.read($0).get() }
        let size = originals.reduce(0) { $0 + ($1?.count ?? 0) }
        let runs = options.runs ?? 3
        let subject = "\(project.subject), \(catalogPaths.count) catalogs (\(Format.megabytes(size)))"

        // The floor: read every catalog, write it back to a file.
        let scratch = try BenchProject.temporaryFolder("xliff-floor")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let floor = try Timing.measure(runs: runs) {
            let written = ConcurrentMap.map(Array(catalogPaths.enumerated())) { index, path -> Bool in
                guard let catalog = try? CatalogReader.read(path: path) else { return false }
                return FileManager.default.createFile(
                    atPath: scratch + "/\(index).xcstrings", contents: Data(CatalogWriter.bytes(for: catalog)))
            }
            guard !written.contains(false) else { throw BenchFailure("a catalog could not be read or written") }
        }
        PhaseLine(name: "xliff", subject: subject + " read + write (floor)", timing: floor).print()

        guard let release = XcodeVersion.exportDefault.tool else {
            throw BenchFailure("no build known for export's Xcode")
        }
        let tool = XLIFFTool(version: release.version, build: release.build)
        var output = ""
        var units = 0
        var report: ExportReport?
        for checked in [false, true] {
            let timing = try Timing.measure(
                runs: runs, prepare: { output = try BenchProject.temporaryFolder("xliff-export") },
                cleanUp: { try FileManager.default.removeItem(atPath: output) }
            ) {
                var exportOptions = ExportOptions(outputDirectory: output, tool: tool)
                if checked { exportOptions.check = check }
                report = ProjectExporter.export(copy, options: exportOptions)
                guard let report, !report.hasErrors, report.written else {
                    throw BenchFailure(
                        "export failed: \(report?.diagnostics.filter(\.isError).prefix(3).map(\.description) ?? [])")
                }
                units = report.packages.reduce(0) { $0 + $1.units }
            }
            PhaseLine(
                name: "xliff",
                subject: subject + " export, \(report?.packages.count ?? 0) packages"
                    + (checked ? " + proof + round trip" : ""),
                timing: timing, rates: [PhaseLine.rate(units, "units", timing)]
            ).print()
        }

        // The packages, kept for the imports.
        let packages = try BenchProject.temporaryFolder("xliff-packages")
        defer { try? FileManager.default.removeItem(atPath: packages) }
        let exported = ProjectExporter.export(copy, options: ExportOptions(outputDirectory: packages, tool: tool))
        guard !exported.hasErrors else { throw BenchFailure("export failed") }
        let inputs = exported.packages.map(\.path)
        let xliffBytes = exported.packages.reduce(0) { total, package in
            total
                + ((try? FileManager.default.attributesOfItem(
                    atPath: package.path + "/" + XclocLayout.xliffPath(package.language))[.size] as? Int) ?? 0)
        }

        var imported: ImportReport?
        let untouched = try Timing.measure(runs: runs) {
            imported = ProjectImporter.run(inputs, options: ImportOptions(projectPath: copy))
            guard let imported, !imported.hasErrors, imported.changedCatalogs.isEmpty else {
                throw BenchFailure("the untouched import changed a catalog")
            }
        }
        PhaseLine(
            name: "xliff",
            subject:
                "import of the \(inputs.count) untouched packages (\(Format.megabytes(xliffBytes)) of XLIFF), nothing "
                + "to write",
            timing: untouched,
            rates: [PhaseLine.rate(units, "units", untouched), PhaseLine.megabytesPerSecond(xliffBytes, untouched)]
        ).print()

        // Catalogs holding only their source language, for an import that writes every value.
        let stripped = catalogPaths.map { path -> Data in
            var catalog = try! CatalogReader.read(path: path)
            for key in catalog.strings.keys {
                catalog.strings[key]!.localizations = catalog.strings[key]!.localizations.filter {
                    $0.key == catalog.sourceLanguage
                }
            }
            return Data(CatalogWriter.bytes(for: catalog))
        }
        let full = try Timing.measure(
            runs: runs,
            prepare: {
                for (path, data) in zip(catalogPaths, stripped) { try data.write(to: URL(fileURLWithPath: path)) }
            }
        ) {
            imported = ProjectImporter.run(inputs, options: ImportOptions(projectPath: copy))
            guard let imported, !imported.hasErrors, imported.changedCatalogs.count == catalogPaths.count else {
                throw BenchFailure(
                    "the import did not rewrite every catalog: "
                        + "\(imported?.diagnostics.filter(\.isError).prefix(3).map(\.description) ?? [])"
                )
            }
        }
        let values = imported?.languages.reduce(0) { $0 + $1.imported } ?? 0
        PhaseLine(
            name: "xliff",
            subject:
                "import of every translation (\(Format.count(values)) values) into source-only catalogs, "
                + "\(catalogPaths.count) catalogs rewritten",
            timing: full, rates: [PhaseLine.rate(units, "units", full)]
        ).print()
        // Not byte-identical to the migrated catalogs, and not meant to be: a value imported into a
        // language the catalog did not have takes `%arg` where a .stringsdict migrated with
        // `%1$lld` kept that text (rule I1), as in Xcode.
        for (path, bytes) in zip(catalogPaths, originals) {
            try Data(bytes ?? []).write(to: URL(fileURLWithPath: path))
        }
        return 0
    }

    /// What `stringcat export` runs on each language before writing: the independent proof and
    /// the round trip through import.
    static let check: @Sendable (ExportCheckInput) -> [Diagnostic] = { input in
        let files: [XLIFFFile]
        do throws(Diagnostic) {
            files = try XLIFFReader.files(input.xliff, path: input.language)
        } catch {
            return [error]
        }
        var problems: [Diagnostic] = []
        let result = ExportProof.check(
            files, language: input.language, catalogs: input.catalogs.map { ($0.original, $0.catalog) })
        if !result.holds {
            problems.append(.error("proof failed: \(result.problems.first ?? "")", at: .file(input.language)))
        }
        return problems
            + RoundTripCheck.problems(
                files, path: input.language, catalogs: input.catalogs.map { ($0.path, $0.original, $0.catalog) },
                otherOriginals: input.otherOriginals)
    }
}
