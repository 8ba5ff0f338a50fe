import StringsDict

/// The content of a generated project, key by key: what each key is called, its comment, its
/// format specifiers, and its text in each language. Every choice comes from a generator seeded by
/// (seed, key index[, language]), so a key's content does not depend on `--keys` or `--languages`.
struct GeneratedText {
    let seed: UInt64
    let pluralRatio: Double

    /// One `key = value;` of a `.strings` file.
    struct Entry {
        var key: String
        var value: String
        var comment: String?
    }

    /// One `.stringsdict` entry: one variable (`%#@items@`) or two (`%1$#@files@ … %2$#@folders@`).
    struct Plural {
        var key: String
        var formatKey: String
        var variables: [(name: String, valueType: String, forms: [PluralCategory: String])]
    }

    private static let screens = [
        "home", "settings", "profile", "checkout", "search", "onboarding", "inbox", "player", "library", "editor",
        "map", "camera",
    ]
    private static let sections = [
        "header", "list", "footer", "alert", "toolbar", "empty_state", "sheet", "menu", "form",
    ]
    private static let items = [
        "title", "subtitle", "button", "label", "placeholder", "accessibility_hint", "message", "action",
    ]
    private static let pluralItems = ["count", "remaining", "selected", "unread", "downloaded"]

    /// Value shapes; `{}` is a word. A key keeps its shape (its format specifiers) in every language.
    private static let shapes = [
        "{} {}", "{} %@", "%1$@ {} %2$@", "%lld {}", "{} \"{}\"", "{}\n{} {}", "{} {} {}.", "{}: %@ (%lld)",
        "{} – %d%%",
    ]

    /// Whether key `index` of the Localizable table is a plural: spreads exactly
    /// `keys * pluralRatio` plurals evenly, the same for any `--keys`.
    func isPlural(_ index: Int) -> Bool {
        (Double(index + 1) * pluralRatio).rounded(.down) > (Double(index) * pluralRatio).rounded(.down)
    }

    /// Whether `language` lacks key `index` (1% of keys in each language but the source).
    func isMissing(_ index: Int, language: Int, table: UInt64) -> Bool {
        guard language > 0 else { return false }
        var random = SeededRandom(seed: seed, table, UInt64(index), UInt64(language), 7)
        return random.unit() < 0.01
    }

    /// Key `index` of the Localizable table in language `code`.
    func entry(_ index: Int, code: String) -> Entry {
        var shared = SeededRandom(seed: seed, 1, UInt64(index))
        let screen = shared.pick(Self.screens), section = shared.pick(Self.sections), item = shared.pick(Self.items)
        let shape = shared.pick(Self.shapes)
        let commentKind = shared.unit()
        let comment: String? =
            commentKind < 0.6
            ? "\(item.capitalized) of the \(screen) \(section.replacingOccurrences(of: "_", with: " "))"
            : commentKind < 0.75 ? "No comment provided by engineer." : nil
        var local = SeededRandom(seed: seed, 2, UInt64(index), UInt64(code.hashValueStable))
        return Entry(
            key: "\(screen).\(section).\(item)_\(index)",
            value: fill(shape, words: GeneratedLanguages.words(for: code), random: &local), comment: comment)
    }

    /// Key `index` of the Localizable table as a `.stringsdict` plural in language `code`.
    func plural(_ index: Int, code: String) -> Plural {
        var shared = SeededRandom(seed: seed, 3, UInt64(index))
        let screen = shared.pick(Self.screens), item = shared.pick(Self.pluralItems)
        let twoVariables = shared.unit() < 0.3
        let categories = (PluralRules.categories(for: code) ?? [.one, .other]).sorted()
        let words = GeneratedLanguages.words(for: code)
        var local = SeededRandom(seed: seed, 4, UInt64(index), UInt64(code.hashValueStable))
        func forms(_ specifier: String) -> [PluralCategory: String] {
            let word = local.pick(words)
            var result: [PluralCategory: String] = [:]
            for (rank, category) in categories.enumerated() {
                result[category] =
                    category == .zero ? "\(word) ∅" : "\(specifier) \(word)\(String(repeating: "·", count: rank))"
            }
            return result
        }
        let key = "\(screen).\(item)_\(index)"
        if twoVariables {
            let joiner = local.pick(words)
            return Plural(
                key: key, formatKey: "%1$#@files@ \(joiner) %2$#@folders@",
                variables: [("files", "lld", forms("%1$lld")), ("folders", "d", forms("%2$d"))])
        }
        return Plural(key: key, formatKey: "%#@items@", variables: [("items", "lld", forms("%lld"))])
    }

    /// Entry `index` of the Interface Builder table (`Main.strings`): `<ObjectID>.<property>` keys
    /// with the comment Interface Builder writes.
    func interfaceEntry(_ index: Int, code: String) -> Entry {
        var shared = SeededRandom(seed: seed, 5, UInt64(index))
        let objectID = Self.objectID(&shared)
        let (cls, property) = shared.pick([
            ("UILabel", "text"), ("UIButton", "normalTitle"), ("UITextField", "placeholder"),
            ("UINavigationItem", "title"), ("UIBarButtonItem", "title"),
        ])
        let english = shared.pick(GeneratedLanguages.words(for: "en"))
        var local = SeededRandom(seed: seed, 6, UInt64(index), UInt64(code.hashValueStable))
        return Entry(
            key: "\(objectID).\(property)", value: local.pick(GeneratedLanguages.words(for: code)),
            comment: "Class = \"\(cls)\"; \(property) = \"\(english)\"; ObjectID = \"\(objectID)\";")
    }

    /// The `InfoPlist.strings` of language `code`: the Info.plist keys an app localizes, with the
    /// comments Xcode's Info.plist editor names them by.
    func infoPlistEntries(code: String) -> [Entry] {
        let keys = [
            ("CFBundleDisplayName", "Bundle display name"),
            ("NSCameraUsageDescription", "Privacy - Camera Usage Description"),
            ("NSPhotoLibraryUsageDescription", "Privacy - Photo Library Usage Description"),
            ("NSLocationWhenInUseUsageDescription", "Privacy - Location When In Use Usage Description"),
            ("NSHumanReadableCopyright", "Copyright (human-readable)"),
        ]
        var local = SeededRandom(seed: seed, 9, UInt64(code.hashValueStable))
        let words = GeneratedLanguages.words(for: code)
        return keys.map { key, comment in
            Entry(key: key, value: fill("{} {} {}", words: words, random: &local), comment: comment)
        }
    }

    /// `abc-12-XYZ`, the shape of Interface Builder object IDs.
    static func objectID(_ random: inout SeededRandom) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        func part(_ n: Int) -> String { String((0..<n).map { _ in random.pick(alphabet) }) }
        return "\(part(3))-\(part(2))-\(part(3))"
    }

    private func fill(_ shape: String, words: [String], random: inout SeededRandom) -> String {
        var result = ""
        var rest = Substring(shape)
        while let hole = rest.range(of: "{}") {
            result += rest[..<hole.lowerBound]
            result += random.pick(words)
            rest = rest[hole.upperBound...]
        }
        return result + rest
    }
}

extension String {
    /// FNV-1a of the UTF-8 bytes: `hashValue` is randomized per process, this is not.
    var hashValueStable: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }
}
