import AppBundles
import Foundation
import Languages
import LegacyTables
import StringCatalog
import StringcatSupport

// One table's catalog: its files read and merged, then staged beside its destination, planned
// in a file outside the tree (a dry run), or built in memory (--merge).

extension ProjectMigrator {
    /// Reads every file of every table at once (both cores: files parse independently), then
    /// builds the tables one after the other from this thread: a large table's merge and encode
    /// use both cores themselves (libdispatch would run that inner work serially if the tables
    /// were built on its worker threads).
    static func build(
        _ tables: [LegacyTable], root: String, options: MigrationOptions, progress: Progress?,
        unreadable: inout [FileProbe.Failure]
    ) -> [Built] {
        var results = LegacyReader.read(tables.flatMap(\.allFiles), strict: options.strict, probe: options.fileProbe)
        // A file that cannot be read stops the run before any catalog is built: its table would
        // lose a language, and its deletion could not be proven.
        unreadable = results.compactMap(\.unreadable)
        guard unreadable.isEmpty else { return [] }
        var builts: [Built] = []
        var cursor = 0
        for (index, table) in tables.enumerated() {
            progress?(index, tables.count, table)
            let count = table.allFiles.count
            let own = Array(results[cursor..<(cursor + count)])
            // A table's parsed files are let go once it is built.
            for position in cursor..<(cursor + count) {
                results[position] = LegacyReader.FileResult(strings: nil, stringsDict: nil, diagnostics: [])
            }
            builts.append(build(table, results: own, root: root, options: options))
            cursor += count
        }
        return builts
    }

    /// A table report plus what is still to put in place: the catalog's bytes, or (when it was
    /// streamed to disk as it was encoded) its staged file.
    struct Built {
        var report: TableReport
        var pending: AtomicFile.Content?
        /// Streaming the catalog to its staged file failed (the run is then undone).
        var stagingError: AtomicFile.WriteError?
        /// A dry run's planned catalog, in a temporary file outside the tree (the caller removes it).
        var plannedFile: String?
        /// The catalog at its destination could not be looked at: the run stops before the gate.
        var unreadable: FileProbe.Failure?
        var outcome: TableOutcome { report.outcome }

        init(report: TableReport, pending: AtomicFile.Content?, stagingError: AtomicFile.WriteError? = nil) {
            self.report = report
            self.pending = pending
            self.stagingError = stagingError
        }
    }

    private static func build(
        _ table: LegacyTable, results: [LegacyReader.FileResult], root: String,
        options: MigrationOptions
    ) -> Built {
        let catalogPath = outputPath(for: table.catalogPath, root: root, output: options.outputDirectory)
        var report = TableReport(
            table: table, catalogPath: catalogPath, outcome: .failed, languages: [], entryCount: 0,
            pluralEntryCount: 0, commentCount: 0, diagnostics: [], skippedFiles: [], deletedFiles: [])
        guard
            let plan = mergePlan(
                table, results: results, catalogPath: catalogPath, options: options,
                into: &report)
        else {
            return Built(report: report, pending: nil)
        }
        // A catalog that cannot be looked at is neither there nor not: the run stops (plan).
        let exists: Bool
        do {
            exists = try options.fileProbe.exists(catalogPath)
        } catch {
            report.diagnostics.append(error.diagnostic)
            var built = Built(report: report, pending: nil)
            built.unreadable = error
            return built
        }
        // A table with no entry at all (files holding only comments, a launch screen's
        // `.strings` with nothing to translate) still gets its catalog, empty, and the project
        // edit, as Xcode's migration gives it one (docs/spec/project-edit.md#an-empty-table-gets-an-empty-catalog:
        // GoMap, canvas-ios).
        report.pluralEntryCount = plan.pluralEntryCount
        report.commentCount = plan.commentCount
        report.otherLanguageCommentCount = plan.otherLanguageCommentCount
        report.languages = plan.languages
        report.entryCount = plan.present.count
        report.bundleOutput = plan.bundleOutput()
        if exists && options.merge {
            return buildInMemory(plan, catalogPath: catalogPath, root: root, options: options, report: report)
        }
        if exists {
            // A catalog that already holds exactly these bytes (a second run on an unchanged
            // project) is left as it is, mtime included, whatever the options: not an error.
            // Compared as the catalog is encoded, part by part.
            if sameBytes(plan, version: options.formatVersion, asFileAt: catalogPath) {
                report.outcome = .unchanged
                return Built(report: report, pending: nil)
            }
            if !options.force {
                report.diagnostics.append(alreadyExists(catalogPath))
                return Built(report: report, pending: nil)
            }
        }
        if let refusal = Self.refusesToWrite(catalogPath, root: options.outputDirectory ?? root, force: options.force) {
            report.diagnostics.append(refusal)
            return Built(report: report, pending: nil)
        }
        if options.dryRun { return planned(plan, catalogPath: catalogPath, options: options, report: report) }
        return staged(plan, catalogPath: catalogPath, root: root, options: options, report: report)
    }

    /// The table's files read and merged into one plan; nil (with the errors said) when a file
    /// does not parse or an entry cannot be migrated without loss.
    private static func mergePlan(
        _ table: LegacyTable, results: [LegacyReader.FileResult], catalogPath: String,
        options: MigrationOptions, into report: inout TableReport
    ) -> MergePlan? {
        let loaded = TableLoader.load(table, results: results, skipInvalid: options.skipInvalid)
        report.diagnostics += loaded.diagnostics
        report.skippedFiles = loaded.skippedFiles
        if !loaded.invalidFiles.isEmpty {
            report.diagnostics.append(
                .error(
                    "no catalog written for table \(table.name): a file does not parse "
                        + "(fix it, or pass --skip-invalid to leave it out)", at: .file(catalogPath)))
            return nil
        }
        let plan = MergePlan(
            Array(loaded.contents.values), sourceLanguage: table.sourceLanguage,
            fault: options.mergeFault)
        var diagnostics = plan.diagnostics
        if options.skipInvalid {
            diagnostics = diagnostics.map { d in
                d.isError ? .warning("\(d.message) (entry skipped: --skip-invalid)", at: d.location) : d
            }
        }
        report.diagnostics += diagnostics
        if diagnostics.containsError {
            report.diagnostics.append(
                .error(
                    "no catalog written for table \(table.name): an entry cannot be migrated "
                        + "without loss", at: .file(catalogPath)))
            return nil
        }
        return plan
    }

    /// A dry run: nothing is written in the tree; the counts come from the plan. A proof of the
    /// deletions reads the planned catalog from a file of its own, streamed as migrate streams a
    /// catalog: it is never in memory whole.
    private static func planned(
        _ plan: MergePlan, catalogPath: String, options: MigrationOptions,
        report: TableReport
    ) -> Built {
        var report = report
        report.outcome = .planned
        guard options.stagesPlannedCatalogs else { return Built(report: report, pending: nil) }
        let file =
            NSTemporaryDirectory()
            + "stringcat-planned-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).xcstrings"
        guard FileManager.default.createFile(atPath: file, contents: nil),
            let handle = FileHandle(forWritingAtPath: file)
        else {
            report.diagnostics.append(
                .error(
                    "cannot write the planned catalog to \(file) for its proof",
                    at: .file(catalogPath)))
            return Built(report: report, pending: nil)
        }
        defer { try? handle.close() }
        do {
            try plan.write(version: options.formatVersion) { (part: [UInt8]) throws in
                try handle.write(contentsOf: part)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: file)
            report.diagnostics.append(
                .error(
                    "cannot write the planned catalog to \(file) for its proof: \(error)",
                    at: .file(catalogPath)))
            return Built(report: report, pending: nil)
        }
        var built = Built(report: report, pending: nil)
        built.plannedFile = file
        return built
    }

    /// Streamed to a staged file beside its destination, each block of entries built and
    /// encoded, then dropped: neither the catalog's entries nor its text are ever in memory
    /// whole. The rename happens with the rest of the run (`write`).
    private static func staged(
        _ plan: MergePlan, catalogPath: String, root: String, options: MigrationOptions,
        report: TableReport
    ) -> Built {
        var report = report
        report.outcome = .written
        do throws(AtomicFile.WriteError) {
            let staged = try StagedFile(
                for: catalogPath, overwrite: options.force,
                root: options.outputDirectory ?? root, writer: options.fileWriter)
            do {
                try plan.write(version: options.formatVersion) { (part: [UInt8]) throws(AtomicFile.WriteError) in
                    try staged.append(part)
                }
            } catch {
                staged.discard()
                throw error
            }
            return Built(report: report, pending: .staged(staged))
        } catch {
            return Built(report: report, pending: nil, stagingError: error)
        }
    }

    /// True when the file at `path` holds exactly the bytes the plan encodes to (stops at the
    /// first part that differs).
    private static func sameBytes(_ plan: MergePlan, version: String, asFileAt path: String) -> Bool {
        guard let existing = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? existing.close() }
        struct Differs: Error {}
        do throws(Differs) {
            try plan.write(version: version) { (part: [UInt8]) throws(Differs) in
                guard let read = try? existing.read(upToCount: part.count), read.elementsEqual(part) else {
                    throw Differs()
                }
            }
        } catch {
            return false
        }
        return ((try? existing.read(upToCount: 1)) ?? nil)?.isEmpty ?? true
    }

    /// A dry run, and `--merge` into an existing catalog: the catalog is built whole (the dry
    /// run's deletion plan and the merge need it), as bytes in memory.
    private static func buildInMemory(
        _ plan: MergePlan, catalogPath: String, root: String, options: MigrationOptions, report: TableReport
    ) -> Built {
        var report = report
        var catalog = plan.catalog(version: options.formatVersion)
        var outcome: TableOutcome = options.dryRun ? .planned : .written
        var bytes: Data?
        if FileManager.default.fileExists(atPath: catalogPath) {
            let data = CatalogWriter.data(for: catalog)
            if FileManager.default.contents(atPath: catalogPath) == data {
                report.outcome = .unchanged
                return Built(report: report, pending: nil)
            }
            bytes = options.merge ? nil : data
            if options.merge {
                do {
                    let existing = try CatalogReader.read(path: catalogPath)
                    let result = CatalogMergeIn.merge(
                        catalog, into: existing, path: catalogPath, prefer: options.prefer)
                    report.diagnostics += result.diagnostics
                    report.mergeDifferences = result.differing.map {
                        MergeDifference(key: $0.key, languages: $0.languages)
                    }
                    catalog = result.catalog
                    outcome = result.changed ? (options.dryRun ? .planned : .merged) : .unchanged
                } catch {
                    report.diagnostics.append(error)
                    return Built(report: report, pending: nil)
                }
            } else if !options.force {
                report.diagnostics.append(alreadyExists(catalogPath))
                return Built(report: report, pending: nil)
            }
        }
        if outcome != .unchanged,
            let refusal = Self.refusesToWrite(catalogPath, root: options.outputDirectory ?? root, force: options.force)
        {
            report.diagnostics.append(refusal)
            return Built(report: report, pending: nil)
        }
        report.outcome = outcome
        report.languages = Array(Set(catalog.strings.values.flatMap { $0.localizations.keys })).sorted()
        report.entryCount = catalog.strings.count
        if options.merge {
            // What the merged catalog, not the legacy files' alone, puts in the bundle.
            var merged = CatalogOutput(
                sourceLanguage: LanguageTag(catalog.sourceLanguage), keys: [:], ownSourceValues: 0)
            for (key, entry) in catalog.strings { merged.add(key, entry) }
            report.bundleOutput?.catalog = merged
        }
        if outcome == .unchanged { return Built(report: report, pending: nil) }
        return Built(report: report, pending: .data(bytes ?? CatalogWriter.data(for: catalog)))
    }

    /// Why the catalog at `path` must not be written, if so: a symbolic link stands there (even a
    /// dangling one; a run replaces it only with `--force`), or the folder it goes in leads out of
    /// `root` through a symbolic link (never written).
    static func refusesToWrite(_ path: String, root: String, force: Bool) -> Diagnostic? {
        if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path), !force {
            return .error(
                "a symbolic link stands here (to \(destination)); the file it leads to is not replaced (--force writes "
                    + "the catalog into it, and the link stays)",
                at: .file(path))
        }
        let realFolder = resolved((path as NSString).deletingLastPathComponent)
        let realRoot = resolved(root)
        guard realFolder == realRoot || realFolder.hasPrefix(realRoot + "/") else {
            // Said as it is: "through a symbolic link" only when a link took it out.
            let plainFolder = URL(fileURLWithPath: (path as NSString).deletingLastPathComponent).standardizedFileURL
                .path
            let plainRoot = URL(fileURLWithPath: root).standardizedFileURL.path
            if plainFolder != plainRoot && !plainFolder.hasPrefix(plainRoot + "/") {
                return .error(
                    "the catalog would be written outside \(root), beside its table's files (the project lists them "
                        + "there); not written: run migrate on a folder that holds them",
                    at: .file(path))
            }
            return .error(
                "the catalog would be written outside \(root), through a symbolic link (into \(realFolder)); not "
                    + "written",
                at: .file(path))
        }
        return nil
    }

    /// `path` with the links of its part that exists resolved (an --output folder may not exist yet).
    private static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path) && existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        return ([existing.resolvingSymlinksInPath().path] + rest).joined(separator: "/")
    }

    static func outputPath(for catalogPath: String, root: String, output: String?) -> String {
        guard let output else { return catalogPath }
        let base = URL(fileURLWithPath: output).standardizedFileURL.path
        return base + "/" + TableGrouper.relative(catalogPath, to: root)
    }

    /// The error for a table whose catalog exists, without `--merge` or `--force`.
    private static func alreadyExists(_ catalogPath: String) -> Diagnostic {
        .error(
            "a catalog already exists here; it is left untouched (--merge adds what it lacks, --force replaces it)",
            at: .file(catalogPath))
    }
}
