import XcodeProject

/// Which variant groups make one table (docs/spec/project-edit.md#one-table-split-over-two-folders,
/// docs/spec/project-edit.md#one-file-reference-per-table).
///
/// At run time a table is a name looked up in a bundle's `xx.lproj` folders: `Localizable.strings`
/// and `Localizable.stringsdict` copied into the same bundle are one table, wherever they sit in
/// the source tree. Two rules, in this order:
///
/// 1. Groups whose catalog would be the same file are one table: a `.strings` and a
///    `.stringsdict` group side by side (Vienna, Latest), several groups listing the same
///    files, or groups of one kind that each hold other languages (one group per language in its
///    `xx.lproj` group, alt-tab: docs/spec/project-edit.md#one-variant-group-per-language). Groups of one kind listing
/// different files of a same    language stay apart (the finder warns that they would write one catalog): merging them
///    would mix two tables' values.
/// 2. A table made only of `.stringsdict` groups joins the `.strings` table of the same name
///    that is built by exactly the same targets, at least one (IceCubesApp:
///    `Localization/xx.lproj/Localizable.strings` and `Localization/Plurals/xx.lproj/
///    Localizable.stringsdict`, both in the Resources phase of the same 3 targets). Among several,
///    the one whose folder shares the longest prefix wins, then file order; each `.strings` table
///    takes at most one `.stringsdict` table. With no match it stays a table of its own, in its
///    own folder.
///
/// Groups of one name built for different targets from different folders (quicksilver's five
/// `Localizable.strings`) stay separate tables. Names compare exactly (bundle lookups are
/// case-sensitive on iOS). Interface Builder groups never pair with anything.
public struct TablePairing: TableRule {
    public let name = "groups of one table pair up"
    public let decides = """
        Groups whose catalog would be the same file are one table when they list the same files or \
        complementary languages; a .stringsdict-only table joins the .strings table of its name built \
        by exactly the same targets (the longest shared folder prefix, then file order, wins).
        """
    public let evidence = """
        Vienna and Latest (a .strings and a .stringsdict group side by side), alt-tab (one group per \
        language), IceCubesApp (Localization/ and Localization/Plurals/ for the same 3 targets) \
        (docs/spec/project-edit.md#one-table-split-over-two-folders, #one-file-reference-per-table).
        """

    public init() {}

    /// Tables in order of their first group; in each, the group whose slot the catalog takes
    /// (the first `.strings` or IB group) comes first.
    static func tables(_ candidates: [Candidate]) -> [[Candidate]] {
        // Rule 1: one table per catalog path.
        var order: [String] = []
        var byPath: [String: [Candidate]] = [:]
        for candidate in candidates {
            if byPath[candidate.catalogPath] == nil { order.append(candidate.catalogPath) }
            byPath[candidate.catalogPath, default: []].append(candidate)
        }
        var tables: [[Candidate]] = []
        for path in order {
            let groups = byPath[path]!
            let primary = groups.filter { $0.kind != .stringsdict }
            let plurals = groups.filter { $0.kind == .stringsdict }
            if (sameFiles(primary) || complementary(primary)) && (sameFiles(plurals) || complementary(plurals)) {
                // The `.strings` (or IB) groups first, in file order.
                tables.append(primary + plurals)
            } else {
                tables += groups.map { [$0] }
            }
        }
        // Rule 2: a plurals-only table joins the same-named table built by the same targets.
        var joined: Set<Int> = []
        var partnerTaken: Set<Int> = []
        for (d, dict) in tables.enumerated() where dict.allSatisfy({ $0.kind == .stringsdict }) {
            let dictTargets = Set(dict.flatMap(\.targets))
            guard !dictTargets.isEmpty else { continue }
            var best: (index: Int, prefix: Int)?
            for (s, strings) in tables.enumerated()
            where s != d && !partnerTaken.contains(s) && !joined.contains(s)
                && strings[0].kind == .strings && strings[0].name == dict[0].name
                && Set(strings.flatMap(\.targets)) == dictTargets
            {
                let prefix = commonPrefixLength(strings[0].catalogPath, dict[0].catalogPath)
                if best == nil || prefix > best!.prefix { best = (s, prefix) }
            }
            if let best {
                tables[best.index] += dict
                partnerTaken.insert(best.index)
                joined.insert(d)
            }
        }
        return tables.enumerated().filter { !joined.contains($0.offset) }.map(\.element)
    }

    /// True when the groups (of one kind) list the same files, or there is at most one.
    static func sameFiles(_ groups: [Candidate]) -> Bool {
        guard let first = groups.first else { return true }
        let paths = Set(first.files.map(\.path))
        return groups.dropFirst().allSatisfy { Set($0.files.map(\.path)) == paths }
    }

    /// True when no two of the groups (not Interface Builder ones) hold different files of one
    /// `.lproj` folder: each brings languages of its own, or the very files another lists
    /// (AIUtilities lists each language twice: in one group of all languages and in a group of
    /// its own inside the `xx.lproj` group).
    static func complementary(_ groups: [Candidate]) -> Bool {
        var fileOf: [String: String] = [:]
        for group in groups {
            guard group.kind != .interfaceBuilder else { return false }
            for file in group.files {
                if let other = fileOf.updateValue(file.path, forKey: file.lprojFolder + "\u{0}" + file.kind.rawValue),
                    other != file.path
                {
                    return false
                }
            }
        }
        return true
    }

    /// Number of leading path components two paths share.
    static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        zip(a.split(separator: "/"), b.split(separator: "/")).prefix { $0 == $1 }.count
    }
}
