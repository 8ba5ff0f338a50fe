import Compilation
import Languages
import StringCatalog
import StringcatSupport

/// What a String Catalog puts in a bundle when Xcode's build compiles it
/// (docs/spec/app-bundle.md#what-a-catalog-puts-in-a-bundle): one `<language>.lproj/<Table>.strings`
/// (and `.stringsdict`) per language with something to write, and no folder for a language
/// without.
///
/// The source language is counted apart: a source value equal to its key is the value a lookup
/// gives without any file, and whether Xcode's build writes a file for such a language is not
/// known here. So a source language whose every value equals its key makes no folder in this
/// model (the side that loses nothing: a legacy file that was the language's only folder is
/// kept), and its table holds nothing a lookup would not give anyway.
public struct CatalogOutput: Sendable, Hashable {
    /// The catalog's `sourceLanguage`.
    public var sourceLanguage: LanguageTag?
    /// Per language: the keys it writes a unit for (`CatalogCompiler.compileEntry`).
    public var keys: [LanguageTag: Int]
    /// Keys whose source-language unit is more than the key itself (a value that differs from
    /// the key, or variations).
    public var ownSourceValues: Int

    public init(sourceLanguage: LanguageTag?, keys: [LanguageTag: Int], ownSourceValues: Int) {
        self.sourceLanguage = sourceLanguage
        self.keys = keys
        self.ownSourceValues = ownSourceValues
    }

    /// The languages it makes an `.lproj` folder for.
    public var languages: Set<LanguageTag> {
        Set(
            keys.compactMap { language, count in
                guard count > 0 else { return nil }
                if language == sourceLanguage && ownSourceValues == 0 { return nil }
                return language
            })
    }

    /// Adds what one entry writes, as the compiler writes it.
    public mutating func add(_ key: String, _ entry: CatalogEntry) {
        CatalogCompiler.compileEntry(key, entry, location: .file(""), report: { _ in }) { language, unit in
            guard let tag = LanguageTag(language) else { return }
            keys[tag, default: 0] += 1
            guard tag == sourceLanguage else { return }
            switch unit {
            case .strings(let written): if written.value != key { ownSourceValues += 1 }
            case .stringsDict: ownSourceValues += 1
            }
        }
    }

    /// Reads the catalog at `path` entry by entry (a window at a time): nil and the error when
    /// it does not read.
    public static func read(path: String) -> Result<CatalogOutput, Diagnostic> {
        var output = CatalogOutput(sourceLanguage: nil, keys: [:], ownSourceValues: 0)
        // The source language comes before the entries in Xcode's order (`sourceLanguage` sorts
        // first); entries met before it (another order) wait for it.
        let source = Box<String?>(nil)
        var early: [(String, CatalogEntry)] = []
        do {
            try CatalogReader.forEachEntry(path: path, sourceLanguage: { source.value = $0 }) { key, entry in
                if output.sourceLanguage == nil, let code = source.value { output.sourceLanguage = LanguageTag(code) }
                if source.value == nil { early.append((key, entry)) } else { output.add(key, entry) }
            }
        } catch {
            return .failure(error)
        }
        if !early.isEmpty {
            output.sourceLanguage = source.value.flatMap { LanguageTag($0) }
            for (key, entry) in early { output.add(key, entry) }
        }
        return .success(output)
    }
}

/// A value a callback sets while a read goes on.
private final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
