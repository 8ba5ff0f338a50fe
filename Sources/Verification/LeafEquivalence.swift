import Foundation
import StringcatSupport
import StringsDict

/// The one function that makes equal the spellings that mean the same thing, applied to both
/// sides of a proof: the legacy `.stringsdict` as PropertyListSerialization reads it, and the
/// `.stringsdict` rule that compiling the catalog gives back.
///
/// It walks **every** value of an entry's dictionary, so a string that nothing refers to still
/// becomes a leaf (a variable referenced only inside another variable's forms, an unknown key, a
/// width rule): what the catalog side lacks is a loss, whatever the converter thought of it.
///
/// Equivalences, and why each holds:
/// - **Variables are known by the argument they format**, not by their name: the migration drops
///   the name of a plain plural (`%#@files@` becomes `variations.plural`, compiled back as
///   `%#@arg1@`). A reference in the format key is identified by its argument index (`%1`);
///   `%#@v@` and `%1$#@v@` in first position are the same argument. A variable referenced only
///   inside another variable's forms takes the index it is referenced with there (`%2$#@accounts@`
///   -> `%2`), or its name when unpositioned (`@accounts`); a variable nobody references keeps its
///   name. References in the format key and in forms are rewritten to these identities.
/// - A format key naming a variable that has no dictionary stands for the one dictionary nothing
///   references, when there is exactly one (Xcode's migration resolves it so: IceCubesApp `de`
///   `%#@count_posts@ von %#@count_voters@` with dictionaries `count_votes`, `count_voters`).
/// - `%arg` in a form (a catalog spelling) is the variable's own specifier: `%` + its value type.
/// - A value type is known by the kind of argument it takes (`d` and `lld` both format an
///   integer); without one, by the specifier that prints argument 1 in the forms (`other` first),
///   else `integer`: the compiler's choice when a catalog drops the type (shape (a)).
/// - `NSStringFormatSpecTypeKey = NSStringPluralRuleType` is not a leaf: it is the only value the
///   format has, and the compiler always writes it.
public enum LeafEquivalence {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRuleType = "NSStringPluralRuleType"
    static let deviceRuleKey = "NSStringDeviceSpecificRuleType"
    static let widthRuleKey = "NSStringVariableWidthRuleType"

    /// The leaves of one `.stringsdict` entry: `value` is what PropertyListSerialization gives
    /// for the entry's key (normally a dictionary).
    public static func stringsDictLeaves(language: String, key: String, value: Any) -> [Leaf] {
        stringsDictValues(PlistNode(foundation: value)).map { $0.leaf(language: language, key: key) }
    }

    /// The leaf of one `.strings` value.
    public static func stringsLeaf(language: String, key: String, value: String) -> Leaf {
        Leaf(language: language, key: key, path: "", text: value)
    }

    /// The leaves of one `.stringsdict` entry without language and key, sorted by path.
    static func stringsDictValues(_ value: PlistNode) -> [LeafValue] {
        var walker = Walker()
        if let dictionary = value.dictionary {
            // A leaf per member of the rule and of its variables, less the type keys that carry
            // none: the array is neither regrown while walking nor copied to be sorted (these
            // arrays live as long as the proof).
            walker.leaves.reserveCapacity(
                dictionary.items.reduce(1) { count, member in
                    guard let variable = member.value.dictionary else { return count + 1 }
                    return count
                        + variable.items.reduce(0) { $0 + ($1.key == specTypeKey || $1.key == valueTypeKey ? 0 : 1) }
                })
            walker.rule(dictionary, prefix: "")
        } else {
            walker.raw(value, path: "")
        }
        walker.leaves.sort { $0.path < $1.path }
        return walker.leaves
    }

    private struct Walker {
        var leaves: [LeafValue] = []

        mutating func add(_ path: String, _ text: String, formatType: String? = nil) {
            leaves.append(LeafValue(path: path, text: text, formatType: formatType))
        }

        /// Any value, without interpretation: strings as they are, containers walked, other values
        /// by their description. Used for whatever the format does not give a meaning to.
        mutating func raw(_ value: PlistNode, path: String) {
            switch value {
            case .string(let text):
                add(path, text)
            case .dictionary(let members):
                for member in members.items {
                    raw(member.value, path: path.isEmpty ? member.key : path + "/" + member.key)
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() { raw(element, path: path + "[\(index)]") }
            case .other(let description):
                add(path, description)
            }
        }

        /// A rule dictionary: device, width or plural.
        mutating func rule(_ dictionary: PlistMembers, prefix: String) {
            for (ruleKey, name) in [(deviceRuleKey, "device"), (widthRuleKey, "width")] {
                guard let cases = dictionary[ruleKey] else { continue }
                if let cases = cases.dictionary {
                    for item in cases.items {
                        let path = prefix + name + "." + item.key
                        switch item.value {
                        case .string(let text): add(path, text)
                        case .dictionary(let nested): plural(nested, prefix: path + "/")
                        case let other: raw(other, path: path)
                        }
                    }
                } else {
                    raw(cases, path: prefix + name)
                }
                for other in dictionary.items where other.key != ruleKey {
                    raw(other.value, path: prefix + other.key)
                }
                return
            }
            plural(dictionary, prefix: prefix)
        }

        /// A plural rule: the format key and its variables, identified by argument.
        mutating func plural(_ dictionary: PlistMembers, prefix: String) {
            guard let format = dictionary[formatKey]?.string else {
                raw(.dictionary(dictionary), path: prefix.isEmpty ? "" : String(prefix.dropLast()))
                return
            }
            // The variables in name order (the members' order).
            var variables: [Variable] = []
            variables.reserveCapacity(dictionary.count - 1)
            for member in dictionary.items where member.key != formatKey {
                if let variable = member.value.dictionary {
                    variables.append((member.key, variable))
                } else {
                    raw(member.value, path: prefix + member.key)
                }
            }
            let identities = Identities(format: format, variables: variables)
            add(prefix + "format", identities.rewritingReferences(in: format))
            for (name, variable) in variables {
                let id = identities.id(of: name)
                let valueType = variable[valueTypeKey]?.string.map(withoutPercent)
                let kind = argumentKind(valueType: valueType, variable: variable)
                for item in variable.items {
                    let member = item.key, value = item.value
                    switch member {
                    case specTypeKey where value.string == pluralRuleType:
                        continue
                    case valueTypeKey where value.string != nil:
                        continue // carried by `formatType` on every form
                    default:
                        let path = prefix + id + "." + member
                        if let text = value.string {
                            let form = identities.rewritingReferences(
                                in: replacingArg(in: text, valueType: valueType ?? "lld"))
                            add(path, form, formatType: kind)
                        } else {
                            raw(value, path: path)
                        }
                    }
                }
            }
        }
    }

    /// A plural rule's variable: its name and its dictionary.
    typealias Variable = (name: String, members: PlistMembers)

    /// The identity (`%N`, `%N@name`, or `@name`) of each variable of a plural rule.
    ///
    /// A rule has a few variables, so names are kept in small arrays searched in order (with
    /// `==`, as a dictionary keyed by them would compare them), not in sets and dictionaries.
    struct Identities {
        private var ids: [(name: String, id: String)] = []
        /// Format-key names that have no dictionary, and the dictionary that stands for each.
        private var resolved: [(name: String, variable: String)] = []

        /// - Parameter variables: in name order, each name once.
        init(format: String, variables: [Variable]) {
            // The format key's variables, with the argument each reads. Most format keys are one
            // reference, `%#@name@`, whose parse is known without parsing (`soleReference`).
            let sole = soleReference(format)
            // Whether any form may reference a variable: nearly never, and then the forms need
            // not be walked again below.
            var formsReference = false
            var formReferences: [String] = []
            for variable in variables {
                for case .string(let text) in variable.members.items.lazy.map(\.value) where mayReference(text) {
                    formsReference = true
                    formReferences += references(in: text).map(\.name)
                }
            }
            if let sole, !formsReference {
                // The common rule, one reference and forms that reference nothing: what the
                // general steps below give, without their arrays. A format-key name without a
                // dictionary stands for the one dictionary (nothing else is referenced).
                var name = sole
                if !variables.contains(where: { $0.name == sole }), variables.count == 1 {
                    name = variables[0].name
                    resolved.append((sole, name))
                }
                ids.reserveCapacity(variables.count)
                if variables.contains(where: { $0.name == name }) { ids.append((name, "%1")) }
                for other in variables where other.name != name { ids.append((other.name, "@" + other.name)) }
                return
            }
            let defined = variables.map(\.name)
            let formatVariables: [(name: String, isMalformed: Bool, index: Int?)]
            var referenced: [String]
            if let sole {
                formatVariables = [(sole, false, 1)]
                referenced = [sole]
            } else {
                formatVariables = FormatStringParser.arguments(in: format).compactMap { argument in
                    guard case .variable(let reference) = argument.token else { return nil }
                    return (reference.name, reference.isMalformed, argument.index)
                }
                // The same names `references(in:)` gives, without parsing the format key again.
                referenced = mayReference(format) ? formatVariables.map(\.name) : []
            }
            referenced += formReferences
            var unused = defined.filter { !referenced.contains($0) }
            var taken: [String] = []
            func assign(_ name: String, _ proposed: String) {
                guard !ids.contains(where: { $0.name == name }) else { return }
                let id = taken.contains(proposed) ? proposed + "@" + name : proposed
                ids.append((name, id))
                taken.append(id)
            }
            var queue: [String] = []
            for reference in formatVariables {
                var name = reference.name
                if !defined.contains(name), unused.count == 1 {
                    name = unused.removeFirst()
                    resolved.append((reference.name, name))
                }
                guard defined.contains(name) else { continue }
                assign(name, reference.isMalformed ? "@" + name : "%\(reference.index ?? 0)")
                queue.append(name)
            }
            // Variables referenced inside other variables' forms.
            var index = 0
            while formsReference && index < queue.count {
                let name = queue[index]
                let variable = variables.first { $0.name == name }!.members
                index += 1
                for member in variable.items {
                    guard let text = member.value.string else { continue }
                    for reference in references(in: text)
                    where defined.contains(reference.name) && !ids.contains(where: { $0.name == reference.name }) {
                        assign(reference.name, reference.position.map { "%\($0)" } ?? "@" + reference.name)
                        queue.append(reference.name)
                    }
                }
            }
            for name in defined where !ids.contains(where: { $0.name == name }) { assign(name, "@" + name) }
        }

        /// The identity given to variable `name`, if any.
        private func assigned(_ name: String) -> String? {
            ids.first { $0.name == name }?.id
        }

        /// The variable a format-key name stands for.
        private func resolvedName(_ name: String) -> String {
            resolved.first { $0.name == name }?.variable ?? name
        }

        func id(of name: String) -> String { assigned(name) ?? "@" + name }

        /// `text` with every well-formed variable reference written `%#@<identity>@`.
        func rewritingReferences(in text: String) -> String {
            guard mayReference(text) else { return text }
            if let sole = soleReference(text) {
                let name = resolvedName(sole)
                return "%#@" + (assigned(name) ?? "?" + name) + "@"
            }
            var out = ""
            for token in FormatStringParser.parse(text) {
                if case .variable(let reference) = token, !reference.isMalformed {
                    let name = resolvedName(reference.name)
                    out += "%#@" + (assigned(name) ?? "?" + name) + "@"
                } else {
                    out += token.raw
                }
            }
            return out
        }
    }

    /// The kind of argument a variable formats (see the type rule above).
    static func argumentKind(valueType: String?, variable: PlistMembers) -> String {
        if let valueType, !valueType.isEmpty {
            return commonValueTypeKinds[valueType] ?? kind(ofValueType: valueType)
        }
        let categories = ["other", "zero", "one", "two", "few", "many"]
        let forms = categories.compactMap { variable[$0]?.string }
        for form in forms {
            for argument in FormatStringParser.arguments(in: form) where argument.index == 1 {
                if case .specifier(let specifier) = argument.token { return specifier.argumentKind.rawValue }
            }
        }
        return FormatArgumentKind.integer.rawValue
    }

    /// The kind of argument of value type `valueType` (`lld` -> `integer`).
    private static func kind(ofValueType valueType: String) -> String {
        FormatStringParser.specifiers(in: "%" + valueType).first.map { $0.argumentKind.rawValue }
            ?? "unknown(\(valueType))"
    }

    /// `kind(ofValueType:)` of the value types files use, worked out once (every variable of
    /// every `.stringsdict` entry, on both sides of a proof, asks for its own).
    private static let commonValueTypeKinds: [String: String] = Dictionary(
        uniqueKeysWithValues: [
            "d", "i", "u", "o", "x", "X", "ld", "li", "lu", "lx", "lld", "lli", "llu", "llx", "qd", "zd", "zu", "hd",
            "hu",
            "@", "f", "g", "e", "lf", "c", "C", "s", "S", "p",
        ].map { ($0, kind(ofValueType: $0)) })

    /// True when `text` may hold a variable reference (`#@`): most texts do not, and need no parse.
    static func mayReference(_ text: String) -> Bool { TextSearch.containsBytes(text, "#@") }

    /// The name in `text` when it is exactly one well-formed, unpositioned variable reference,
    /// `%#@name@`, with no space, tab, line break, `%` or `@` in the name: what
    /// `FormatStringParser` reads as one variable token with that name, argument 1 (its grammar:
    /// `%`, a run of `#` alone, `@`, a name up to the next `@` with nothing to trim). Nil for any
    /// other text, which is parsed.
    static func soleReference(_ text: String) -> String? {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            let n = bytes.count
            guard n > 4, bytes[0] == UInt8(ascii: "%"), bytes[1] == UInt8(ascii: "#"), bytes[2] == UInt8(ascii: "@"),
                bytes[n - 1] == UInt8(ascii: "@")
            else { return nil }
            for b in bytes[3..<(n - 1)] {
                switch b {
                case UInt8(ascii: "@"), UInt8(ascii: "%"), 0x0A, 0x0D, 0x20, 0x09: return nil
                default: continue
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[3..<(n - 1)]), as: UTF8.self)
        }
        return found ?? nil
    }

    /// The variable references of `text` (none without a `#@`).
    static func references(in text: String) -> [VariableReference] {
        mayReference(text) ? FormatStringParser.variableReferences(in: text) : []
    }

    /// `%ld` -> `ld`: real files and catalogs sometimes keep the `%` in a value type.
    static func withoutPercent(_ type: String) -> String {
        String(type.drop { $0 == "%" })
    }

    /// `%arg` (not `%%arg`) written `%` + the value type.
    static func replacingArg(in text: String, valueType: String) -> String {
        guard TextSearch.containsBytes(text, "%arg") else { return text }
        var out = ""
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.hasPrefix("%") {
                out += "%%"
                rest = after.dropFirst()
            } else if after.hasPrefix("arg") {
                out += "%" + valueType
                rest = after.dropFirst(3)
            } else {
                out += "%"
                rest = after
            }
        }
        return out + rest
    }
}
