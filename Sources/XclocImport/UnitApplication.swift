import Foundation
import Languages
import StringCatalog
import StringcatSupport
import XLIFF
import Xcloc

// One unit of a translator's XLIFF applied to its catalog: where it goes (`locate`, `checkPlace`), in
// which state, and the value written there.

extension ImportState {
    mutating func apply(_ unit: XLIFFUnit, in context: inout FileContext, report: inout ImportReport)
        throws(Diagnostic)
    {
        context.units += 1
        guard case .catalog(let catalogPath) = context.target else { return }
        let at = unit.location ?? context.header.location ?? .file(catalogPath)
        // The catalog is looked up by each step, not held here: a copy alive while `write`
        // changes it in place would make the change copy the whole catalog.
        guard let (key, path) = try locate(unit, in: catalogPath, at: at, context: &context, report: &report) else {
            return
        }
        guard let target = unit.target else {
            // No target where the catalog holds no value either (as the export writes an
            // untranslated unit): the import leaves nothing different, so it is unchanged.
            let held = catalogs[catalogPath]?.catalog.strings[key]?.localizations[context.language].flatMap {
                CatalogLeaves.leaf(at: path, in: $0)
            }
            if held == nil {
                context.counts.unchanged += 1
            } else {
                context.counts.skipped["no target", default: 0] += 1
            }
            return
        }
        try checkPlace(of: unit, target, key: key, path: path, in: catalogPath, at: at, context: context)
        guard let newState = try state(of: unit, target, at: at, context: &context) else { return }
        write(
            target, state: newState, of: unit, key: key, path: path, into: catalogPath, at: at, context: &context,
            report: &report)
    }

    /// The key and variation path a unit names in `catalog`: nil (counted, the first ones named)
    /// when the catalog has no such key; an error for a path Xcode does not write, a plural
    /// category the language does not have, or a unit seen twice.
    mutating func locate(
        _ unit: XLIFFUnit, in catalogPath: String, at: SourceLocation, context: inout FileContext,
        report: inout ImportReport
    ) throws(Diagnostic) -> (key: String, path: VariationPath)? {
        guard let catalog = catalogs[catalogPath]?.catalog else { return nil }
        let language = context.language
        guard let (key, pathText) = UnitID.reading(of: unit.id, where: { catalog.strings[$0] != nil }) else {
            context.unknownUnits += 1
            if context.unknownUnits <= ProjectImporter.namedUnknownUnits {
                report.diagnostics.append(.warning("unit \(unit.id): the catalog has no such key (skipped)", at: at))
            }
            context.counts.skipped["no such key in the catalog", default: 0] += 1
            return nil
        }
        guard let path = VariationPath(text: pathText) else {
            throw .error(
                "unit \(unit.id): \"\(pathText)\" is not a variation path Xcode writes (plural.CATEGORY, device.NAME, "
                    + "substitutions.NAME.plural.CATEGORY)",
                at: at)
        }
        for segment in path.segments {
            guard case .plural(let category) = segment else { continue }
            guard PluralCategories.names.contains(category) else {
                throw .error(
                    "unit \(unit.id): \(category) is not a plural category (zero, one, two, few, many, other)", at: at)
            }
            let allowed = context.allowed
            // A category the catalog already holds there is the catalog's own (a .stringsdict
            // migrated with more forms than CLDR's): what the export wrote comes back.
            let held =
                catalog.strings[key]?.localizations[language].flatMap { CatalogLeaves.leaf(at: path, in: $0) } != nil
            guard allowed.contains(category) || held else {
                let list = PluralCategories.names.filter(allowed.contains).sorted { order($0) < order($1) }.joined(
                    separator: ", ")
                throw .error(
                    "unit \(unit.id): \(language) has no plural category \(category) (its categories: \(list))", at: at)
            }
        }
        if let first = seen[context.scope]?[unit.id] {
            // In another input, the first place names its file.
            let place =
                first.path == at.path
                ? "line \(first.line ?? 0), column \(first.column ?? 0)"
                : "\(first.path):\(first.line ?? 0):\(first.column ?? 0)"
            throw .error("unit \(unit.id) appears twice for \(language) (first at \(place))", at: at)
        }
        seen[context.scope, default: [:]][unit.id] = at
        return (key, path)
    }

    /// Refuses a unit at a place the key's values do not have (I14, `UnitShapes`), and a key
    /// given both a plain value and variations of it in one run, where the catalog holds only
    /// one of them (one would be lost).
    mutating func checkPlace(
        of unit: XLIFFUnit, _ target: XLIFFTarget, key: String, path: VariationPath, in catalogPath: String,
        at: SourceLocation, context: FileContext
    ) throws(Diagnostic) {
        guard let catalog = catalogs[catalogPath]?.catalog else { return }
        let shapes = UnitShapes(
            entry: catalog.strings[key], language: context.language, sourceLanguage: catalog.sourceLanguage)
        if let refusal = shapes.refusal(of: path, text: target.text) {
            throw .error("unit \(unit.id): \(refusal); nothing is imported", at: unit.targetLocation ?? at)
        }
        let topLevel: Bool
        switch path.segments.first {
        case nil: topLevel = false
        case .plural?, .device?: topLevel = true
        case .substitution?: return
        }
        // Both in the catalog already (a value and its variations): each unit has its place.
        guard shapes.isPlain, !shapes.varies else { return }
        let pathsKey = context.scope + "\u{0}" + key
        var given = givenShapes[pathsKey] ?? (plain: nil, varied: nil)
        if topLevel { given.varied = given.varied ?? at } else { given.plain = given.plain ?? at }
        givenShapes[pathsKey] = given
        if let plain = given.plain, let varied = given.varied {
            let other = topLevel ? plain : varied
            throw .error(
                "unit \(unit.id): \(key) is given both a plain value and variations of it in \(context.language) (the "
                    + "other at \(other.path == at.path ? "line \(other.line ?? 0)" : "\(other.path):\(other.line ?? 0)")"
                    + "): the catalog would keep one and lose the other; nothing is imported (keep the units of one)",
                at: at)
        }
    }

    /// The catalog state a target's XLIFF state gives: nil (counted) for one that is not imported;
    /// an error for a state XLIFF 1.2 does not have or a character XML cannot hold.
    func state(
        of unit: XLIFFUnit, _ target: XLIFFTarget, at: SourceLocation, context: inout FileContext
    ) throws(Diagnostic) -> TranslationState? {
        let newState: TranslationState
        switch XLIFFStates.reading(target.state) {
        case .write(let state): newState = state
        case .skip(let reason):
            context.counts.skipped[reason, default: 0] += 1
            return nil
        case .unknown:
            throw .error(
                "unit \(unit.id): state \"\(target.state ?? "")\" is not an XLIFF 1.2 state (translated, "
                    + "needs-review-l10n, new, needs-translation, final, signed-off, or x-…)",
                at: unit.targetLocation ?? at)
        }
        if case .plain(let value) = target.text,
            let scalar = value.unicodeScalars.first(where: { !XMLEscaping.isAllowed($0) })
        {
            throw .error(
                "unit \(unit.id): U+\(String(scalar.value, radix: 16)) cannot be in XML", at: unit.targetLocation ?? at)
        }
        return newState
    }

    /// Puts the target's text at its path in the catalog's localization, unless the catalog
    /// already holds it as the export writes it.
    mutating func write(
        _ target: XLIFFTarget, state newState: TranslationState, of unit: XLIFFUnit, key: String,
        path: VariationPath, into catalogPath: String, at: SourceLocation, context: inout FileContext,
        report: inout ImportReport
    ) {
        guard let sourceLanguage = catalogs[catalogPath]?.catalog.sourceLanguage else { return }
        let language = context.language
        // Each localization looked up apart, never the entry: a copy of the entry alive while its
        // localization is changed would copy every language of the key, per unit (quadratic for
        // a key in thousands of languages).
        let source = localization(of: key, sourceLanguage, in: catalogPath)
        let existing = localization(of: key, language, in: catalogPath)
        if language == sourceLanguage && existing == nil {
            // The source text of such a key is the key itself; Xcode writes nothing for it. A target
            // that is the key (as the export writes it) changes nothing: unchanged, not skipped.
            if case .plain(let text) = target.text, text == key, path.segments.isEmpty {
                context.counts.unchanged += 1
            } else {
                context.counts.skipped["source language without a value: the key is the source text", default: 0] += 1
            }
            return
        }
        // Unchanged: the catalog already holds this target, as the export writes it. In the
        // development language only the text counts, and a value written keeps its state: Xcode's
        // import of en.xcloc changed no state (geteduroam@846cebde).
        let isSource = language == sourceLanguage
        let existingLeaf = existing.flatMap { CatalogLeaves.leaf(at: path, in: $0) }
        if let existing, let leaf = existingLeaf, leaf.state == newState || isSource {
            if UnitText.exported(leaf.text, at: path, in: existing, defining: existing, unitPath: path) == target.text {
                context.counts.unchanged += 1
                return
            }
        }
        let writtenState = isSource ? existingLeaf?.state ?? newState : newState
        var localization = existing ?? CatalogLocalization()
        let topLevelVariation: Bool
        switch path.segments.first {
        case .plural?, .device?: topLevelVariation = true
        default: topLevelVariation = false
        }
        let pathsKey = context.scope + "\u{0}" + key
        if path.segments.isEmpty, localization.variations != nil {
            context.counts.skipped[
                "a plain value where the catalog's value varies (re-export to get the units of its variations)",
                default: 0] += 1
            report.diagnostics.append(
                .warning(
                    "unit \(unit.id) is a plain value, but the catalog's \(language) value varies: not imported "
                        + "(re-export to get the units of its variations)",
                    at: at))
            return
        }
        if !isSource,
            let warning = formatWarning(target, of: unit, key: key, path: path, source: source, existing: existing)
        {
            report.diagnostics.append(.warning(warning, at: unit.targetLocation ?? at))
        }
        if topLevelVariation, localization.stringUnit != nil, importedPaths[pathsKey]?.contains("") != true {
            // A translator gave the value variations (I10): the plain value is replaced by them.
            localization.stringUnit = nil
        }
        let value = UnitText.imported(target.text, at: path, localization: existing, source: source)
        CatalogLeaves.set(value, state: writtenState, at: path, in: &localization, template: source)
        // Changed in place, down to the localization: a copy of the catalog or of the entry per
        // unit would make an import quadratic.
        catalogs[catalogPath]?.originals.keep(existing, key: key, language: language)
        catalogs[catalogPath]?.catalog.strings[key]?.localizations[language] = localization
        catalogs[catalogPath]?.modified = true
        changedUnits.append((catalogPath, unit.id, at))
        importedPaths[pathsKey, default: []].insert(path.text)
        context.counts.imported += 1
    }

    /// The localization of `key` in `language`, looked up without keeping a copy of the entry.
    func localization(of key: String, _ language: String, in catalogPath: String) -> CatalogLocalization? {
        catalogs[catalogPath]?.catalog.strings[key]?.localizations[language]
    }

    /// A warning when the target's printf arguments differ from its source's (a changed type, one
    /// dropped, one added), as Xcode's editor warns: the app may show the wrong value or crash.
    /// The source is the catalog's, as the export writes it (docs/spec/xliff.md §2.6).
    func formatWarning(
        _ target: XLIFFTarget, of unit: XLIFFUnit, key: String, path: VariationPath,
        source: CatalogLocalization?, existing: CatalogLocalization?
    ) -> String? {
        guard case .plain(let translation) = target.text else { return nil }
        var sourceText = key
        if let source,
            let leaf = CatalogLeaves.leaf(at: path, in: source)
                ?? path.replacingLastPluralCategory(with: "other").flatMap({ CatalogLeaves.leaf(at: $0, in: source) })
                ?? CatalogLeaves.leaf(at: VariationPath(), in: source)
        {
            let defining = existing.map(CatalogLeaves.leaves).map { $0.isEmpty } == false ? existing : source
            guard
                case .plain(let text) = UnitText.exported(
                    leaf.text, at: leaf.path, in: source, defining: defining, unitPath: path)
            else { return nil }
            sourceText = text
        }
        let mayDrop = path.segments.contains { if case .plural = $0 { true } else { false } }
        let differences = FormatCheck.differences(source: sourceText, translation: translation, mayDrop: mayDrop)
        guard !differences.isEmpty else { return nil }
        return "unit \(unit.id): its format specifiers differ from the source's ("
            + differences.joined(separator: "; ")
            + "): imported as it is; check it, the app may show the wrong value or crash"
    }

    func order(_ category: String) -> Int {
        ["zero", "one", "two", "few", "many", "other"].firstIndex(of: category) ?? 6
    }
}
