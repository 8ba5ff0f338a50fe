import LegacyTables
import StringCatalog
import StringcatSupport

/// `migrate --merge`: adds to an existing catalog the entries and languages it lacks, and never
/// changes a value it has. Where the legacy files say something else, the difference is reported.
enum CatalogMergeIn {
    struct Result {
        var catalog: StringCatalog
        var diagnostics: [Diagnostic]
        var changed: Bool
    }

    static func merge(_ migrated: StringCatalog, into existing: StringCatalog, path: String) -> Result {
        var catalog = existing
        var diagnostics: [Diagnostic] = []
        var added = 0, addedLanguages = 0, differences = 0
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
            for language in entry.localizations.keys.sorted() {
                let localization = entry.localizations[language]!
                if let have = current.localizations[language] {
                    if have != localization {
                        differences += 1
                        diagnostics.append(.note("\"\(key)\" [\(language)]: the catalog's value is kept; the legacy files say \(describe(localization))", at: .file(path)))
                    }
                } else {
                    current.localizations[language] = localization
                    addedLanguages += 1
                }
            }
            catalog.strings[key] = current
        }
        let changed = catalog != existing
        diagnostics.append(.note("merge: \(added) entries added, \(addedLanguages) translations added to existing entries, \(differences) differing values kept as the catalog has them", at: .file(path)))
        return Result(catalog: catalog, diagnostics: diagnostics, changed: changed)
    }

    private static func describe(_ localization: CatalogLocalization) -> String {
        if let unit = localization.stringUnit, localization.variations == nil, localization.substitutions.isEmpty {
            return "\"\(unit.value)\""
        }
        return "a plural or substitution form that differs"
    }
}
