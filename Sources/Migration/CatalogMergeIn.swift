import LegacyTables
import StringCatalog
import StringcatSupport

/// Which side wins where `migrate --merge` finds a value the catalog and the legacy files give
/// differently.
public enum MergePreference: String, Sendable, CaseIterable {
    /// The catalog's value is kept (the default: a catalog edited after a first migration keeps
    /// its edits).
    case catalog
    /// The legacy files' value replaces the catalog's.
    case legacy
}

/// `migrate --merge`: adds to an existing catalog the entries and languages it lacks. Where the
/// legacy files give a value differently, `prefer` decides, and the differences are named: which
/// keys, in which languages.
enum CatalogMergeIn {
    struct Result {
        var catalog: StringCatalog
        var diagnostics: [Diagnostic]
        var changed: Bool
        /// Keys whose value differs, each with its languages (sorted).
        var differing: [(key: String, languages: [String])]
    }

    static func merge(
        _ migrated: StringCatalog, into existing: StringCatalog, path: String, prefer: MergePreference = .catalog
    ) -> Result {
        var catalog = existing
        var added = 0, addedLanguages = 0
        var differing: [(key: String, languages: [String])] = []
        for key in migrated.strings.keys.sorted() {
            let entry = migrated.strings[key]!
            guard var current = catalog.strings[key] else {
                catalog.strings[key] = entry
                added += 1
                continue
            }
            if current.comment == nil, let comment = entry.comment {
                current.comment = comment
            }
            var languages: [String] = []
            for language in entry.localizations.keys.sorted() {
                let localization = entry.localizations[language]!
                if let have = current.localizations[language] {
                    if have != localization {
                        languages.append(language)
                        if prefer == .legacy { current.localizations[language] = localization }
                    }
                } else {
                    current.localizations[language] = localization
                    addedLanguages += 1
                }
            }
            if !languages.isEmpty { differing.append((key, languages)) }
            catalog.strings[key] = current
        }
        let changed = catalog != existing
        let count = differing.reduce(0) { $0 + $1.languages.count }
        var diagnostics = [
            Diagnostic.note(
                "merge: \(counted(added, "entry", "entries")) added, \(counted(addedLanguages, "translation")) added "
                    + "to existing entries, \(counted(count, "differing value")) "
                    + (prefer == .catalog
                        ? "kept as the catalog has them (--prefer legacy takes the legacy files' values)"
                        : "replaced by the legacy files' values"),
                at: .file(path))
        ]
        if !differing.isEmpty {
            let shown = differing.prefix(20).map { "\"\($0.key)\" [\($0.languages.joined(separator: ", "))]" }.joined(
                separator: ", ")
            diagnostics.append(
                .note(
                    "merge: the values that differ: \(shown)"
                        + (differing.count > 20
                            ? ", and \(differing.count - 20) more keys (--json lists them all)" : ""),
                    at: .file(path)))
        }
        return Result(catalog: catalog, diagnostics: diagnostics, changed: changed, differing: differing)
    }
}
