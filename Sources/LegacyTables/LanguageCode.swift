/// Maps `.lproj` folder names to the language codes a String Catalog uses.
///
/// Xcode's migration writes the hyphen form and its canonical codes: `zh_Hans` -> `zh-Hans`,
/// `no` -> `nb` (formats.md 5.7, TUSafariActivity), `Base` -> the source language. Old projects still
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

    /// The catalog language code for an `.lproj` folder name (without `.lproj`).
    public static func forLproj(_ name: String, sourceLanguage: String) -> String {
        if name == "Base" { return sourceLanguage }
        if let code = legacyNames[name] { return code }
        let hyphenated = name.replacingOccurrences(of: "_", with: "-")
        if hyphenated == "no" { return "nb" }
        if hyphenated.hasPrefix("no-") { return "nb" + hyphenated.dropFirst(2) }
        return hyphenated
    }

    /// The catalog language code for the `.lproj` folder of a file an Xcode project or a Swift
    /// package lists (xcode-project.md F4): kept as written, except NSBundle's legacy names
    /// (`English` -> `en`), `Base` (the source language), Norwegian `no` -> `nb`, and a script
    /// written with `_` (`zh_Hans` -> `zh-Hans`, TUSafariActivity). A region keeps its `_`
    /// (`zh_CN`, `zh_TW` stay so in a held-out Xcode migration): Xcode's migration leaves such
    /// codes as the project spells them.
    public static func forProjectLproj(_ name: String, sourceLanguage: String) -> String {
        if name == "Base" { return sourceLanguage }
        if let code = legacyNames[name] { return code }
        var parts = name.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        if parts[0] == "no" { parts[0] = "nb" }
        var code = parts[0]
        for part in parts.dropFirst() {
            let isScript = part.count == 4 && part.first!.isUppercase && part.allSatisfy(\.isLetter)
            code += (isScript ? "-" : "_") + part
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

    /// The language part of a code (`pt-BR` -> `pt`, `zh-Hans` -> `zh`).
    public static func baseLanguage(of code: String) -> String {
        String(code.split(separator: "-", maxSplits: 1).first ?? Substring(code))
    }
}
