/// Finds duplicate keys without `Dictionary<String, Int>`, whose SipHash dominated the parse:
/// an open-addressing table of entry indices keyed by FNV-1a over the key's UTF-8. Keys are
/// compared byte for byte, like CoreFoundation's literal `CFEqual` (Swift's `==` would also
/// merge canonically equivalent keys, which CF keeps apart).
struct KeyTable {
    private var slots: [Int32] = Array(repeating: -1, count: 64)
    private var hashes: [UInt32] = Array(repeating: 0, count: 64)
    private var used = 0

    /// Records `key` as entry `index`; returns the index of the previous entry with the same
    /// key, if any (the table then points at the new one).
    mutating func insert(_ key: String, index: Int, entries: [StringsEntry]) -> Int? {
        var key = key
        let hash = key.withUTF8 { KeyTable.fnv1a($0) }
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

    static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }

    static func sameBytes(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }
}
