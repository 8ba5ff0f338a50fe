/// The common binary `.strings` file, a `bplist00` whose top object is a dictionary of strings
/// (Sparkle.framework's compiled tables), read without Foundation: PropertyListSerialization
/// took 150 µs for a 6 KB table, most of it bridging CF's dictionary to Swift, a twentieth of the
/// time of reading the whole corpus.
///
/// Only files this reads exactly as PropertyListSerialization does are read here; for anything
/// else `read` returns nil and the caller goes through Foundation, which gives the errors. So it
/// accepts a subset of what CoreFoundation accepts (`__CFBinaryPlistGetTopLevelInfo` and
/// `__CFBinaryPlistCreateObjectFiltered` in `CFBinaryPList.c`): the trailer passes every check of
/// CF's; every offset in the offset table points before the table (CF checks them all); the top
/// object is a dictionary whose keys and values are all ASCII strings (marker 0x5, bytes below
/// 0x80) or UTF-16 strings (marker 0x6, not empty, no lone surrogate), counts in the marker or in a 1- to
/// 8-byte integer object; keys are made of characters below U+0300, general punctuation
/// (U+2002–U+206F: ’ “ ” — … •) and currency signs (U+20A0–U+20BF). Such keys are in NFC (none
/// of these characters changes under NFC, alone or next to another; checked with Unicode 14
/// data), so Swift's String `<` is a total order on them and sorting gives one order whatever
/// order they come in; for other keys it need not be (`e` + U+0301 next to `é`: the order of
/// Foundation's path then depends on its dictionary's hash order). Keys that Swift's String ==
/// would merge are left to Foundation too, so the table holds the keys CF's dictionary holds.
enum BinaryStringTable {
    /// The (key, value) pairs of the top dictionary, in file order; nil when the file is not one
    /// this reads (see the type).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> [(key: String, value: String)]? {
        let n = bytes.count
        guard n >= 8 + 1 + 32, let p = bytes.baseAddress else { return nil }
        // "bplist00" (CF takes any "bplist0?"; other versions go to Foundation).
        let magic: [UInt8] = [0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30]
        for k in 0..<8 where p[k] != magic[k] { return nil }
        let trailer = n - 32
        let offsetIntSize = Int(p[trailer + 6])
        let refSize = Int(p[trailer + 7])
        guard let objectCount = bigEndian(p + trailer + 8, 8), let topObject = bigEndian(p + trailer + 16, 8),
            let tableOffset = bigEndian(p + trailer + 24, 8)
        else { return nil }
        guard objectCount >= 1, topObject < objectCount, tableOffset >= 9, tableOffset < trailer,
            (1...8).contains(offsetIntSize), (1...8).contains(refSize)
        else { return nil }
        // The offset table fills the bytes between the objects and the trailer exactly.
        let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: offsetIntSize)
        guard !overflow, tableSize == trailer - tableOffset else { return nil }
        guard refSize == 8 || objectCount < 1 << (8 * refSize),
            offsetIntSize == 8 || tableOffset < 1 << (8 * offsetIntSize)
        else { return nil }
        // Every object starts before the offset table.
        var offsets = [Int](repeating: 0, count: objectCount)
        for k in 0..<objectCount {
            guard let offset = bigEndian(p + tableOffset + k * offsetIntSize, offsetIntSize), offset >= 8,
                offset < tableOffset
            else { return nil }
            offsets[k] = offset
        }
        // The top dictionary: its key references, then its value references.
        var at = offsets[topObject]
        guard p[at] >> 4 == 0xD, let count = countAfterMarker(p, &at, end: tableOffset) else { return nil }
        let (refsSize, refsOverflow) = count.multipliedReportingOverflow(by: 2 * refSize)
        guard !refsOverflow, refsSize <= tableOffset - at else { return nil }
        var pairs: [(key: String, value: String)] = []
        pairs.reserveCapacity(count)
        var keys = Set<String>(minimumCapacity: count)
        for k in 0..<count {
            guard let keyRef = bigEndian(p + at + k * refSize, refSize), keyRef < objectCount,
                let valueRef = bigEndian(p + at + (count + k) * refSize, refSize), valueRef < objectCount,
                let key = string(p, at: offsets[keyRef], end: tableOffset, isKey: true),
                let value = string(p, at: offsets[valueRef], end: tableOffset, isKey: false),
                keys.insert(key).inserted
            else { return nil }
            pairs.append((key, value))
        }
        return pairs
    }

    /// The unsigned big-endian integer of `size` bytes at `p`, nil when it does not fit in an Int.
    private static func bigEndian(_ p: UnsafePointer<UInt8>, _ size: Int) -> Int? {
        var v: UInt64 = 0
        for k in 0..<size { v = v << 8 | UInt64(p[k]) }
        return v <= UInt64(Int.max) ? Int(v) : nil
    }

    /// The count of the object whose marker is at `at` (low nibble, or 0xF and an integer object
    /// after the marker); moves `at` past the marker and count. Nil when it does not fit before `end`.
    private static func countAfterMarker(_ p: UnsafePointer<UInt8>, _ at: inout Int, end: Int) -> Int? {
        let nibble = Int(p[at] & 0x0F)
        at += 1
        guard nibble == 0x0F else { return nibble }
        guard at < end, p[at] >> 4 == 0x1, p[at] & 0x0F <= 3 else { return nil }
        let size = 1 << Int(p[at] & 0x0F)
        guard size <= end - at - 1, let count = bigEndian(p + at + 1, size) else { return nil }
        at += 1 + size
        return count
    }

    /// A character a key may have (see the type).
    static func isKeyCharacter(_ v: UInt32) -> Bool {
        v < 0x300 || (v >= 0x2002 && v <= 0x206F) || (v >= 0x20A0 && v <= 0x20BF)
    }

    /// The ASCII or UTF-16 string object at `at`, nil for any other object, one that does not
    /// end before `end`, or a key with a character `isKeyCharacter` refuses.
    private static func string(_ p: UnsafePointer<UInt8>, at offset: Int, end: Int, isKey: Bool) -> String? {
        var at = offset
        let kind = p[at] >> 4
        guard kind == 0x5 || kind == 0x6, let count = countAfterMarker(p, &at, end: end) else { return nil }
        if kind == 0x5 {
            guard count <= end - at else { return nil }
            let body = UnsafeBufferPointer(start: p + at, count: count)
            for b in body where b >= 0x80 { return nil }
            return String(decoding: body, as: UTF8.self)
        }
        // An empty UTF-16 string (marker 0x60) is one CF rejects: it asks its allocator for
        // zero bytes, gets NULL and fails the whole file; so it is left to Foundation's error.
        guard count > 0, count <= (end - at) / 2 else { return nil }
        // Transcoded here: String(decoding:as: UTF16.self) took the generic path, 1 µs a string.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count * 3) { out -> String? in
            var w = 0
            var k = 0
            while k < count {
                var v = UInt32(p[at + 2 * k]) << 8 | UInt32(p[at + 2 * k + 1])
                k += 1
                if v >= 0xD800 && v <= 0xDFFF {
                    // Only whole surrogate pairs: a lone one would be repaired when bridged.
                    guard v <= 0xDBFF, k < count else { return nil }
                    let low = UInt32(p[at + 2 * k]) << 8 | UInt32(p[at + 2 * k + 1])
                    guard low >= 0xDC00 && low <= 0xDFFF else { return nil }
                    v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                    k += 1
                }
                guard !isKey || isKeyCharacter(v) else { return nil }
                w = UTF8Scalar.encode(v, into: out.baseAddress!, at: w)
            }
            return String(decoding: UnsafeBufferPointer(start: out.baseAddress!, count: w), as: UTF8.self)
        }
    }
}
