/// Maps `.lproj` folder names to the language codes a String Catalog uses.
///
/// Xcode's migration writes the hyphen form and its canonical codes: `zh_Hans` -> `zh-Hans`,
/// `no` -> `nb` (formats.md 5.7, TUSafariActivity), `Base` -> the source language, BCP 47 casing
/// (`zh-hans` -> `zh-Hans`). Old projects still
/// carry NSBundle's legacy English names (`English.lproj` in adium): those map to their ISO codes.
public enum LanguageCode {
    /// NSBundle's legacy language folder names and the codes they stand for.
    public static let legacyNames: [String: String] = [
        "English": "en", "German": "de", "French": "fr", "Japanese": "ja", "Spanish": "es",
        "Italian": "it", "Dutch": "nl", "Portuguese": "pt", "Swedish": "sv", "Danish": "da",
        "Finnish": "fi", "Norwegian": "nb", "Korean": "ko", "Russian": "ru", "Polish": "pl",
        "Chinese": "zh-Hans", "Greek": "el", "Turkish": "tr", "Hungarian": "hu", "Czech": "cs",
        "Arabic": "ar", "Hebrew": "he", "Icelandic": "is", "Catalan": "ca", "Ukrainian": "uk",
    ]

    /// The catalog language code for an `.lproj` folder name (without `.lproj`): the hyphen form,
    /// in BCP 47 casing (`zh-hans` -> `zh-Hans`, `pt-br` -> `pt-BR`, see `canonicalCase`).
    public static func forLproj(_ name: String, sourceLanguage: String) -> String {
        if name == "Base" { return sourceLanguage }
        if let code = legacyNames[name] { return code }
        var code = ""
        for (index, subtag) in subtags(of: name).enumerated() {
            if index > 0 { code += "-" }
            let text = canonicalCase(subtag.text, at: index)
            code += index == 0 && text == "no" ? "nb" : text
        }
        return code
    }

    /// The catalog language code for the `.lproj` folder of a file an Xcode project or a Swift
    /// package lists (xcode-project.md F4): kept as written, except NSBundle's legacy names
    /// (`English` -> `en`), `Base` (the source language), Norwegian `no` -> `nb`, a script
    /// written with `_` (`zh_Hans` -> `zh-Hans`, TUSafariActivity), and the casing, which is
    /// BCP 47's (`zh-hans` -> `zh-Hans`, `zh_cn` -> `zh_CN`; formats.md 5.7). A region keeps its
    /// `_` (`zh_CN`, `zh_TW` stay so in a held-out Xcode migration): Xcode's migration leaves such
    /// codes as the project spells them.
    public static func forProjectLproj(_ name: String, sourceLanguage: String) -> String {
        if name == "Base" { return sourceLanguage }
        if let code = legacyNames[name] { return code }
        let parts = subtags(of: name)
        var code = ""
        for (index, subtag) in parts.enumerated() {
            let text = canonicalCase(subtag.text, at: index)
            if index == 0 {
                // `no` alone or before `_` (`no_NO`), as this rule always read it.
                let next = parts.count > 1 ? parts[1].separator : "_"
                code += text == "no" && next == "_" ? "nb" : text
            } else {
                code += (isScript(subtag.text, at: index) ? "-" : String(subtag.separator)) + text
            }
        }
        return code
    }

    /// True when `code` can name a language: a BCP 47 shape (`en`, `pt-BR`, `zh_Hant_TW`, `ckb`)
    /// or one of NSBundle's legacy names (`English`). A project's `developmentRegion` that is not
    /// (`$(DEVELOPMENT_LANGUAGE)`, empty, `en us`) cannot say which files hold the source language.
    public static func isValidTag(_ code: String) -> Bool {
        if legacyNames[code] != nil { return true }
        let parts = code.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// `name` split at `-` and `_` into subtags, each with the separator before it (`-` for the
    /// first, which has none).
    private static func subtags(of name: String) -> [(separator: Character, text: Substring)] {
        var result: [(separator: Character, text: Substring)] = []
        var separator: Character = "-"
        var start = name.startIndex
        for index in name.indices where name[index] == "-" || name[index] == "_" {
            result.append((separator, name[start..<index]))
            separator = name[index]
            start = name.index(after: index)
        }
        result.append((separator, name[start...]))
        return result
    }

    /// The BCP 47 casing of the subtag at `index` of a code, as Xcode writes codes whatever the
    /// folder's case (formats.md 5.7: `zh-hans.lproj` -> `zh-Hans`): the language (index 0) in
    /// lower case, a script (four letters at index 1) in title case, a region (two letters at
    /// index 1 or 2) in upper case. Anything else (`419`, `instk12`) is kept as written.
    static func canonicalCase(_ subtag: Substring, at index: Int) -> String {
        if index == 0 { return subtag.lowercased() }
        if isScript(subtag, at: index) { return subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased() }
        if index <= 2 && subtag.count == 2 && subtag.allSatisfy(isASCIILetter) { return subtag.uppercased() }
        return String(subtag)
    }

    private static func isScript(_ subtag: Substring, at index: Int) -> Bool {
        index == 1 && subtag.count == 4 && subtag.allSatisfy(isASCIILetter)
    }

    private static func isASCIILetter(_ c: Character) -> Bool {
        c.isASCII && c.isLetter
    }

    /// The language part of a code (`pt-BR` -> `pt`, `zh-Hans` -> `zh`).
    public static func baseLanguage(of code: String) -> String {
        String(code.split(separator: "-", maxSplits: 1).first ?? Substring(code))
    }
}
