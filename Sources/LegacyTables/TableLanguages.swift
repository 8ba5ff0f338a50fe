import Languages

/// The catalog key each `.lproj` folder of one table writes its values under, and the key of the
/// table's source language: the one place a folder name becomes a key
/// (docs/spec/languages.md).
///
/// The source language's key is the table's own spelling of it when one of its folders names it
/// (`developmentRegion = en_GB` and `en_GB.lproj` in a project: `en_GB`, whatever spelling the
/// development region or `--source-language` used), else the decided code; `Base.lproj` writes
/// under it. So a catalog's `sourceLanguage` is always the key its source values are written under.
public struct TableLanguages: Sendable {
    public let spelling: LanguageTag.Spelling
    /// The key of the source language.
    public let sourceKey: String

    /// - Parameters:
    ///   - folderNames: the `.lproj` names (without `.lproj`) of the table's files.
    ///   - source: the source language decided for the table's owner.
    public init(folderNames: some Sequence<String>, source: String, spelling: LanguageTag.Spelling) {
        self.spelling = spelling
        let sourceTag = LanguageTag(source)
        var key = sourceTag?.spelled(spelling) ?? source
        if let sourceTag {
            for name in Set(folderNames).sorted() where name != LprojFolderName.base {
                if let tag = LanguageTag(name), tag.isSameLanguage(as: sourceTag) {
                    key = tag.spelled(spelling)
                    break
                }
            }
        }
        sourceKey = key
    }

    /// The key of a folder's values; nil when its name is not a language code.
    public func key(forFolder name: String) -> String? {
        if name == LprojFolderName.base { return sourceKey }
        return LanguageTag(name)?.spelled(spelling)
    }
}
