import Foundation
import StringCatalog
import StringcatSupport

/// What the page says of one catalog, counted from the catalog itself (read entry by entry, so a
/// catalog of hundreds of megabytes is never in memory whole).
///
/// A key counts as **translated** in a language when the catalog gives it a value there: a
/// localization with a string unit, or with variations (plural forms, device cases), whatever
/// the unit's state (a migration writes `translated` on every value). It counts what the catalog
/// holds, not whether a translator has reviewed it.
struct CatalogFacts: Sendable, Equatable {
    var sourceLanguage: String
    var keyCount = 0
    /// Entries with variations or substitutions in any language (plural forms, device cases):
    /// what `migrate` prints and `--json` calls `pluralEntries`.
    var variationEntryCount = 0
    /// Entries with device cases in any language (at any depth).
    var deviceEntryCount = 0
    var commentCount = 0
    /// Per language, the keys with a value in it.
    var translated: [String: Int] = [:]

    init(sourceLanguage: String) {
        self.sourceLanguage = sourceLanguage
    }

    /// Counts one entry.
    mutating func add(_ entry: CatalogEntry) {
        keyCount += 1
        if entry.comment != nil { commentCount += 1 }
        var variations = false
        var device = false
        for (language, localization) in entry.localizations {
            if localization.stringUnit != nil || localization.variations != nil {
                translated[language, default: 0] += 1
            }
            if localization.variations != nil || !localization.substitutions.isEmpty { variations = true }
            if Self.hasDevice(localization) { device = true }
        }
        if variations { variationEntryCount += 1 }
        if device { deviceEntryCount += 1 }
    }

    private static func hasDevice(_ localization: CatalogLocalization) -> Bool {
        if let variations = localization.variations, hasDevice(variations) { return true }
        return localization.substitutions.values.contains { $0.variations.map(hasDevice) ?? false }
    }

    private static func hasDevice(_ variations: CatalogVariations) -> Bool {
        if variations.device != nil { return true }
        return (variations.plural ?? [:]).values.contains(where: hasDevice)
    }

    /// The facts of the catalog at `path`, or of `bytes` when given (a catalog not written yet).
    /// `sourceLanguage` is the table's; nil reads it from the catalog.
    static func read(path: String, bytes: Data? = nil, sourceLanguage: String?) throws(Diagnostic) -> CatalogFacts {
        let buffer: [UInt8]? = bytes.map { [UInt8]($0) }
        let source: String
        if let sourceLanguage {
            source = sourceLanguage
        } else if let buffer {
            source = try CatalogReader.parse(bytes: buffer, path: path).sourceLanguage
        } else {
            source = try Self.sourceLanguage(ofCatalogAt: path)
        }
        var facts = CatalogFacts(sourceLanguage: source)
        if let buffer {
            try CatalogReader.forEachEntry(bytes: buffer, path: path) { _, entry in facts.add(entry) }
        } else {
            try CatalogReader.forEachEntry(path: path) { _, entry in facts.add(entry) }
        }
        return facts
    }

    /// A catalog's `sourceLanguage`: Xcode writes it as the first field, so the head of the file
    /// says it; a catalog written otherwise is read whole.
    private static func sourceLanguage(ofCatalogAt path: String) throws(Diagnostic) -> String {
        if let handle = FileHandle(forReadingAtPath: path) {
            defer { try? handle.close() }
            let head = String(decoding: (try? handle.read(upToCount: 256)) ?? Data(), as: UTF8.self)
            let prefix = "{\n  \"sourceLanguage\" : \""
            if head.hasPrefix(prefix), let end = head.dropFirst(prefix.count).firstIndex(of: "\"") {
                let code = head[head.index(head.startIndex, offsetBy: prefix.count)..<end]
                if !code.contains("\\") { return String(code) }
            }
        }
        return try CatalogReader.read(path: path).sourceLanguage
    }
}
