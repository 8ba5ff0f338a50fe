import Foundation

/// The order of keys in every object of a catalog (docs/spec/catalog-format.md#the-key-order): Foundation's
/// `compare(_:options: [.numeric, .caseInsensitive, .forcedOrdering], range:, locale: NSLocale.system)`,
/// the comparator of corelibs `JSONSerialization` with `.sortedKeys`, which reproduces Xcode's files.
/// It is not byte order: `"75"` < `"100"`, `"0sa-UX-oa3.title"` < `"00y-6C-LDt.title"`, `" %@"` < `".dot"` < `"%@"`.
///
/// Pairs of keys made only of ASCII are ordered by `ASCIIKeyOrder`, which gives the comparator's
/// answers without calling it (proven against it in `ASCIIKeyOrderTests`); every pair that involves
/// another key is ordered by Foundation's comparator itself (`foundationPrecedes`).
///
/// One comparison of Foundation's costs microseconds (ICU collation), and the same few keys (40 language codes
/// in each of 100 000 entries, field names, plural categories) are sorted over and over. So the
/// small keys seen so far are kept in a vocabulary sorted with that same comparator (each new key
/// is placed by binary search), and a set of known keys is sorted by vocabulary rank: the result
/// is the comparator's order, found with integer comparisons. Not thread-safe: one per write.
public final class CatalogKeyOrder {
    /// Keys seen so far, in the comparator's order.
    private var vocabulary: [String] = []
    /// Index of each key in `vocabulary`.
    private var ranks: [String: Int] = [:]
    /// Placing a key renumbers the keys after it; beyond this size new keys are sorted directly.
    private static let vocabularyLimit = 1024

    /// True when `a` sorts before `b`.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        if let order = ASCIIKeyOrder.compare(a, b) { return order < 0 }
        return foundationPrecedes(a, b)
    }

    /// True when `a` sorts before `b` by Foundation's comparator itself (for keys `ASCIIKeyOrder`
    /// does not handle, and as the reference it is tested against).
    static func foundationPrecedes(_ a: String, _ b: String) -> Bool {
        a.compare(
            b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex,
            locale: systemLocale) == .orderedAscending
    }

    /// `NSLocale.system` creates a CFLocale on every access (18% of a write in callgrind); the
    /// system locale never changes, so it is fetched once.
    private static let systemLocale = NSLocale.system

    /// `keys` (distinct) sorted in Xcode's order (public: the compiler writes entries in this order
    /// too). Keys already in order cost n - 1 comparisons (`KeySorter`).
    public static func sorted<S: Sequence>(_ keys: S) -> [String] where S.Element == String {
        let keys = Array(keys)
        return KeySorter.sortedIndices(keys).map { keys[$0] }
    }

    /// A small set of keys (the members of one object) sorted in Xcode's order.
    func sorted(_ keys: [String]) -> [String] {
        if keys.count <= 1 { return keys }
        // Place new keys first: placing one renumbers the keys after it.
        for key in keys where ranks[key] == nil {
            guard place(key) else { return Self.sorted(keys) }
        }
        var ranked: [(rank: Int, key: String)] = []
        ranked.reserveCapacity(keys.count)
        for key in keys { ranked.append((ranks[key]!, key)) }
        ranked.sort { $0.rank < $1.rank }
        return ranked.map(\.key)
    }

    /// The indices of `map` in the order of its keys (one hash lookup per key, no copy of the
    /// keys or values).
    func sortedIndices<Value>(_ map: [String: Value]) -> [Dictionary<String, Value>.Index] {
        if map.count <= 1 { return Array(map.indices) }
        var ranked: [(rank: Int, index: Dictionary<String, Value>.Index)] = []
        ranked.reserveCapacity(map.count)
        for index in map.indices {
            guard let rank = ranks[map[index].key] else { break }
            ranked.append((rank, index))
        }
        if ranked.count < map.count {
            // New keys: place them all first (placing one renumbers the keys after it).
            for key in map.keys where ranks[key] == nil {
                guard place(key) else {
                    let indices = Array(map.indices)
                    return KeySorter.sortedIndices(indices.map { map[$0].key }).map { indices[$0] }
                }
            }
            ranked.removeAll(keepingCapacity: true)
            for index in map.indices { ranked.append((ranks[map[index].key]!, index)) }
        }
        ranked.sort { $0.rank < $1.rank }
        return ranked.map(\.index)
    }

    /// Adds `key` to the vocabulary; false when the vocabulary is full.
    private func place(_ key: String) -> Bool {
        guard vocabulary.count < Self.vocabularyLimit else { return false }
        var low = 0
        var high = vocabulary.count
        while low < high {
            let mid = (low + high) / 2
            if Self.precedes(vocabulary[mid], key) { low = mid + 1 } else { high = mid }
        }
        vocabulary.insert(key, at: low)
        for index in low..<vocabulary.count { ranks[vocabulary[index]] = index }
        return true
    }
}
