import Languages

/// `--source-language CODE`: a BCP 47 language tag (`LanguageTag`), checked and written in its
/// canonical form before any file is read. A legacy folder name (`English`), `Base` or an empty
/// value is refused.
enum LanguageTagArgument {
    /// The canonical tag, or a usage error naming the option.
    static func parse(_ value: String, option: String = "--source-language") throws -> String {
        try tag(value, option: option).canonical
    }

    /// `value` as written, once it is known to be a language tag: `compile --language zh_CN`
    /// picks a catalog's key as the catalog spells it.
    static func checked(_ value: String, option: String) throws -> String {
        _ = try tag(value, option: option)
        return value
    }

    private static func tag(_ value: String, option: String) throws -> LanguageTag {
        guard let tag = LanguageTag(code: value) else {
            throw UsageError(
                "\(option) '\(DiagnosticLine.escaped(value))' is not a language code: expected a BCP 47 tag such as "
                    + "en, de-DE, pt-BR or zh-Hans"
            )
        }
        return tag
    }
}
