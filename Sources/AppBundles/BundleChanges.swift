import Languages

/// One way a target's bundle after a run (or now) falls short of the bundle before it.
public enum BundleChange: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The bundle no longer has `<language>.lproj`: the app no longer offers the language.
    case languageLost(LanguageTag)
    /// A table that gave keys in a language gives none there (`keys` before).
    case tableLost(table: String, language: LanguageTag, keys: Int)
    /// A table gives fewer keys in a language than before.
    case keysLost(table: String, language: LanguageTag, before: Int, after: Int)
    /// A localized file it copied (`de.lproj/Credits.rtf`) is no longer in the bundle.
    case resourceLost(String)
    /// It no longer builds a table at all (one with no key in any language too).
    case tableRemoved(String)
    /// The target no longer builds.
    case buildFails(BuildFailure)

    public var description: String {
        switch self {
        case .languageLost(let language): return "loses \(language.canonical) (no \(language.canonical).lproj left)"
        case .tableLost(let table, let language, let keys):
            return "loses \(table) in \(language.canonical) (\(keys) \(keys == 1 ? "key" : "keys"))"
        case .keysLost(let table, let language, let before, let after):
            return "loses \(before - after) of the \(before) keys of \(table) in \(language.canonical)"
        case .resourceLost(let place): return "loses \(place)"
        case .tableRemoved(let table): return "no longer builds the table \(table)"
        case .buildFails(let failure): return "no longer builds: \(failure)"
        }
    }

    /// The language it is about, if any.
    public var language: LanguageTag? {
        switch self {
        case .languageLost(let language), .tableLost(_, let language, _), .keysLost(_, let language, _, _):
            return language
        case .buildFails, .resourceLost, .tableRemoved: return nil
        }
    }

    private var order: (Int, String) {
        switch self {
        case .buildFails(let failure): return (0, failure.description)
        case .languageLost(let language): return (1, language.canonical)
        case .tableLost(let table, let language, _): return (2, table + "/" + language.canonical)
        case .keysLost(let table, let language, _, _): return (3, table + "/" + language.canonical)
        case .resourceLost(let place): return (4, place)
        case .tableRemoved(let table): return (5, table)
        }
    }

    public static func < (a: BundleChange, b: BundleChange) -> Bool { a.order < b.order }
}

extension BundleChange {
    /// The changes in words, a table lost in several languages said once:
    /// `loses Localizable in ar, de, ja (9 keys each)`.
    public static func summarized(_ changes: [BundleChange]) -> [String] {
        var lines: [String] = []
        var lostTables: [String: [(LanguageTag, Int)]] = [:]
        var order: [String] = []
        let languages = changes.compactMap { change -> String? in
            if case .languageLost(let language) = change { return language.canonical }
            return nil
        }
        if languages.count > 1 {
            let shown =
                languages.prefix(8).joined(separator: ", ")
                + (languages.count > 8 ? ", … (\(languages.count) in all)" : "")
            lines.append("loses \(shown) (no .lproj left for them)")
        }
        for change in changes {
            if case .languageLost = change, languages.count > 1 { continue }
            if case .tableLost(let table, let language, let keys) = change {
                if lostTables[table] == nil { order.append(table) }
                lostTables[table, default: []].append((language, keys))
            } else {
                lines.append(change.description)
            }
        }
        for table in order {
            let lost = lostTables[table]!
            guard lost.count > 1 else {
                lines.append(BundleChange.tableLost(table: table, language: lost[0].0, keys: lost[0].1).description)
                continue
            }
            let counts = Set(lost.map(\.1))
            let keys = counts.count == 1 ? "\(counts.first!) \(counts.first! == 1 ? "key" : "keys") each" : "keys"
            let codes = lost.map(\.0.canonical)
            let shown = codes.prefix(8).joined(separator: ", ") + (codes.count > 8 ? ", … (\(codes.count) in all)" : "")
            lines.append("loses \(table) in \(shown) (\(keys))")
        }
        return lines
    }
}

/// How a target's bundle changes between two states of the tree (docs/spec/app-bundle.md#comparing-two-bundles).
public enum BundleChanges {
    /// What `after` lacks of `before`, each side's files read through its source. Only the
    /// tables whose files differ between the sides are read; a catalog both sides build unchanged
    /// is read only when a language may have gone.
    public static func losses(
        before: TargetBundle, _ beforeSource: any BundleContentSource, after: TargetBundle,
        _ afterSource: any BundleContentSource
    ) -> [BundleChange] {
        var changes = Set(after.failures).subtracting(before.failures).map(BundleChange.buildFails)
        let unchanged = Set(before.inputs.filter { $0.kind == .catalog }.map(\.path))
            .intersection(after.inputs.filter { $0.kind == .catalog }.map(\.path))
            .filter { !beforeSource.replaces(catalog: $0) && !afterSource.replaces(catalog: $0) }
        // Tables whose inputs are the same files on both sides give the same keys.
        let beforeTables = Dictionary(grouping: before.inputs.filter { $0.table != nil }, by: { $0.table! })
        let afterTables = Dictionary(grouping: after.inputs.filter { $0.table != nil }, by: { $0.table! })
        let differing = Set(beforeTables.keys).union(afterTables.keys).filter { table in
            let b = beforeTables[table] ?? [], a = afterTables[table] ?? []
            return Set(b) != Set(a) || b.contains { $0.kind == .catalog && !unchanged.contains($0.path) }
                || a.contains { $0.kind == .catalog && !unchanged.contains($0.path) }
        }
        let beforeChanged = before.inputs.filter { $0.table.map(differing.contains) ?? true }
        let afterChanged = after.inputs.filter { $0.table.map(differing.contains) ?? true }
        let b = BundleContents(beforeChanged, sourceLanguage: before.sourceLanguage, beforeSource)
        let a = BundleContents(afterChanged, sourceLanguage: after.sourceLanguage, afterSource)
        // Languages: what the unchanged tables give is on both sides; it is read only when the
        // changed ones leave a language out.
        var lost = b.languages.subtracting(a.languages)
        if !lost.isEmpty {
            let rest = after.inputs.filter { $0.table.map { !differing.contains($0) } ?? false }
            lost.subtract(BundleContents(rest, sourceLanguage: after.sourceLanguage, afterSource).languages)
        }
        changes += lost.map(BundleChange.languageLost)
        changes += b.resources.subtracting(a.resources).map(BundleChange.resourceLost)
        changes += Set(before.tableNames).subtracting(after.tableNames).map(BundleChange.tableRemoved)
        for (table, languages) in b.tables {
            for (language, slot) in languages {
                guard let keys = slot.keys, keys > 0, !slot.isImplicit else { continue }
                guard let now = a.tables[table]?[language] else {
                    changes.append(.tableLost(table: table, language: language, keys: keys))
                    continue
                }
                if now.isImplicit { continue }
                if let count = now.keys, count < keys {
                    changes.append(.keysLost(table: table, language: language, before: keys, after: count))
                }
            }
        }
        return changes.sorted()
    }
}
