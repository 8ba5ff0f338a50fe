import Foundation
import LegacyTables
import StringCatalog
import StringcatSupport
import TestSupport
import XCTest
import XLIFF
import Xcloc
import XclocExport

@testable import Migration
@testable import XclocImport

/// The zero-loss property both ways, on real catalogs: every app of `../shared/corpus`, migrated
/// in memory as `migrate --all-files --skip-invalid` would, exported in each of its languages,
/// and each XLIFF imported back untouched through the importer, leaves every catalog
/// byte-identical.
final class CorpusRoundTripTests: XCTestCase {
    func testExportThenImportLeavesEveryMigratedCorpusCatalogByteIdentical() throws {
        let corpus = try sharedFolder("corpus")
        let apps = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { !$0.hasPrefix(".") }.sorted()
        let started = Date()
        let catalogs = ConcurrentMap.map(apps) { app in
            Self.migrate(corpus + "/" + app).map { (app + "/" + $0.name, $0.catalog) }
        }.flatMap { $0 }
        XCTAssertGreaterThan(catalogs.count, 50)
        print("migrated in \(Date().timeIntervalSince(started)) s")
        // One job per catalog and language, so that the large catalogs spread over the cores.
        var jobs: [(catalog: Int, language: String, cost: Int)] = []
        for (index, (_, catalog)) in catalogs.enumerated() {
            var languages: Set<String> = [catalog.sourceLanguage]
            for entry in catalog.strings.values { languages.formUnion(entry.localizations.keys) }
            jobs += languages.sorted().map { (index, $0, catalog.strings.count) }
        }
        let results = ConcurrentMap.map(
            jobs.map { ($0.catalog, $0.language) }, costliestFirst: { catalogs[$0.0].1.strings.count }
        ) { job in
            Self.roundTrip(name: catalogs[job.0].0, catalog: catalogs[job.0].1, language: job.1)
        }
        let units = results.reduce(0) { $0 + $1.units }
        print(
            "corpus round trip: \(catalogs.count) catalogs, \(jobs.count) catalog languages, \(units) units exported "
                + "and imported back"
        )
        for problem in results.flatMap(\.problems).prefix(20) { XCTFail(problem) }
        XCTAssertGreaterThan(units, 250_000)
    }

    /// Exports `catalog` in `language`, imports the XLIFF back into it, and says what changed.
    static func roundTrip(name: String, catalog: StringCatalog, language: String) -> (units: Int, problems: [String]) {
        let original = "App/" + name
        let made = CatalogExporter.file(
            catalog, path: name, original: original, language: language,
            tool: XLIFFTool(version: "26.3", build: "17C529"))
        let xliff = XLIFFWriter.document([made.file])
        var state = ImportState(
            targets: [original: ExportedFile(original: original, kind: .catalog(name))], legacy: [],
            catalogs: [name: LoadedCatalog(bytes: [], catalog: catalog)])
        var report = ImportReport(projectRoot: name)
        state.importFile(XMLBytes(xliff), path: name + "." + language, into: &report)
        var problems = report.diagnostics.filter(\.isError).map { "\(name) [\(language)]: \($0)" }
        problems += state.changedUnits.prefix(3).map {
            "\(name) [\(language)]: unit \($0.id) changed the catalog when imported back"
        }
        // Every write of a value marks the catalog: unmarked, its model and so its bytes are the same.
        if state.catalogs[name]?.modified != false {
            problems.append("\(name) [\(language)]: the catalog changed after export and import")
        }
        return (made.file.units.count, problems)
    }

    /// Every table of the app, migrated in memory as `migrate --all-files --skip-invalid` would.
    static func migrate(_ root: String) -> [(name: String, catalog: StringCatalog)] {
        let scan = LprojScanner.scan(root)
        let source = ProjectTables.find(root, TableSearch(requireTables: false)).sourceLanguage
        let tables = TableGrouper.group(scan, sourceLanguage: source.code).tables
        let results = LegacyReader.read(tables.flatMap { $0.files + $0.shadowedFiles })
        var cursor = 0
        var catalogs: [(String, StringCatalog)] = []
        for table in tables {
            let count = table.files.count + table.shadowedFiles.count
            let loaded = TableLoader.load(table, results: Array(results[cursor..<(cursor + count)]), skipInvalid: true)
            cursor += count
            let merged = CatalogMerger.merge(Array(loaded.contents.values), sourceLanguage: source.code)
            catalogs.append((String(table.catalogPath.dropFirst(scan.root.count + 1)), merged.catalog))
        }
        return catalogs
    }
}
