import Compilation
import Dispatch
import Foundation
import LegacyTables
import Migration
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile
import Verification

/// `migrate`: ProjectMigrator.migrate of the generated project into a fresh `--output` folder,
/// end to end (scan, read on both cores, merge, encode, write). One more run, untimed by the
/// median, repeats the steps through the modules' public API to show where the time goes.
enum MigrateBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        guard options.positionals.count <= 1 else { throw UsageError("migrate takes at most one PATH") }
        if let path = options.positionals.first { return try runOnRealProject(path, options) }
        let project = try BenchProject.prepare(options)
        defer { project.cleanUp() }
        let (report, timing) = try measure(project.root, runs: options.runs ?? 3, skipInvalid: false)
        let written = report.tables.filter { $0.outcome == .written }
        if report.hasErrors || written.count != report.tables.count {
            let errors = (report.diagnostics + report.tables.flatMap(\.diagnostics)).filter(\.isError)
            for error in errors.prefix(10) { Console.error(error.description) }
            throw BenchFailure("the migration of the generated project failed (\(errors.count) errors)")
        }
        let catalogEntries = written.reduce(0) { $0 + $1.entryCount }
        if catalogEntries != project.summary.catalogEntries {
            Console.note(
                "the catalogs hold \(catalogEntries) entries; the generator wrote \(project.summary.catalogEntries) "
                    + "distinct keys"
            )
        }
        let subject = "\(project.subject), \(written.count) catalogs, \(Format.megabytes(project.summary.bytes)) in"
        PhaseLine(
            name: "migrate", subject: subject, timing: timing,
            rates: [
                PhaseLine.rate(project.summary.entries, "entries", timing),
                PhaseLine.megabytesPerSecond(project.summary.bytes, timing),
            ],
            target: .under(2)
        ).print()
        let inputs = project.files(withSuffix: ".strings") + project.files(withSuffix: ".stringsdict")
        let scan = try Anchor.byteScan(files: inputs, runs: options.runs ?? 3)
        Anchor.line(
            "migrate", "byte scan of the same \(Format.megabytes(project.summary.bytes)) (read from disk + checksum)",
            anchor: scan, phaseTiming: timing)
        try breakdown(project.root)
        return 0
    }

    /// `migrate PATH`: a real project (a corpus folder), with `--skip-invalid` as files there may
    /// not parse; entries are counted from the catalogs written.
    private static func runOnRealProject(_ path: String, _ options: BenchOptions) throws -> Int32 {
        let root = URL(fileURLWithPath: path).standardizedFileURL.path
        let files =
            BenchProject.files(under: root, withSuffix: ".strings")
            + BenchProject.files(under: root, withSuffix: ".stringsdict")
        let bytes = files.reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0)
        }
        let (report, timing) = try measure(root, runs: options.runs ?? 3, skipInvalid: true)
        let written = report.tables.filter { $0.outcome == .written }
        let subject = "\(path), \(report.tables.count) tables (\(written.count) written), \(Format.megabytes(bytes)) in"
        PhaseLine(
            name: "migrate", subject: subject, timing: timing,
            rates: [
                PhaseLine.rate(written.reduce(0) { $0 + $1.entryCount }, "catalog entries", timing),
                PhaseLine.megabytesPerSecond(bytes, timing),
            ]
        ).print()
        try breakdown(root)
        return 0
    }

    /// ProjectMigrator.migrate into a fresh `--output` folder per run.
    private static func measure(_ root: String, runs: Int, skipInvalid: Bool) throws -> (MigrationReport, Timing) {
        var output = ""
        var report: MigrationReport?
        let timing = try Timing.measure(
            runs: runs,
            prepare: {
                output = try BenchProject.temporaryFolder("migrate-output")
            },
            cleanUp: {
                try FileManager.default.removeItem(atPath: output)
            }
        ) {
            var migrationOptions = MigrationOptions()
            migrationOptions.outputDirectory = output
            migrationOptions.skipInvalid = skipInvalid
            report = ProjectMigrator.migrate(root, options: migrationOptions)
        }
        guard let report else { throw BenchFailure("no migration ran") }
        return (report, timing)
    }

    /// The migration's steps timed one by one (one run, same work as ProjectMigrator).
    private static func breakdown(_ root: String) throws {
        let output = try BenchProject.temporaryFolder("migrate-breakdown")
        defer { try? FileManager.default.removeItem(atPath: output) }
        // The project's tables, as migrate finds them (its variant groups).
        let (project, findTime) = Timing.seconds { ProjectTables.find(root, TableSearch()) }
        let tables = project.tables
        let files = tables.flatMap(\.files)

        let cpuBefore = ProcessStats.cpuTime()
        let (contents, readTime) = Timing.seconds { readAll(files) }
        let cpuAfter = ProcessStats.cpuTime()
        let readCPU = (cpuAfter.user - cpuBefore.user) + (cpuAfter.system - cpuBefore.system)

        var mergeTime = 0.0, encodeTime = 0.0, writeTime = 0.0
        var cursor = 0
        for (index, table) in tables.enumerated() {
            let tableContents = Array(contents[cursor..<(cursor + table.files.count)])
            cursor += table.files.count
            var byLanguage: [String: LegacyLanguageContent] = [:]
            for (file, content) in zip(table.files, tableContents) {
                var entry = byLanguage[file.language] ?? LegacyLanguageContent(language: file.language)
                if let strings = content.strings { entry.strings = strings }
                if let dict = content.stringsDict { entry.stringsDict = dict }
                byLanguage[file.language] = entry
            }
            let (merged, merge) = Timing.seconds {
                CatalogMerger.merge(Array(byLanguage.values), sourceLanguage: table.sourceLanguage)
            }
            let (data, encode) = Timing.seconds { CatalogWriter.data(for: merged.catalog) }
            let catalog = output + "/\(index)-\(table.name).xcstrings"
            let (_, write) = try Timing.seconds {
                try AtomicFile.write(data, to: catalog, overwrite: true, root: output)
            }
            mergeTime += merge
            encodeTime += encode
            writeTime += write
        }
        let total = findTime + readTime + mergeTime + encodeTime + writeTime
        Console.line(
            "\(Format.padded("migrate", 12)) breakdown (1 run, public API; the catalog built whole, as a dry run does, "
                + "then encoded): project and tables \(Format.seconds(findTime)), read \(Format.seconds(readTime)) "
                + "(cpu \(Format.seconds(readCPU)) = \(Format.number(readCPU / readTime))x wall), merge "
                + "\(Format.seconds(mergeTime)), encode \(Format.seconds(encodeTime)), write "
                + "\(Format.seconds(writeTime)); total \(Format.seconds(total))"
        )
    }

    private struct FileContent: Sendable {
        var strings: StringsFile?
        var stringsDict: StringsDictFile?
    }

    /// Reads the files as the migration does: on every core, one file per iteration.
    private static func readAll(_ files: [LegacyFile]) -> [FileContent] {
        ConcurrentMap.map(files) { file in
            switch file.kind {
            case .strings: return FileContent(strings: StringsFileReader.read(path: file.path).file)
            case .stringsdict:
                return FileContent(stringsDict: StringsDictReader.read(path: file.path, language: file.language).file)
            }
        }
    }
}
