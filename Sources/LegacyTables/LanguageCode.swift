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

    /// The language part of a code (`pt-BR` -> `pt`, `zh-Hans` -> `zh`).
    public static func baseLanguage(of code: String) -> String {
        String(code.split(separator: "-", maxSplits: 1).first ?? Substring(code))
    }
}
