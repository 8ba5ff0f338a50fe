import Dispatch
import Foundation
import Migration
import StringcatSupport
import StringCatalog
import StringsDict
import StringsFile

/// `migrate`: ProjectMigrator.migrate of the generated project into a fresh `--output` folder,
/// end to end (scan, read on both cores, merge, encode, write). One more run, untimed by the
/// median, repeats the steps through the modules' public API to show where the time goes.
enum MigrateBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let project = try BenchProject.prepare(options)
        defer { project.cleanUp() }
        let runs = options.runs ?? 3
        var output = ""
        var report: MigrationReport?
        let timing = try Timing.measure(runs: runs, prepare: {
            output = try BenchProject.temporaryFolder("migrate-output")
        }, cleanUp: {
            try FileManager.default.removeItem(atPath: output)
        }) {
            var migrationOptions = MigrationOptions()
            migrationOptions.outputDirectory = output
            report = ProjectMigrator.migrate(project.root, options: migrationOptions)
        }
        guard let report else { throw BenchFailure("no migration ran") }
        let written = report.tables.filter { $0.outcome == .written }
        if report.hasErrors || written.count != report.tables.count {
            let errors = (report.diagnostics + report.tables.flatMap(\.diagnostics)).filter(\.isError)
            for error in errors.prefix(10) { Console.error(error.description) }
            throw BenchFailure("the migration of the generated project failed (\(errors.count) errors)")
        }
        let catalogEntries = written.reduce(0) { $0 + $1.entryCount }
        if catalogEntries != project.summary.catalogEntries {
            Console.note("the catalogs hold \(catalogEntries) entries; the generator wrote \(project.summary.catalogEntries) distinct keys")
        }
        let subject = "\(project.subject), \(written.count) catalogs, \(Format.megabytes(project.summary.bytes)) in"
        PhaseLine(name: "migrate", subject: subject, timing: timing,
                  rates: [PhaseLine.rate(project.summary.entries, "entries", timing), PhaseLine.megabytesPerSecond(project.summary.bytes, timing)],
                  target: .under(2)).print()
        try breakdown(project)
        return 0
    }

    /// The migration's steps timed one by one (one run, same work as ProjectMigrator).
    private static func breakdown(_ project: BenchProject) throws {
        let output = try BenchProject.temporaryFolder("migrate-breakdown")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let (scan, scanTime) = Timing.seconds { LprojScanner.scan(project.root) }
        let (tables, groupTime) = Timing.seconds { TableGrouper.group(scan, sourceLanguage: "en").tables }
        let files = tables.flatMap(\.files)

        let cpuBefore = ProcessStats.cpuTime()
        let (contents, readTime) = Timing.seconds { readAll(files) }
        let cpuAfter = ProcessStats.cpuTime()
        let readCPU = (cpuAfter.user - cpuBefore.user) + (cpuAfter.system - cpuBefore.system)

        var mergeTime = 0.0, encodeTime = 0.0, writeTime = 0.0
        var cursor = 0
        for table in tables {
            let tableContents = Array(contents[cursor..<(cursor + table.files.count)])
            cursor += table.files.count
            var byLanguage: [String: LegacyLanguageContent] = [:]
            for (file, content) in zip(table.files, tableContents) {
                var entry = byLanguage[file.language] ?? LegacyLanguageContent(language: file.language)
                if let strings = content.strings { entry.strings = strings }
                if let dict = content.stringsDict { entry.stringsDict = dict }
                byLanguage[file.language] = entry
            }
            let (merged, merge) = Timing.seconds { CatalogMerger.merge(Array(byLanguage.values), sourceLanguage: "en") }
            let (data, encode) = Timing.seconds { CatalogWriter.data(for: merged.catalog) }
            let (_, write) = try Timing.seconds { try AtomicFile.write(data, to: output + "/\(table.name).xcstrings", overwrite: true) }
            mergeTime += merge
            encodeTime += encode
            writeTime += write
        }
        let total = scanTime + groupTime + readTime + mergeTime + encodeTime + writeTime
        Console.line("\(Format.padded("migrate", 12)) breakdown (1 run, public API): scan \(Format.seconds(scanTime)), group \(Format.seconds(groupTime)), read \(Format.seconds(readTime)) (cpu \(Format.seconds(readCPU)) = \(Format.number(readCPU / readTime))x wall), merge \(Format.seconds(mergeTime)), encode \(Format.seconds(encodeTime)), write \(Format.seconds(writeTime)); total \(Format.seconds(total))")
    }

    private struct FileContent: Sendable {
        var strings: StringsFile?
        var stringsDict: StringsDictFile?
    }

    /// Reads the files as the migration does: DispatchQueue.concurrentPerform, one file per iteration.
    private static func readAll(_ files: [LegacyFile]) -> [FileContent] {
        let box = ResultBox(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            switch file.kind {
            case .strings: box.set(index, FileContent(strings: StringsFileReader.read(path: file.path).file))
            case .stringsdict: box.set(index, FileContent(stringsDict: StringsDictReader.read(path: file.path, language: file.language).file))
            }
        }
        return box.values
    }

    private final class ResultBox: @unchecked Sendable {
        private var storage: [FileContent?]
        private let lock = NSLock()
        init(count: Int) { storage = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: FileContent) {
            lock.lock()
            storage[index] = value
            lock.unlock()
        }
        var values: [FileContent] { storage.map { $0! } }
    }
}
