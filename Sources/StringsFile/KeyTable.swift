/// Finds duplicate keys without `Dictionary<String, Int>`, whose SipHash dominated the parse:
/// an open-addressing table of entry indices keyed by a word-at-a-time hash of the key's UTF-8. Keys are
/// compared byte for byte, like CoreFoundation's literal `CFEqual` (Swift's `==` would also
/// merge canonically equivalent keys, which CF keeps apart).
struct KeyTable {
    private var slots: [Int32] = Array(repeating: -1, count: 64)
    private var hashes: [UInt32] = Array(repeating: 0, count: 64)
    private var used = 0

    /// Records `key` as entry `index`; returns the index of the previous entry with the same
    /// key, if any (the table then points at the new one).
    mutating func insert(_ key: borrowing String, index: Int, entries: [StringsEntry]) -> Int? {
        // Native Strings (all of ours) are contiguous UTF-8: no copy of the key to hash it.
        let hash = key.utf8.withContiguousStorageIfAvailable { KeyTable.hash($0) } ?? KeyTable.hash(Array(key.utf8))
        if (used + 1) * 4 > slots.count * 3 { grow(entries) }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] >= 0 {
            if hashes[slot] == hash {
                let other = Int(slots[slot])
                if KeyTable.sameBytes(entries[other].key, key) {
                    slots[slot] = Int32(index)
                    return other
                }
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(index)
        hashes[slot] = hash
        used += 1
        return nil
    }

    private mutating func grow(_ entries: [StringsEntry]) {
        let oldSlots = slots, oldHashes = hashes
        slots = Array(repeating: -1, count: oldSlots.count * 2)
        hashes = Array(repeating: 0, count: oldSlots.count * 2)
        let mask = slots.count - 1
        for i in 0..<oldSlots.count where oldSlots[i] >= 0 {
            var slot = Int(oldHashes[i]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = oldSlots[i]
            hashes[slot] = oldHashes[i]
        }
    }

    /// FxHash-style: 8 bytes per multiply (keys are mostly 16–60 bytes).
    static func hash(_ bytes: [UInt8]) -> UInt32 { bytes.withUnsafeBufferPointer { hash($0) } }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let n = bytes.count
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        guard let base = bytes.baseAddress else { return UInt32(truncatingIfNeeded: h >> 32) }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func mix(_ word: UInt64) {
            h = ((h << 5 | h >> 59) ^ word) &* 0x517C_C1B7_2722_0A95
        }
        var i = 0
        while i &+ 8 <= n {
            mix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i &+= 8
        }
        if i < n {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < n {
                tail |= UInt64(base[i]) << shift
                shift &+= 8
                i &+= 1
            }
            mix(tail)
        }
        return UInt32(truncatingIfNeeded: (h ^ h >> 29) >> 32)
    }

    static func sameBytes(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }
}
