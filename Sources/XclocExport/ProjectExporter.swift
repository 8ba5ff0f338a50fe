import Foundation
import Languages
import StringCatalog
import StringcatSupport
import XLIFF
import Xcloc

/// What `stringcat export` is asked to do.
public struct ExportOptions: Sendable {
    /// Where the `<lang>.xcloc` packages go.
    public var outputDirectory: String
    /// Only these languages; empty = every language of the catalogs and tables, the source included.
    public var languages: [String] = []
    /// The Xcode the export says wrote it.
    public var tool: XLIFFTool
    /// Replace files of an earlier export that differ from this one's (a translator's edits).
    public var force = false
    /// Write nothing; report what would be written.
    public var dryRun = false
    /// Leave out values XML cannot hold (with a warning each) instead of refusing to export.
    public var skipInvalid = false
    /// Run on each language's XLIFF before anything is written. Its errors stop the export
    /// (nothing is written). The command gives it the independent proof (`XclocProof`) and the
    /// round trip through import.
    public var check: (@Sendable (ExportCheckInput) -> [Diagnostic])?
    /// Writes the packages' files (`AtomicFile`, `StagedFile`): the file system; a test passes one
    /// that fails, as a full or failing disk would (as `MigrationOptions.fileWriter`).
    public var fileWriter: any FileWriting = SystemFileWriter()
    /// Removes the previous versions of the files an export replaced once the new ones are in
    /// place: the file system; a test passes one that fails.
    public var fileRemover: any FileRemoving = SystemFileRemover()

    public init(outputDirectory: String, tool: XLIFFTool) {
        self.outputDirectory = outputDirectory
        self.tool = tool
    }
}

/// What `ExportOptions.check` is given: one language's XLIFF and what it was made from.
public struct ExportCheckInput: Sendable {
    public var language: String
    public var xliff: [UInt8]
    /// Every catalog exported, with its `original`.
    public var catalogs: [ExportedCatalog]
    /// The `original` of every other file exported (legacy tables).
    public var otherOriginals: Set<String>
    /// Every legacy table exported: its `original` and its files, for a proof to read itself.
    public var legacyTables: [ExportedLegacyTable] = []
}

/// A legacy table as exported: its `original`, source language and file per language (as the
/// project spells each), read by no one but the check given them.
public struct ExportedLegacyTable: Sendable {
    public var original: String
    public var sourceLanguage: String
    public var files: [(language: String, path: String)]
}

/// A catalog as the export read it, with the `original` it is exported as.
public struct ExportedCatalog: Sendable {
    public var path: String
    public var original: String
    public var catalog: StringCatalog
}

/// What an export did.
public struct ExportReport: Sendable {
    /// One `<lang>.xcloc` package.
    public struct Package: Sendable, Hashable {
        /// What the run did with the package; `description` is how the output and `--json` say it.
        public enum Outcome: String, Sendable, Hashable, CustomStringConvertible {
            case written
            /// Its files already hold these bytes.
            case unchanged
            /// `--dry-run`: it would be written.
            case wouldWrite = "would write"
            /// The run failed: nothing of it is written.
            case notWritten = "not written"

            public var description: String { rawValue }
        }

        public var language: String
        /// The package folder (absolute).
        public var path: String
        public var outcome: Outcome
        /// Units in its XLIFF, and how many have a target.
        public var units: Int
        public var targets: Int
    }

    /// One `<file>` of every XLIFF.
    public struct File: Sendable, Hashable {
        public var original: String
        /// The catalog or the legacy table's source file (absolute).
        public var path: String
        public var kind: Kind

        /// What the file is; `description` is how the output and `--json` say it.
        public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
            case catalog
            /// The catalog of an Interface Builder document's strings.
            case interfaceBuilderCatalog = "interface builder catalog"
            /// A `.strings` table not migrated yet.
            case legacyStrings = "legacy strings"

            public var description: String { rawValue }
        }
    }

    public var root: String
    public var outputDirectory: String
    public var developmentRegion: String
    public var packages: [Package] = []
    public var files: [File] = []
    public var unexportable: [UnexportableValue] = []
    public var diagnostics: [Diagnostic] = []
    /// True when the packages were written (or were already these bytes).
    public var written = false

    public var hasErrors: Bool { diagnostics.containsError }
}

/// `stringcat export`: each language of the project's catalogs as a `<lang>.xcloc` package, as
/// Xcode's Export Localizations writes it (docs/spec/xliff.md §1–2).
///
/// Every file of every package is staged beside its place and put there in one batch
/// (`AtomicFile`), under the lock of the output folder: all of them, or none. The output folder
/// is made before its lock is taken, so the lock is always the output's own (never a
/// `.stringcat.lock` in a folder above it), and what a killed export left in the packages is
/// cleaned first, whether or not this run has anything to write. A file an earlier export wrote
/// that differs from this run's (a translator may have edited it in place) is not replaced
/// without `force`; one that is not a regular file (a FIFO, a link to a device, which a
/// translator's package unpacked over the output may hold) is an error naming it.
public enum ProjectExporter {
    /// An export's peak address space, in times its largest catalog: the catalogs' models, every
    /// language's XLIFF, and the proofs reading two of them whole at once (measured on a 64 MB
    /// catalog in two languages, the worst case: 13.6 times; in twelve, 7 times; see
    /// docs/performance.md).
    static let memoryFactor: UInt64 = 14

    public static func export(_ path: String, options: ExportOptions) -> ExportReport {
        let project = ExchangeProject.find(path)
        let output = URL(fileURLWithPath: options.outputDirectory).standardizedFileURL.path
        var report = ExportReport(
            root: URL(fileURLWithPath: path).standardizedFileURL.path, outputDirectory: output,
            developmentRegion: project.developmentRegion)
        report.diagnostics = project.diagnostics
        guard !report.hasErrors else { return report }
        let files = project.exportedFiles
        checkFiles(files, of: project, into: &report)
        guard !report.hasErrors else { return report }
        let sources = read(files, of: project, into: &report)
        guard !report.hasErrors else { return report }
        report.files = files.map {
            ExportReport.File(original: $0.original, path: filePath(of: $0, project), kind: kind(of: $0))
        }
        let projectLanguages = sources.languages(of: project)
        let languages =
            options.languages.isEmpty
            ? projectLanguages.values.sorted()
            : requested(options.languages, in: projectLanguages, app: project.appLanguages)
        let sourceContents = sourceContents(of: files, sources, project, into: &report)
        guard !report.hasErrors else { return report }
        let built = xliff(of: files, sources, project, languages: languages, options: options)
        collectProblems(of: built, options: options, into: &report)
        guard !report.hasErrors else { return report }
        let (batch, every) = packageFiles(
            built, sourceContents: sourceContents, project: project, output: output, options: options,
            into: &report)
        guard !report.hasErrors else {
            for index in report.packages.indices where report.packages[index].outcome != .unchanged {
                report.packages[index].outcome = .notWritten
            }
            return report
        }
        guard !options.dryRun else { return report }
        write(batch, every: every, into: output, options: options, report: &report)
        if !report.written {
            for index in report.packages.indices where report.packages[index].outcome == .written {
                report.packages[index].outcome = .notWritten
            }
        }
        return report
    }

    /// What the export reads: the catalogs (by path, and with their `original`) and the legacy
    /// tables (by their index in the project).
    private struct Sources {
        var catalogs: [String: StringCatalog] = [:]
        var exported: [ExportedCatalog] = []
        var legacy: [Int: LegacyExporter.Table] = [:]

        /// Each catalog's languages (its source language included), as it spells each.
        var catalogLanguages: [String: [LanguageTag: String]] = [:]

        /// Every language of every catalog and legacy table, the source languages included, as
        /// the first of them (in path order) spells it: one language is one package.
        func languages(of project: ExchangeProject) -> [LanguageTag: String] {
            var all: [LanguageTag: String] = [:]
            for path in catalogLanguages.keys.sorted() {
                for (tag, code) in catalogLanguages[path]! where all[tag] == nil { all[tag] = code }
            }
            for table in project.legacyTables {
                for file in table.files {
                    guard let tag = LanguageTag(file.language), all[tag] == nil else { continue }
                    all[tag] = file.language
                }
            }
            return all
        }

        /// `language` as the catalog at `path` spells it (`de_DE` for `de-DE`); `language` itself
        /// when the catalog does not hold it.
        func spelling(of language: String, inCatalog path: String) -> String {
            guard let own = catalogLanguages[path], own.values.contains(language) == false,
                let tag = LanguageTag(language), let spelled = own[tag]
            else { return language }
            return spelled
        }
    }

    /// The languages asked for, each as the project spells it: `--language de-DE` exports the
    /// values of `de_DE.lproj` and of a catalog's `de_DE` under the one name the project gives the
    /// language (its catalogs' and tables', else a target's folder or a known region's). A
    /// language the project does not have yet is exported as asked, with no translation.
    private static func requested(
        _ asked: [String], in catalogsAndTables: [LanguageTag: String], app: () -> [LanguageTag: String]
    ) -> [String] {
        var languages: [String] = []
        var shipped: [LanguageTag: String]?
        for code in asked {
            let spelled =
                LanguageTag(code).flatMap { tag in
                    if let own = catalogsAndTables[tag] { return own }
                    if shipped == nil { shipped = app() }
                    return shipped?[tag]
                } ?? code
            if !languages.contains(spelled) { languages.append(spelled) }
        }
        return languages
    }

    /// Something to export, no two files under one `original`, and memory enough for the largest catalog.
    private static func checkFiles(
        _ files: [ExportedFile], of project: ExchangeProject, into report: inout ExportReport
    ) {
        guard !files.isEmpty else {
            report.diagnostics.append(
                .error(
                    "no String Catalog (.xcstrings) and no legacy .strings table here: nothing to export",
                    at: .file(report.root)))
            return
        }
        var byOriginal: [String: ExportedFile] = [:]
        for file in files {
            if let other = byOriginal[file.original] {
                report.diagnostics.append(
                    .error(
                        "two files are exported as \(file.original) (\(filePath(of: other, project)) and "
                            + "\(filePath(of: file, project))): "
                            + "an import could not tell their units apart", at: .file(filePath(of: file, project))))
            }
            byOriginal[file.original] = file
        }
        if let problem = MemoryBudget.check(largest: MemoryBudget.largest(of: project.catalogs), times: memoryFactor) {
            report.diagnostics.append(problem)
        }
    }

    /// Reads every catalog (on every core) and every legacy table.
    private static func read(_ files: [ExportedFile], of project: ExchangeProject, into report: inout ExportReport)
        -> Sources
    {
        let catalogFiles = files.compactMap { file -> (ExportedFile, String)? in
            if case .catalog(let catalogPath) = file.kind { return (file, catalogPath) }
            return nil
        }
        let read = ConcurrentMap.map(catalogFiles.map(\.1)) { catalogPath -> Result<StringCatalog, Diagnostic> in
            Result { () throws(Diagnostic) in try CatalogReader.read(path: catalogPath) }
        }
        var sources = Sources()
        for ((file, catalogPath), result) in zip(catalogFiles, read) {
            switch result {
            case .success(let catalog):
                sources.catalogs[catalogPath] = catalog
                var own: [LanguageTag: String] = [:]
                if let tag = LanguageTag(catalog.sourceLanguage) { own[tag] = catalog.sourceLanguage }
                for entry in catalog.strings.values {
                    for code in entry.localizations.keys {
                        guard let tag = LanguageTag(code), own[tag] == nil else { continue }
                        own[tag] = code
                    }
                }
                sources.catalogLanguages[catalogPath] = own
                sources.exported.append(ExportedCatalog(path: catalogPath, original: file.original, catalog: catalog))
            case .failure(let diagnostic): report.diagnostics.append(diagnostic)
            }
        }
        for file in files {
            guard case .legacyTable(let index) = file.kind else { continue }
            let (table, diagnostics) = LegacyExporter.read(project.legacyTables[index], original: file.original)
            report.diagnostics += diagnostics
            sources.legacy[index] = table
        }
        return sources
    }

    private static func kind(of file: ExportedFile) -> ExportReport.File.Kind {
        switch file.kind {
        case .catalog: file.interfaceBuilderDocument == nil ? .catalog : .interfaceBuilderCatalog
        case .legacyTable: .legacyStrings
        }
    }

    /// Source Contents, the same in every package: each file's source as the project holds it
    /// (an Interface Builder document, a catalog with only its source language, a legacy table's
    /// source `.strings`), at its path below the project folder.
    private static func sourceContents(
        of files: [ExportedFile], _ sources: Sources, _ project: ExchangeProject,
        into report: inout ExportReport
    ) -> [(relative: String, bytes: [UInt8])] {
        var contents: [(relative: String, bytes: [UInt8])] = []
        for file in files {
            guard let relative = XclocLayout.sourceContentsPath(file.original) else {
                report.diagnostics.append(
                    .note(
                        "\(file.original) lies above the project folder: Source Contents does not hold it (Xcode "
                            + "writes it outside the package)",
                        at: .file(filePath(of: file, project))))
                continue
            }
            switch file.kind {
            case .catalog(let catalogPath):
                if let document = file.interfaceBuilderDocument {
                    guard case .success(let bytes) = FileBytes.read(document) else {
                        report.diagnostics.append(
                            .error("cannot read the Interface Builder document", at: .file(document)))
                        continue
                    }
                    contents.append((relative, bytes))
                } else if let catalog = sources.catalogs[catalogPath] {
                    contents.append((relative, CatalogWriter.bytes(for: SourceContents.catalog(catalog))))
                }
            case .legacyTable(let index):
                let table = project.legacyTables[index]
                guard let source = table.file(table.sourceLanguage),
                    case .success(let bytes) = FileBytes.read(source.path)
                else { continue }
                contents.append((relative, bytes))
            }
        }
        return contents
    }

    /// Each language's XLIFF, built and checked (`ExportOptions.check`) on every core.
    private static func xliff(
        of files: [ExportedFile], _ sources: Sources, _ project: ExchangeProject, languages: [String],
        options: ExportOptions
    ) -> [LanguageXLIFF] {
        let tool = options.tool
        let keyOrders = sources.catalogs.mapValues(\.sortedKeys)
        let check = options.check
        let otherOriginals = Set(
            files.filter { if case .legacyTable = $0.kind { true } else { false } }.map(\.original))
        let legacyTables = files.compactMap { file -> ExportedLegacyTable? in
            guard case .legacyTable(let index) = file.kind, let read = sources.legacy[index], !read.source.isEmpty
            else { return nil }
            let table = project.legacyTables[index]
            return ExportedLegacyTable(
                original: file.original, sourceLanguage: table.sourceLanguage,
                files: table.files.map { ($0.language, $0.path) })
        }
        return ConcurrentMap.map(languages) { language -> LanguageXLIFF in
            var bytes = XLIFFWriter.head
            var unexportable: [UnexportableValue] = []
            var units = 0
            var targets = 0
            for file in files {
                let made: (file: XLIFFFile, unexportable: [UnexportableValue])
                switch file.kind {
                case .catalog(let catalogPath):
                    // A catalog without a key is exported too, with an empty body (docs/spec/xliff.md §2.2).
                    guard let catalog = sources.catalogs[catalogPath] else { continue }
                    made = CatalogExporter.file(
                        catalog, path: catalogPath, original: file.original, language: language,
                        spelledInCatalog: sources.spelling(of: language, inCatalog: catalogPath), tool: tool,
                        keys: keyOrders[catalogPath])
                case .legacyTable(let index):
                    guard let table = sources.legacy[index], !table.source.isEmpty else { continue }
                    made = LegacyExporter.file(table, language: language, tool: tool)
                }
                XLIFFWriter.append(made.file, to: &bytes)
                unexportable += made.unexportable
                units += made.file.units.count
                targets += made.file.units.filter { $0.target != nil }.count
            }
            bytes += XLIFFWriter.tail
            let input = ExportCheckInput(
                language: language, xliff: bytes, catalogs: sources.exported, otherOriginals: otherOriginals,
                legacyTables: legacyTables)
            let problems = check?(input) ?? []
            return LanguageXLIFF(
                language: language, bytes: bytes, unexportable: unexportable, units: units, targets: targets,
                problems: problems)
        }
    }

    /// The checks' findings, and each value XML cannot hold: an error, or with `--skip-invalid` a warning.
    private static func collectProblems(
        of built: [LanguageXLIFF], options: ExportOptions, into report: inout ExportReport
    ) {
        for language in built {
            report.diagnostics += language.problems
            report.unexportable += language.unexportable
        }
        for value in report.unexportable {
            let what =
                value.onlyTarget ? "its translation is left out of the export" : "the unit is left out of the export"
            let character = "U+\(String(value.character.value, radix: 16, uppercase: true))"
            let message =
                "\(value.field) of \(value.unitID) holds \(character), a character XML 1.0 cannot hold: \(what)"
            if options.skipInvalid {
                report.diagnostics.append(.warning(message, at: .file(value.file)))
            } else {
                report.diagnostics.append(
                    .error(message + " (fix the value, or pass --skip-invalid)", at: .file(value.file)))
            }
        }
    }

    /// The files of every package that differ from what is on disk (and the paths of every file,
    /// changed or not), each package in the report; an earlier export's file with other bytes is
    /// an error without `--force`, and one that is not a regular file an error.
    private static func packageFiles(
        _ built: [LanguageXLIFF], sourceContents: [(relative: String, bytes: [UInt8])],
        project: ExchangeProject, output: String, options: ExportOptions,
        into report: inout ExportReport
    ) -> (batch: [(path: String, bytes: [UInt8])], every: [String]) {
        var batch: [(path: String, bytes: [UInt8])] = []
        var every: [String] = []
        for language in built {
            let folder = output + "/" + XclocLayout.packageName(language.language)
            let contentsJSON = XclocLayout.contentsJSON(
                developmentRegion: project.developmentRegion, container: project.container,
                targetLocale: language.language, toolVersion: options.tool.version,
                toolBuild: options.tool.build)
            var contents: [(String, [UInt8])] = [
                (folder + "/contents.json", contentsJSON),
                (folder + "/" + XclocLayout.xliffPath(language.language), language.bytes),
            ]
            for (relative, bytes) in sourceContents { contents.append((folder + "/" + relative, bytes)) }
            var changed = 0
            for (filePath, bytes) in contents {
                every.append(filePath)
                switch RegularFile.read(filePath) {
                case .success(let existing) where existing == bytes:
                    continue
                case .success:
                    if !options.force {
                        report.diagnostics.append(
                            .error(
                                "an earlier export's file has other bytes (a translator may have edited it): not "
                                    + "replaced without --force",
                                at: .file(filePath)))
                        continue
                    }
                case .failure(let failure) where !failure.isAbsence:
                    report.diagnostics.append(
                        .error("cannot read what stands where the export writes: \(failure)", at: .file(filePath)))
                    continue
                case .failure:
                    break
                }
                changed += 1
                batch.append((filePath, bytes))
            }
            let outcome: ExportReport.Package.Outcome =
                changed == 0 ? .unchanged : options.dryRun ? .wouldWrite : .written
            report.packages.append(
                ExportReport.Package(
                    language: language.language, path: folder, outcome: outcome,
                    units: language.units, targets: language.targets))
        }
        return (batch, every)
    }

    /// Writes the batch under the output folder's lock: each file staged and flushed beside its
    /// place on every core (the flushes are most of an export's time), then all put in place, or
    /// none. `every`: every file of the packages, whose folders are cleaned of what a killed run
    /// left before anything is staged.
    private static func write(
        _ batch: [(path: String, bytes: [UInt8])], every: [String], into output: String, options: ExportOptions,
        report: inout ExportReport
    ) {
        // The output folder first: its lock is then its own, not one in the nearest folder
        // that exists (which a killed run would leave outside --output).
        let createdFolders: [String]
        var newFolders: [String] = []
        do throws(AtomicFile.WriteError) {
            createdFolders = try AtomicFile.createFolder(output)
        } catch {
            report.diagnostics.append(.error("nothing was written: \(error.description)", at: .file(error.path)))
            return
        }
        do throws(Diagnostic) {
            let lock = try TreeLock.acquire(writingInto: [output])
            defer { lock.release() }
            let leftBehind = AtomicFile.cleanUpAfterKilledRuns(besideFiles: every, inside: output)
            defer { report.diagnostics += leftBehind }
            // Known before the files are staged on every core: a thread whose file fails may
            // remove a folder another still needs, which that one did not make, and which then
            // nobody removes (found by Tests/IOFaults/inject-exchange-faults.sh).
            newFolders = AtomicFile.missingFolders(forFiles: batch.map(\.path))
            let writer = options.fileWriter
            // Each file staged, or why not (with the file when it was made: discarded with the
            // others, so that the folders they share go too).
            let staged = ConcurrentMap.map(batch) { file -> (file: StagedFile?, error: AtomicFile.WriteError?) in
                do throws(AtomicFile.WriteError) {
                    let staged = try StagedFile(for: file.path, overwrite: true, root: output, writer: writer)
                    do throws(AtomicFile.WriteError) {
                        try staged.append(file.bytes)
                        try staged.finish()
                    } catch {
                        return (staged, error)
                    }
                    return (staged, nil)
                } catch {
                    return (nil, error)
                }
            }
            let ready = staged.compactMap(\.file)
            // (No early return: the folders made for the batch are removed below, once the lock is.)
            if let failure = staged.compactMap(\.error).first {
                StagedFile.discard(ready)
                report.diagnostics.append(
                    .error("nothing was written: \(failure.description)", at: .file(failure.path)))
            } else {
                do throws(AtomicFile.BatchError) {
                    report.diagnostics += try AtomicFile.writeAll(
                        zip(batch, ready).map { file, staged in
                            AtomicFile.BatchFile(
                                path: file.path, content: .staged(staged), overwrite: true, root: output)
                        }, remover: options.fileRemover, writer: writer)
                    report.written = true
                } catch {
                    report.diagnostics.append(
                        .error("nothing was written: \(error.error.description)", at: .file(error.error.path)))
                    for failure in error.undo.notRestored {
                        report.diagnostics.append(
                            .error("not put back as it was: \(failure.reason)", at: .file(failure.path)))
                    }
                }
            }
        } catch {
            report.diagnostics.append(error)
        }
        if !report.written { AtomicFile.removeEmptyFolders(createdFolders + newFolders) }
    }

    private static func filePath(of file: ExportedFile, _ project: ExchangeProject) -> String {
        switch file.kind {
        case .catalog(let path): return path
        case .legacyTable(let index):
            let table = project.legacyTables[index]
            return table.file(table.sourceLanguage)?.path ?? table.folder
        }
    }

    /// One language's XLIFF, as built.
    private struct LanguageXLIFF: Sendable {
        var language: String
        var bytes: [UInt8]
        var unexportable: [UnexportableValue]
        var units: Int
        var targets: Int
        var problems: [Diagnostic]
    }
}
