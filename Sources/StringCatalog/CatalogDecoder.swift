import Languages
import StringcatSupport

/// Reads a catalog straight from its bytes into the typed model (docs/spec/catalog-format.md#the-shapes-of-an-entry),
/// checking every shape on the way; fields it does not know are read as `JSONValue` into `extraFields`.
///
/// No intermediate JSON tree: catalogs reach hundreds of MB. A value of the wrong kind is
/// first parsed as JSON (so a syntax error inside it wins), then reported with its path and
/// offset. A key seen twice in one object is an error (keeping either value would lose the other).
struct CatalogDecoder {
    var parser: JSONParser
    /// Size of the last localization map read at each nesting level: maps of one catalog have
    /// about the same languages / cases, so reserving that size avoids regrowing each dictionary.
    var lastMapSize: [Int] = []
    /// Whether the entries of `strings` are decoded on every core (`entriesInParallel`): by their
    /// size, or always or never (tests compare the two ways on one input).
    var split = ParallelSplit.bySize
    /// In how many segments the entries were decoded on every core (0: on one core).
    var parallelSegments = 0
    /// Variation cases nest localizations in variations (device -> plural); deeper than this is
    /// refused instead of overflowing the stack.
    private static let maxNesting = 64
    /// Localization keys already found to be language tags: a catalog repeats its few languages
    /// in every entry, so each is checked by `LanguageTag` once per decoder.
    private var languages: [String] = []
    /// Where in `languages` the next key is looked for first: entries list their languages in
    /// one order, so the one after the last found is nearly always the next (a linear search
    /// cost a tenth of verify's reading).
    private var nextLanguage = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) { parser = JSONParser(bytes: bytes) }

    /// A decoder standing at `offset` of `bytes`, a part of a catalog read in windows
    /// (`CatalogEntryStream`) or in segments (`entriesInParallel`); `hints` are the map sizes
    /// (`lastMapSize`) of the decoder that read the part before.
    init(window bytes: UnsafeBufferPointer<UInt8>, offset: Int, hints: [Int] = []) {
        parser = JSONParser(bytes: bytes, offset: offset)
        lastMapSize = hints
    }

    /// The catalog in `bytes`; `segments` gets the number of segments its entries were decoded in
    /// on every core (0: on one core), even when a later part of the catalog is an error.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, split: ParallelSplit,
        segments: inout Int
    ) throws(CatalogReadError) -> StringCatalog {
        var decoder = CatalogDecoder(bytes: bytes)
        decoder.split = split
        defer { segments = decoder.parallelSegments }
        let catalog = try decoder.catalog()
        try decoder.parser.expectEnd()
        return catalog
    }

    // MARK: - Objects of the format

    private mutating func catalog() throws(CatalogReadError) -> StringCatalog {
        let start = try beginObject()
        var sourceLanguage: String?
        var version: String?
        var strings: [String: CatalogEntry]?
        var order: [String] = []
        var extra: [String: JSONValue] = [:]
        var first = true
        while let name = try parser.nextMemberKey(first: &first) {
            if name.is("sourceLanguage") {
                try once(sourceLanguage == nil, "sourceLanguage", name.offset)
                sourceLanguage = try within(.field("sourceLanguage")) { () throws(CatalogReadError) in
                    try readLanguage()
                }
            } else if name.is("version") {
                try once(version == nil, "version", name.offset)
                version = try within(.field("version")) { () throws(CatalogReadError) in try readString() }
            } else if name.is("strings") {
                try once(strings == nil, "strings", name.offset)
                strings = try within(.field("strings")) { () throws(CatalogReadError) in try entries(order: &order) }
            } else {
                try readExtra(name.string, name.offset, into: &extra, depth: 1)
            }
        }
        var catalog = StringCatalog(
            sourceLanguage: try required(sourceLanguage, "sourceLanguage", objectAt: start),
            version: try required(version, "version", objectAt: start),
            strings: try required(strings, "strings", objectAt: start),
            extraFields: extra)
        catalog.keyOrderHint = order
        return catalog
    }

    /// The `strings` object; `order` receives the keys in file order (the writer's sort is
    /// fastest on keys already in order, which they are in any file Xcode wrote).
    private mutating func entries(order: inout [String]) throws(CatalogReadError) -> [String: CatalogEntry] {
        _ = try beginObject()
        if split.splits(parser.bytes.count - parser.offset, from: Self.parallelThreshold),
            let parallel = try entriesInParallel(order: &order)
        {
            return parallel
        }
        var result: [String: CatalogEntry] = [:]
        var first = true
        while let (key, keyOffset) = try parser.nextMember(first: &first) {
            let entry = try within(.key(key)) { () throws(CatalogReadError) in try self.entry() }
            if let existing = result.index(forKey: key) {
                throw parser.duplicateKeyError(key, earlier: result[existing].key, at: keyOffset)
            }
            result[key] = entry
            order.append(key)
        }
        return result
    }

    mutating func entry() throws(CatalogReadError) -> CatalogEntry {
        _ = try beginObject()
        var entry = CatalogEntry()
        var sawLocalizations = false
        var first = true
        while let name = try parser.nextMemberKey(first: &first) {
            if name.is("comment") {
                try once(entry.comment == nil, "comment", name.offset)
                entry.comment = try within(.field("comment")) { () throws(CatalogReadError) in try readString() }
            } else if name.is("extractionState") {
                try once(entry.extractionState == nil, "extractionState", name.offset)
                entry.extractionState = ExtractionState(
                    rawValue: try within(.field("extractionState")) { () throws(CatalogReadError) in try readString() })
            } else if name.is("isCommentAutoGenerated") {
                try once(entry.isCommentAutoGenerated == nil, "isCommentAutoGenerated", name.offset)
                entry.isCommentAutoGenerated = try within(.field("isCommentAutoGenerated")) {
                    () throws(CatalogReadError) in try readBool()
                }
            } else if name.is("shouldTranslate") {
                try once(entry.shouldTranslate == nil, "shouldTranslate", name.offset)
                entry.shouldTranslate = try within(.field("shouldTranslate")) { () throws(CatalogReadError) in
                    try readBool()
                }
            } else if name.is("localizations") {
                try once(!sawLocalizations, "localizations", name.offset)
                sawLocalizations = true
                entry.localizations = try within(.field("localizations")) { () throws(CatalogReadError) in
                    try localizationMap(nesting: 0)
                }
            } else {
                try readExtra(name.string, name.offset, into: &entry.extraFields, depth: 3)
            }
        }
        return entry
    }

    /// Languages, plural categories or device names -> localization.
    private mutating func localizationMap(nesting: Int) throws(CatalogReadError) -> [String: CatalogLocalization] {
        let start = try beginObject()
        guard nesting < Self.maxNesting else {
            throw CatalogReadError.shape("variations nested deeper than \(Self.maxNesting) levels", at: start)
        }
        var result: [String: CatalogLocalization] = [:]
        if nesting < lastMapSize.count { result.reserveCapacity(lastMapSize[nesting]) }
        var first = true
        while let (key, keyOffset) = try parser.nextMember(first: &first) {
            // The map of an entry (nesting 0) is keyed by language: `compile`, `export` and
            // `import` make paths from these keys, so one that is no language tag (`../x/de`)
            // is an error here, before any consumer sees it.
            if nesting == 0 { try checkLanguage(key, at: keyOffset) }
            let localization = try within(.field(key)) { () throws(CatalogReadError) in
                try self.localization(nesting: nesting)
            }
            // One hash per member: a key seen before keeps its first spelling in the map, which
            // the error names.
            if result.updateValue(localization, forKey: key) != nil {
                throw parser.duplicateKeyError(key, earlier: result[result.index(forKey: key)!].key, at: keyOffset)
            }
        }
        while lastMapSize.count <= nesting { lastMapSize.append(0) }
        lastMapSize[nesting] = result.count
        return result
    }

    private mutating func localization(nesting: Int) throws(CatalogReadError) -> CatalogLocalization {
        _ = try beginObject()
        var localization = CatalogLocalization()
        var sawSubstitutions = false
        var first = true
        while let name = try parser.nextMemberKey(first: &first) {
            if name.is("stringUnit") {
                try once(localization.stringUnit == nil, "stringUnit", name.offset)
                localization.stringUnit = try within(.field("stringUnit")) { () throws(CatalogReadError) in
                    try stringUnit(nesting: nesting)
                }
            } else if name.is("substitutions") {
                try once(!sawSubstitutions, "substitutions", name.offset)
                sawSubstitutions = true
                localization.substitutions = try within(.field("substitutions")) { () throws(CatalogReadError) in
                    try substitutions(nesting: nesting)
                }
            } else if name.is("variations") {
                try once(localization.variations == nil, "variations", name.offset)
                localization.variations = try within(.field("variations")) { () throws(CatalogReadError) in
                    try variations(nesting: nesting + 1)
                }
            } else {
                try readExtra(name.string, name.offset, into: &localization.extraFields, depth: 5 + nesting * 3)
            }
        }
        return localization
    }

    private mutating func stringUnit(nesting: Int) throws(CatalogReadError) -> StringUnit {
        let start = try beginObject()
        var state: String?
        var value: String?
        var extra: [String: JSONValue] = [:]
        var first = true
        while let name = try parser.nextMemberKey(first: &first) {
            if name.is("state") {
                try once(state == nil, "state", name.offset)
                state = try within(.field("state")) { () throws(CatalogReadError) in try readString() }
            } else if name.is("value") {
                try once(value == nil, "value", name.offset)
                value = try within(.field("value")) { () throws(CatalogReadError) in try readString() }
            } else {
                try readExtra(name.string, name.offset, into: &extra, depth: 6 + nesting * 3)
            }
        }
        return StringUnit(
            state: TranslationState(rawValue: try required(state, "state", objectAt: start)),
            value: try required(value, "value", objectAt: start), extraFields: extra)
    }

    private mutating func substitutions(nesting: Int) throws(CatalogReadError) -> [String: Substitution] {
        _ = try beginObject()
        var result: [String: Substitution] = [:]
        var first = true
        while let (key, keyOffset) = try parser.nextMember(first: &first) {
            let substitution = try within(.field(key)) { () throws(CatalogReadError) in
                try self.substitution(nesting: nesting)
            }
            if result.updateValue(substitution, forKey: key) != nil {
                throw parser.duplicateKeyError(key, earlier: result[result.index(forKey: key)!].key, at: keyOffset)
            }
        }
        return result
    }

    private mutating func substitution(nesting: Int) throws(CatalogReadError) -> Substitution {
        _ = try beginObject()
        var substitution = Substitution()
        var first = true
        while let name = try parser.nextMemberKey(first: &first) {
            if name.is("argNum") {
                try once(substitution.argNum == nil, "argNum", name.offset)
                substitution.argNum = try within(.field("argNum")) { () throws(CatalogReadError) in try readInt() }
            } else if name.is("formatSpecifier") {
                try once(substitution.formatSpecifier == nil, "formatSpecifier", name.offset)
                substitution.formatSpecifier = try within(.field("formatSpecifier")) { () throws(CatalogReadError) in
                    try readString()
                }
            } else if name.is("variations") {
                try once(substitution.variations == nil, "variations", name.offset)
                substitution.variations = try within(.field("variations")) { () throws(CatalogReadError) in
                    try variations(nesting: nesting + 1)
                }
            } else {
                try readExtra(name.string, name.offset, into: &substitution.extraFields, depth: 7 + nesting * 3)
            }
        }
        return substitution
    }

    private mutating func variations(nesting: Int) throws(CatalogReadError) -> CatalogVariations {
        _ = try beginObject()
        var variations = CatalogVariations()
        var first = true
        while let name = try parser.nextMemberKey(first: &first) {
            if name.is("plural") {
                try once(variations.plural == nil, "plural", name.offset)
                variations.plural = try within(.field("plural")) { () throws(CatalogReadError) in
                    try localizationMap(nesting: nesting)
                }
            } else if name.is("device") {
                try once(variations.device == nil, "device", name.offset)
                variations.device = try within(.field("device")) { () throws(CatalogReadError) in
                    try localizationMap(nesting: nesting)
                }
            } else {
                try readExtra(name.string, name.offset, into: &variations.extraFields, depth: 6 + nesting * 3)
            }
        }
        return variations
    }

    // MARK: - Leaves

    /// Expects an object at the current position and enters it; returns the offset of its `{`.
    mutating func beginObject() throws(CatalogReadError) -> Int {
        if parser.peekValueStart() == UInt8(ascii: "{") {
            let start = parser.offset
            parser.advance()
            return start
        }
        throw try mismatch("expected an object")
    }

    mutating func readString() throws(CatalogReadError) -> String {
        if parser.peekValueStart() == UInt8(ascii: "\"") { return try parser.parseString() }
        throw try mismatch("expected a string")
    }

    /// A string that must be a language tag (`sourceLanguage`).
    mutating func readLanguage() throws(CatalogReadError) -> String {
        _ = parser.peekValueStart()
        let start = parser.offset
        let text = try readString()
        try checkLanguage(text, at: start, isKey: false)
        return text
    }

    /// Throws unless `text` is a language tag (`LanguageTag`, the one place that decides it).
    @inline(__always)
    private mutating func checkLanguage(_ text: String, at offset: Int, isKey: Bool = true) throws(CatalogReadError) {
        if nextLanguage < languages.count, languages[nextLanguage] == text {
            nextLanguage = nextLanguage + 1 == languages.count ? 0 : nextLanguage + 1
            return
        }
        if let found = languages.firstIndex(of: text) {
            nextLanguage = found + 1 == languages.count ? 0 : found + 1
            return
        }
        guard LanguageTag(text) != nil else {
            // A key is named by the error's path; a value is named in the message.
            let named = isKey ? "" : JSONTextWriter.literal(text) + " is "
            var error = CatalogReadError.shape(named + Self.notALanguage, at: offset)
            if isKey { error.reversedPath = [.key(text)] }
            throw error
        }
        languages.append(text)
        nextLanguage = 0
    }

    /// What is said of a code that is no language tag.
    static let notALanguage =
        "not a language code (a BCP 47 tag such as en, pt-BR or zh-Hans); "
        + "nothing is read or written for it"

    private mutating func readBool() throws(CatalogReadError) -> Bool {
        let start = parser.offset
        let value = try parser.parseValue(depth: 0)
        guard case .bool(let flag) = value else {
            throw CatalogReadError.shape("expected true or false, found \(value.kindDescription)", at: start)
        }
        return flag
    }

    private mutating func readInt() throws(CatalogReadError) -> Int {
        let start = parser.offset
        let value = try parser.parseValue(depth: 0)
        guard case .int(let number) = value else {
            throw CatalogReadError.shape("expected an integer, found \(value.kindDescription)", at: start)
        }
        return number
    }

    /// The error for a value of the wrong kind at the current position: parsed first, so that a
    /// syntax error in it is reported as such.
    private mutating func mismatch(_ expected: String) throws(CatalogReadError) -> CatalogReadError {
        _ = parser.peekValueStart()
        let start = parser.offset
        let value = try parser.parseValue(depth: 0)
        return .shape("\(expected), found \(value.kindDescription)", at: start)
    }

    /// An unknown field, kept as JSON.
    private mutating func readExtra(
        _ key: String, _ keyOffset: Int, into extra: inout [String: JSONValue],
        depth: Int
    ) throws(CatalogReadError) {
        let value = try parser.parseValue(depth: depth)
        if let existing = extra.index(forKey: key) {
            throw parser.duplicateKeyError(key, earlier: extra[existing].key, at: keyOffset)
        }
        extra[key] = value
    }

    /// A known field seen a second time in the same object.
    private func once(_ isFirst: Bool, _ key: String, _ keyOffset: Int) throws(CatalogReadError) {
        if !isFirst { throw parser.duplicateKeyError(key, earlier: key, at: keyOffset) }
    }

    /// A required field that was missing: reported at the object's `{` with the field's path.
    private func required<T>(_ value: T?, _ field: String, objectAt offset: Int) throws(CatalogReadError) -> T {
        guard let value else {
            var error = CatalogReadError.shape("missing (required)", at: offset)
            error.reversedPath = [.field(field)]
            throw error
        }
        return value
    }
}
