import Foundation
import Languages
import StringCatalog
import StringcatSupport
import XLIFF
import Xcloc

/// `stringcat import`: translated XLIFF back into the project's catalogs, as Xcode's Import
/// Localizations does (docs/spec/xliff.md §3, rules I1–I15 as settled there).
///
/// Units are matched by their file's `original` and their `id`; the `<source>` is not looked at
/// (a stale source does not block the import, I6). Each target is written back with the
/// substitution rewrite undone (I1), in the state the XLIFF gives (I2); `needs-translation` is not
/// imported (I3); a unit without a target writes nothing (I7); units of unknown keys and files are
/// reported and skipped (I5); only the target language is touched (I12). A target the catalog
/// already holds (as the export writes it) leaves the value as it is, byte for byte.
///
/// Bad input is an error at its line and column, and then nothing is written: XML that is not
/// well formed, a file without `target-language` (I13), an XLIFF none of whose files is this
/// project's, the same unit twice, a plural category the language does not have, a place the
/// key's values do not have (I14), a state XLIFF does not define. A translator's file is
/// untrusted: only regular files are read, and memory stays bounded by the largest catalog and
/// the largest unit, whatever the XLIFF holds. `target-language` is the catalog's own spelling
/// of that language (`zh_Hans`, `DE` and `English` are `zh-Hans`, `de` and `en` when the catalog
/// writes them so). The catalogs are rewritten in Xcode's form, all in one batch, under the
/// project's lock, each only if it still holds what the run read; a read-only catalog (a
/// checkout not opened for edit) is not replaced.
public enum ProjectImporter {
    /// How many units of unknown keys are named one by one per file (the rest are counted).
    static let namedUnknownUnits = 20
    /// How many skipped `original`s are listed per input (the rest are counted).
    static let namedSkippedFiles = 20
    /// An import's peak address space, in times its largest catalog: its bytes as read and its
    /// model are held while the new catalog is encoded (measured on a 64 MB catalog: 5.6 times;
    /// see docs/performance.md).
    static let memoryFactor: UInt64 = 6

    /// Imports `inputs` (`.xcloc` folders or `.xliff` files) into the project at `options.projectPath`.
    public static func run(_ inputs: [String], options: ImportOptions) -> ImportReport {
        let root = URL(fileURLWithPath: options.projectPath).standardizedFileURL.path
        var report = ImportReport(projectRoot: root)
        var xliffFiles: [ImportInput] = []
        for input in inputs {
            switch ImportInputs.files(of: input) {
            case .success(let files): xliffFiles += files
            case .failure(let diagnostic): report.diagnostics.append(diagnostic)
            }
        }
        report.inputs = xliffFiles.map(\.path)
        guard !report.hasErrors else { return report }

        let project = ExchangeProject.find(root)
        report.diagnostics += project.diagnostics.filter(\.isError)
        guard !report.hasErrors else { return report }
        var targets: [String: ExportedFile] = [:]
        for file in project.exportedFiles { targets[file.original] = file }
        // An Interface Builder catalog is exported under its document's name; an XLIFF made where
        // the document is (a Mac) names it so even when this tree lacks the document.
        for file in project.exportedFiles {
            guard case .catalog(let path) = file.kind else { continue }
            for alias in project.interfaceBuilderOriginals(ofCatalog: path) where targets[alias] == nil {
                targets[alias] = file
            }
        }

        // Held from before the catalogs are read until they are written.
        var lock: TreeLock?
        // Files that killed runs left and that could not be removed: said once the run is done.
        var leftBehind: [Diagnostic] = []
        if !options.dryRun {
            do {
                lock = try TreeLock.acquire(writingInto: [root])
            } catch {
                report.diagnostics.append(error)
                return report
            }
            // What a run killed in the middle of its write left beside the catalogs (a previous
            // version kept aside is a second link of a catalog, which would stop this run),
            // whether or not this run finds anything to write.
            let catalogPaths = targets.values.compactMap { file -> String? in
                if case .catalog(let path) = file.kind { return path }
                return nil
            }
            leftBehind = AtomicFile.cleanUpAfterKilledRuns(besideFiles: catalogPaths.sorted(), inside: root)
        }
        defer { lock?.release() }

        var state = ImportState(targets: targets, legacy: project.legacyTables)
        for xliff in xliffFiles {
            state.importFile(xliff.path, package: xliff.package, into: &report)
            if report.hasErrors { break }
        }
        if !report.hasErrors { state.warnSkippedFiles(into: &report) }
        report.languages = state.counts.values.sorted { ($0.catalog, $0.language) < ($1.catalog, $1.language) }
        if !report.hasErrors { write(&state, root: root, options: options, into: &report) }
        report.diagnostics += leftBehind
        return report
    }

    /// Stages each catalog the units changed (streamed as it is encoded, never whole in memory)
    /// and puts them in place in one batch, all or none; reports what the batch could not clean.
    private static func write(
        _ state: inout ImportState, root: String, options: ImportOptions, into report: inout ImportReport
    ) {
        var batch: [AtomicFile.BatchFile] = []
        var staged: [StagedFile] = []
        func discard() { StagedFile.discard(staged) }
        for path in state.catalogs.keys.sorted() where state.catalogs[path]!.modified {
            guard let loaded = state.catalogs[path], !sameBytes(loaded.catalog, loaded.bytes) else { continue }
            report.diagnostics += ImportBundleCheck.losses(loaded.catalog, originals: loaded.originals, path: path)
            report.changedCatalogs.append(path)
            if let warning = readOnlyWarning(path, dryRun: options.dryRun) { report.diagnostics.append(warning) }
            guard !options.dryRun, !report.hasErrors else { continue }
            do throws(AtomicFile.WriteError) {
                let file = try StagedFile(for: path, overwrite: true, root: root, writer: options.fileWriter)
                staged.append(file)
                try CatalogWriter.write(loaded.catalog) { (part: [UInt8]) throws(AtomicFile.WriteError) in
                    try file.append(part)
                }
                batch.append(
                    AtomicFile.BatchFile(
                        path: path, content: .staged(file), overwrite: true, root: root,
                        expectation: loaded.snapshot.map(AtomicFile.Expectation.unchanged)))
            } catch {
                report.diagnostics.append(.error("no catalog was written: \(error.description)", at: .file(error.path)))
            }
        }
        guard !options.dryRun, !batch.isEmpty, !report.hasErrors else {
            discard()
            return
        }
        do throws(AtomicFile.BatchError) {
            report.diagnostics += try AtomicFile.writeAll(
                batch, remover: options.fileRemover, writer: options.fileWriter)
            report.written = true
        } catch {
            report.diagnostics.append(
                .error("no catalog was written: \(error.error.description)", at: .file(error.error.path)))
            for failure in error.undo.notRestored {
                report.diagnostics.append(.error("not put back as it was: \(failure.reason)", at: .file(failure.path)))
            }
        }
    }

    /// True when `catalog` written in Xcode's form is `bytes`, compared a part at a time as it
    /// is encoded.
    private static func sameBytes(_ catalog: StringCatalog, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        var same = true
        CatalogWriter.write(catalog) { (part: [UInt8]) in
            guard same else { return }
            guard offset + part.count <= bytes.count,
                part.withUnsafeBytes({ a in
                    bytes.withUnsafeBytes { b in
                        a.count == 0 || memcmp(a.baseAddress!, b.baseAddress! + offset, a.count) == 0
                    }
                })
            else {
                same = false
                return
            }
            offset += part.count
        }
        return same && offset == bytes.count
    }

    /// The warning for a catalog whose permissions say it is not to be written (a read-only
    /// checkout, as Perforce keeps files until they are opened for edit), nil otherwise. It is
    /// replaced all the same (its folder allows it, as Xcode's import does), keeping its mode, and
    /// the user is told, so that the version control learns of the change.
    static func readOnlyWarning(_ path: String, dryRun: Bool) -> Diagnostic? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let mode = info.st_mode & 0o7777
        guard mode & 0o222 == 0 || access(path, W_OK) != 0 else { return nil }
        return .warning(
            "the catalog is read-only (mode \(String(mode, radix: 8))), as a checkout not opened for edit is "
                + "(Perforce): \(dryRun ? "it would be replaced" : "replaced"), keeping its mode; open it for edit "
                + "(p4 edit) or tell your version control (p4 reconcile)",
            at: .file(path))
    }
}

/// A catalog read for the import: its bytes as read, and the model the units change.
struct LoadedCatalog {
    var bytes: [UInt8]
    var catalog: StringCatalog
    var modified = false
    /// The file as it was read: the batch replaces it only if it is still that file.
    var snapshot: FileSnapshot?
    /// The catalog's spellings of each language it holds, by canonical tag (found when a
    /// `<file>` first needs them, kept up to date as languages are added).
    var spellings: [String: Set<String>]?
    /// What the import changed, as it was (`ImportBundleCheck`).
    var originals = ImportBundleCheck.Originals()

    init(bytes: [UInt8], catalog: StringCatalog, snapshot: FileSnapshot? = nil) {
        self.bytes = bytes
        self.catalog = catalog
        self.snapshot = snapshot
    }

    /// Every language key of the catalog (its source language included), by canonical tag.
    static func spellings(of catalog: StringCatalog) -> [String: Set<String>] {
        var codes: Set<String> = [catalog.sourceLanguage]
        for entry in catalog.strings.values { codes.formUnion(entry.localizations.keys) }
        var spellings: [String: Set<String>] = [:]
        for code in codes {
            guard let tag = LanguageTag(code) else { continue }
            spellings[tag.canonical, default: []].insert(code)
        }
        return spellings
    }
}

/// The work of one run: the catalogs read so far, what each unit did, and the units seen.
struct ImportState {
    let targets: [String: ExportedFile]
    let legacy: [ExchangeLegacyTable]
    var catalogs: [String: LoadedCatalog] = [:]
    var counts: [String: ImportReport.CatalogLanguage] = [:]
    /// Where each unit imported into a catalog was first seen (catalog, language, id): the same
    /// unit twice is an error. Bounded by the catalogs' size, whatever the XLIFF's.
    var seen: [String: [String: SourceLocation]] = [:]
    /// Paths imported per catalog, key and language in this run (for the variation rule I10).
    var importedPaths: [String: Set<String>] = [:]
    /// Where a plain unit and a top-level variation unit were first given per catalog, key and
    /// language, for keys whose value is plain (`checkPlace`).
    var givenShapes: [String: (plain: SourceLocation?, varied: SourceLocation?)] = [:]
    /// Every unit that changed a value (catalog, id, where), for the round-trip check.
    var changedUnits: [(catalog: String, id: String, location: SourceLocation)] = []

    init(targets: [String: ExportedFile], legacy: [ExchangeLegacyTable], catalogs: [String: LoadedCatalog] = [:]) {
        self.targets = targets
        self.legacy = legacy
        self.catalogs = catalogs
    }

    /// Reads one XLIFF file (of the package `package` says, if any) and applies its units.
    mutating func importFile(_ path: String, package: PackageLanguage? = nil, into report: inout ImportReport) {
        let source: XMLFileSource
        do {
            source = try XMLFileSource(path: path)
        } catch {
            report.diagnostics.append(.error("cannot read the XLIFF file: \(error.reason)", at: .file(path)))
            return
        }
        importFile(source, path: path, package: package, into: &report)
    }

    /// Reads one XLIFF document from `source` (named `path` in diagnostics) and applies its units.
    mutating func importFile(
        _ source: any XMLByteSource, path: String, package: PackageLanguage? = nil, into report: inout ImportReport
    ) {
        var document = DocumentPass(path: path)
        document.package = package
        do throws(Diagnostic) {
            try XLIFFReader.read(source, path: path) { event throws(Diagnostic) in
                try handle(event, in: &document, report: &report)
            }
        } catch {
            report.diagnostics.append(error)
            return
        }
        finish(document, report: &report)
    }

    /// Applies the units of a document already read (`XLIFFReader.files`), named `path`.
    mutating func importFiles(_ files: [XLIFFFile], path: String, into report: inout ImportReport) {
        var document = DocumentPass(path: path)
        do throws(Diagnostic) {
            for file in files {
                try handle(.file(file.header), in: &document, report: &report)
                for unit in file.units { try handle(.unit(unit), in: &document, report: &report) }
                try handle(.endOfFile, in: &document, report: &report)
            }
        } catch {
            report.diagnostics.append(error)
            return
        }
        finish(document, report: &report)
    }

    /// What one document's pass has seen so far.
    struct DocumentPass {
        var path: String
        var current: FileContext?
        var matchedFiles = 0
        /// The first `ProjectImporter.namedSkippedFiles` originals skipped, one entry each.
        var unmatched: [ImportReport.SkippedFile] = []
        var unmatchedIndex: [String: Int] = [:]
        /// The `<file>` elements skipped past those, and their units.
        var unlistedFiles = 0
        var unlistedUnits = 0
        var sawLegacy = false
        var fileCount = 0
        var firstFileLocation: SourceLocation?
        /// The package the document came in, and the languages already said to differ from its.
        var package: PackageLanguage?
        var warnedLanguages: Set<String> = []
        /// The target languages already said to be spelled otherwise in a catalog.
        var respelled: Set<String> = []

        /// Counts the units of a skipped `<file>`: listed by `original` while few, counted after.
        mutating func skip(_ context: FileContext, reason: String) {
            if reason.hasPrefix("legacy") { sawLegacy = true }
            let key = context.header.original + "\u{0}" + reason
            if let index = unmatchedIndex[key] {
                unmatched[index].units += context.units
                unmatched[index].elements += 1
            } else if unmatched.count < ProjectImporter.namedSkippedFiles {
                unmatchedIndex[key] = unmatched.count
                unmatched.append(
                    ImportReport.SkippedFile(
                        input: path, original: context.header.original, units: context.units, reason: reason))
            } else {
                unlistedFiles += 1
                unlistedUnits += context.units
            }
        }
    }

    private mutating func handle(
        _ event: XLIFFReader.Event, in document: inout DocumentPass, report: inout ImportReport
    ) throws(Diagnostic) {
        switch event {
        case .file(let header):
            document.fileCount += 1
            if document.firstFileLocation == nil { document.firstFileLocation = header.location }
            document.current = try open(header, document: &document, report: &report)
            if case .catalog? = document.current?.target { document.matchedFiles += 1 }
        case .unit(let unit):
            guard document.current != nil else { return }
            try apply(unit, in: &document.current!, report: &report)
        case .endOfFile:
            guard let context = document.current else { return }
            switch context.target {
            case .skipped(let reason):
                document.skip(context, reason: reason)
            case .catalog(let catalogPath):
                if context.unknownUnits > ProjectImporter.namedUnknownUnits {
                    report.diagnostics.append(
                        .warning(
                            "and \(context.unknownUnits - ProjectImporter.namedUnknownUnits) more units of keys this "
                                + "catalog does not have (skipped)",
                            at: .file(catalogPath)))
                }
                let key = catalogPath + "\u{0}" + context.language
                var counts =
                    counts[key] ?? ImportReport.CatalogLanguage(catalog: catalogPath, language: context.language)
                counts.imported += context.counts.imported
                counts.unchanged += context.counts.unchanged
                counts.skipped.merge(context.counts.skipped, uniquingKeysWith: +)
                self.counts[key] = counts
            }
            document.current = nil
        }
    }

    private func finish(_ document: DocumentPass, report: inout ImportReport) {
        let path = document.path
        if document.fileCount == 0 {
            report.diagnostics.append(.error("this XLIFF has no <file> element: nothing to import", at: .file(path)))
        } else if document.matchedFiles == 0 && !document.sawLegacy {
            let originals = document.unmatched.prefix(3).map(\.original).joined(separator: ", ")
            report.diagnostics.append(
                .error(
                    "none of the \(document.fileCount) files this XLIFF names is a catalog of this project "
                        + "(\(originals)\(document.fileCount > 3 ? ", …" : "")): is it another project's? (give "
                        + "--project)",
                    at: document.firstFileLocation ?? .file(path)))
        }
        report.skippedFiles += document.unmatched
        report.unlistedSkippedFiles += document.unlistedFiles
        report.unlistedSkippedUnits += document.unlistedUnits
    }

    /// One warning per file the XLIFF files name and the import skips, for the same reason in every
    /// one of them (a legacy table is in each language's `.xcloc`): at the first XLIFF that names it.
    func warnSkippedFiles(into report: inout ImportReport) {
        var groups: [String: [ImportReport.SkippedFile]] = [:]
        var order: [String] = []
        for file in report.skippedFiles {
            let key = file.original + "\u{0}" + file.reason
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(file)
        }
        for key in order {
            let files = groups[key]!
            let units = files.reduce(0) { $0 + $1.units }
            let elements = files.reduce(0) { $0 + $1.elements }
            let inputs = Set(files.map(\.input)).count
            let inElements = elements > inputs ? " (in \(elements) <file> elements)" : ""
            let spread = inputs == 1 ? "" : " (in \(inputs) XLIFF files)"
            report.diagnostics.append(
                .warning(
                    "\(files[0].original): \(files[0].reason); its \(units) units\(inElements) are skipped\(spread)",
                    at: .file(files[0].input)))
        }
        if report.unlistedSkippedFiles > 0, let input = report.inputs.last {
            report.diagnostics.append(
                .warning(
                    "and \(report.unlistedSkippedFiles) more <file> elements of other files "
                        + "(\(report.unlistedSkippedUnits) units) are skipped", at: .file(input)))
        }
    }

    /// What a `<file>` goes to.
    enum Target {
        case catalog(String)
        case skipped(String)
    }

    struct FileContext {
        var header: XLIFFFileHeader
        var target: Target
        var language: String
        var units = 0
        var unknownUnits = 0
        /// What the file's units did (added to the run's counts at its end).
        var counts = ImportReport.CatalogLanguage(catalog: "", language: "")
        /// The plural categories `language` may have.
        var allowed: Set<String> = []
        /// `catalog NUL language`, the key of `seen` and `importedPaths`.
        var scope = ""

        init(header: XLIFFFileHeader, target: Target, language: String) {
            self.header = header
            self.target = target
            self.language = language
            if case .catalog(let path) = target {
                allowed = PluralCategories.allowed(for: language)
                scope = path + "\u{0}" + language
            }
        }
    }

    private mutating func open(
        _ header: XLIFFFileHeader, document: inout DocumentPass, report: inout ImportReport
    ) throws(Diagnostic) -> FileContext {
        let input = document.path
        let at = header.location ?? .file(input)
        guard let written = header.targetLanguage, !written.isEmpty else {
            throw .error(
                "<file original=\"\(header.original)\"> has no target-language: which language its translations are in "
                    + "cannot be known (Xcode refuses such a file too)",
                at: at)
        }
        // It becomes a key of the catalog, which `compile` and `export` make paths from.
        guard let tag = LanguageTag(written) else {
            throw .error(
                "target-language \"\(ControlCharacters.escaped(written))\" is not a language code "
                    + "(a BCP 47 tag such as en, pt-BR or zh-Hans); nothing is imported", at: at)
        }
        if let package = document.package, !package.tag.isSameLanguage(as: tag),
            document.warnedLanguages.insert(tag.canonical).inserted
        {
            report.diagnostics.append(
                .warning(
                    "target-language \"\(written)\" is not the language of the package this XLIFF came in ("
                        + "\((package.package as NSString).lastPathComponent) says \(package.tag.canonical), by "
                        + "\(package.source)): its units are imported into \(tag.canonical); is it the right file?",
                    at: at))
        }
        guard let file = targets[header.original] else {
            return FileContext(
                header: header, target: .skipped("no file of this project is exported under this name"),
                language: written)
        }
        switch file.kind {
        case .legacyTable:
            return FileContext(
                header: header,
                target: .skipped("legacy .strings table: import writes String Catalogs (migrate the table first)"),
                language: written)
        case .catalog(let path):
            if catalogs[path] == nil { catalogs[path] = try load(path) }
            let language = try spelling(of: tag, written: written, in: path, at: at)
            if language != written, document.respelled.insert(path + "\u{0}" + written).inserted {
                report.diagnostics.append(
                    .note(
                        "target-language \"\(written)\" is imported as \"\(language)\", the catalog's spelling of "
                            + "that language", at: at))
            }
            return FileContext(header: header, target: .catalog(path), language: language)
        }
    }

    /// Reads a catalog when its first `<file>` comes (an XLIFF names only some catalogs), once
    /// this process is known to have the memory for it.
    private func load(_ path: String) throws(Diagnostic) -> LoadedCatalog {
        if let problem = MemoryBudget.check(
            largest: MemoryBudget.largest(of: [path]), times: ProjectImporter.memoryFactor)
        {
            throw problem
        }
        let snapshot = FileSnapshot.of(path)
        let bytes: [UInt8]
        switch RegularFile.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure): throw .error("cannot read the catalog: \(failure)", at: .file(path))
        }
        guard FileSnapshot.of(path) == snapshot else {
            throw .error("the catalog changed while it was read (another program wrote it); run again", at: .file(path))
        }
        let catalog = try CatalogReader.parse(bytes: bytes, path: path)
        return LoadedCatalog(bytes: bytes, catalog: catalog, snapshot: snapshot)
    }

    /// The catalog's own spelling of the language `tag` names (`zh_Hans`, `DE` and `English` are
    /// `zh-Hans`, `de` and `en` where the catalog writes them so); a language the catalog does
    /// not hold yet is spelled as another catalog of this run spells it, else canonically. Two
    /// spellings of the language in the catalog: which one is meant cannot be known, an error.
    private mutating func spelling(
        of tag: LanguageTag, written: String, in path: String, at: SourceLocation
    ) throws(Diagnostic) -> String {
        if catalogs[path]?.spellings == nil, let catalog = catalogs[path]?.catalog {
            let spellings = LoadedCatalog.spellings(of: catalog)
            catalogs[path]?.spellings = spellings
        }
        let canonical = tag.canonical
        let held = catalogs[path]?.spellings?[canonical] ?? []
        if held.count > 1 {
            throw .error(
                "target-language \"\(written)\" is \(canonical), which the catalog holds under "
                    + held.sorted().map { "\"\($0)\"" }.joined(separator: " and ")
                    + ": which one the translations are for cannot be known; nothing is imported (keep one of them)",
                at: at)
        }
        if let spelled = held.first { return spelled }
        var spelled = canonical
        for other in catalogs.keys.sorted() {
            if let spellings = catalogs[other]?.spellings?[canonical], spellings.count == 1 {
                spelled = spellings.first!
                break
            }
        }
        // Every later `<file>` of this language, however written, goes to the same key.
        catalogs[path]?.spellings?[canonical] = [spelled]
        return spelled
    }

}
