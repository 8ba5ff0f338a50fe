import StringcatSupport

/// The `strings` object of a large catalog decoded on every core: the object is cut into
/// segments at entry boundaries, each segment decoded on its own, and the entries put together in
/// file order. The result is the sequential decoder's, or nil and the sequential decoder runs:
///
/// - A boundary is only a guess (`entryBoundary`, Xcode's layout of an entry's end), made true by
///   checking that the segment before it ended exactly there, after an entry: by induction every
///   segment starts where the sequential decoder would stand, in the state it would be in.
/// - Any error in any segment, or a segment that does not end at the next one's start, gives up
///   on the parallel read: the sequential decoder then finds the first error, as it always did.
/// - Keys are checked for duplicates while the segments are joined, in file order, with the same
///   error the sequential decoder gives.
extension CatalogDecoder {
    /// Below this many bytes of entries, one core decodes them (the split costs more than it
    /// saves), unless the decoder's `split` says otherwise.
    static let parallelThreshold = 8 << 20

    private struct SharedBytes: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
    }

    private struct Segment: Sendable {
        var entries: [(key: String, keyOffset: Int, entry: CatalogEntry)] = []
        /// Where the decoder stands after the segment: the next segment's `,`, or after the `}`.
        var end = 0
    }

    /// The parser stands just after the `{` of `strings`.
    mutating func entriesInParallel(order: inout [String]) throws(CatalogReadError) -> [String: CatalogEntry]? {
        let shared = SharedBytes(bytes: parser.bytes)
        let begin = parser.offset
        let total = shared.bytes.count - begin
        let pieces = min(32, max(4, total / (2 << 20)))
        var starts = [begin]
        for piece in 1..<pieces {
            let target = begin + Int((Int64(total) * Int64(piece)) / Int64(pieces))
            guard target > starts.last!, let boundary = Self.entryBoundary(in: shared.bytes, from: target) else {
                continue
            }
            if boundary > starts.last! { starts.append(boundary) }
        }
        guard starts.count >= 2 else { return nil }
        let hints = lastMapSize
        let boundaries = starts
        let segments = ConcurrentMap.map(Array(starts.indices)) { index -> Segment? in
            var decoder = CatalogDecoder(window: shared.bytes, offset: boundaries[index], hints: hints)
            return try? decoder.segment(
                first: index == 0, end: index + 1 < boundaries.count ? boundaries[index + 1] : nil)
        }
        let decoded = segments.compactMap { $0 }
        guard decoded.count == segments.count else { return nil }
        var result: [String: CatalogEntry] = [:]
        result.reserveCapacity(decoded.reduce(0) { $0 + $1.entries.count })
        for segment in decoded {
            for (key, keyOffset, entry) in segment.entries {
                if let existing = result.index(forKey: key) {
                    throw parser.duplicateKeyError(key, earlier: result[existing].key, at: keyOffset)
                }
                result[key] = entry
                order.append(key)
            }
        }
        parser = JSONParser(bytes: shared.bytes, offset: decoded.last!.end)
        parallelSegments = decoded.count
        return result
    }

    /// Decodes entries up to `end` (the `,` before the next segment's first entry), or to the
    /// `}` of `strings` for the last segment; nil when the segment does not end there.
    private mutating func segment(first isFirst: Bool, end: Int?) throws(CatalogReadError) -> Segment? {
        var segment = Segment()
        var first = isFirst
        while let (key, keyOffset) = try parser.nextMember(first: &first) {
            let entry = try within(.key(key)) { () throws(CatalogReadError) in try self.entry() }
            segment.entries.append((key, keyOffset, entry))
            if let end {
                parser.skipWhitespace()
                if parser.offset == end {
                    segment.end = end
                    return segment
                }
                if parser.offset > end { return nil }
            }
        }
        if end != nil { return nil }
        segment.end = parser.offset
        return segment
    }

    /// The `,` that ends an entry in Xcode's layout (`    },` then a key at the same indent of 4)
    /// at or after `offset`, within 1 MB; nil when there is none (another layout: one core reads).
    static func entryBoundary(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
        let pattern: [UInt8] = Array("\n    },\n    \"".utf8)
        let limit = min(bytes.count - pattern.count, offset + (1 << 20))
        var i = offset
        while i <= limit {
            if bytes[i] == 0x0A {
                var k = 1
                while k < pattern.count && bytes[i + k] == pattern[k] { k += 1 }
                if k == pattern.count { return i + 6 }
            }
            i += 1
        }
        return nil
    }
}
