import Languages

/// What a target's bundle holds once its files' contents are known: the languages it offers
/// (its `.lproj` folders but `Base`), and for each table and language the keys a lookup finds.
public struct BundleContents: Sendable, Hashable {
    /// One table in one language: how many keys it gives (nil: a file of it cannot be read).
    public struct Slot: Sendable, Hashable {
        public var keys: Int?
        /// Only a catalog's source values equal to their keys: a lookup gives them without any
        /// file, so no key is missing whether or not the build writes one.
        public var isImplicit = false

        public init(keys: Int?, isImplicit: Bool = false) {
            self.keys = keys
            self.isImplicit = isImplicit
        }
    }

    public var languages: Set<LanguageTag>
    /// Table -> language -> what it gives.
    public var tables: [String: [LanguageTag: Slot]]
    /// The other localized files it copies, by their place in the bundle (`de.lproj/Credits.rtf`,
    /// `Base.lproj/Main.storyboard`).
    public var resources: Set<String> = []

    public init(languages: Set<LanguageTag>, tables: [String: [LanguageTag: Slot]], resources: Set<String> = []) {
        self.languages = languages
        self.tables = tables
        self.resources = resources
    }

    /// The keys of its tables: for each table, the most any language gives.
    public var keyCount: Int {
        tables.values.reduce(0) { sum, languages in sum + (languages.values.compactMap(\.keys).max() ?? 0) }
    }

    /// The tables holding a key in some language.
    public var tableCount: Int { tables.filter { $0.value.values.contains { ($0.keys ?? 1) > 0 } }.count }

    /// The bundle's contents, every file read through `source`.
    public init(_ bundle: TargetBundle, _ source: any BundleContentSource) {
        self.init(bundle.inputs, sourceLanguage: bundle.sourceLanguage, source)
    }

    /// The contents of `inputs` (all of a bundle's, or those of some tables).
    init(_ inputs: [BundleInput], sourceLanguage: LanguageTag?, _ source: any BundleContentSource) {
        var languages: Set<LanguageTag> = []
        var legacy: [String: [LanguageTag: [String]]] = [:]
        var tables: [String: [LanguageTag: Slot]] = [:]
        var resources: Set<String> = []
        for input in inputs {
            if case .language(let tag) = input.folder { languages.insert(tag) }
            guard let table = input.table else {
                resources.insert(BundleRules.place(of: input))
                continue
            }
            switch input.kind {
            case .catalog:
                guard let output = source.output(ofCatalog: input.path) else {
                    // Unreadable: its languages are not known, its tables are said unknown.
                    tables[table, default: [:]][sourceLanguage ?? LanguageTag("en")!] = Slot(keys: nil)
                    continue
                }
                languages.formUnion(output.languages)
                // Two inputs of one table in one language (a clash the bundle's failures say, or
                // a bare folder's catalog beside its files) give the keys of the larger.
                for (language, count) in output.keys where count > 0 {
                    let previous = tables[table]?[language]?.keys ?? 0
                    let implicit = language == output.sourceLanguage && output.ownSourceValues == 0
                    tables[table, default: [:]][language] = Slot(
                        keys: max(count, previous), isImplicit: implicit && previous == 0)
                }
            case .strings, .stringsDict:
                let language: LanguageTag?
                switch input.folder {
                case .language(let tag): language = tag
                case .base, .topLevel: language = sourceLanguage
                }
                if let language { legacy[table, default: [:]][language, default: []].append(input.path) }
            case .other:
                break
            }
        }
        for (table, byLanguage) in legacy {
            for (language, paths) in byLanguage {
                let count = source.keyCount(ofLegacyFiles: paths)
                let previous = tables[table]?[language]
                tables[table, default: [:]][language] = Slot(
                    keys: count.map { max($0, previous?.keys ?? 0) }, isImplicit: false)
            }
        }
        self.languages = languages
        self.tables = tables
        self.resources = resources
    }
}
