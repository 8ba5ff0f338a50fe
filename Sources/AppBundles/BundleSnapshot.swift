import Languages
import LegacyTables

/// A target's bundle as the migration record keeps it (`BundleRecord`), and the comparison of the
/// bundle now with it: what `verify` says of each target once the legacy files may be gone
/// (docs/spec/app-bundle.md#the-record-of-the-bundle-before).
public enum BundleSnapshot {
    /// What the record keeps of `bundle`, its files read through `source`; paths in what it says
    /// relative to `base` (the folder the record's paths are relative to).
    public static func record(_ bundle: TargetBundle, _ source: any BundleContentSource, base: String) -> BundleRecord {
        let contents = BundleContents(bundle, source)
        var tables: [String: [String: Int]] = [:]
        for (table, languages) in contents.tables {
            for (language, slot) in languages {
                // A slot only a catalog's own keys fill is kept as nothing to lose (0).
                tables[table, default: [:]][language.canonical] = slot.isImplicit ? 0 : slot.keys ?? 0
            }
        }
        return BundleRecord(
            title: bundle.title, languages: contents.languages.map(\.canonical).sorted(), tables: tables,
            tableNames: bundle.tableNames, resources: contents.resources.sorted(),
            failures: bundle.failures.map { said($0, base: base) })
    }

    /// What the bundle now lacks of the recorded one: languages, tables of a language, keys, and
    /// build failures it did not have. A language the record says a run dropped on request is
    /// not among them (`droppedOnRequest`).
    public static func losses(
        since record: BundleRecord, now bundle: TargetBundle, _ contents: BundleContents, base: String
    ) -> (changes: [BundleChange], droppedOnRequest: [String: String]) {
        let failures = bundle.failures
        var changes: [BundleChange] = []
        var requested: [String: String] = [:]
        for code in record.languages {
            guard let language = LanguageTag(code), !contents.languages.contains(language) else { continue }
            if let option = record.dropped[code] {
                requested[code] = option
            } else {
                changes.append(.languageLost(language))
            }
        }
        for (table, languages) in record.tables {
            for (code, keys) in languages where keys > 0 {
                guard let language = LanguageTag(code), record.dropped[code] == nil else { continue }
                guard let slot = contents.tables[table]?[language] else {
                    changes.append(.tableLost(table: table, language: language, keys: keys))
                    continue
                }
                if !slot.isImplicit, let count = slot.keys, count < keys {
                    changes.append(.keysLost(table: table, language: language, before: keys, after: count))
                }
            }
        }
        changes += Set(record.tableNames).subtracting(bundle.tableNames).map(BundleChange.tableRemoved)
        changes += Set(record.resources).subtracting(contents.resources).map(BundleChange.resourceLost)
        let known = Set(record.failures)
        changes += failures.filter { !known.contains(said($0, base: base)) }.map(BundleChange.buildFails)
        return (changes.sorted(), requested)
    }

    /// A failure as the record says it: its paths relative to `base`.
    static func said(_ failure: BuildFailure, base: String) -> String {
        failure.description.replacingOccurrences(of: base + "/", with: "")
    }
}
