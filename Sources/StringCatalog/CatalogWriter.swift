import Foundation
import StringcatSupport

/// Writes a catalog as the exact bytes Xcode writes
/// (docs/spec/catalog-format.md#foundation-writes-the-bytes-xcode-writes).
public enum CatalogWriter {
    /// The catalog file's bytes: what Xcode writes for this content. `catalog.version` is
    /// written as is (`"1.0"` as Xcode 15/16, `"1.1"` as Xcode 26). No trailing newline.
    public static func data(for catalog: StringCatalog) -> Data {
        Data(bytes(for: catalog))
    }

    /// `data(for:)` as a byte array (what the writer builds; avoids one copy).
    /// - Parameter capacity: the expected size, e.g. the size of the file the catalog was read
    ///   from, to build the output without regrowing it.
    public static func bytes(for catalog: StringCatalog, capacity: Int = 0) -> [UInt8] {
        var emitter = CatalogEmitter(capacity: capacity)
        emitter.write(catalog, streaming: false) { _ in true }
        return emitter.out.bytes
    }

    /// The same bytes as `data(for:)`, handed to `sink` in parts, in order, as they are encoded
    /// (each part at most half a block of 2,048 entries; about a megabyte is handed at a time): a
    /// catalog can go to a file without all of its text in memory at once (a 200 MB `.strings`
    /// makes a 520 MB catalog).
    /// Stops at the first error `sink` throws.
    public static func write<E: Error>(_ catalog: StringCatalog, to sink: ([UInt8]) throws(E) -> Void) throws(E) {
        try stream(to: sink) { emitter, part in emitter.write(catalog, streaming: true, sink: part) }
    }

    /// A catalog with no extra fields, given as its keys and their rows (`rows`: row `i` is the
    /// entry of `keys[i]`, every entry in state `extractionState`), streamed like `write(_:to:)`:
    /// the keys are sorted here (and the table's languages, once), and each row is written from
    /// its cells as it is encoded, block by block on the encoding threads, so no entry is ever
    /// built. The bytes are those of `data(for:)` of the same catalog.
    public static func write<Rows: CatalogRows, E: Error>(
        keys: [String], languages: [String], sourceLanguage: String, version: String,
        extractionState: ExtractionState?, rows: Rows,
        to sink: ([UInt8]) throws(E) -> Void
    ) throws(E) {
        try stream(to: sink) { emitter, part in
            emitter.write(
                keys: keys, languages: languages, sourceLanguage: sourceLanguage, version: version,
                extractionState: extractionState, rows: rows, sink: part)
        }
    }

    /// Runs `encode` with an emitter whose parts go to `sink`; the first error `sink` throws
    /// stops the encoding and is thrown here. The last part is handed over at the end.
    private static func stream<E: Error>(
        to sink: ([UInt8]) throws(E) -> Void,
        _ encode: (inout CatalogEmitter, (_ bytes: [UInt8]) -> Bool) -> Void
    ) throws(E) {
        var emitter = CatalogEmitter(capacity: CatalogEmitter.streamChunkBytes + CatalogEmitter.streamChunkBytes / 4)
        var failure: E?
        // `encode` and `sink` are both non-escaping: passing `sink` on inside a closure needs this.
        withoutActuallyEscaping(sink) { sink in
            encode(&emitter) { bytes in
                guard failure == nil else { return false }
                do throws(E) { try sink(bytes) } catch { failure = error; return false }
                return true
            }
        }
        if let failure { throw failure }
        try sink(emitter.out.bytes)
    }

    /// The catalog as a pretty-printed JSON object, for `stringcat print --json`.
    ///
    /// This is the catalog file's own JSON (the same bytes as `data(for:)`): the `.xcstrings`
    /// format is already the natural JSON form of a catalog, and tools that read catalogs read it.
    public static func jsonData(for catalog: StringCatalog) -> Data { data(for: catalog) }

    /// The same catalog serialised by Foundation's `JSONSerialization` with
    /// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, which on Linux (corelibs) gives
    /// Xcode's bytes (docs/spec/catalog-format.md#foundation-writes-the-bytes-xcode-writes). It is the reference
    /// `data(for:)` is tested against; it is slower, and its output depends on the platform's Foundation, so files use
    /// `data(for:)`.
    public static func foundationData(for catalog: StringCatalog) throws -> Data {
        let object = CatalogJSON.value(of: catalog).foundationObject
        return try JSONSerialization.data(
            withJSONObject: object,
            options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }
}

/// Walks the model and writes each object's members in Xcode's key order.
///
/// An object without unknown fields writes its known fields in a fixed order (the comparator's
/// order of the field names, computed once): the order of a subset of sorted names is the same.
struct CatalogEmitter {
    var out: JSONTextWriter
    private let order = CatalogKeyOrder()

    init(capacity: Int) { out = JSONTextWriter(capacity: capacity) }

    private init(continuingObjectAtDepth depth: Int, hasMembers: Bool, capacity: Int = 0) {
        out = JSONTextWriter(continuingObjectAtDepth: depth, hasMembers: hasMembers, capacity: capacity)
    }

    /// Catalogs with at least this many entries are encoded on two threads.
    static let parallelThreshold = 2_048
    /// A streamed catalog is handed out in parts of about this many bytes.
    static let streamChunkBytes = 1 << 20
    /// Entries encoded per block when streaming (two halves of it on two threads); at most
    /// `streamChunkBytes` plus two blocks are in memory at once.
    static let streamBlockEntries = parallelThreshold

    /// Rows per block for a table of `languages` languages: `streamBlockEntries` up to 8
    /// languages, fewer beyond, so that a block stays about as large in bytes (a row of 40
    /// languages is ~6 KB of text, a block of 2,048 of them 12 MB).
    static func streamBlockRows(languages: Int) -> Int {
        max(64, streamBlockEntries * 8 / max(8, languages))
    }

    /// Writes `count` members of the open object, `member(emitter, i)` writing the i-th. A catalog
    /// of many members is encoded in two halves on two threads, each by a writer that continues
    /// the open object.
    ///
    /// When `streaming`, the members go in blocks of `blockEntries`: each block's halves are
    /// encoded beside the handing of the parts before them to `sink` (so that the write, page
    /// cache or a temporary file, does not leave both encoding threads idle), and the encoded
    /// parts are handed over as they are, in order, once they pass `streamChunkBytes`: they are
    /// never copied into one buffer. False when `sink` stopped it. Otherwise the halves are
    /// spliced into `out`.
    private mutating func writeMembers(
        count: Int, streaming: Bool, blockEntries: Int = streamBlockEntries, sink: (_ bytes: [UInt8]) -> Bool,
        _ member: @escaping @Sendable (inout CatalogEmitter, Int) -> Void
    ) -> Bool {
        let parallel = count >= Self.parallelThreshold
        guard streaming else {
            if !parallel {
                for position in 0..<count { member(&self, position) }
                return true
            }
            let halves = ConcurrentMap.map([0..<(count / 2), (count / 2)..<count]) { range in
                var emitter = CatalogEmitter(continuingObjectAtDepth: 2, hasMembers: range.lowerBound > 0)
                for position in range { member(&emitter, position) }
                return EncodedPart(writer: emitter.out)
            }
            for half in halves { out.append(continuation: half.writer) }
            return true
        }
        return withoutActuallyEscaping(sink) { sink in
            let sink = SinkBox(sink: sink)
            // Parts encoded and not yet handed over (after `out`'s bytes), and parts ready to be
            // handed beside the next block.
            var pending: [[UInt8]] = []
            var pendingBytes = 0
            var ready: [[UInt8]] = []
            var partCapacity = 0
            var start = 0
            while start < count {
                let end = min(start + blockEntries, count)
                let middle = parallel ? start + (end - start) / 2 : end
                var jobs: [WriterJob] = [.encode(start..<middle, hasMembers: start > 0, capacity: partCapacity)]
                if middle < end { jobs.append(.encode(middle..<end, hasMembers: true, capacity: partCapacity)) }
                if !ready.isEmpty { jobs.append(.hand(ready)) }
                ready = []
                let run: @Sendable (WriterJob) -> WriterJobResult = { job in
                    switch job {
                    case .encode(let range, let hasMembers, let capacity):
                        var emitter = CatalogEmitter(
                            continuingObjectAtDepth: 2, hasMembers: hasMembers, capacity: capacity)
                        for position in range { member(&emitter, position) }
                        return .encoded(emitter.out.bytes)
                    case .hand(let parts):
                        return .handed(parts.allSatisfy(sink.sink))
                    }
                }
                let done = jobs.count == 1 ? [run(jobs[0])] : ConcurrentMap.map(jobs, run)
                for result in done {
                    switch result {
                    case .encoded(let bytes):
                        guard !bytes.isEmpty else { continue }
                        out.noteMembersWrittenElsewhere()
                        partCapacity = max(partCapacity, bytes.count + bytes.count / 8)
                        pendingBytes += bytes.count
                        pending.append(bytes)
                    case .handed(let accepted):
                        if !accepted { return false } // `sink` stopped it
                    }
                }
                start = end
                if pendingBytes >= Self.streamChunkBytes {
                    // `out` holds only what came before the first member (the parts hold the rest).
                    ready = (out.bytes.isEmpty ? [] : [out.takeBytes()]) + pending
                    pending = []
                    pendingBytes = 0
                }
            }
            let rest = ready + (out.bytes.isEmpty ? [] : [out.takeBytes()]) + pending
            return rest.allSatisfy(sink.sink)
        }
    }

    /// A half encoded on another thread, spliced into `out` (not streaming).
    private struct EncodedPart: @unchecked Sendable {
        var writer: JSONTextWriter
    }

    /// What the threads of `writeMembers` do: encode a range of members, or hand parts to `sink`.
    private enum WriterJob: @unchecked Sendable {
        case encode(Range<Int>, hasMembers: Bool, capacity: Int)
        case hand([[UInt8]])
    }

    /// What a job gave: the members it encoded, or whether `sink` took the parts.
    private enum WriterJobResult: @unchecked Sendable {
        case encoded([UInt8])
        case handed(Bool)
    }

    /// `sink`, called from one thread at a time (never two blocks' bytes at once).
    private struct SinkBox: @unchecked Sendable {
        let sink: (_ bytes: [UInt8]) -> Bool
    }

    /// Writes the catalog. When `streaming`, the bytes written so far are handed to `sink` (and
    /// dropped here) after each block of entries once they pass `streamChunkBytes`; it returns
    /// false to stop (the rest is then not encoded). The last part stays in `out`.
    mutating func write(_ catalog: StringCatalog, streaming: Bool, sink: (_ bytes: [UInt8]) -> Bool) {
        out.beginObject()
        for name in memberOrder(CatalogFieldNames.catalogOrder, catalog.extraFields, known: CatalogFieldNames.catalog) {
            switch name {
            case "sourceLanguage": out.key(name); out.string(catalog.sourceLanguage)
            case "version": out.key(name); out.string(catalog.version)
            case "strings":
                out.key(name)
                out.beginObject()
                let strings = catalog.strings
                let indices = sortedEntryIndices(catalog)
                let finished = writeMembers(count: indices.count, streaming: streaming, sink: sink) {
                    emitter, position in
                    let (key, entry) = strings[indices[position]]
                    emitter.out.key(key)
                    emitter.write(entry)
                }
                guard finished else { return }
                out.endObject()
            default: writeExtra(name, catalog.extraFields)
            }
        }
        out.endObject()
    }

    /// `write(_:streaming:sink:)` for a catalog given as keys and their rows.
    mutating func write<Rows: CatalogRows>(
        keys: [String], languages: [String], sourceLanguage: String, version: String,
        extractionState: ExtractionState?, rows: Rows, sink: (_ bytes: [UInt8]) -> Bool
    ) {
        // The languages in Xcode's order, found once for the table (a catalog entry sorts its
        // own localization keys each time), and each one's member name written once.
        let languageOrder = KeySorter.sortedIndices(languages)
        let languageKeys = languages.map(JSONTextWriter.memberName)
        out.beginObject()
        for name in CatalogFieldNames.catalogOrder {
            switch name {
            case "sourceLanguage": out.key(name); out.string(sourceLanguage)
            case "version": out.key(name); out.string(version)
            case "strings":
                out.key(name)
                out.beginObject()
                let order = KeySorter.sortedIndices(keys)
                let finished = writeMembers(
                    count: order.count, streaming: true, blockEntries: Self.streamBlockRows(languages: languages.count),
                    sink: sink
                ) { emitter, position in
                    let row = order[position]
                    emitter.out.key(keys[row])
                    emitter.writeRow(
                        row, of: rows, extractionState: extractionState, languageKeys: languageKeys,
                        order: languageOrder)
                }
                guard finished else { return }
                out.endObject()
            default: break
            }
        }
        out.endObject()
    }

    /// A row: the entry's fields in the order `write(_ entry:)` gives them, its localizations in
    /// `order` (the table's languages sorted once); a translated unit, what nearly every cell
    /// is, is written in one step (`JSONTextWriter.translatedUnit`).
    private mutating func writeRow<Rows: CatalogRows>(
        _ row: Int, of rows: Rows, extractionState: ExtractionState?, languageKeys: [[UInt8]], order: [Int]
    ) {
        out.beginObject()
        for name in CatalogFieldNames.entryOrder {
            switch name {
            case "comment": if let comment = rows.comment(ofRow: row) { out.key(name); out.string(comment) }
            case "extractionState": if let extractionState { out.key(name); out.string(extractionState.rawValue) }
            case "localizations":
                // Opened at the first cell that holds something: an entry without one has no field.
                var opened = false
                for index in order {
                    let cell = rows.cell(row: row, language: index)
                    if case .empty = cell { continue }
                    if !opened {
                        out.key(name)
                        out.beginObject()
                        opened = true
                    }
                    out.key(memberName: languageKeys[index])
                    switch cell {
                    case .empty: break
                    case .translated(let value): out.translatedUnit(value)
                    case .localization(let localization): write(localization)
                    }
                }
                if opened { out.endObject() }
            default: break
            }
        }
        out.endObject()
    }

    private mutating func write(_ entry: CatalogEntry) {
        out.beginObject()
        for name in memberOrder(CatalogFieldNames.entryOrder, entry.extraFields, known: CatalogFieldNames.entry) {
            switch name {
            case "comment": if let comment = entry.comment { out.key(name); out.string(comment) }
            case "extractionState": if let state = entry.extractionState { out.key(name); out.string(state.rawValue) }
            case "isCommentAutoGenerated": if let flag = entry.isCommentAutoGenerated { out.key(name); out.bool(flag) }
            case "shouldTranslate": if let flag = entry.shouldTranslate { out.key(name); out.bool(flag) }
            case "localizations": if !entry.localizations.isEmpty { out.key(name); write(entry.localizations) }
            default: writeExtra(name, entry.extraFields)
            }
        }
        out.endObject()
    }

    /// A map of localizations: languages, plural categories or device names.
    private mutating func write(_ localizations: [String: CatalogLocalization]) {
        writeMap(localizations) { emitter, localization in emitter.write(localization) }
    }

    /// An object whose members are the map's keys, in Xcode's order.
    private mutating func writeMap<Value>(_ map: [String: Value], _ writeValue: (inout CatalogEmitter, Value) -> Void) {
        out.beginObject()
        for index in PluralCategoryOrder.sortedIndices(map) ?? order.sortedIndices(map) {
            out.key(map[index].key)
            writeValue(&self, map[index].value)
        }
        out.endObject()
    }

    private mutating func write(_ localization: CatalogLocalization) {
        // A translated string unit and nothing else (every plain value, every plural form of a
        // migrated catalog): the same bytes in three appends.
        if localization.variations == nil, localization.substitutions.isEmpty, localization.extraFields.isEmpty,
            let unit = localization.stringUnit, unit.extraFields.isEmpty, unit.state == .translated
        {
            out.translatedUnit(unit.value)
            return
        }
        out.beginObject()
        for name in memberOrder(
            CatalogFieldNames.localizationOrder, localization.extraFields, known: CatalogFieldNames.localization)
        {
            switch name {
            case "stringUnit": if let unit = localization.stringUnit { out.key(name); write(unit) }
            case "variations": if let variations = localization.variations { out.key(name); write(variations) }
            case "substitutions":
                guard !localization.substitutions.isEmpty else { break }
                out.key(name)
                writeMap(localization.substitutions) { emitter, substitution in emitter.write(substitution) }
            default: writeExtra(name, localization.extraFields)
            }
        }
        out.endObject()
    }

    private mutating func write(_ unit: StringUnit) {
        out.beginObject()
        for name in memberOrder(
            CatalogFieldNames.stringUnitOrder, unit.extraFields, known: CatalogFieldNames.stringUnit)
        {
            switch name {
            case "state": out.key(name); out.string(unit.state.rawValue)
            case "value": out.key(name); out.string(unit.value)
            default: writeExtra(name, unit.extraFields)
            }
        }
        out.endObject()
    }

    private mutating func write(_ substitution: Substitution) {
        out.beginObject()
        for name in memberOrder(
            CatalogFieldNames.substitutionOrder, substitution.extraFields, known: CatalogFieldNames.substitution)
        {
            switch name {
            case "argNum": if let number = substitution.argNum { out.key(name); out.int(number) }
            case "formatSpecifier":
                if let specifier = substitution.formatSpecifier { out.key(name); out.string(specifier) }
            case "variations": if let variations = substitution.variations { out.key(name); write(variations) }
            default: writeExtra(name, substitution.extraFields)
            }
        }
        out.endObject()
    }

    private mutating func write(_ variations: CatalogVariations) {
        out.beginObject()
        for name in memberOrder(
            CatalogFieldNames.variationsOrder, variations.extraFields, known: CatalogFieldNames.variations)
        {
            switch name {
            case "plural": if let plural = variations.plural { out.key(name); write(plural) }
            case "device": if let device = variations.device { out.key(name); write(device) }
            default: writeExtra(name, variations.extraFields)
            }
        }
        out.endObject()
    }

    /// The names to visit, in order: all known fields (each writes itself only when present)
    /// and the unknown ones. Unknown fields named like a known one are skipped: the typed field
    /// wins, and a key must not be written twice.
    private func memberOrder(_ knownOrder: [String], _ extra: [String: JSONValue], known: Set<String>) -> [String] {
        if extra.isEmpty { return knownOrder }
        return order.sorted(knownOrder + extra.keys.filter { !known.contains($0) })
    }

    private mutating func writeExtra(_ name: String, _ extra: [String: JSONValue]) {
        out.key(name)
        out.value(extra[name]!, order: order)
    }

    /// The entries in Xcode's order. Starts from the file's order (`keyOrderHint`), so a catalog
    /// read from a sorted file costs n - 1 comparisons; keys added since are appended, then all
    /// are sorted in Xcode's order (`KeySorter`).
    private func sortedEntryIndices(_ catalog: StringCatalog) -> [Dictionary<String, CatalogEntry>.Index] {
        let strings = catalog.strings
        var indices: [Dictionary<String, CatalogEntry>.Index] = []
        indices.reserveCapacity(strings.count)
        for key in catalog.keyOrderHint {
            if let index = strings.index(forKey: key) { indices.append(index) }
        }
        if indices.count != strings.count {
            let known = Set(indices)
            indices += strings.indices.filter { !known.contains($0) }
        }
        return KeySorter.sortedIndices(indices.map { strings[$0].key }).map { indices[$0] }
    }
}

/// The field names the model knows at each level; everything else goes to `extraFields`.
enum CatalogFieldNames {
    static let catalog: Set<String> = ["sourceLanguage", "strings", "version"]
    static let entry: Set<String> = [
        "comment", "extractionState", "isCommentAutoGenerated", "localizations", "shouldTranslate",
    ]
    static let localization: Set<String> = ["stringUnit", "substitutions", "variations"]
    static let stringUnit: Set<String> = ["state", "value"]
    static let substitution: Set<String> = ["argNum", "formatSpecifier", "variations"]
    static let variations: Set<String> = ["plural", "device"]

    // Each set in the comparator's order, computed once.
    static let catalogOrder = CatalogKeyOrder.sorted(catalog)
    static let entryOrder = CatalogKeyOrder.sorted(entry)
    static let localizationOrder = CatalogKeyOrder.sorted(localization)
    static let stringUnitOrder = CatalogKeyOrder.sorted(stringUnit)
    static let substitutionOrder = CatalogKeyOrder.sorted(substitution)
    static let variationsOrder = CatalogKeyOrder.sorted(variations)
}

/// The entries of a catalog given as rows of cells, one cell per language of the table (by its
/// position in the table's languages): what `migrate` streams (`CatalogWriter.write(keys:…)`),
/// without a dictionary or an entry per key.
public protocol CatalogRows: Sendable {
    /// The comment of row `row`'s entry, if any.
    func comment(ofRow row: Int) -> String?
    /// The localization of row `row` in the language at position `language`.
    func cell(row: Int, language: Int) -> CatalogCell
}

/// One language of one row of `CatalogRows`.
public enum CatalogCell: Sendable {
    /// No localization in this language.
    case empty
    /// `CatalogLocalization(stringUnit: StringUnit(state: .translated, value:))`, the cell of
    /// every plain value, written without building it.
    case translated(String)
    case localization(CatalogLocalization)

    /// The cell as a localization (nil when empty).
    public var localization: CatalogLocalization? {
        switch self {
        case .empty: return nil
        case .translated(let value):
            return CatalogLocalization(stringUnit: StringUnit(state: .translated, value: value))
        case .localization(let localization): return localization
        }
    }
}

/// Xcode's order of the CLDR plural categories (`few`, `many`, `one`, `other`, `two`, `zero`),
/// found once with the catalog's comparator: a plural map, one per plural variable of every
/// language, is put in order without hashing or comparing its keys by that comparator.
enum PluralCategoryOrder {
    private static let names = CatalogKeyOrder.sorted(["zero", "one", "two", "few", "many", "other"])

    /// The rank of `key` among `names`, nil when it is not a category name.
    private static func rank(_ key: String) -> Int? {
        let count = key.utf8.count
        guard count >= 3 && count <= 5 else { return nil }
        return names.firstIndex { $0.utf8.count == count && $0 == key }
    }

    /// The indices of `map` in Xcode's order when every key is a plural category (what
    /// `CatalogKeyOrder.sortedIndices` gives for them); nil otherwise.
    static func sortedIndices<Value>(_ map: [String: Value]) -> [Dictionary<String, Value>.Index]? {
        guard map.count > 1, map.count <= names.count else { return nil }
        var ranked: [(rank: Int, index: Dictionary<String, Value>.Index)] = []
        ranked.reserveCapacity(map.count)
        for index in map.indices {
            guard let rank = rank(map[index].key) else { return nil }
            ranked.append((rank, index))
        }
        ranked.sort { $0.rank < $1.rank }
        return ranked.map(\.index)
    }
}
