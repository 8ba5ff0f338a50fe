import Foundation
import Languages
import StringCatalog
import StringcatSupport
import XLIFF
import Xcloc

/// What `stringcat import` is asked to do.
public struct ImportOptions: Sendable {
    /// The project whose catalogs receive the translations.
    public var projectPath: String
    /// Write nothing; report what would change.
    public var dryRun = false

    public init(projectPath: String) { self.projectPath = projectPath }
}

/// What an import did, per catalog and language.
public struct ImportReport: Sendable {
    /// One language of one catalog.
    public struct CatalogLanguage: Sendable, Hashable {
        /// The catalog (absolute) and the language its units were imported into.
        public var catalog: String
        public var language: String
        /// Values written (new or changed), and values the XLIFF holds as the catalog already has them.
        public var imported = 0
        public var unchanged = 0
        /// Units not imported, counted by reason ("no target", "state needs-translation: …").
        public var skipped: [String: Int] = [:]

        public var skippedCount: Int { skipped.values.reduce(0, +) }
    }

    /// A `<file>` whose units went nowhere, and why.
    public struct SkippedFile: Sendable, Hashable {
        public var input: String
        public var original: String
        public var units: Int
        public var reason: String
    }

    public var projectRoot: String
    public var inputs: [String] = []
    public var languages: [CatalogLanguage] = []
    public var skippedFiles: [SkippedFile] = []
    /// The catalogs rewritten (or that would be, with `dryRun`), absolute.
    public var changedCatalogs: [String] = []
    public var diagnostics: [Diagnostic] = []
    public var written = false

    public var hasErrors: Bool { diagnostics.containsError }
}

/// `stringcat import`: translated XLIFF back into the project's catalogs, as Xcode's Import
/// Localizations does (docs/spec/xliff.md §3, rules I1–I13 as settled there).
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
/// project's, the same unit twice, a plural category the language does not have, a state XLIFF
/// does not define. The catalogs are rewritten in Xcode's form, all in one batch, under the
/// project's lock, each only if it still holds what the run read.
public enum ProjectImporter {
    /// How many units of unknown keys are named one by one per file (the rest are counted).
    static let namedUnknownUnits = 20

    /// Imports `inputs` (`.xcloc` folders or `.xliff` files) into the project at `options.projectPath`.
    public static func run(_ inputs: [String], options: ImportOptions) -> ImportReport {
        let root = URL(fileURLWithPath: options.projectPath).standardizedFileURL.path
        var report = ImportReport(projectRoot: root)
        var xliffFiles: [String] = []
        for input in inputs {
            switch xliffFilesOf(input) {
            case .success(let files): xliffFiles += files
            case .failure(let diagnostic): report.diagnostics.append(diagnostic)
            }
        }
        report.inputs = xliffFiles
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
        if !options.dryRun {
            do {
                lock = try TreeLock.acquire(writingInto: [root])
            } catch {
                report.diagnostics.append(error)
                return report
            }
        }
        defer { lock?.release() }

        var state = ImportState(targets: targets, legacy: project.legacyTables)
        for xliff in xliffFiles {
            state.importFile(xliff, into: &report)
            if report.hasErrors { break }
        }
        if !report.hasErrors { state.warnSkippedFiles(into: &report) }
        report.languages = state.counts.values.sorted { ($0.catalog, $0.language) < ($1.catalog, $1.language) }
        guard !report.hasErrors else { return report }

        var batch: [AtomicFile.BatchFile] = []
        for (path, loaded) in state.catalogs.sorted(by: { $0.key < $1.key }) where loaded.modified {
            let bytes = CatalogWriter.bytes(for: loaded.catalog, capacity: loaded.bytes.count)
            guard bytes != loaded.bytes else { continue }
            report.changedCatalogs.append(path)
            batch.append(
                AtomicFile.BatchFile(
                    path: path, content: .data(Data(bytes)), overwrite: true, root: root,
                    expecting: Data(loaded.bytes)))
        }
        guard !options.dryRun, !batch.isEmpty else { return report }
        do throws(AtomicFile.BatchError) {
            try AtomicFile.writeAll(batch)
            report.written = true
        } catch {
            report.diagnostics.append(
                .error("no catalog was written: \(error.error.description)", at: .file(error.error.path)))
        }
        return report
    }

    /// The XLIFF files an argument names: a `.xliff` file, or the `Localized Contents/*.xliff` of
    /// an `.xcloc` package.
    static func xliffFilesOf(_ input: String) -> Result<[String], Diagnostic> {
        let path = URL(fileURLWithPath: input).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(.error("no such file or folder", at: .file(path)))
        }
        guard isDirectory.boolValue else { return .success([path]) }
        let localized = path + "/Localized Contents"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: localized)) ?? []).filter {
            $0.hasSuffix(".xliff")
        }.sorted()
        guard !names.isEmpty else {
            return .failure(
                .error(
                    "no Localized Contents/*.xliff in this folder: give an .xcloc package or an .xliff file",
                    at: .file(path)))
        }
        return .success(names.map { localized + "/" + $0 })
    }
}

/// A catalog read for the import: its bytes as read, and the model the units change.
struct LoadedCatalog {
    var bytes: [UInt8]
    var catalog: StringCatalog
    var modified = false
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
    /// Every unit that changed a value (catalog, id, where), for the round-trip check.
    var changedUnits: [(catalog: String, id: String, location: SourceLocation)] = []

    init(targets: [String: ExportedFile], legacy: [ExchangeLegacyTable], catalogs: [String: LoadedCatalog] = [:]) {
        self.targets = targets
        self.legacy = legacy
        self.catalogs = catalogs
    }

    /// Reads one XLIFF file and applies its units.
    mutating func importFile(_ path: String, into report: inout ImportReport) {
        let source: XMLFileSource
        do {
            source = try XMLFileSource(path: path)
        } catch {
            report.diagnostics.append(.error("cannot read the XLIFF file: \(error.reason)", at: .file(path)))
            return
        }
        importFile(source, path: path, into: &report)
    }

    /// Reads one XLIFF document from `source` (named `path` in diagnostics) and applies its units.
    mutating func importFile(_ source: any XMLByteSource, path: String, into report: inout ImportReport) {
        var document = DocumentPass(path: path)
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
        var unmatched: [ImportReport.SkippedFile] = []
        var fileCount = 0
        var firstFileLocation: SourceLocation?
    }

    private mutating func handle(
        _ event: XLIFFReader.Event, in document: inout DocumentPass, report: inout ImportReport
    ) throws(Diagnostic) {
        switch event {
        case .file(let header):
            document.fileCount += 1
            if document.firstFileLocation == nil { document.firstFileLocation = header.location }
            document.current = try open(header, input: document.path, report: &report)
            if case .catalog? = document.current?.target { document.matchedFiles += 1 }
        case .unit(let unit):
            guard document.current != nil else { return }
            try apply(unit, in: &document.current!, report: &report)
        case .endOfFile:
            guard let context = document.current else { return }
            switch context.target {
            case .skipped(let reason):
                document.unmatched.append(
                    ImportReport.SkippedFile(
                        input: document.path, original: context.header.original, units: context.units, reason: reason))
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
        } else if document.matchedFiles == 0 && !document.unmatched.contains(where: { $0.reason.hasPrefix("legacy") }) {
            let originals = document.unmatched.prefix(3).map(\.original).joined(separator: ", ")
            report.diagnostics.append(
                .error(
                    "none of the \(document.fileCount) files this XLIFF names is a catalog of this project "
                        + "(\(originals)\(document.fileCount > 3 ? ", …" : "")): is it another project's? (give "
                        + "--project)",
                    at: document.firstFileLocation ?? .file(path)))
        }
        report.skippedFiles += document.unmatched
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
            let inputs = Set(files.map(\.input)).count
            let spread = inputs == 1 ? "" : " (in \(inputs) XLIFF files)"
            report.diagnostics.append(
                .warning(
                    "\(files[0].original): \(files[0].reason); its \(units) units are skipped\(spread)",
                    at: .file(files[0].input)))
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

    private mutating func open(_ header: XLIFFFileHeader, input: String, report: inout ImportReport) throws(Diagnostic)
        -> FileContext
    {
        let at = header.location ?? .file(input)
        guard let language = header.targetLanguage, !language.isEmpty else {
            throw .error(
                "<file original=\"\(header.original)\"> has no target-language: which language its translations are in "
                    + "cannot be known (Xcode refuses such a file too)",
                at: at)
        }
        // It becomes a key of the catalog, which `compile` and `export` make paths from.
        guard LanguageTag(language) != nil else {
            throw .error(
                "target-language \"\(ControlCharacters.escaped(language))\" is not a language code "
                    + "(a BCP 47 tag such as en, pt-BR or zh-Hans); nothing is imported", at: at)
        }
        guard let file = targets[header.original] else {
            return FileContext(
                header: header, target: .skipped("no file of this project is exported under this name"),
                language: language)
        }
        switch file.kind {
        case .legacyTable:
            return FileContext(
                header: header,
                target: .skipped("legacy .strings table: import writes String Catalogs (migrate the table first)"),
                language: language)
        case .catalog(let path):
            if catalogs[path] == nil {
                // Read when its first <file> comes: an XLIFF names only some catalogs.
                let bytes: [UInt8]
                switch FileBytes.read(path) {
                case .success(let read): bytes = read
                case .failure: throw .error("cannot read the catalog", at: .file(path))
                }
                let catalog = try CatalogReader.parse(bytes: bytes, path: path)
                catalogs[path] = LoadedCatalog(bytes: bytes, catalog: catalog)
            }
            return FileContext(header: header, target: .catalog(path), language: language)
        }
    }

    private mutating func apply(_ unit: XLIFFUnit, in context: inout FileContext, report: inout ImportReport)
        throws(Diagnostic)
    {
        context.units += 1
        guard case .catalog(let catalogPath) = context.target else { return }
        let at = unit.location ?? context.header.location ?? .file(catalogPath)
        // The catalog is looked up by each step, not held here: a copy alive while `write`
        // changes it in place would make the change copy the whole catalog.
        guard let (key, path) = try locate(unit, in: catalogPath, at: at, context: &context, report: &report) else {
            return
        }
        guard let target = unit.target else {
            // No target where the catalog holds no value either (as the export writes an
            // untranslated unit): the import leaves nothing different, so it is unchanged.
            let held = catalogs[catalogPath]?.catalog.strings[key]?.localizations[context.language].flatMap {
                CatalogLeaves.leaf(at: path, in: $0)
            }
            if held == nil {
                context.counts.unchanged += 1
            } else {
                context.counts.skipped["no target", default: 0] += 1
            }
            return
        }
        guard let newState = try state(of: unit, target, at: at, context: &context) else { return }
        try write(
            target, state: newState, of: unit, key: key, path: path, into: catalogPath, at: at, context: &context,
            report: &report)
    }

    /// The key and variation path a unit names in `catalog`: nil (counted, the first ones named)
    /// when the catalog has no such key; an error for a path Xcode does not write, a plural
    /// category the language does not have, or a unit seen twice.
    private mutating func locate(
        _ unit: XLIFFUnit, in catalogPath: String, at: SourceLocation, context: inout FileContext,
        report: inout ImportReport
    ) throws(Diagnostic) -> (key: String, path: VariationPath)? {
        guard let catalog = catalogs[catalogPath]?.catalog else { return nil }
        let language = context.language
        guard let (key, pathText) = UnitID.reading(of: unit.id, where: { catalog.strings[$0] != nil }) else {
            context.unknownUnits += 1
            if context.unknownUnits <= ProjectImporter.namedUnknownUnits {
                report.diagnostics.append(.warning("unit \(unit.id): the catalog has no such key (skipped)", at: at))
            }
            context.counts.skipped["no such key in the catalog", default: 0] += 1
            return nil
        }
        guard let path = VariationPath(text: pathText) else {
            throw .error(
                "unit \(unit.id): \"\(pathText)\" is not a variation path Xcode writes (plural.CATEGORY, device.NAME, "
                    + "substitutions.NAME.plural.CATEGORY)",
                at: at)
        }
        for segment in path.segments {
            guard case .plural(let category) = segment else { continue }
            guard PluralCategories.names.contains(category) else {
                throw .error(
                    "unit \(unit.id): \(category) is not a plural category (zero, one, two, few, many, other)", at: at)
            }
            let allowed = context.allowed
            // A category the catalog already holds there is the catalog's own (a .stringsdict
            // migrated with more forms than CLDR's): what the export wrote comes back.
            let held =
                catalog.strings[key]?.localizations[language].flatMap { CatalogLeaves.leaf(at: path, in: $0) } != nil
            guard allowed.contains(category) || held else {
                let list = PluralCategories.names.filter(allowed.contains).sorted { order($0) < order($1) }.joined(
                    separator: ", ")
                throw .error(
                    "unit \(unit.id): \(language) has no plural category \(category) (its categories: \(list))", at: at)
            }
        }
        if let first = seen[context.scope]?[unit.id] {
            throw .error(
                "unit \(unit.id) appears twice for \(language) (first at line \(first.line ?? 0), column "
                    + "\(first.column ?? 0))",
                at: at)
        }
        seen[context.scope, default: [:]][unit.id] = at
        return (key, path)
    }

    /// The catalog state a target's XLIFF state gives: nil (counted) for one that is not imported;
    /// an error for a state XLIFF 1.2 does not have or a character XML cannot hold.
    private func state(
        of unit: XLIFFUnit, _ target: XLIFFTarget, at: SourceLocation, context: inout FileContext
    ) throws(Diagnostic) -> TranslationState? {
        let newState: TranslationState
        switch XLIFFStates.reading(target.state) {
        case .write(let state): newState = state
        case .skip(let reason):
            context.counts.skipped[reason, default: 0] += 1
            return nil
        case .unknown:
            throw .error(
                "unit \(unit.id): state \"\(target.state ?? "")\" is not an XLIFF 1.2 state (translated, "
                    + "needs-review-l10n, new, needs-translation, final, signed-off, or x-…)",
                at: unit.targetLocation ?? at)
        }
        if case .plain(let value) = target.text,
            let scalar = value.unicodeScalars.first(where: { !XMLEscaping.isAllowed($0) })
        {
            throw .error(
                "unit \(unit.id): U+\(String(scalar.value, radix: 16)) cannot be in XML", at: unit.targetLocation ?? at)
        }
        return newState
    }

    /// Puts the target's text at its path in the catalog's localization, unless the catalog
    /// already holds it as the export writes it.
    private mutating func write(
        _ target: XLIFFTarget, state newState: TranslationState, of unit: XLIFFUnit, key: String,
        path: VariationPath, into catalogPath: String, at: SourceLocation, context: inout FileContext,
        report: inout ImportReport
    ) {
        guard let catalog = catalogs[catalogPath]?.catalog else { return }
        let language = context.language
        var entry = catalog.strings[key]!
        let source = entry.localizations[catalog.sourceLanguage]
        let existing = entry.localizations[language]
        if language == catalog.sourceLanguage && existing == nil {
            // The source text of such a key is the key itself; Xcode writes nothing for it. A target
            // that is the key (as the export writes it) changes nothing: unchanged, not skipped.
            if case .plain(let text) = target.text, text == key, path.segments.isEmpty {
                context.counts.unchanged += 1
            } else {
                context.counts.skipped["source language without a value: the key is the source text", default: 0] += 1
            }
            return
        }
        // Unchanged: the catalog already holds this target, as the export writes it. In the
        // development language only the text counts, and a value written keeps its state: Xcode's
        // import of en.xcloc changed no state (geteduroam@846cebde).
        let isSource = language == catalog.sourceLanguage
        let existingLeaf = existing.flatMap { CatalogLeaves.leaf(at: path, in: $0) }
        if let existing, let leaf = existingLeaf, leaf.state == newState || isSource {
            if UnitText.exported(leaf.text, at: path, in: existing, defining: existing, unitPath: path) == target.text {
                context.counts.unchanged += 1
                return
            }
        }
        let writtenState = isSource ? existingLeaf?.state ?? newState : newState
        var localization = existing ?? CatalogLocalization()
        let topLevelVariation: Bool
        switch path.segments.first {
        case .plural?, .device?: topLevelVariation = true
        default: topLevelVariation = false
        }
        let pathsKey = context.scope + "\u{0}" + key
        if path.segments.isEmpty, localization.variations != nil {
            context.counts.skipped[
                "a plain value where the catalog's value varies (re-export to get the units of its variations)",
                default: 0] += 1
            report.diagnostics.append(
                .warning(
                    "unit \(unit.id) is a plain value, but the catalog's \(language) value varies: not imported "
                        + "(re-export to get the units of its variations)",
                    at: at))
            return
        }
        if topLevelVariation, localization.stringUnit != nil, importedPaths[pathsKey]?.contains("") != true {
            // A translator gave the value variations (I10): the plain value is replaced by them.
            localization.stringUnit = nil
        }
        let value = UnitText.imported(target.text, at: path, localization: existing, source: source)
        CatalogLeaves.set(value, state: writtenState, at: path, in: &localization, template: source)
        entry.localizations[language] = localization
        // Changed in place: a copy of the catalog per unit would make an import quadratic.
        catalogs[catalogPath]?.catalog.strings[key] = entry
        catalogs[catalogPath]?.modified = true
        changedUnits.append((catalogPath, unit.id, at))
        importedPaths[pathsKey, default: []].insert(path.text)
        context.counts.imported += 1
    }

    private func order(_ category: String) -> Int {
        ["zero", "one", "two", "few", "many", "other"].firstIndex(of: category) ?? 6
    }
}
