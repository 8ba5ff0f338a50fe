import AppBundles
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
        verify(project, inputs: { table in planned[table.catalogPath].map(CatalogInput.planned) })
    }

    /// `verify(_:planned:)` with the catalogs `migrate` would write in files outside the tree
    /// (catalog path -> that file), read a window at a time as a catalog on disk is: a planned
    /// catalog is never in memory whole.
    public static func verify(_ project: ProjectTables, plannedFiles: [String: String]) -> VerificationReport {
        verify(project, inputs: { table in plannedFiles[table.catalogPath].map(CatalogInput.plannedFile) })
    }

    private static func verify(_ project: ProjectTables, inputs planned: (LegacyTable) -> CatalogInput?)
        -> VerificationReport
    {
        // Legacy files still beside a catalog already migrated are proven too: nothing the
        // catalog lacks may look safe to delete.
        let allTables = project.tables + project.leftoverTables
        let inputs: [CatalogInput] = allTables.map { table in
            // A catalog that cannot be looked at is read as one on disk: its reading says why not.
            if (try? project.scan.probe.exists(table.catalogPath)) != false { return .onDisk }
            return planned(table) ?? .missing
        }
        // The legacy files first, on every core; then each table's catalog, streamed entry by entry
        // against them (the largest first, one table a core: a catalog is read in file order).
        let files = allTables.flatMap(\.allFiles)
        let probe = project.scan.probe
        let read = ConcurrentMap.map(files, costliestFirst: LegacyFileLeaves.readingCost) {
            LegacyFileLeaves.read($0, probe: probe)
        }
        var groups: [[LegacyFileLeaves]] = []
        var cursor = 0
        for table in allTables {
            groups.append(Array(read[cursor..<(cursor + table.allFiles.count)]))
            cursor += table.allFiles.count
        }
        let order = allTables.indices.sorted {
            catalogSize(allTables[$0], inputs[$0]) > catalogSize(allTables[$1], inputs[$1])
        }
        let proofs = ConcurrentMap.map(order) { [groups] index in
            verify(
                allTables[index], files: groups[index], catalog: inputs[index],
                sourceLanguage: allTables[index].sourceLanguage, probe: probe)
        }
        var tables = [TableVerification?](repeating: nil, count: allTables.count)
        for (index, proof) in zip(order, proofs) { tables[index] = proof }
        let tablePaths = Set(allTables.map(\.catalogPath))
        // The safety net: a legacy file beside a catalog that no table takes is named, with the
        // reason, so that nothing is out of the proof without the user being told.
        let unclaimed = project.leftAloneBesideCatalogs.map { entry in
            Diagnostic.warning(
                "not compared with "
                    + "\(PathResolverText.relative(entry.catalog, to: PathResolverText.parent(PathResolverText.parent(entry.file.path)))), beside it: \(entry.file.reason)",
                at: .file(entry.file.path))
        }
        // The app: what the proofs read is known to the model, which reads only what they did not.
        let contents = ReadingContents()
        for file in read where file.error == nil && file.ioFailure == nil {
            contents.know(keys: Set(file.keys.map(\.key)), ofLegacyFile: file.file.path)
        }
        for case let proof? in tables where proof.catalog == .onDisk {
            if let output = proof.catalogOutput { contents.know(output, ofCatalog: proof.catalogPath) }
        }
        var report = VerificationReport(
            root: project.scan.root, sourceLanguage: project.sourceLanguage,
            diagnostics: project.diagnostics + unclaimed,
            tables: tables.map { $0! }, catalogsOnly: project.scan.catalogs.filter { !tablePaths.contains($0) },
            filesNotCompared: project.leftAloneBesideCatalogs.count)
        report.targets = AppProof.prove(project, contents: contents)
        return report
    }

    /// Verifies one table against the catalog file at `catalogPath` (default: the table's), as it
    /// is on disk now: what `migrate --delete-legacy` asks before it deletes anything. `probe`
    /// reads the files (a test's fails some reads).
    public static func verifyOnDisk(
        _ table: LegacyTable, catalogPath: String? = nil, sourceLanguage: String, probe: FileProbe = FileProbe()
    ) -> TableVerification {
        var table = table
        if let catalogPath { table.catalogPath = catalogPath }
        return verify(
            table, files: ConcurrentMap.map(table.allFiles) { LegacyFileLeaves.read($0, probe: probe) },
            catalog: .onDisk, sourceLanguage: sourceLanguage, probe: probe)
    }

    private static func catalogSize(_ table: LegacyTable, _ input: CatalogInput) -> Int {
        switch input {
        case .onDisk:
            return ((try? FileManager.default.attributesOfItem(atPath: table.catalogPath)[.size]) as? Int) ?? 0
        case .planned(let data): return data.count
        case .plannedFile(let path):
            return ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
        case .missing: return 0
        }
    }

    /// A catalog `migrate` would write, not written yet.
    public enum PlannedCatalog: Sendable {
        /// In a file of its own, outside the tree (`migrate --dry-run --delete-legacy`, a staged catalog).
        case file(String)
        /// As bytes in memory (`--merge`, a dry run's catalog built whole).
        case bytes(Data)
    }

    /// Verifies one table against the catalog `migrate` would write for it; `catalogPath` is where
    /// it would go (the table's own by default).
    public static func verifyPlanned(
        _ table: LegacyTable, catalog planned: PlannedCatalog, catalogPath: String? = nil, sourceLanguage: String,
        probe: FileProbe = FileProbe()
    ) -> TableVerification {
        var table = table
        if let catalogPath { table.catalogPath = catalogPath }
        let input: CatalogInput
        switch planned {
        case .file(let path): input = .plannedFile(path)
        case .bytes(let data): input = .planned(data)
        }
        return verify(
            table, files: ConcurrentMap.map(table.allFiles) { LegacyFileLeaves.read($0, probe: probe) },
            catalog: input, sourceLanguage: sourceLanguage, probe: probe)
    }

    enum CatalogInput: Sendable {
        case onDisk
        case planned(Data)
        /// The planned catalog, in a file of its own (not at the table's catalog path).
        case plannedFile(String)
        case missing
    }

    /// Verifies one table against its catalog (`input`); `catalogReads` is told of each window
    /// read from a catalog file and of any hand-over to the whole-file reader (tests watch that a
    /// large catalog is never held whole).
    static func verify(
        _ table: LegacyTable, files: [LegacyFileLeaves], catalog input: CatalogInput,
        sourceLanguage: String, probe: FileProbe = FileProbe(),
        catalogReads: (@Sendable (CatalogEntryStream.Event) -> Void)? = nil
    ) -> TableVerification {
        let legacy = LegacySide(files, sourceLanguage: sourceLanguage, someFilesGone: !table.goneFiles.isEmpty)
        var result = TableVerification(
            table: table, catalogPath: table.catalogPath, catalog: .missing,
            languageCount: 0, keyCount: legacy.keyCount,
            losses: [], errors: [], notes: legacy.notes, files: [])
        if !table.goneFiles.isEmpty {
            result.notes.append(
                .note(
                    "\(counted(table.goneFiles.count, "legacy file")) that stringcat's record lists for this table "
                        + "\(table.goneFiles.count == 1 ? "is" : "are") gone (--delete-legacy deletes a table's files "
                        + "only once they are proven held); without \(table.goneFiles.count == 1 ? "it" : "them"), "
                        + "the files left cannot say which comment a key missing from the source language had: "
                        + "such comments are not checked",
                    at: .file(table.catalogPath)))
        }
        // Languages with at least one key, as migrate counts a catalog's (an empty file adds none).
        result.languages = legacy.languages.filter { !$0.value.keys.isEmpty }.keys.sorted()
        result.languageCount = result.languages.count
        var notCarried = legacy.filesKept
        sayFilesNotCarried(files, into: &result, notCarried: &notCarried)
        // The catalog's bytes when they are in memory (planned), else it is read from disk (at
        // its path, or from the file that holds the planned catalog).
        let planned: [UInt8]?
        var readPath = table.catalogPath
        switch input {
        case .onDisk:
            result.catalog = .onDisk
            planned = nil
            // A catalog that cannot be looked at is no proof, and no absence either.
            do { _ = try probe.kind(table.catalogPath) } catch { result.ioFailures.append(error) }
        case .planned(let data):
            result.catalog = .planned
            planned = [UInt8](data)
        case .plannedFile(let file):
            result.catalog = .planned
            planned = nil
            readPath = file
        case .missing:
            if legacy.languages.values.allSatisfy(\.keys.isEmpty) && result.unreadableFiles.isEmpty {
                result.catalog = .emptyTable
                result.files = verdicts(table, notCarried, missingCatalog: false)
                return result
            }
            result.errors.append(
                .error("no catalog to compare with: migrate this table first", at: .file(table.catalogPath)))
            result.files = verdicts(table, notCarried, missingCatalog: true)
            return result
        }
        var comparison = LeafComparison(legacy)
        do {
            try compare(
                into: &comparison, planned: planned, readPath: readPath, catalogPath: table.catalogPath,
                catalogReads: catalogReads)
        } catch {
            result.errors.append(error)
            result.files = verdicts(table, notCarried, missingCatalog: true)
            return result
        }
        comparison.finish()
        result.catalogOutput = comparison.catalogOutput
        result.losses = comparison.losses
        result.otherLanguageCommentCount = comparison.otherLanguageCommentCount
        result.notes += comparison.notes
        if comparison.commentsNotJudged > 0 && table.goneFiles.isEmpty {
            let count = comparison.commentsNotJudged
            let message =
                "\(counted(count, "key")) \(count == 1 ? "has" : "have") a source-language value in the catalog "
                + "and no legacy file of that language left (deleted once proven held): "
                + "\(count == 1 ? "its comment is" : "their comments are") not checked against the other languages'"
            result.notes.append(.note(message, at: .file(table.catalogPath)))
        }
        result.files = verdicts(
            table, notCarried.merging(comparison.filesNotCarried) { a, _ in a }, missingCatalog: false)
        return result
    }

    /// The files that cannot be compared whole (unreadable, not parsing, read as Xcode reads them
    /// with text left out, or in part), each with the reason it is not carried.
    private static func sayFilesNotCarried(
        _ files: [LegacyFileLeaves], into result: inout TableVerification, notCarried: inout [String: String]
    ) {
        for file in files {
            if let failure = file.ioFailure {
                result.ioFailures.append(failure)
                result.unreadableFiles.append(failure.diagnostic)
                notCarried[file.file.path] = "it cannot be read (\(failure.reason))"
            } else if let error = file.error {
                result.unreadableFiles.append(
                    .error("cannot be compared, it does not parse: \(error.message)", at: error.location))
                notCarried[file.file.path] = "it does not parse"
            } else if let leftOut = file.textLeftOut {
                notCarried[file.file.path] =
                    "it is read as Xcode's migration reads it, which leaves text of a line out (line "
                    + "\(leftOut.location.line ?? 0): \(leftOut.message)); the catalog holds what Xcode reads, not "
                    + "every character of the file"
            } else if let unread = file.unreadParts.first {
                result.notes.append(
                    .warning(
                        "part of this file is not read (as in Xcode), so it is not in the catalog: \(unread.message)",
                        at: unread.location))
                notCarried[file.file.path] = "part of it is not read, as in Xcode: \(unread.message)"
            }
        }
    }

    /// Every entry of the catalog (planned bytes, or read from `readPath` a window at a time)
    /// compiled back to leaves and compared.
    private static func compare(
        into comparison: inout LeafComparison, planned: [UInt8]?, readPath: String, catalogPath: String,
        catalogReads: (@Sendable (CatalogEntryStream.Event) -> Void)?
    ) throws(Diagnostic) {
        let path = catalogPath, source = readPath
        // The reading thread decodes; compiling each entry back and making its leaves is done
        // by whichever thread has room (the comparing one, unless it falls behind).
        try EntryPipeline.run(
            produce: { deliver throws(Diagnostic) in
                let pass = { (key: String, entry: CatalogEntry) in deliver((key, entry)) }
                if let planned {
                    try CatalogReader.forEachEntry(bytes: planned, path: path, pass)
                } else {
                    try CatalogReader.forEachEntry(path: source, events: catalogReads, pass)
                }
            },
            prepare: { (decoded: (key: String, entry: CatalogEntry)) in
                LeafComparison.CompiledEntry(decoded.key, decoded.entry, catalogPath: path)
            }
        ) { comparison.add($0) }
    }

    private static func verdicts(_ table: LegacyTable, _ notCarried: [String: String], missingCatalog: Bool)
        -> [FileVerdict]
    {
        table.allFiles.map { file in
            if missingCatalog {
                return FileVerdict(
                    path: file.path, isCarried: false, reason: notCarried[file.path] ?? "no catalog holds it")
            }
            if let reason = notCarried[file.path] {
                return FileVerdict(path: file.path, isCarried: false, reason: reason)
            }
            return FileVerdict(path: file.path, isCarried: true, reason: nil)
        }
    }
}

/// Path text helpers (Verification does not import XcodeProject's resolver).
enum PathResolverText {
    static func parent(_ path: String) -> String { (path as NSString).deletingLastPathComponent }

    /// `path` relative to `base` when inside it, else `path`.
    static func relative(_ path: String, to base: String) -> String {
        path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
