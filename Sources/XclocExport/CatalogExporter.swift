import StringCatalog
import StringcatSupport
import XLIFF
import Xcloc

/// A value the export cannot write: XML 1.0 cannot hold one of its characters.
public struct UnexportableValue: Sendable, Hashable {
    /// The catalog or legacy file, the key, and the unit id.
    public var file: String
    public var key: String
    public var unitID: String
    /// `id`, `source`, `target` or `note`.
    public var field: String
    public var character: Unicode.Scalar
    /// True when only the target was left out (the unit is still written); false when the
    /// whole unit was.
    public var onlyTarget: Bool
}

/// One catalog as one `<file>` element of the XLIFF of one language (docs/spec/xliff.md §2.3–2.9).
public enum CatalogExporter {
    /// The `<file>` of `catalog` (at `path`, exported as `original`) for `language`, with the
    /// values XML cannot hold left out and listed.
    /// - Parameter keys: the catalog's keys in the order to visit them (`catalog.sortedKeys`,
    ///   found once for every language): units come nearly in order, which the sort then finds
    ///   in one pass. Nil visits them as the dictionary holds them.
    /// - Parameter spelledInCatalog: `language` as the catalog spells it (`de_DE` for `de-DE`);
    ///   nil when it is `language`.
    public static func file(
        _ catalog: StringCatalog, path: String, original: String, language: String,
        spelledInCatalog: String? = nil, tool: XLIFFTool, keys: [String]? = nil
    )
        -> (file: XLIFFFile, unexportable: [UnexportableValue])
    {
        let source = catalog.sourceLanguage
        let own = spelledInCatalog ?? language
        var units: [XLIFFUnit] = []
        units.reserveCapacity(catalog.strings.count)
        var unexportable: [UnexportableValue] = []
        for key in keys ?? Array(catalog.strings.keys) {
            guard let entry = catalog.strings[key] else { continue }
            for unit in self.units(key: key, entry: entry, sourceLanguage: source, language: own) {
                if let checked = check(unit, key: key, file: path, into: &unexportable) { units.append(checked) }
            }
        }
        let header = XLIFFFileHeader(
            original: original, sourceLanguage: source, targetLanguage: language, datatype: "plaintext",
            attributeOrder: .languagesFirst, tool: tool)
        return (XLIFFFile(header: header, units: UnitOrder.sorted(units, by: \.id)), unexportable)
    }

    /// The units of one key in `language`, unsorted.
    public static func units(key: String, entry: CatalogEntry, sourceLanguage: String, language: String) -> [XLIFFUnit]
    {
        let s = entry.localizations[sourceLanguage]
        let sLeaves = s.map(CatalogLeaves.leaves) ?? []
        let isSource = language == sourceLanguage
        let t = isSource ? nil : entry.localizations[language]
        let tLeaves = t.map(CatalogLeaves.leaves) ?? []

        // Which localization's paths the key gets, and so whose substitutions are rewritten.
        let paths: [VariationPath]
        let defining: CatalogLocalization?
        if isSource {
            paths = sLeaves.isEmpty ? [VariationPath()] : sLeaves.map(\.path)
            defining = s
        } else if !tLeaves.isEmpty {
            paths = tLeaves.map(\.path)
            defining = t
        } else {
            paths = expandPlurals(sLeaves.isEmpty ? [VariationPath()] : sLeaves.map(\.path), for: language)
            defining = s
        }

        var units: [XLIFFUnit] = []
        for path in paths {
            let id = UnitID.make(key: key, path: path.text)
            // The source text: S at the path, else S's `other` of the same plural group, else S's
            // plain value, else the key (docs/spec/xliff.md §2.6).
            var sourceLeaf: CatalogLeaf?
            if let s {
                sourceLeaf =
                    CatalogLeaves.leaf(at: path, in: s)
                    ?? path.replacingLastPluralCategory(with: "other").flatMap { CatalogLeaves.leaf(at: $0, in: s) }
                    ?? CatalogLeaves.leaf(at: VariationPath(), in: s)
            }
            let sourceText: XLIFFText
            if let sourceLeaf, let s {
                sourceText = UnitText.exported(
                    sourceLeaf.text, at: sourceLeaf.path, in: s, defining: defining, unitPath: path)
            } else {
                sourceText = .plain(key)
            }
            var target: XLIFFTarget?
            if isSource {
                target = XLIFFTarget(
                    text: sourceText, state: sourceLeaf.map { XLIFFStates.xliffState($0.state) } ?? "new")
            } else if let t, let leaf = CatalogLeaves.leaf(at: path, in: t) {
                target = XLIFFTarget(
                    text: UnitText.exported(leaf.text, at: path, in: t, defining: defining, unitPath: path),
                    state: XLIFFStates.xliffState(leaf.state))
            }
            units.append(
                XLIFFUnit(
                    id: id, translate: entry.shouldTranslate != false, source: sourceText, target: target,
                    note: entry.comment, noteFrom: entry.isCommentAutoGenerated == true ? "auto-generated" : nil))
        }
        return units
    }

    /// `paths` (a key's source paths) with each plural group's categories replaced by those Xcode
    /// gives `language`, and `zero` kept where the source has it (docs/spec/xliff.md §2.5).
    static func expandPlurals(_ paths: [VariationPath], for language: String) -> [VariationPath] {
        var result: [VariationPath] = []
        var seen: Set<VariationPath> = []
        var groups: [VariationPath: [String]] = [:] // group (category "*") -> source categories
        for path in paths {
            guard case .plural(let category)? = path.segments.last,
                let group = path.replacingLastPluralCategory(with: "*")
            else { continue }
            groups[group, default: []].append(category)
        }
        for path in paths {
            guard let group = path.replacingLastPluralCategory(with: "*"), let sourceCategories = groups[group] else {
                if seen.insert(path).inserted { result.append(path) }
                continue
            }
            var categories = PluralCategories.exported(for: language) ?? sourceCategories
            if sourceCategories.contains("zero") && !categories.contains("zero") { categories.insert("zero", at: 0) }
            for category in categories {
                let expanded = group.replacingLastPluralCategory(with: category)!
                if seen.insert(expanded).inserted { result.append(expanded) }
            }
        }
        return result
    }

    /// `unit` if XML can hold it; without its target if only the target cannot be held; nil if
    /// its id, source or note cannot be. Each value left out is listed.
    static func check(_ unit: XLIFFUnit, key: String, file: String, into unexportable: inout [UnexportableValue])
        -> XLIFFUnit?
    {
        func invalid(_ text: XLIFFText) -> Unicode.Scalar? {
            switch text {
            case .plain(let value): return XMLEscaping.firstInvalidCharacter(in: value)
            case .set(let values): return values.lazy.compactMap(XMLEscaping.firstInvalidCharacter).first
            }
        }
        for (field, scalar) in [
            ("id", XMLEscaping.firstInvalidCharacter(in: unit.id)), ("source", invalid(unit.source)),
            ("note", unit.note.flatMap(XMLEscaping.firstInvalidCharacter)),
        ] {
            if let scalar {
                unexportable.append(
                    UnexportableValue(
                        file: file, key: key, unitID: unit.id, field: field, character: scalar, onlyTarget: false))
                return nil
            }
        }
        if let target = unit.target, let scalar = invalid(target.text) {
            unexportable.append(
                UnexportableValue(
                    file: file, key: key, unitID: unit.id, field: "target", character: scalar, onlyTarget: true))
            var unit = unit
            unit.target = nil
            return unit
        }
        return unit
    }
}
