import Foundation
import StringcatSupport

/// One string of a table in its flat form: what `verify` compares.
///
/// Both sides of a proof are turned into sets of leaves: the legacy files as their readers return
/// them, and the catalog on disk compiled back. A leaf names a language, a key, where the string
/// sits inside the key's plural/substitution/device tree (`path`), the string itself, and for
/// plural forms the kind of argument their variable formats. Spellings that do not change what the
/// app shows are made equal by `LeafEquivalence` before a leaf is built, on both sides.
///
/// Keys and texts compare by their exact Unicode scalars (UTF-8 bytes), as CoreFoundation looks
/// them up: `"caf\u{E9}"` and `"cafe\u{301}"` are two leaves, although Swift calls them equal.
public struct Leaf: Hashable, Sendable, CustomStringConvertible {
    public var language: String
    public var key: String
    /// `""` for a plain value; `format` for a plural rule's format key; `%1.one` for the `one`
    /// form of the variable that formats argument 1 (`@name.one` for a variable known only by its
    /// name); `device.iphone` and `device.mac/%1.other` inside device rules; `width.22` inside
    /// width rules; `comment` for the entry's comment.
    public var path: String
    public var text: String
    /// The argument kind (`integer`, `object`…) of the variable a plural form belongs to; nil for
    /// every other leaf.
    public var formatType: String?

    public init(language: String, key: String, path: String, text: String, formatType: String? = nil) {
        self.language = language
        self.key = key
        self.path = path
        self.text = text
        self.formatType = formatType
    }

    public static func == (a: Leaf, b: Leaf) -> Bool {
        sameBytes(a.key, b.key) && sameBytes(a.text, b.text)
            && a.path == b.path && a.language == b.language && a.formatType == b.formatType
    }

    public func hash(into hasher: inout Hasher) {
        ByteKey.combine(key, into: &hasher)
        ByteKey.combine(text, into: &hasher)
        hasher.combine(path)
        hasher.combine(language)
    }

    public var description: String {
        "\"\(key)\" [\(language)]" + (path.isEmpty ? "" : " \(path)") + ": \(quoted(text))"
            + (formatType.map { " (\($0))" } ?? "")
    }
}

/// A leaf without its language and key: what a key holds at one path. The sides of a proof store
/// leaves grouped by language and key, so that each key is hashed once, not once per leaf.
struct LeafValue: Hashable, Sendable {
    var path: String
    var text: String
    var formatType: String?

    static func == (a: LeafValue, b: LeafValue) -> Bool {
        sameBytes(a.text, b.text) && a.path == b.path && a.formatType == b.formatType
    }

    func hash(into hasher: inout Hasher) {
        ByteKey.combine(text, into: &hasher)
        hasher.combine(path)
    }

    func leaf(language: String, key: String) -> Leaf {
        Leaf(language: language, key: key, path: path, text: text, formatType: formatType)
    }
}

/// A dictionary key compared by its exact UTF-8 bytes, as CoreFoundation looks keys up (Swift's
/// `String` equality is canonical equivalence, and slower to hash for that reason).
struct ByteKey: Hashable, Sendable {
    var string: String

    init(_ string: String) { self.string = string }

    static func == (a: ByteKey, b: ByteKey) -> Bool { sameBytes(a.string, b.string) }

    func hash(into hasher: inout Hasher) { Self.combine(string, into: &hasher) }

    /// Feeds the UTF-8 bytes of `text` to `hasher` in one call.
    static func combine(_ text: String, into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// `"text"` for one-line messages (`ControlCharacters.quoted`); `none` for no text.
///
/// Display quoting for diagnostics only, from StringcatSupport, and on purpose not an escaper of
/// the formats the migration writes (`JSONTextWriter`, `StringsFileWriter`): verify checks what
/// those writers wrote, so it must not depend on their escaping, or it would share their mistakes.
func quoted(_ text: String?) -> String {
    text.map(ControlCharacters.quoted) ?? "none"
}

/// What one key holds in one language: a plain string (a `.strings` value: most keys of a table,
/// held without an array each), or the leaves of a `.stringsdict` entry sorted by path.
enum LeafValues: Sendable {
    case plain(String)
    case leaves([LeafValue])

    /// The leaves, a plain string as the one leaf at path `""`.
    var all: [LeafValue] {
        switch self {
        case .plain(let text): return [LeafValue(path: "", text: text)]
        case .leaves(let leaves): return leaves
        }
    }

    var count: Int {
        switch self {
        case .plain: return 1
        case .leaves(let leaves): return leaves.count
        }
    }

    /// Same leaves (a plain string equals a one-leaf entry at path `""`, as the flat form has it).
    static func == (a: LeafValues, b: LeafValues) -> Bool {
        if case .plain(let x) = a, case .plain(let y) = b { return sameBytes(x, y) }
        return a.all == b.all
    }

    static func != (a: LeafValues, b: LeafValues) -> Bool { !(a == b) }

    func contains(_ value: LeafValue) -> Bool {
        switch self {
        case .plain(let text): return value.path.isEmpty && value.formatType == nil && sameBytes(value.text, text)
        case .leaves(let leaves): return leaves.contains(value)
        }
    }
}
