import Foundation

/// The order of `<trans-unit>` elements in a `<file>` (docs/spec/xliff.md §2.4): by the whole `id`,
/// as Foundation's `compare(_:options: .numeric)` orders them: runs of ASCII digits compare by
/// value (`8iI-nH-O9H.title` before `186-0W-Nrr.title`), everything else character by character,
/// case-sensitively (`Add Website` before `Add inner member`; `,` before `|`).
///
/// Ids made only of ASCII are compared here without Foundation (the same answers, proven against
/// it by `ExchangeRulesTests` on random ids); any other pair, or digit runs too long for 64 bits, by
/// Foundation itself. Ids equal to that comparator (`a1`, `a01`) are put in byte order, so the
/// order is total.
public enum UnitOrder {
    /// Digit runs longer than this (after leading zeros) go to Foundation.
    static let maximumDigits = 18

    /// True when `a` sorts before `b`.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        switch compare(a, b) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        }
    }

    /// Foundation's `.numeric` comparison of `a` and `b`.
    public static func compare(_ a: String, _ b: String) -> ComparisonResult {
        var a = a, b = b
        let fast: ComparisonResult? = a.withUTF8 { x in b.withUTF8 { y in asciiCompare(x, y) } }
        return fast ?? a.compare(b, options: .numeric)
    }

    /// The comparison of two ASCII ids; nil when either is not ASCII or has a longer digit run.
    static func asciiCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> ComparisonResult? {
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        var i = 0, j = 0
        while i < a.count && j < b.count {
            let x = a[i], y = b[j]
            if x >= 0x80 || y >= 0x80 { return nil }
            if isDigit(x) && isDigit(y) {
                var endA = i, endB = j
                while endA < a.count && isDigit(a[endA]) { endA += 1 }
                while endB < b.count && isDigit(b[endB]) { endB += 1 }
                var startA = i, startB = j
                while startA < endA - 1 && a[startA] == 0x30 { startA += 1 }
                while startB < endB - 1 && b[startB] == 0x30 { startB += 1 }
                let lengthA = endA - startA, lengthB = endB - startB
                if lengthA > maximumDigits || lengthB > maximumDigits { return nil }
                if lengthA != lengthB { return lengthA < lengthB ? .orderedAscending : .orderedDescending }
                for k in 0..<lengthA where a[startA + k] != b[startB + k] {
                    return a[startA + k] < b[startB + k] ? .orderedAscending : .orderedDescending
                }
                i = endA
                j = endB
                continue
            }
            if x != y { return x < y ? .orderedAscending : .orderedDescending }
            i += 1
            j += 1
        }
        // The rest must be ASCII too for the answer to be Foundation's.
        if a[i...].contains(where: { $0 >= 0x80 }) || b[j...].contains(where: { $0 >= 0x80 }) { return nil }
        if i < a.count { return .orderedDescending }
        if j < b.count { return .orderedAscending }
        return .orderedSame
    }

    /// `units` sorted by id in this order.
    public static func sorted<T>(_ items: [T], by id: (T) -> String) -> [T] {
        let ids = items.map(id)
        return ids.indices.sorted { precedes(ids[$0], ids[$1]) }.map { items[$0] }
    }
}
