import Foundation

/// True when `a` and `b` have the same UTF-8 bytes (not Swift's canonical equivalence, which
/// calls `"caf\u{E9}"` and `"cafe\u{301}"` equal while CoreFoundation keeps them apart). Native
/// strings are compared with one `memcmp`; `utf8.elementsEqual` walks them byte by byte through
/// an iterator (7% of a proof).
public func sameBytes(_ a: String, _ b: String) -> Bool {
    let count = a.utf8.count
    guard count == b.utf8.count else { return false }
    if let equal = a.utf8.withContiguousStorageIfAvailable({ x in
        b.utf8.withContiguousStorageIfAvailable { y in count == 0 || memcmp(x.baseAddress!, y.baseAddress!, count) == 0
        }
    }), let equal {
        return equal
    }
    return a.utf8.elementsEqual(b.utf8)
}

/// The text of `utf8` when it is valid UTF-8, nil otherwise. Decoding repairs what is not UTF-8,
/// so the same bytes back mean there was nothing to repair: one `memcmp`, where validating first
/// would walk the bytes twice (and `String(validating:)` takes a slower, generic path).
public func decodedExactly(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
    let text = String(decoding: utf8, as: UTF8.self)
    let same =
        text.utf8.withContiguousStorageIfAvailable { stored in
            stored.count == utf8.count
                && (utf8.isEmpty || memcmp(stored.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
        } ?? text.utf8.elementsEqual(utf8)
    return same ? text : nil
}
