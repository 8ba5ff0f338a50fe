import StringCatalog
import XLIFF

/// Where a value sits inside a localization: the path of a unit id after `|==|`
/// (docs/spec/xliff.md §2.4), as segments. The empty path is the plain value.
public struct VariationPath: Sendable, Hashable, Comparable {
    public enum Segment: Sendable, Hashable {
        case plural(String)
        case device(String)
        case substitution(String)
    }

    public var segments: [Segment]

    public init(_ segments: [Segment] = []) { self.segments = segments }

    /// `plural.one`, `device.mac`, `substitutions.meters.plural.one`, `device.iphone.plural.one`.
    public var text: String {
        segments.map { segment in
            switch segment {
            case .plural(let category): return "plural." + category
            case .device(let name): return "device." + name
            case .substitution(let name): return "substitutions." + name
            }
        }.joined(separator: ".")
    }

    /// Reads `plural.one`, `substitutions.n.plural.other`, `device.mac`…; nil for any other text.
    /// A substitution is always followed by a variation (its values live in one).
    public init?(text: String) {
        guard !text.isEmpty else {
            self.init()
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var segments: [Segment] = []
        var index = 0
        while index < parts.count {
            guard index + 1 < parts.count, !parts[index + 1].isEmpty else { return nil }
            switch parts[index] {
            case "plural": segments.append(.plural(parts[index + 1]))
            case "device": segments.append(.device(parts[index + 1]))
            case "substitutions": segments.append(.substitution(parts[index + 1]))
            default: return nil
            }
            index += 2
        }
        if case .substitution = segments.last { return nil }
        self.init(segments)
    }

    /// The path with its last plural category replaced (`…plural.few` -> `…plural.other`); nil
    /// when the path ends in no plural category.
    public func replacingLastPluralCategory(with category: String) -> VariationPath? {
        guard case .plural = segments.last else { return nil }
        return VariationPath(segments.dropLast() + [.plural(category)])
    }

    /// The substitution the value belongs to (the last `substitutions.NAME` segment), if any.
    public var substitutionName: String? {
        for segment in segments.reversed() { if case .substitution(let name) = segment { return name } }
        return nil
    }

    public static func < (a: VariationPath, b: VariationPath) -> Bool { a.text < b.text }
}

/// One value of a localization: a string unit or a string set, at its path.
public struct CatalogLeaf: Sendable, Hashable {
    public var path: VariationPath
    public var text: XLIFFText
    public var state: TranslationState

    public init(path: VariationPath, text: XLIFFText, state: TranslationState) {
        self.path = path
        self.text = text
        self.state = state
    }
}

/// The values of a localization flattened to paths (docs/spec/xliff.md §2.5), and the way back.
public enum CatalogLeaves {
    /// Every string unit and string set of `localization`, with its path: its own value,
    /// each variation's (plural categories, devices), each substitution's.
    public static func leaves(of localization: CatalogLocalization) -> [CatalogLeaf] {
        var leaves: [CatalogLeaf] = []
        collect(localization, prefix: [], into: &leaves)
        return leaves
    }

    private static func collect(
        _ localization: CatalogLocalization, prefix: [VariationPath.Segment], into leaves: inout [CatalogLeaf]
    ) {
        if let unit = localization.stringUnit {
            leaves.append(CatalogLeaf(path: VariationPath(prefix), text: .plain(unit.value), state: unit.state))
        } else if let set = stringSet(of: localization) {
            leaves.append(CatalogLeaf(path: VariationPath(prefix), text: .set(set.values), state: set.state))
        }
        for (name, substitution) in localization.substitutions.sorted(by: { $0.key < $1.key }) {
            if let variations = substitution.variations {
                collect(variations, prefix: prefix + [.substitution(name)], into: &leaves)
            }
        }
        if let variations = localization.variations { collect(variations, prefix: prefix, into: &leaves) }
    }

    private static func collect(
        _ variations: CatalogVariations, prefix: [VariationPath.Segment], into leaves: inout [CatalogLeaf]
    ) {
        for (category, child) in (variations.plural ?? [:]).sorted(by: { $0.key < $1.key }) {
            collect(child, prefix: prefix + [.plural(category)], into: &leaves)
        }
        for (device, child) in (variations.device ?? [:]).sorted(by: { $0.key < $1.key }) {
            collect(child, prefix: prefix + [.device(device)], into: &leaves)
        }
    }

    /// A `stringSet` (App Shortcuts phrases; a field the typed model keeps in `extraFields`).
    public static func stringSet(of localization: CatalogLocalization) -> (state: TranslationState, values: [String])? {
        guard case .object(let set)? = localization.extraFields["stringSet"], case .array(let items)? = set["values"]
        else { return nil }
        var values: [String] = []
        for item in items {
            guard case .string(let value) = item else { return nil }
            values.append(value)
        }
        var state = TranslationState.translated
        if case .string(let raw)? = set["state"] { state = TranslationState(rawValue: raw) }
        return (state, values)
    }

    /// Variation kinds the XLIFF has no path for (a future Xcode's `width`…), anywhere in
    /// `localization`: their values cannot be exported.
    public static func unknownVariationKinds(in localization: CatalogLocalization) -> [String] {
        var kinds: Set<String> = []
        func visit(_ localization: CatalogLocalization) {
            if let variations = localization.variations { visit(variations) }
            for substitution in localization.substitutions.values {
                if let variations = substitution.variations { visit(variations) }
            }
        }
        func visit(_ variations: CatalogVariations) {
            kinds.formUnion(variations.extraFields.keys)
            for child in (variations.plural ?? [:]).values { visit(child) }
            for child in (variations.device ?? [:]).values { visit(child) }
        }
        visit(localization)
        return kinds.sorted()
    }

    /// The localization (a case of a variation, or the localization itself) that holds the value
    /// at `path`'s level: where its `substitutions` are. For a value inside a substitution, the
    /// localization that defines the substitution.
    public static func owner(of path: VariationPath, in localization: CatalogLocalization) -> CatalogLocalization? {
        var node = localization
        for segment in path.segments {
            switch segment {
            case .plural(let category):
                guard let child = node.variations?.plural?[category] else { return nil }
                node = child
            case .device(let name):
                guard let child = node.variations?.device?[name] else { return nil }
                node = child
            case .substitution:
                return node
            }
        }
        return node
    }

    /// The substitution a value inside one belongs to, as `localization` defines it.
    public static func substitution(of path: VariationPath, in localization: CatalogLocalization) -> Substitution? {
        guard let name = path.substitutionName, let owner = owner(of: path, in: localization) else { return nil }
        return owner.substitutions[name]
    }

    /// The value at `path`, if `localization` has one.
    public static func leaf(at path: VariationPath, in localization: CatalogLocalization) -> CatalogLeaf? {
        guard let node = node(at: path.segments[...], in: localization) else { return nil }
        if let unit = node.stringUnit { return CatalogLeaf(path: path, text: .plain(unit.value), state: unit.state) }
        if let set = stringSet(of: node) { return CatalogLeaf(path: path, text: .set(set.values), state: set.state) }
        return nil
    }

    private static func node(at segments: ArraySlice<VariationPath.Segment>, in localization: CatalogLocalization)
        -> CatalogLocalization?
    {
        guard let first = segments.first else { return localization }
        let rest = segments.dropFirst()
        switch first {
        case .plural(let category):
            return localization.variations?.plural?[category].flatMap { node(at: rest, in: $0) }
        case .device(let name):
            return localization.variations?.device?[name].flatMap { node(at: rest, in: $0) }
        case .substitution(let name):
            guard let variations = localization.substitutions[name]?.variations, let next = rest.first else {
                return nil
            }
            switch next {
            case .plural(let category):
                return variations.plural?[category].flatMap { node(at: rest.dropFirst(), in: $0) }
            case .device(let device): return variations.device?[device].flatMap { node(at: rest.dropFirst(), in: $0) }
            case .substitution: return nil
            }
        }
    }

    /// Puts `text` with `state` at `path` in `localization`, creating the variations and
    /// substitutions on the way. A substitution created here takes its `argNum` and
    /// `formatSpecifier` from `template` (the source language's localization), where it has one.
    public static func set(
        _ text: XLIFFText, state: TranslationState, at path: VariationPath, in localization: inout CatalogLocalization,
        template: CatalogLocalization?
    ) {
        set(text, state: state, at: path.segments[...], in: &localization, template: template)
    }

    private static func set(
        _ text: XLIFFText, state: TranslationState, at segments: ArraySlice<VariationPath.Segment>,
        in localization: inout CatalogLocalization, template: CatalogLocalization?
    ) {
        guard let first = segments.first else {
            switch text {
            case .plain(let value):
                if localization.stringUnit != nil {
                    localization.stringUnit!.value = value
                    localization.stringUnit!.state = state
                } else {
                    localization.stringUnit = StringUnit(state: state, value: value)
                }
                localization.extraFields["stringSet"] = nil
            case .set(let values):
                var set: [String: JSONValue] = [:]
                if case .object(let existing)? = localization.extraFields["stringSet"] { set = existing }
                set["state"] = .string(state.rawValue)
                set["values"] = .array(values.map(JSONValue.string))
                localization.extraFields["stringSet"] = .object(set)
                localization.stringUnit = nil
            }
            return
        }
        let rest = segments.dropFirst()
        switch first {
        case .plural(let category):
            var variations = localization.variations ?? CatalogVariations()
            var child = variations.plural?[category] ?? CatalogLocalization()
            set(
                text, state: state, at: rest, in: &child,
                template: template?.variations?.plural?[category] ?? template?.variations?.plural?["other"])
            var plural = variations.plural ?? [:]
            plural[category] = child
            variations.plural = plural
            localization.variations = variations
        case .device(let name):
            var variations = localization.variations ?? CatalogVariations()
            var child = variations.device?[name] ?? CatalogLocalization()
            set(
                text, state: state, at: rest, in: &child,
                template: template?.variations?.device?[name] ?? template?.variations?.device?["other"] ?? template)
            var device = variations.device ?? [:]
            device[name] = child
            variations.device = device
            localization.variations = variations
        case .substitution(let name):
            let model = template?.substitutions[name]
            var substitution =
                localization.substitutions[name]
                ?? Substitution(argNum: model?.argNum, formatSpecifier: model?.formatSpecifier)
            guard !rest.isEmpty else { return }
            // The substitution's variations, set as those of a localization holding them.
            var holder = CatalogLocalization(variations: substitution.variations ?? CatalogVariations())
            let templateHolder = model?.variations.map { CatalogLocalization(variations: $0) }
            set(text, state: state, at: rest, in: &holder, template: templateHolder)
            substitution.variations = holder.variations
            localization.substitutions[name] = substitution
        }
    }
}
