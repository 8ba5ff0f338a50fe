import StringCatalog
import XLIFF

/// A value's text as the XLIFF holds it, and back: the substitution rewrite applied at a value's
/// place (docs/spec/xliff.md §2.6, rule I1). Export and import both go through here, so what
/// import undoes is what export did.
public enum UnitText {
    /// `text`, the value at `leafPath` of `localization`, as the XLIFF writes it: a value inside a
    /// substitution gets `%arg` -> `%N$spec` from that localization's substitution; a main string
    /// gets `%#@name@` -> `%N$#@name@` for the names the defining localization has at the unit's
    /// level (docs/spec/xliff.md §2.6).
    public static func exported(
        _ text: XLIFFText, at leafPath: VariationPath, in localization: CatalogLocalization,
        defining: CatalogLocalization?, unitPath: VariationPath
    ) -> XLIFFText {
        guard case .plain(let value) = text else { return text }
        if leafPath.substitutionName != nil {
            let substitution = CatalogLeaves.substitution(of: leafPath, in: localization)
            return .plain(
                SubstitutionRewrite.leaf(
                    value, argNum: substitution?.argNum, formatSpecifier: substitution?.formatSpecifier))
        }
        guard let defining else { return text }
        return .plain(SubstitutionRewrite.main(value, argumentNumbers: argumentNumbers(at: unitPath, in: defining)))
    }

    /// The argument numbers of the substitutions visible at `path`'s level of `localization`: its
    /// own and those of the localizations above it (the nearest wins).
    public static func argumentNumbers(at path: VariationPath, in localization: CatalogLocalization) -> [String: Int] {
        var numbers: [String: Int] = [:]
        var segments: [VariationPath.Segment] = []
        func add(_ node: CatalogLocalization?) {
            for (name, substitution) in node?.substitutions ?? [:] {
                if let argNum = substitution.argNum { numbers[name] = argNum }
            }
        }
        add(localization)
        for segment in path.segments {
            if case .substitution = segment { break }
            segments.append(segment)
            add(CatalogLeaves.owner(of: VariationPath(segments), in: localization))
        }
        return numbers
    }

    /// The catalog value of `text`, a target at `path` of a key whose localization in the
    /// target language is `localization` (nil when it has none yet) and whose source-language
    /// localization is `source`: `exported` undone, with the substitutions of the localization
    /// (or, where it has none, the source's).
    public static func imported(
        _ text: XLIFFText, at path: VariationPath, localization: CatalogLocalization?,
        source: CatalogLocalization?
    ) -> XLIFFText {
        guard case .plain(let value) = text else { return text }
        if path.substitutionName != nil {
            let substitution =
                localization.flatMap { CatalogLeaves.substitution(of: path, in: $0) }
                ?? source.flatMap { CatalogLeaves.substitution(of: path, in: $0) }
            return .plain(
                SubstitutionRewrite.undoLeaf(
                    value, argNum: substitution?.argNum, formatSpecifier: substitution?.formatSpecifier))
        }
        var names: Set<String> = []
        for holder in [localization, source] {
            if let holder { names.formUnion(argumentNumbers(at: path, in: holder).keys) }
        }
        return .plain(SubstitutionRewrite.undoMain(value, names: names))
    }
}
