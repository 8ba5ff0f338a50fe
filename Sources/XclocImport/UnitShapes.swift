import StringCatalog
import StringsDict
import XLIFF
import Xcloc

/// The places a key's values have, for telling a unit the catalog can hold from one it cannot
/// (docs/spec/xliff.md §3, I14).
///
/// Xcode exports, for a key in a language, the paths of that language's value, or the source
/// language's with the language's plural categories (§2.5). A unit at another place is none
/// Xcode wrote: `plural.one.plural.other.device.mac`, a substitution no value has, device
/// `toaster`, a string set where the value is a plain string. Put in the catalog, such a value
/// replaced the translation and was then left out of the compiled output (`compile` cannot
/// build it), so the import refuses it. What Xcode does change on import stays (I10): device or
/// plural units for a key whose value is plain replace it with variations (one level, a device
/// Xcode knows).
struct UnitShapes {
    /// A path with its plural categories left out: a place, whatever the language's categories.
    enum Segment: Hashable {
        case plural
        case device(String)
        case substitution(String)
    }

    /// The shape of every value the key has in the target and the source language, with
    /// whether it is a string set (true) or a plain string (false) there.
    private(set) var kinds: [[Segment]: Set<Bool>] = [:]

    /// The shapes of `entry`'s values in `language` and `sourceLanguage`; a key with neither is
    /// a plain value (its source text is the key).
    init(entry: CatalogEntry?, language: String, sourceLanguage: String) {
        for code in Set([language, sourceLanguage]) {
            guard let localization = entry?.localizations[code] else { continue }
            for leaf in CatalogLeaves.leaves(of: localization) {
                let isSet: Bool
                if case .set = leaf.text { isSet = true } else { isSet = false }
                kinds[Self.shape(of: leaf.path), default: []].insert(isSet)
            }
        }
        if kinds.isEmpty { kinds[[]] = [false] }
    }

    static func shape(of path: VariationPath) -> [Segment] {
        path.segments.map { segment in
            switch segment {
            case .plural: return .plural
            case .device(let name): return .device(name)
            case .substitution(let name): return .substitution(name)
            }
        }
    }

    /// True when the key's values are plain at the top: a translator may vary them (I10).
    var isPlain: Bool { kinds[[]] != nil }

    /// True when the key's values vary at the top (by plural or device).
    var varies: Bool {
        kinds.keys.contains { shape in
            switch shape.first {
            case .plural?, .device?: return true
            default: return false
            }
        }
    }

    /// Nil when a unit at `path` with `text` has a place in the key's values; else why not.
    func refusal(of path: VariationPath, text: XLIFFText) -> String? {
        var isSet = false
        if case .set = text { isSet = true }
        let shape = Self.shape(of: path)
        if let held = kinds[shape] {
            guard held.contains(isSet) else {
                return isSet
                    ? "a string set (<mrk mtype=\"x-set\">) where the catalog's value is a plain string"
                    : "a plain string where the catalog's value is a string set (<mrk mtype=\"x-set\">)"
            }
            return nil
        }
        // A plain unit for a value that varies is skipped with a warning where it is written.
        if shape.isEmpty { return nil }
        if shape.count == 1, isPlain, !isSet {
            switch shape[0] {
            case .plural: return nil
            case .device(let name) where DeviceRule.knownDevices.contains(name): return nil
            default: break
            }
        }
        for segment in shape {
            switch segment {
            case .device(let name) where !DeviceRule.knownDevices.contains(name):
                return "\(name) is not a device (\(DeviceRule.knownDevices.sorted().joined(separator: ", ")))"
            case .substitution(let name) where !kinds.keys.contains(where: { $0.contains(.substitution(name)) }):
                return "the key's values have no substitution \(name) (no %#@\(name)@ in them)"
            default: continue
            }
        }
        return "the key's values have no place \(path.text) (Xcode writes no such unit, and the catalog "
            + "could not hold it: re-export to get the units of this key)"
    }
}

/// The printf arguments of a translation against its source's, as Xcode's editor compares them.
enum FormatCheck {
    /// What differs between the arguments of `source` and `translation` (both as the XLIFF has
    /// them), in words: a changed type (`%1$@ became %1$d`), a dropped argument, an added one
    /// (`%n added`). `mayDrop`: a plural form, which may leave its number out ("Ein Tag").
    static func differences(source: String, translation: String, mayDrop: Bool) -> [String] {
        let from = arguments(source), to = arguments(translation)
        var found: [String] = []
        for index in Set(from.keys).union(to.keys).sorted() {
            switch (from[index], to[index]) {
            case (let before?, let after?) where before.kind != after.kind:
                found.append("\(before.raw) became \(after.raw)")
            case (let before?, nil) where !mayDrop:
                found.append("\(before.raw) is missing")
            case (nil, let after?):
                found.append("\(after.raw) added")
            default:
                continue
            }
        }
        return found
    }

    /// Each argument index with the kind of what reads it (a printf kind, or a variable's name)
    /// and the first token that does.
    private static func arguments(_ text: String) -> [Int: (kind: String, raw: String)] {
        var arguments: [Int: (kind: String, raw: String)] = [:]
        for argument in FormatStringParser.arguments(in: text) {
            guard let index = argument.index, arguments[index] == nil else { continue }
            switch argument.token {
            case .specifier(let specifier):
                arguments[index] = (specifier.argumentKind.rawValue, specifier.raw)
            case .variable(let reference):
                arguments[index] = ("variable " + reference.name, reference.raw)
            default:
                continue
            }
        }
        return arguments
    }
}
