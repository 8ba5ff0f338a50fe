import Compilation
import StringCatalog
import StringcatSupport
import StringsDict

/// What a catalog gives back once compiled to `.strings`/`.stringsdict` (by `Compilation`, the
/// code `stringcat compile` runs), in leaves.
struct CatalogSide {
    /// One leaf per slot: a compiled table has one string per (language, key, path).
    var bySlot: [Leaf.Slot: Leaf] = [:]
    var keys: Set<KeyInLanguage> = []
    var languages: Set<String> = []
    var comments: [String: String] = [:]
    /// Units the compiler could not write (a shape a `.stringsdict` cannot hold).
    var notes: [Diagnostic] = []

    struct KeyInLanguage: Hashable {
        var language: String
        var key: String

        static func == (a: KeyInLanguage, b: KeyInLanguage) -> Bool {
            a.language == b.language && a.key.utf8.elementsEqual(b.key.utf8)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(language)
            for byte in key.utf8 { hasher.combine(byte) }
        }
    }

    init(_ catalog: StringCatalog, tableName: String, path: String) {
        for (key, entry) in catalog.strings {
            if let comment = entry.comment { comments[key] = comment }
        }
        let compiled = CatalogCompiler.compile(catalog, tableName: tableName, path: path)
        notes = compiled.diagnostics.map { .note("compiling the catalog: " + $0.message, at: $0.location) }
        for language in compiled.languages {
            languages.insert(language.language)
            var leaves: [Leaf] = []
            leaves.reserveCapacity(language.strings.count + language.stringsDict.count * 4)
            for entry in language.strings {
                leaves.append(LeafEquivalence.stringsLeaf(language: language.language, key: entry.key, value: entry.value))
            }
            for entry in language.stringsDict {
                leaves += LeafEquivalence.stringsDictLeaves(language: language.language, key: entry.key,
                                                           value: StringsDictWriter.propertyList(entry.rule))
            }
            bySlot.reserveCapacity(bySlot.count + leaves.count)
            for leaf in leaves {
                bySlot[leaf.slot] = leaf
                keys.insert(KeyInLanguage(language: leaf.language, key: leaf.key))
            }
        }
    }

    func contains(_ leaf: Leaf) -> Bool { bySlot[leaf.slot] == leaf }
}
