/// NSBundle's legacy English language names, which old projects still use as `.lproj` folder
/// names and `developmentRegion` values (`English.lproj` in adium, `developmentRegion = English`
/// in 17 project files of the reference material): the one table of them.
public enum LegacyLanguageNames {
    /// Name -> the code it stands for.
    public static let codes: [String: String] = [
        "English": "en", "German": "de", "French": "fr", "Japanese": "ja", "Spanish": "es",
        "Italian": "it", "Dutch": "nl", "Portuguese": "pt", "Swedish": "sv", "Danish": "da",
        "Finnish": "fi", "Norwegian": "nb", "Korean": "ko", "Russian": "ru", "Polish": "pl",
        "Chinese": "zh-Hans", "Greek": "el", "Turkish": "tr", "Hungarian": "hu", "Czech": "cs",
        "Arabic": "ar", "Hebrew": "he", "Icelandic": "is", "Catalan": "ca", "Ukrainian": "uk",
    ]

    /// The code `name` stands for, if it is a legacy name, in any case (`English`, `english`).
    public static func code(for name: String) -> String? { byLowercasedName[name.lowercased()] }

    private static let byLowercasedName = Dictionary(
        uniqueKeysWithValues: codes.map { ($0.key.lowercased(), $0.value) })
}
