import Foundation
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile

/// What one language of a catalog compiles to.
public struct CompiledLanguage: Sendable {
    /// The catalog's language code; also the `.lproj` folder name (`zh-Hans` -> `zh-Hans.lproj`).
    public var language: String
    /// Plain units, in catalog order (Xcode's key order); `comment` = the entry's catalog comment.
    public var strings: [StringsEntry]
    /// Units with plural or device variations or substitutions, in catalog order.
    public var stringsDict: [StringsDictEntry]

    public init(language: String, strings: [StringsEntry] = [], stringsDict: [StringsDictEntry] = []) {
        self.language = language
        self.strings = strings
        self.stringsDict = stringsDict
    }
}

/// What a catalog compiles to: one `CompiledLanguage` per language that has anything to write.
public struct CompiledTable: Sendable {
    /// The table name (`Localizable`), i.e. the catalog's file name without `.xcstrings`.
    public var tableName: String
    /// Languages with at least one unit to write, in catalog order (the requested order when
    /// languages were given).
    public var languages: [CompiledLanguage]
    /// Warnings about units a `.stringsdict` cannot hold, languages asked for but absent…
    public var diagnostics: [Diagnostic]

    public init(tableName: String, languages: [CompiledLanguage], diagnostics: [Diagnostic]) {
        self.tableName = tableName
        self.languages = languages
        self.diagnostics = diagnostics
    }

    public func language(_ code: String) -> CompiledLanguage? {
        languages.first { $0.language == code }
    }
}

/// Compiles String Catalogs back to `.strings` and `.stringsdict` (docs/spec/compile-output.md), the inverse of
/// `CatalogMerger`: for a catalog it migrated, every key, value and plural form of the legacy
/// files comes back (variable names of shape (a) entries become `arg1`).
///
/// Which units are written: `CompileSelection`. How variations become rules: `CompileRuleBuilder`.
/// Files and bytes: `CatalogCompiler.plan` / `write` (CompilePlanner.swift).
public enum CatalogCompiler {
    /// From this many entries on, runs of keys compile on every core (unless `split` says otherwise).
    static let parallelThreshold = 4_096

    /// Compiles `catalog` in memory (no I/O).
    /// - Parameters:
    ///   - languages: only these language codes; nil = every language of the catalog.
    ///   - path: the catalog's path, for diagnostics; defaults to `<tableName>.xcstrings`.
    public static func compile(
        _ catalog: StringCatalog, tableName: String, languages: [String]? = nil, path: String? = nil
    ) -> CompiledTable {
        let result = compileKeepingKeys(catalog, tableName: tableName, languages: languages, path: path)
        return result.table
    }

    /// The compiled table, and for each diagnostic the entry key it is about (to locate it).
    /// `split`: whether runs of keys compile on every core (by the catalog's size, or always or
    /// never: tests compare the two ways).
    static func compileKeepingKeys(
        _ catalog: StringCatalog, tableName: String, languages wanted: [String]?,
        path: String?, split: ParallelSplit = .bySize
    )
        -> (table: CompiledTable, diagnosticKeys: [String?])
    {
        let location = SourceLocation.file(path ?? "\(tableName).xcstrings")
        var diagnostics: [Diagnostic] = []
        var diagnosticKeys: [String?] = []
        func report(_ diagnostic: Diagnostic, key: String?) {
            diagnostics.append(diagnostic)
            diagnosticKeys.append(key)
        }

        let wantedSet = wanted.map(Set.init)
        // Entries compile independently: runs of keys on every core, joined in key order.
        let keys = catalog.sortedKeys
        let runs = split.splits(keys.count, from: parallelThreshold) ? 16 : 1
        let parts = ConcurrentMap.map(Array(0..<runs)) {
            run -> (buckets: [String: CompiledLanguage], reports: [(Diagnostic, String)]) in
            var buckets: [String: CompiledLanguage] = [:]
            var reports: [(Diagnostic, String)] = []
            for key in keys[(keys.count * run / runs)..<(keys.count * (run + 1) / runs)] {
                compileEntry(
                    key, catalog.strings[key]!, languages: wantedSet, location: location,
                    report: { reports.append(($0, key)) }
                ) { language, unit in
                    switch unit {
                    case .strings(let entry):
                        buckets[language, default: CompiledLanguage(language: language)].strings.append(entry)
                    case .stringsDict(let entry):
                        buckets[language, default: CompiledLanguage(language: language)].stringsDict.append(entry)
                    }
                }
            }
            return (buckets, reports)
        }
        var buckets: [String: CompiledLanguage] = [:]
        for part in parts {
            for (diagnostic, key) in part.reports { report(diagnostic, key: key) }
            for (language, compiled) in part.buckets {
                buckets[language, default: CompiledLanguage(language: language)].strings += compiled.strings
                buckets[language, default: CompiledLanguage(language: language)].stringsDict += compiled.stringsDict
            }
        }

        let order: [String]
        if let wanted {
            var seen: Set<String> = []
            order = wanted.filter { seen.insert($0).inserted }
            let present = Set(catalog.strings.values.flatMap { $0.localizations.keys })
            for language in order where !present.contains(language) {
                report(
                    .warning(
                        "the catalog has no \(language) translations; no \(language).lproj files are written",
                        at: location), key: nil)
            }
        } else {
            order = CatalogKeyOrder.sorted(buckets.keys)
        }
        let table = CompiledTable(
            tableName: tableName, languages: order.compactMap { buckets[$0] }, diagnostics: diagnostics)
        return (table, diagnosticKeys)
    }

    /// Compiles one entry of a catalog: `emit` receives each language's unit (in no set order),
    /// `report` each warning. `compile` is this, entry by entry in key order; `verify` calls it
    /// on entries as it streams them from a catalog too large to hold as a model.
    public static func compileEntry(
        _ key: String, _ entry: CatalogEntry, languages wanted: Set<String>? = nil, location: SourceLocation,
        report: (Diagnostic) -> Void, emit: (String, CompiledUnit) -> Void
    ) {
        // Warnings wait to be given in language order: the localizations' order is a
        // dictionary's, which differs from run to run (a report must not).
        var warnings: [(language: String, warning: Diagnostic)] = []
        defer {
            if warnings.count > 1 {
                warnings = warnings.enumerated().sorted {
                    ($0.element.language, $0.offset) < ($1.element.language, $1.offset)
                }.map(\.element)
            }
            for item in warnings { report(item.warning) }
        }
        for (language, localization) in entry.localizations {
            if let wanted, !wanted.contains(language) { continue }
            if localization.variations?.plural != nil || localization.variations?.device != nil
                || !localization.substitutions.isEmpty
            {
                var builder = CompileRuleBuilder(key: key, language: language)
                let rule = builder.rule(for: localization)
                for warning in builder.warnings { warnings.append((language, .warning(warning, at: location))) }
                if let rule { emit(language, .stringsDict(StringsDictEntry(key: key, rule: rule))) }
            } else if let unit = localization.stringUnit {
                if let variations = localization.variations, !variations.extraFields.isEmpty {
                    warnings.append(
                        (
                            language,
                            .warning(
                                "\"\(key)\" [\(language)]: variations of kind "
                                    + "\(variations.extraFields.keys.sorted().joined(separator: ", ")) cannot be "
                                    + "compiled; only the string unit is written",
                                at: location)
                        ))
                }
                guard CompileSelection.emits(unit) else { continue }
                emit(language, .strings(StringsEntry(key: key, value: unit.value, comment: entry.comment)))
            } else if localization.variations != nil || !localization.extraFields.isEmpty {
                warnings.append(
                    (
                        language,
                        .warning(
                            "\"\(key)\" [\(language)]: nothing a .strings or .stringsdict can hold; it is left out",
                            at: location)
                    ))
            }
        }
    }
}

/// What one language of one catalog entry compiles to.
public enum CompiledUnit: Sendable {
    /// A plain unit: a line of the language's `.strings`.
    case strings(StringsEntry)
    /// A unit with variations or substitutions: an entry of the language's `.stringsdict`.
    case stringsDict(StringsDictEntry)
}
