import StringCatalog

/// What `Source Contents/` holds for a catalog (docs/spec/xliff.md §1): the catalog reduced to its
/// source language, written as Xcode writes catalogs. Every other language is removed; an entry
/// left with none loses its `localizations`; comments, extraction states and flags stay.
public enum SourceContents {
    public static func catalog(_ catalog: StringCatalog) -> StringCatalog {
        var slice = catalog
        let source = catalog.sourceLanguage
        for (key, entry) in catalog.strings where entry.localizations.keys.contains(where: { $0 != source }) {
            var reduced = entry
            reduced.localizations = entry.localizations.filter { $0.key == source }
            slice.strings[key] = reduced
        }
        return slice
    }
}
