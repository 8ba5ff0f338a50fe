import StringcatSupport

/// Fresh object IDs (docs/spec/project-edit.md#new-object-ids): 24 upper-case hex digits, never one present in the
/// file.
///
/// Xcode derives IDs from the user, the process, a counter and the clock, so its IDs differ on
/// every run. Ours are a hash of what the object is (`Localizable.xcstrings|reference`,
/// `…|buildFile|<phase ID>`), so the same migration gives the same bytes every time, and
/// migrating tables one at a time gives the file migrating them together gives. A hash that
/// collides with an ID in use is bumped (`key#1`, `key#2`, …) until it is free.
public struct ObjectIDGenerator: Sendable {
    private var used: Set<String>

    /// - Parameter existing: every ID of the file (object IDs and any other 24-hex string that
    ///   could be mistaken for one).
    public init(existing: some Sequence<String>) {
        used = Set(existing)
    }

    /// The ID for `key`, reserved so no later call returns it again.
    public mutating func id(for key: String) -> String {
        var attempt = 0
        while true {
            let id = Self.hashID(attempt == 0 ? key : key + "#\(attempt)")
            if used.insert(id).inserted { return id }
            attempt += 1
        }
    }

    /// 96 bits of two SplitMix64 rounds over the key's FNV-1a hash, as 24 upper-case hex digits.
    static func hashID(_ key: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        let high = SplitMix64.mix(hash)
        let low = SplitMix64.mix(hash ^ 0x5851_F42D_4C95_7F2D)
        return hex(high, digits: 16) + hex(low >> 32, digits: 8)
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
