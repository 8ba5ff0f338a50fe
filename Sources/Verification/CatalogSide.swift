import Compilation
import StringCatalog
import StringcatSupport
import StringsDict

/// What a catalog gives back once compiled to `.strings`/`.stringsdict` (by `Compilation`, the
/// code `stringcat compile` runs): per language, each key with its leaves sorted by path (a list:
/// the comparison looks each one up among the legacy keys, so no second index is built).
struct CatalogSide {
    typealias Entry = (key: String, values: [LeafValue])
    var languages: [String: [Entry]] = [:]
    var comments: [String: String] = [:]
    /// Units the compiler could not write (a shape a `.stringsdict` cannot hold).
    var notes: [Diagnostic] = []

    init(_ catalog: StringCatalog, tableName: String, path: String) {
        for (key, entry) in catalog.strings {
            if let comment = entry.comment { comments[key] = comment }
        }
        let compiled = CatalogCompiler.compile(catalog, tableName: tableName, path: path)
        notes = compiled.diagnostics.map { .note("compiling the catalog: " + $0.message, at: $0.location) }
        // Languages are independent: turn each into leaves on every core.
        let built = ConcurrentMap.map(compiled.languages) { language -> [Entry] in
            var entries: [Entry] = []
            entries.reserveCapacity(language.strings.count + language.stringsDict.count)
            for entry in language.strings {
                entries.append((entry.key, [LeafValue(path: "", text: entry.value)]))
            }
            for entry in language.stringsDict {
                entries.append((entry.key, LeafEquivalence.stringsDictValues(PlistNode(entry.rule))))
            }
            return entries
        }
        for (language, keys) in zip(compiled.languages, built) { languages[language.language] = keys }
    }
}
