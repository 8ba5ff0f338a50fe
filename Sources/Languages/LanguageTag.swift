/// A language code, validated once, in the one form each context writes it.
///
/// Every code stringcat meets goes through here: an `.lproj` folder's name, a project's
/// `developmentRegion`, a package's `defaultLocalization`, a catalog's localization keys, and
/// `--source-language`. A text that is not a language tag gives nil, so no path or key is ever
/// made from it (`../x`, `a/b`, an empty name, a control character).
///
/// The shape accepted is BCP 47's, as Apple's folders use it, with `-` or `_` between subtags: a
/// language of 2 or 3 letters, then optionally a script (4 letters), a region (2 letters or 3
/// digits) and variants (5 to 8 letters or digits, or a digit and 3 more), in that order; or one
/// of NSBundle's legacy English names (`English.lproj`, see `LegacyLanguageNames`). Whether the
/// language exists is not checked (`xx` has the shape of a code).
///
/// Two spellings (docs/spec/languages.md): a project's or a package's own folders are kept as
/// Xcode's migration keeps them (`zh_CN` stays `zh_CN`: a region keeps its `_`), a bare folder's
/// and the command line's are canonical BCP 47 (`zh_CN` -> `zh-CN`). Both use BCP 47's casing
/// (`zh-hans` -> `zh-Hans`), write a script after `-` (`zh_Hans` -> `zh-Hans`) and Norwegian `no`
/// as `nb`. Two tags are the same language when their `canonical` forms are equal.
public struct LanguageTag: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// How a context writes a tag.
    public enum Spelling: Sendable, Hashable {
        /// As an Xcode project or a Swift package keeps its own folder names (a region keeps the
        /// separator it was written with: `zh_CN`).
        case project
        /// Canonical BCP 47 with `-` (a bare folder of `.lproj`, the command line).
        case canonical
    }

    /// The subtags in BCP 47 case: language lower case, script title case, region upper case,
    /// variants lower case.
    public let subtags: [String]
    /// The separator written before each subtag after the first (`-` or `_`), as written.
    private let separators: [Character]
    /// Which subtag, if any, is the script (index 1 when present).
    private let hasScript: Bool

    /// The tag in `text`, or nil when `text` is not a language tag. A legacy name
    /// (`English`, as folders and `developmentRegion` still say) gives its code (`en`).
    public init?(_ text: String) {
        if let legacy = LegacyLanguageNames.code(for: text) {
            self.init(code: legacy)
            return
        }
        self.init(code: text)
    }

    /// The tag in `text` when it is a BCP 47 code; a legacy name is not one (`--source-language`).
    public init?(code text: String) {
        var parts: [Substring] = []
        var separators: [Character] = []
        var start = text.startIndex
        for index in text.indices where text[index] == "-" || text[index] == "_" {
            parts.append(text[start..<index])
            separators.append(text[index])
            start = text.index(after: index)
        }
        parts.append(text[start...])
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy(Self.isLetter) else {
            return nil
        }
        var subtags = [language.lowercased()]
        var rest = parts.dropFirst()
        var hasScript = false
        if let script = rest.first, script.count == 4, script.allSatisfy(Self.isLetter) {
            subtags.append(script.prefix(1).uppercased() + script.dropFirst().lowercased())
            hasScript = true
            rest = rest.dropFirst()
        }
        if let region = rest.first,
            (region.count == 2 && region.allSatisfy(Self.isLetter))
                || (region.count == 3 && region.allSatisfy(Self.isDigit))
        {
            subtags.append(region.uppercased())
            rest = rest.dropFirst()
        }
        for variant in rest {
            let alphanumeric = variant.allSatisfy { Self.isLetter($0) || Self.isDigit($0) }
            let long = (5...8).contains(variant.count)
            let digitLed = variant.count == 4 && variant.first.map(Self.isDigit) == true
            guard alphanumeric, long || digitLed else { return nil }
            subtags.append(variant.lowercased())
        }
        self.subtags = subtags
        self.separators = separators
        self.hasScript = hasScript
    }

    /// The canonical BCP 47 form (`zh-Hans`, `pt-BR`, `nb`): what says two tags are one language.
    public var canonical: String {
        var first = subtags[0]
        if first == "no" { first = "nb" }
        return ([first] + subtags.dropFirst()).joined(separator: "-")
    }

    /// The tag as `spelling` writes it.
    public func spelled(_ spelling: Spelling) -> String {
        switch spelling {
        case .canonical:
            return canonical
        case .project:
            var code = subtags[0]
            // `no` alone or before `_` (`no_NO`) is Norwegian Bokmål, as Xcode writes it.
            if code == "no" && (separators.first ?? "_") == "_" { code = "nb" }
            for index in subtags.indices.dropFirst() {
                let separator = index == 1 && hasScript ? "-" : separators[index - 1]
                code.append(separator)
                code += subtags[index]
            }
            return code
        }
    }

    /// The language subtag (`pt-BR` -> `pt`, `zh-Hans` -> `zh`).
    public var language: String { subtags[0] }

    /// True when `other` names the same language (their canonical forms are equal).
    public func isSameLanguage(as other: LanguageTag) -> Bool { canonical == other.canonical }

    public var description: String { canonical }

    /// Two tags are equal when they name the same language (`zh_CN` and `zh-CN`, `no` and `nb`):
    /// the spelling is how a context writes it, not another language.
    public static func == (a: LanguageTag, b: LanguageTag) -> Bool { a.canonical == b.canonical }

    public func hash(into hasher: inout Hasher) { hasher.combine(canonical) }

    /// By canonical form: the order languages are listed in.
    public static func < (a: LanguageTag, b: LanguageTag) -> Bool { a.canonical < b.canonical }

    /// The canonical form of `text`, or nil when it is not a language tag.
    public static func canonical(_ text: String) -> String? { LanguageTag(text)?.canonical }

    private static func isLetter(_ character: Character) -> Bool { character.isASCII && character.isLetter }
    private static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
}
