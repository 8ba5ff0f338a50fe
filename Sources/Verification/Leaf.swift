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

    /// The leaf without its text: where a string sits, to tell a changed value from a missing one.
    var slot: Slot { Slot(language: language, key: key, path: path) }

    public static func == (a: Leaf, b: Leaf) -> Bool {
        a.key.utf8.elementsEqual(b.key.utf8) && a.text.utf8.elementsEqual(b.text.utf8)
            && a.path == b.path && a.language == b.language && a.formatType == b.formatType
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key.utf8.count)
        for byte in key.utf8 { hasher.combine(byte) }
        for byte in text.utf8 { hasher.combine(byte) }
        hasher.combine(path)
        hasher.combine(language)
    }

    public var description: String {
        "\"\(key)\" [\(language)]" + (path.isEmpty ? "" : " \(path)") + ": \(quoted(text))" + (formatType.map { " (\($0))" } ?? "")
    }

    /// Where a string sits: language, key and path.
    struct Slot: Hashable {
        var language: String
        var key: String
        var path: String

        static func == (a: Slot, b: Slot) -> Bool {
            a.key.utf8.elementsEqual(b.key.utf8) && a.path == b.path && a.language == b.language
        }

        func hash(into hasher: inout Hasher) {
            for byte in key.utf8 { hasher.combine(byte) }
            hasher.combine(path)
            hasher.combine(language)
        }
    }
}

/// A leaf of a legacy file and where it was read: the file, and the line of its key when known.
public struct LocatedLeaf: Sendable {
    public var leaf: Leaf
    public var location: SourceLocation
}

/// `"text"` with backslashes, quotes and line breaks escaped, for one-line messages.
func quoted(_ text: String?) -> String {
    guard let text else { return "none" }
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
