import Foundation

/// The order of keys in every object of a catalog (formats.md §2.1): Foundation's
/// `compare(_:options: [.numeric, .caseInsensitive, .forcedOrdering], range:, locale: NSLocale.system)`,
/// the comparator of corelibs `JSONSerialization` with `.sortedKeys`, which reproduces Xcode's files.
/// It is not byte order: `"75"` < `"100"`, `"0sa-UX-oa3.title"` < `"00y-6C-LDt.title"`, `" %@"` < `".dot"` < `"%@"`.
///
/// Sorting the same small key sets over and over (40 language codes in each of 100 000 entries,
/// the field names of each object) is the hot spot, so sorted orders of small sets are cached.
/// Not thread-safe: one instance per write.
final class CatalogKeyOrder {
    private var cache: [[String]: [String]] = [:]
    private static let cacheLimit = 4096
    private static let cachedSetSize = 64

    /// True when `a` sorts before `b`.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex,
                  locale: NSLocale.system) == .orderedAscending
    }

    /// `keys` sorted in Xcode's order.
    static func sorted<S: Sequence>(_ keys: S) -> [String] where S.Element == String {
        keys.sorted(by: precedes)
    }

    /// `keys` sorted, from the cache when this set was seen in the same order before.
    func sorted(_ keys: [String]) -> [String] {
        if keys.count <= 1 { return keys }
        guard keys.count <= Self.cachedSetSize else { return Self.sorted(keys) }
        if let hit = cache[keys] { return hit }
        let result = Self.sorted(keys)
        if cache.count < Self.cacheLimit { cache[keys] = result }
        return result
    }
}
