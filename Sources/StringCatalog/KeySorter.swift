import Dispatch

/// Sorts distinct keys with as few calls of a costly comparator as it can (Foundation's
/// comparator costs ~10,000 instructions a call: `CatalogKeyOrder`).
///
/// `Sequence.sorted` extends short runs by linear insertion, which on shuffled keys made about
/// twice the n log2 n comparisons of a merge sort (45,000 for 2,100 catalog keys in callgrind).
/// This is a top-down merge sort that skips a merge when the two halves are already in order, so
/// keys in order (a catalog read back from its file) cost n - 1 comparisons, shuffled ones about
/// n log2 n; large inputs sort their two halves on two threads, then merge.
///
/// The comparator must be a strict total order on the keys (Foundation's with `.forcedOrdering`
/// is one, and catalog keys are distinct): then every correct sort gives the same order, the
/// comparator's, whatever the algorithm.
enum KeySorter {
    /// From this many keys, the halves are sorted on two threads.
    static let parallelThreshold = 2048

    /// The indices of `keys` in the comparator's order.
    static func sortedIndices(_ keys: [String], by precedes: @Sendable (String, String) -> Bool) -> [Int] {
        let n = keys.count
        var order = Array(0..<n)
        guard n > 1 else { return order }
        var buffer = order
        order.withUnsafeMutableBufferPointer { order in
            buffer.withUnsafeMutableBufferPointer { buffer in
                if n >= parallelThreshold {
                    let mid = n / 2
                    let shared = SharedBuffers(order: order, buffer: buffer)
                    DispatchQueue.concurrentPerform(iterations: 2) { half in
                        let range = half == 0 ? 0..<mid : mid..<n
                        sort(shared.order, shared.buffer, range.lowerBound, range.upperBound, keys, precedes)
                    }
                    merge(order, buffer, 0, mid, n, keys, precedes)
                } else {
                    sort(order, buffer, 0, n, keys, precedes)
                }
            }
        }
        return order
    }

    /// Sorts `order[low..<high]` (indices into `keys`), using `buffer[low..<high]` as scratch.
    private static func sort(_ order: UnsafeMutableBufferPointer<Int>, _ buffer: UnsafeMutableBufferPointer<Int>,
                             _ low: Int, _ high: Int, _ keys: [String], _ precedes: (String, String) -> Bool) {
        guard high - low > 1 else { return }
        let mid = low + (high - low) / 2
        sort(order, buffer, low, mid, keys, precedes)
        sort(order, buffer, mid, high, keys, precedes)
        merge(order, buffer, low, mid, high, keys, precedes)
    }

    /// Merges the sorted runs `order[low..<mid]` and `order[mid..<high]`.
    private static func merge(_ order: UnsafeMutableBufferPointer<Int>, _ buffer: UnsafeMutableBufferPointer<Int>,
                              _ low: Int, _ mid: Int, _ high: Int, _ keys: [String], _ precedes: (String, String) -> Bool) {
        // Already in order: one comparison.
        if precedes(keys[order[mid - 1]], keys[order[mid]]) { return }
        for k in low..<mid { buffer[k] = order[k] }
        var left = low
        var right = mid
        var out = low
        while left < mid && right < high {
            if precedes(keys[order[right]], keys[buffer[left]]) {
                order[out] = order[right]
                right += 1
            } else {
                order[out] = buffer[left]
                left += 1
            }
            out += 1
        }
        while left < mid {
            order[out] = buffer[left]
            left += 1
            out += 1
        }
    }

    /// The two buffers, shared by the two threads, which touch disjoint halves.
    private struct SharedBuffers: @unchecked Sendable {
        let order: UnsafeMutableBufferPointer<Int>
        let buffer: UnsafeMutableBufferPointer<Int>
    }
}
