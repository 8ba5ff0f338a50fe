import Foundation
import LegacyTables
import StringCatalog
import StringcatSupport

/// `stringcat verify`: proves, leaf by leaf, that a catalog holds everything its legacy files say.
///
/// Independent by construction: this module reads the legacy files with the readers and the
/// catalog with `StringCatalog`, compiles the catalog back with `Compilation`, and never imports
/// `Migration` (a test reads the manifest to keep it so). A mistake of the converter therefore
/// shows up as a loss instead of being repeated on both sides.
public enum ProjectVerifier {
    /// Verifies every table of `project` against the catalog on disk at its catalog path, or,
    /// where there is none, against the bytes in `planned` for that path (the catalog `migrate`
    /// would write).
    public static func verify(_ project: ProjectTables, planned: [String: Data] = [:]) -> VerificationReport {
        // Legacy files still beside a catalog already migrated are proven too: nothing the
        // catalog lacks may look safe to delete.
        let allTables = project.tables + project.leftoverTables
        let inputs: [CatalogInput] = allTables.map { table in
            if FileManager.default.fileExists(atPath: table.catalogPath) { return .onDisk }
            if let data = planned[table.catalogPath] { return .planned(data) }
            return .missing
        }
        // One pool of work on both cores: each catalog read and compiled (the largest first: a
        // catalog is one job, and it is most of the data), and each legacy file read.
        let files = allTables.flatMap(\.allFiles)
        let catalogOrder = allTables.indices.sorted { catalogSize(allTables[$0], inputs[$0]) > catalogSize(allTables[$1], inputs[$1]) }
        let jobs = catalogOrder.map { Job.catalog($0) } + files.indices.map { Job.file($0) }
        let done = ConcurrentMap.map(jobs) { job -> JobResult in
            switch job {
            case .catalog(let index): return .catalog(index, loadCatalog(allTables[index], inputs[index]))
            case .file(let index): return .file(index, LegacyFileLeaves.read(files[index]))
            }
        }
        var catalogs = [CatalogLoad](repeating: .missing, count: allTables.count)
        var read = [LegacyFileLeaves?](repeating: nil, count: files.count)
        for result in done {
            switch result {
            case .catalog(let index, let load): catalogs[index] = load
            case .file(let index, let leaves): read[index] = leaves
            }
        }
        var cursor = 0
        var tables: [TableVerification] = []
        for (index, table) in allTables.enumerated() {
            let count = table.allFiles.count
            let leaves = read[cursor..<(cursor + count)].map { $0! }
            cursor += count
            tables.append(verify(table, files: leaves, input: inputs[index], catalog: catalogs[index], sourceLanguage: project.sourceLanguage.code))
        }
        let tablePaths = Set(allTables.map(\.catalogPath))
        return VerificationReport(root: project.scan.root, sourceLanguage: project.sourceLanguage, diagnostics: project.diagnostics,
                                  tables: tables, catalogsOnly: project.scan.catalogs.filter { !tablePaths.contains($0) })
    }

    /// Verifies one table against the catalog file at `catalogPath` (default: the table's), as it
    /// is on disk now: what `migrate --delete-legacy` asks before it deletes anything.
    public static func verifyOnDisk(_ table: LegacyTable, catalogPath: String? = nil, sourceLanguage: String) -> TableVerification {
        var table = table
        if let catalogPath { table.catalogPath = catalogPath }
        return verify(table, files: ConcurrentMap.map(table.allFiles, LegacyFileLeaves.read), catalog: .onDisk, sourceLanguage: sourceLanguage)
    }

    private enum Job: Sendable {
        case catalog(Int)
        case file(Int)
    }

    private enum JobResult {
        case catalog(Int, CatalogLoad)
        case file(Int, LegacyFileLeaves)
    }

    /// A catalog read and compiled to leaves, or why not.
    enum CatalogLoad {
        case loaded(CatalogSide)
        case failed(Diagnostic)
        case missing
    }

    private static func catalogSize(_ table: LegacyTable, _ input: CatalogInput) -> Int {
        switch input {
        case .onDisk: return ((try? FileManager.default.attributesOfItem(atPath: table.catalogPath)[.size]) as? Int) ?? 0
        case .planned(let data): return data.count
        case .missing: return 0
        }
    }

    static func loadCatalog(_ table: LegacyTable, _ input: CatalogInput) -> CatalogLoad {
        do {
            switch input {
            case .onDisk: return .loaded(CatalogSide(try CatalogReader.read(path: table.catalogPath), tableName: table.name, path: table.catalogPath))
            case .planned(let data): return .loaded(CatalogSide(try CatalogReader.parse(data, path: table.catalogPath), tableName: table.name, path: table.catalogPath))
            case .missing: return .missing
            }
        } catch {
            return .failed(error)
        }
    }

    /// Verifies one table against catalog bytes not written yet (`migrate --dry-run`).
    public static func verifyPlanned(_ table: LegacyTable, catalog data: Data, catalogPath: String? = nil, sourceLanguage: String) -> TableVerification {
        var table = table
        if let catalogPath { table.catalogPath = catalogPath }
        return verify(table, files: ConcurrentMap.map(table.allFiles, LegacyFileLeaves.read), catalog: .planned(data), sourceLanguage: sourceLanguage)
    }

    enum CatalogInput {
        case onDisk
        case planned(Data)
        case missing
    }

    static func verify(_ table: LegacyTable, files: [LegacyFileLeaves], catalog input: CatalogInput, sourceLanguage: String) -> TableVerification {
        verify(table, files: files, input: input, catalog: loadCatalog(table, input), sourceLanguage: sourceLanguage)
    }

    static func verify(_ table: LegacyTable, files: [LegacyFileLeaves], input: CatalogInput, catalog: CatalogLoad, sourceLanguage: String) -> TableVerification {
        let legacy = LegacySide(files, sourceLanguage: sourceLanguage)
        var result = TableVerification(table: table, catalogPath: table.catalogPath, catalog: .missing,
                                       languageCount: legacy.languages.count,
                                       keyCount: Set(legacy.languages.values.flatMap { $0.index.keys }).count,
                                       losses: [], errors: [], notes: legacy.notes, files: [])
        var notCarried: [String: String] = [:]
        for file in files {
            if let error = file.error {
                result.unreadableFiles.append(.error("cannot be compared, it does not parse: \(error.message)", at: error.location))
                notCarried[file.file.path] = "it does not parse"
            } else if let unread = file.unreadParts.first {
                result.notes.append(.warning("part of this file is not read (as in Xcode), so it is not in the catalog: \(unread.message)", at: unread.location))
                notCarried[file.file.path] = "part of it is not read, as in Xcode: \(unread.message)"
            }
        }
        switch input {
        case .onDisk: result.catalog = .onDisk
        case .planned: result.catalog = .planned
        case .missing: result.catalog = .missing
        }
        let compiled: CatalogSide
        switch catalog {
        case .loaded(let side):
            compiled = side
        case .failed(let error):
            result.errors.append(error)
            result.files = verdicts(table, notCarried, missingCatalog: true)
            return result
        case .missing:
            if legacy.languages.values.allSatisfy(\.keys.isEmpty) && result.unreadableFiles.isEmpty {
                result.catalog = .emptyTable
                result.files = verdicts(table, notCarried, missingCatalog: false)
                return result
            }
            result.errors.append(.error("no catalog to compare with: migrate this table first", at: .file(table.catalogPath)))
            result.files = verdicts(table, notCarried, missingCatalog: true)
            return result
        }
        result.notes += compiled.notes
        let comparison = LeafComparison(legacy, compiled, sourceLanguage: sourceLanguage)
        result.losses = comparison.losses
        result.notes += comparison.notes
        result.files = verdicts(table, notCarried.merging(comparison.filesNotCarried) { a, _ in a }, missingCatalog: false)
        return result
    }

    private static func verdicts(_ table: LegacyTable, _ notCarried: [String: String], missingCatalog: Bool) -> [FileVerdict] {
        table.allFiles.map { file in
            if missingCatalog { return FileVerdict(path: file.path, isCarried: false, reason: notCarried[file.path] ?? "no catalog holds it") }
            if let reason = notCarried[file.path] { return FileVerdict(path: file.path, isCarried: false, reason: reason) }
            return FileVerdict(path: file.path, isCarried: true, reason: nil)
        }
    }
}
