/// `--source-language CODE`: a BCP 47 language tag of the shape catalogs use, checked and written
/// in its canonical form before any file is read.
///
/// Accepted: a language of 2 or 3 letters, then optionally a script (4 letters), a region
/// (2 letters or 3 digits) and variants (5 to 8 letters or digits, or a digit and 3 more), in
/// that order, separated by `-` or `_`. Written with `-` and in the usual case: `de_DE` ->
/// `de-DE`, `ZH-hans` -> `zh-Hans`, `sr_latn` -> `sr-Latn`. Whether the language exists is not
/// checked (`xx` has the shape of a code); `not a code!`, `Base` or an empty value are refused.
enum LanguageTagArgument {
    /// The canonical tag, or a usage error naming the option.
    static func parse(_ value: String, option: String = "--source-language") throws -> String {
        guard let tag = canonical(value) else {
            throw UsageError("\(option) '\(DiagnosticLine.escaped(value))' is not a language code: expected a BCP 47 tag such as en, de-DE, pt-BR or zh-Hans")
        }
        return tag
    }

    static func canonical(_ value: String) -> String? {
        let subtags = value.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
            .map(String.init)
        guard let language = subtags.first, (2...3).contains(language.count), language.allSatisfy(isLetter) else { return nil }
        var result = [language.lowercased()]
        var rest = subtags.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy(isLetter) {
            result.append(script.prefix(1).uppercased() + script.dropFirst().lowercased())
            rest = rest.dropFirst()
        }
        if let region = rest.first, (region.count == 2 && region.allSatisfy(isLetter)) || (region.count == 3 && region.allSatisfy(isDigit)) {
            result.append(region.uppercased())
            rest = rest.dropFirst()
        }
        for variant in rest {
            let alphanumeric = variant.allSatisfy { isLetter($0) || isDigit($0) }
            let long = (5...8).contains(variant.count)
            let digitLed = variant.count == 4 && variant.first.map(isDigit) == true
            guard alphanumeric, long || digitLed else { return nil }
            result.append(variant.lowercased())
        }
        return result.joined(separator: "-")
    }

    private static func isLetter(_ character: Character) -> Bool { character.isASCII && character.isLetter }
    private static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
}
