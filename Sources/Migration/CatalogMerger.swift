import LegacyTables
import StringCatalog
import StringcatSupport
import StringsDict
import StringsFile

/// The parsed content of one language of a table.
public struct LegacyLanguageContent: Sendable {
    public var language: String
    public var strings: StringsFile?
    public var stringsDict: StringsDictFile?

    public init(language: String, strings: StringsFile? = nil, stringsDict: StringsDictFile? = nil) {
        self.language = language
        self.strings = strings
        self.stringsDict = stringsDict
    }
}

/// What merging one table produced.
public struct MergeResult: Sendable {
    public var catalog: StringCatalog
    public var diagnostics: [Diagnostic]
    /// Entries with plural or device variations or substitutions, in any language.
    public var pluralEntryCount: Int
    /// Entries that carry a comment.
    public var commentCount: Int
}

/// Merges the `.strings` and `.stringsdict` files of every language of a table into one String
/// Catalog, entry by entry as Xcode's migration writes them (docs/spec/migration.md#entries-of-a-strings-table):
/// `extractionState` `migrated`, state `translated` on every value (empty ones too), source-language
/// units kept even when the value equals the key, comments from the source-language file only.
/// The rules live in `MergePlan`; `migrate` streams the plan to disk instead of building the
/// catalog whole.
public enum CatalogMerger {
    public static func merge(_ languages: [LegacyLanguageContent], sourceLanguage: String, version: String = "1.0")
        -> MergeResult
    {
        let plan = MergePlan(languages, sourceLanguage: sourceLanguage)
        return MergeResult(
            catalog: plan.catalog(version: version), diagnostics: plan.diagnostics,
            pluralEntryCount: plan.pluralEntryCount, commentCount: plan.commentCount)
    }
}

/// How a key is quoted in the error about two spellings of one key (`MergePlan.accept`).
enum KeySpellings {
    /// The key quoted, with non-ASCII scalars written `\u{…}` so the two spellings can be told apart.
    static func spelled(_ key: String) -> String {
        var text = "\""
        for scalar in key.unicodeScalars {
            if scalar.isASCII, scalar.value >= 0x20, scalar != "\"", scalar != "\\" {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return text + "\""
    }
}
