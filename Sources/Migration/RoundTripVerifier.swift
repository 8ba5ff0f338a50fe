import Foundation
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile

/// `stringcat verify`: proves, key by key, that a migration lost nothing.
///
/// For each table: read the legacy files, migrate them in memory, write the catalog and read it
/// back, compile it, write the compiled `.strings`/`.stringsdict` and read those back, then compare
/// with the legacy files semantically (`SemanticValue`). Where a catalog already exists on disk, it
/// is compiled and compared the same way.
public enum RoundTripVerifier {
    public static func verify(_ path: String, tables: [String] = [], sourceLanguage: String? = nil) -> VerificationReport {
        let project = ProjectTables.find(path, tables: tables, sourceLanguage: sourceLanguage)
        var report = VerificationReport(root: project.scan.root, sourceLanguage: project.sourceLanguage, diagnostics: project.diagnostics, tables: [])
        let files = project.tables.flatMap { $0.files + $0.shadowedFiles }
        let results = LegacyReader.read(files)
        var cursor = 0
        for table in project.tables {
            let count = table.files.count + table.shadowedFiles.count
            let loaded = TableLoader.load(table, results: Array(results[cursor..<(cursor + count)]), skipInvalid: true)
            cursor += count
            report.tables.append(verify(table, loaded: loaded, source: project.sourceLanguage.code))
        }
        return report
    }

    static func verify(_ table: LegacyTable, loaded: TableLoader.Loaded, source: String) -> TableVerification {
        let contents = Array(loaded.contents.values).sorted { $0.language < $1.language }
        // Reader warnings are lint's business; verify keeps what bears on loss: files skipped as
        // invalid (with their error) and the folding of a second folder of one language.
        var notes = loaded.skipErrors.map { Diagnostic.note("skipped, it does not parse: " + $0.message, at: $0.location) } + loaded.shadowNotes
        let legacy = LegacySide(contents, source: source, notes: &notes)

        // Round trip, through every writer and reader.
        var roundTrip = CheckResult(check: .roundTrip, catalogPath: table.catalogPath, languageCount: 0, keyCount: 0, differences: [], errors: [])
        let merged = CatalogMerger.merge(contents, sourceLanguage: source)
        roundTrip.errors += merged.diagnostics.filter(\.isError)
        do {
            let catalog = try CatalogReader.parse(CatalogWriter.data(for: merged.catalog), path: table.catalogPath)
            let compiled = CompiledSide(CatalogCompiler.compile(catalog, tableName: table.name, path: table.catalogPath), catalog: catalog, rereadThroughWriters: true)
            roundTrip.errors += compiled.errors
            compare(legacy, compiled, into: &roundTrip)
        } catch {
            roundTrip.errors.append(error)
        }
        var checks = [roundTrip]

        // A catalog that is already there.
        if FileManager.default.fileExists(atPath: table.catalogPath) {
            checks.append(compareCatalog(at: table.catalogPath, legacy: legacy, tableName: table.name))
        }
        return TableVerification(table: table, checks: checks, notes: notes, skippedFiles: loaded.skippedFiles)
    }

    /// Compares the catalog file at `path` with a table's legacy files (what `migrate
    /// --delete-legacy` checks before deleting anything).
    static func compareCatalog(at path: String, table: LegacyTable, loaded: TableLoader.Loaded, source: String) -> CheckResult {
        var ignored: [Diagnostic] = []
        let contents = Array(loaded.contents.values).sorted { $0.language < $1.language }
        return compareCatalog(at: path, legacy: LegacySide(contents, source: source, notes: &ignored), tableName: table.name)
    }

    private static func compareCatalog(at path: String, legacy: LegacySide, tableName: String) -> CheckResult {
        var result = CheckResult(check: .existingCatalog, catalogPath: path, languageCount: 0, keyCount: 0, differences: [], errors: [])
        do {
            let catalog = try CatalogReader.read(path: path)
            let compiled = CompiledSide(CatalogCompiler.compile(catalog, tableName: tableName, path: path), catalog: catalog, rereadThroughWriters: false)
            compare(legacy, compiled, into: &result)
        } catch {
            result.errors.append(error)
        }
        return result
    }

    // MARK: - The two sides

    struct LegacyValue {
        var value: SemanticValue
        var location: SourceLocation
    }

    /// What the legacy files say, per language and key (the runtime's view: the last duplicate
    /// wins, a `.stringsdict` form wins over a `.strings` value).
    struct LegacySide {
        var values: [String: [String: LegacyValue]] = [:]
        var comments: [String: String]
        var source: String
        var sourceFile: String?

        init(_ contents: [LegacyLanguageContent], source: String, notes: inout [Diagnostic]) {
            self.source = source
            comments = CatalogMerger.comments(contents, sourceLanguage: source)
            var otherComments = 0
            for content in contents {
                var map: [String: LegacyValue] = [:]
                if let file = content.strings {
                    if content.language == source { sourceFile = file.path }
                    for entry in file.entries {
                        map[entry.key] = LegacyValue(value: .text(entry.value), location: SourceLocation(path: file.path, line: entry.line, column: entry.column))
                        if content.language != source, let comment = entry.comment, !CatalogMerger.droppedComments.contains(comment), comments[entry.key] != comment {
                            otherComments += 1
                        }
                    }
                }
                if let file = content.stringsDict {
                    if content.language == source, sourceFile == nil { sourceFile = file.path }
                    var shadowed = 0
                    for entry in file.entries {
                        if map[entry.key] != nil { shadowed += 1 }
                        map[entry.key] = LegacyValue(value: SemanticValue(entry.rule), location: SourceLocation(path: file.path, line: entry.line, column: entry.line == nil ? nil : 1))
                    }
                    if shadowed > 0 {
                        notes.append(.note("\(shadowed) keys are also in the .strings of \(content.language); the .stringsdict form is what the app shows and what is kept", at: .file(file.path)))
                    }
                }
                if !map.isEmpty { values[content.language] = map }
            }
            if otherComments > 0 {
                notes.append(.note("\(otherComments) comments in languages other than \(source) have no place in a catalog (it keeps one comment per key, from \(source))", at: .file(sourceFile ?? "")))
            }
        }
    }

    /// What the catalog side gives back, per language and key.
    struct CompiledSide {
        var values: [String: [String: SemanticValue]] = [:]
        var comments: [String: String] = [:]
        var errors: [Diagnostic] = []

        init(_ table: CompiledTable, catalog: StringCatalog, rereadThroughWriters: Bool) {
            for (key, entry) in catalog.strings {
                if let comment = entry.comment { comments[key] = comment }
            }
            // Languages are independent: render, re-read and map them on both cores.
            let comments = self.comments
            let perLanguage = ConcurrentMap.map(table.languages) { language in
                Self.side(of: language, tableName: table.tableName, comments: comments, reread: rereadThroughWriters)
            }
            for (language, side) in zip(table.languages, perLanguage) {
                values[language.language] = side.values
                errors += side.errors
            }
        }

        private static func side(of language: CompiledLanguage, tableName: String, comments: [String: String], reread: Bool)
            -> (values: [String: SemanticValue], errors: [Diagnostic]) {
            var strings = language.strings
            var dict = language.stringsDict
            var errors: [Diagnostic] = []
            if reread {
                // The bytes `stringcat compile` writes (text .strings, XML .stringsdict), read back.
                let path = "\(language.language).lproj/\(tableName)"
                let rereadStrings = StringsFileReader.parse([UInt8](CompiledFileRenderer.strings(strings, format: .text)), path: path + ".strings")
                errors += rereadStrings.diagnostics.filter(\.isError)
                strings = rereadStrings.file?.entries ?? []
                if !dict.isEmpty {
                    let rereadDict = StringsDictReader.parse(CompiledFileRenderer.stringsDict(dict, format: .text), path: path + ".stringsdict", language: language.language)
                    errors += rereadDict.diagnostics.filter(\.isError)
                    dict = rereadDict.file?.entries ?? []
                }
                // The text .strings carries each entry's comment: it must survive too.
                for entry in strings where entry.comment != comments[entry.key] {
                    errors.append(.error("\"\(entry.key)\" [\(language.language)]: comment changed in the compiled .strings: \(quote(comments[entry.key])) -> \(quote(entry.comment))", at: .file(path + ".strings")))
                }
            }
            var map: [String: SemanticValue] = [:]
            map.reserveCapacity(strings.count + dict.count)
            for entry in strings { map[entry.key] = .text(entry.value) }
            for entry in dict { map[entry.key] = SemanticValue(entry.rule) }
            return (map, errors)
        }
    }

    // MARK: - Comparison

    static func compare(_ legacy: LegacySide, _ compiled: CompiledSide, into result: inout CheckResult) {
        result.languageCount = legacy.values.count
        result.keyCount = Set(legacy.values.values.flatMap(\.keys)).count
        for language in legacy.values.keys.sorted() {
            let legacyValues = legacy.values[language]!
            guard let compiledValues = compiled.values[language] else {
                let first = legacyValues.values.map(\.location).min { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) }!
                result.differences.append(Difference(kind: .languageMissing, language: language, key: nil, location: .file(first.path),
                                                     detail: "\(legacyValues.count) keys of \(language) are not in the catalog"))
                continue
            }
            for key in legacyValues.keys.sorted() {
                let old = legacyValues[key]!
                guard let new = compiledValues[key] else {
                    result.differences.append(Difference(kind: .keyMissing, language: language, key: key, location: old.location, detail: ""))
                    continue
                }
                for (kind, detail) in differences(old.value, new) {
                    result.differences.append(Difference(kind: kind, language: language, key: key, location: old.location, detail: detail))
                }
            }
        }
        // Comments of the source language.
        let keys = Set(legacy.values.values.flatMap(\.keys))
        for key in keys.sorted() where legacy.comments[key] != compiled.comments[key] {
            let location = legacy.values[legacy.source]?[key]?.location ?? .file(legacy.sourceFile ?? result.catalogPath)
            result.differences.append(Difference(kind: .commentChanged, language: legacy.source, key: key, location: location,
                                                 detail: "\(quote(legacy.comments[key])) -> \(quote(compiled.comments[key]))"))
        }
    }

    static func differences(_ old: SemanticValue, _ new: SemanticValue, prefix: String = "") -> [(DifferenceKind, String)] {
        switch (old, new) {
        case let (.text(a), .text(b)):
            return a == b ? [] : [(.valueChanged, prefix + "\(quote(a)) -> \(quote(b))")]
        case let (.plural(a), .plural(b)):
            return ruleDifferences(a, b, prefix: prefix)
        case let (.device(a), .device(b)):
            var found: [(DifferenceKind, String)] = []
            for device in a.keys.sorted() {
                guard let other = b[device] else {
                    found.append((.valueChanged, prefix + "device case \(device) is missing"))
                    continue
                }
                found += differences(a[device]!, other, prefix: prefix + "\(device): ")
            }
            for device in b.keys.sorted() where a[device] == nil {
                found.append((.valueChanged, prefix + "device case \(device) was added"))
            }
            return found
        default:
            return [(.valueChanged, prefix + "was \(old.kindName), is \(new.kindName)")]
        }
    }

    private static func ruleDifferences(_ a: SemanticRule, _ b: SemanticRule, prefix: String) -> [(DifferenceKind, String)] {
        var found: [(DifferenceKind, String)] = []
        let keysA = a.parts.compactMap { part -> SemanticRule.VariableKey? in if case .variable(let k) = part { return k } else { return nil } }
        let keysB = b.parts.compactMap { part -> SemanticRule.VariableKey? in if case .variable(let k) = part { return k } else { return nil } }
        if keysA != keysB {
            found.append((.specifierChanged, prefix + "the format key's variables format \(keysA.map(\.description).joined(separator: ", ")), now \(keysB.map(\.description).joined(separator: ", "))"))
        } else if a.parts != b.parts {
            found.append((.valueChanged, prefix + "the text around the variables changed: \(quote(describe(a.parts))) -> \(quote(describe(b.parts)))"))
        }
        for key in a.variables.keys.sorted() {
            let old = a.variables[key]!
            guard let new = b.variables[key] else {
                found.append((.pluralCategoryMissing, prefix + "\(key): all of \(old.forms.keys.sorted().map(\.rawValue).joined(separator: ", ")) missing"))
                continue
            }
            if let kindA = old.kind, let kindB = new.kind, kindA != kindB {
                found.append((.specifierChanged, prefix + "\(key): value type \(old.valueType ?? "?") -> \(new.valueType ?? "?")"))
            }
            for category in old.forms.keys.sorted() {
                guard let text = new.forms[category] else {
                    found.append((.pluralCategoryMissing, prefix + "\(key): \(category.rawValue) (\(quote(old.forms[category]))) missing"))
                    continue
                }
                if text != old.forms[category] {
                    found.append((.pluralCategoryChanged, prefix + "\(key): \(category.rawValue): \(quote(old.forms[category])) -> \(quote(text))"))
                }
            }
            for category in new.forms.keys.sorted() where old.forms[category] == nil {
                found.append((.pluralCategoryChanged, prefix + "\(key): \(category.rawValue) was added"))
            }
        }
        return found
    }

    private static func describe(_ parts: [SemanticRule.Part]) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): return text
            case .variable(.argument(let index)): return "%\(index)$#@…@"
            case .variable(.named(let name)): return "%#@\(name)@"
            }
        }.joined()
    }
}

func quote(_ text: String?) -> String {
    guard let text else { return "none" }
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    return "\"\(escaped)\""
}
