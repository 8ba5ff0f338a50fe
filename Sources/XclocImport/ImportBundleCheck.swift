import AppBundles
import Languages
import StringCatalog
import StringcatSupport

/// An import changes what the app shows, never what it builds: each key it changed must still be
/// built into every language's table it was built into before (`CatalogOutput`, the app model's
/// reading of a catalog as Xcode's build compiles it). A value the build cannot write (so that the
/// key would vanish from that language's `.strings` in the app) is refused, and nothing is
/// written (docs/spec/app-bundle.md, docs/guarantees.md §6d).
enum ImportBundleCheck {
    /// What the import changed in one catalog: per key and language, the localization before.
    struct Originals {
        var localizations: [Change: CatalogLocalization?] = [:]

        struct Change: Hashable {
            var key: String
            var language: String
        }

        /// Keeps the localization before the first change of `key` in `language`.
        mutating func keep(_ localization: CatalogLocalization?, key: String, language: String) {
            let change = Change(key: key, language: language)
            if localizations[change] == nil { localizations[change] = .some(localization) }
        }
    }

    /// One error per key the changed `catalog` would no longer build in a language it built it in.
    static func losses(_ catalog: StringCatalog, originals: Originals, path: String) -> [Diagnostic] {
        let source = LanguageTag(catalog.sourceLanguage)
        var problems: [Diagnostic] = []
        let changes = originals.localizations.sorted { ($0.key.key, $0.key.language) < ($1.key.key, $1.key.language) }
        for (change, before) in changes {
            guard let entry = catalog.strings[change.key] else { continue }
            // The one localization changed, on its own: the compiler builds each language apart,
            // and a copy of a key's every language per change would make an import quadratic.
            var old = entry
            old.localizations = [:]
            var new = old
            old.localizations[change.language] = before
            new.localizations[change.language] = entry.localizations[change.language]
            var built = CatalogOutput(sourceLanguage: source, keys: [:], ownSourceValues: 0)
            built.add(change.key, old)
            var builds = CatalogOutput(sourceLanguage: source, keys: [:], ownSourceValues: 0)
            builds.add(change.key, new)
            for (language, count) in built.keys.sorted(by: { $0.key < $1.key })
            where count > 0 && (builds.keys[language] ?? 0) == 0 {
                let code = LanguageTag(change.language) == language ? change.language : language.canonical
                problems.append(
                    .error(
                        "the import would leave \(ControlCharacters.quoted(change.key)) out of the \(code) "
                            + "\(table(path)) table the app builds (Xcode's build writes no value in state new, "
                            + "nor one it cannot compile): nothing was written",
                        at: .file(path)))
            }
        }
        return problems
    }

    /// `Localizable` for `…/Localizable.xcstrings`.
    private static func table(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".xcstrings") ? String(name.dropLast(".xcstrings".count)) : name
    }
}
