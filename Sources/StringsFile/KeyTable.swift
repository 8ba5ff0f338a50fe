/// Finds duplicate keys without `Dictionary<String, Int>`, whose SipHash dominated the parse:
/// an open-addressing table of entry indices keyed by a word-at-a-time hash of the key's
/// UTF-8. Keys are compared byte for byte, like CoreFoundation's literal `CFEqual` (Swift's
/// `==` would also merge canonically equivalent keys, which CF keeps apart).
/// One raw buffer of (hash << 32 | index + 1) words, 0 when empty: no Array uniqueness checks
/// or bounds checks per probe, and growing rehashes from the stored hashes alone.
final class KeyTable {
    private var slots: UnsafeMutablePointer<UInt64>
    private var capacity: Int
    private var used = 0

    /// `expected`: a guess of the number of keys (the table grows past it).
    init(expected: Int) {
        var capacity = 64
        while capacity < expected * 2 { capacity *= 2 }
        self.capacity = capacity
        slots = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
    }

    deinit { slots.deallocate() }

    /// Records `key` as entry `index`; returns the index of the previous entry with the same
    /// key, if any (the table then points at the new one).
    func insert(_ key: borrowing String, index: Int, entries: [StringsEntry]) -> Int? {
        // Native Strings (all of ours) are contiguous UTF-8: no copy of the key to hash it.
        let hash = key.utf8.withContiguousStorageIfAvailable { KeyTable.hash($0) } ?? KeyTable.hash(Array(key.utf8))
        if (used + 1) * 4 > capacity * 3 { grow() }
        let mask = capacity - 1
        let tag = UInt64(hash) << 32
        let value = tag | UInt64(truncatingIfNeeded: index + 1)
        var slot = Int(hash) & mask
        while true {
            let v = slots[slot]
            if v == 0 { break }
            if v & 0xFFFF_FFFF_0000_0000 == tag {
                let other = Int(truncatingIfNeeded: v & 0xFFFF_FFFF) - 1
                if KeyTable.sameBytes(entries[other].key, key) {
                    slots[slot] = value
                    return other
                }
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = value
        used += 1
        return nil
    }

    private func grow() {
        let old = slots, oldCapacity = capacity
        capacity *= 2
        slots = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        let mask = capacity - 1
        for i in 0..<oldCapacity where old[i] != 0 {
            var slot = Int(truncatingIfNeeded: old[i] >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = old[i]
        }
        old.deallocate()
    }

    static func hash(_ bytes: [UInt8]) -> UInt32 { bytes.withUnsafeBufferPointer { hash($0) } }

    /// FxHash-style: 8 bytes per multiply (keys are mostly 16–60 bytes). The last bytes are
    /// read as one word overlapping the previous one (or as two overlapping halves for short
    /// keys) instead of a byte loop, whose varying trip count mispredicted on every key.
    /// Reads only the key's bytes; depends only on them and their count.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let n = bytes.count
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        guard let base = bytes.baseAddress, n > 0 else { return UInt32(truncatingIfNeeded: h >> 32) }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func mix(_ word: UInt64) {
            h = ((h << 5 | h >> 59) ^ word) &* 0x517C_C1B7_2722_0A95
        }
        if n >= 8 {
            var i = 0
            while i &+ 8 < n {
                mix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i &+= 8
            }
            mix(raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
        } else if n >= 4 {
            let low = UInt64(raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self))
            mix(low | high << 32)
        } else {
            mix(UInt64(base[0]) | UInt64(base[n >> 1]) << 8 | UInt64(base[n &- 1]) << 16)
        }
        return UInt32(truncatingIfNeeded: (h ^ h >> 29) >> 32)
    }

    static func sameBytes(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }
}
