import Dispatch
import Foundation

/// Sorts distinct keys in Xcode's order (`CatalogKeyOrder`) with as few calls of Foundation's
/// comparator as it can: that comparator costs ~1.5 µs a call (ICU collation), so sorting
/// 1.46 million keys with it alone took ~45 s.
///
/// `sortedIndices(_:)` sorts the keys `ASCIIKeyOrder` handles (keys made only of ASCII: nearly
/// all keys in practice) by their primary sort keys (bytes, compared with `memcmp`; equal ones by
/// `ASCIIKeyOrder.compareEligible`), without Foundation. The other keys are sorted with Foundation's
/// comparator, then placed among the first ones by galloping search, also with Foundation's
/// comparator: every pair that involves such a key is still judged by Foundation.
///
/// The sort itself is a top-down merge sort that skips a merge when the two halves are already in
/// order, so keys in order (a catalog read back from its file) cost n - 1 comparisons, shuffled ones
/// about n log2 n (`Sequence.sorted` made about twice as many on shuffled keys); large inputs sort
/// their two halves on two threads, then merge.
///
/// The order must be a strict total order on the keys (Foundation's with `.forcedOrdering` is one,
/// and catalog keys are distinct): then every correct sort gives the same order, whatever the
/// algorithm, and sorting the two groups apart then merging them gives it too.
enum KeySorter {
    /// From this many keys, the halves are sorted on two threads.
    static let parallelThreshold = 2048

    /// The indices of `keys` (distinct) in Xcode's order.
    static func sortedIndices(_ keys: [String]) -> [Int] {
        let n = keys.count
        guard n > 1 else { return Array(0..<n) }
        // Primary sort keys of the ASCII keys, packed: key i is bytes[starts[i]..<starts[i + 1]]
        // (empty for the others).
        var bytes: [UInt8] = []
        var starts = [Int](repeating: 0, count: n + 1)
        var fast: [Int] = []
        var slow: [Int] = []
        fast.reserveCapacity(n)
        for index in 0..<n {
            var key = keys[index]
            let handled = key.withUTF8 { ASCIIKeyOrder.appendPrimaryKey(of: $0, to: &bytes) }
            if handled { fast.append(index) } else { slow.append(index) }
            starts[index + 1] = bytes.count
        }
        if !fast.isEmpty {
            bytes.withUnsafeBufferPointer { bytes in
                starts.withUnsafeBufferPointer { starts in
                    sort(&fast, PrimaryKeyOrder(bytes: bytes, starts: starts, keys: keys))
                }
            }
        }
        if slow.isEmpty { return fast }
        sort(&slow, FoundationOrder(keys: keys, comparator: CatalogKeyOrder.foundationPrecedes))
        if fast.isEmpty { return slow }
        return merge(fast, slow, keys)
    }

    /// The indices of `keys` sorted by `precedes` alone (a strict total order on them).
    static func sortedIndices(_ keys: [String], by precedes: @escaping @Sendable (String, String) -> Bool) -> [Int] {
        var order = Array(0..<keys.count)
        sort(&order, FoundationOrder(keys: keys, comparator: precedes))
        return order
    }

    /// `fast` and `slow` (sorted) merged with Foundation's comparator: each key of `slow` is placed
    /// by galloping from where the previous one went (about 2 log2(gap) comparisons each, so few
    /// non-ASCII keys among many ASCII ones cost few comparisons, and many cost about one each).
    private static func merge(_ fast: [Int], _ slow: [Int], _ keys: [String]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(fast.count + slow.count)
        var low = 0
        for index in slow {
            let key = keys[index]
            // Find the first position >= low whose key comes after `key`.
            var bound = 1
            var lastBefore = low - 1 // the last position known to come before `key`
            while low + bound - 1 < fast.count && !CatalogKeyOrder.foundationPrecedes(key, keys[fast[low + bound - 1]])
            {
                lastBefore = low + bound - 1
                bound *= 2
            }
            var lower = lastBefore + 1
            var upper = min(low + bound - 1, fast.count)
            while lower < upper {
                let mid = (lower + upper) / 2
                if CatalogKeyOrder.foundationPrecedes(key, keys[fast[mid]]) { upper = mid } else { lower = mid + 1 }
            }
            result.append(contentsOf: fast[low..<lower])
            result.append(index)
            low = lower
        }
        result.append(contentsOf: fast[low...])
        return result
    }

    /// A strict total order on indices.
    private protocol IndexOrder: Sendable {
        func precedes(_ a: Int, _ b: Int) -> Bool
    }

    /// Eligible ASCII keys by primary sort key, then `ASCIIKeyOrder.compareEligible`.
    private struct PrimaryKeyOrder: IndexOrder, @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<Int>
        let keys: [String]

        @inline(__always) func precedes(_ a: Int, _ b: Int) -> Bool {
            let startA = starts[a]
            let startB = starts[b]
            let countA = starts[a + 1] - startA
            let countB = starts[b + 1] - startB
            let base = bytes.baseAddress!
            let common = memcmp(base + startA, base + startB, min(countA, countB))
            if common != 0 { return common < 0 }
            if countA != countB { return countA < countB }
            // Equal primaries (the keys differ in case or leading zeros only).
            var keyA = keys[a]
            var keyB = keys[b]
            return keyA.withUTF8 { a in keyB.withUTF8 { b in ASCIIKeyOrder.compareEligible(a, b) < 0 } }
        }
    }

    /// Keys by a comparator of strings (Foundation's).
    private struct FoundationOrder: IndexOrder {
        let keys: [String]
        let comparator: @Sendable (String, String) -> Bool

        func precedes(_ a: Int, _ b: Int) -> Bool { comparator(keys[a], keys[b]) }
    }

    /// Sorts `items` (indices) by `order`.
    private static func sort<Order: IndexOrder>(_ items: inout [Int], _ order: Order) {
        let n = items.count
        guard n > 1 else { return }
        var buffer = items
        items.withUnsafeMutableBufferPointer { items in
            buffer.withUnsafeMutableBufferPointer { buffer in
                if n >= parallelThreshold {
                    let mid = n / 2
                    let shared = SharedBuffers(items: items, buffer: buffer)
                    DispatchQueue.concurrentPerform(iterations: 2) { half in
                        let range = half == 0 ? 0..<mid : mid..<n
                        sort(shared.items, shared.buffer, range.lowerBound, range.upperBound, order)
                    }
                    merge(items, buffer, 0, mid, n, order)
                } else {
                    sort(items, buffer, 0, n, order)
                }
            }
        }
    }

    /// Sorts `items[low..<high]`, using `buffer[low..<high]` as scratch.
    private static func sort<Order: IndexOrder>(
        _ items: UnsafeMutableBufferPointer<Int>, _ buffer: UnsafeMutableBufferPointer<Int>,
        _ low: Int, _ high: Int, _ order: Order
    ) {
        guard high - low > 1 else { return }
        let mid = low + (high - low) / 2
        sort(items, buffer, low, mid, order)
        sort(items, buffer, mid, high, order)
        merge(items, buffer, low, mid, high, order)
    }

    /// Merges the sorted runs `items[low..<mid]` and `items[mid..<high]`.
    private static func merge<Order: IndexOrder>(
        _ items: UnsafeMutableBufferPointer<Int>, _ buffer: UnsafeMutableBufferPointer<Int>,
        _ low: Int, _ mid: Int, _ high: Int, _ order: Order
    ) {
        // Already in order: one comparison.
        if order.precedes(items[mid - 1], items[mid]) { return }
        for k in low..<mid { buffer[k] = items[k] }
        var left = low
        var right = mid
        var out = low
        while left < mid && right < high {
            if order.precedes(items[right], buffer[left]) {
                items[out] = items[right]
                right += 1
            } else {
                items[out] = buffer[left]
                left += 1
            }
            out += 1
        }
        while left < mid {
            items[out] = buffer[left]
            left += 1
            out += 1
        }
    }

    /// The two buffers, shared by the two threads, which touch disjoint halves.
    private struct SharedBuffers: @unchecked Sendable {
        let items: UnsafeMutableBufferPointer<Int>
        let buffer: UnsafeMutableBufferPointer<Int>
    }
}
