import StringcatSupport

/// SplitMix64: a small, fast generator whose output depends only on the seed, on every platform
/// (the system generator is neither seedable nor the same on Linux and macOS).
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A generator for one element of the output (a key, a language): independent of how many
    /// other elements are generated, so `--keys 40000` starts with the same keys as `--keys 10000`.
    init(seed: UInt64, _ parts: UInt64...) {
        var mixed = SeededRandom.mix(seed)
        for part in parts { mixed = SeededRandom.mix(mixed ^ (0x9E37_79B9_7F4A_7C15 &* (part &+ 1))) }
        state = mixed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SeededRandom.mix(state)
    }

    /// A uniform number in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    private static func mix(_ value: UInt64) -> UInt64 { SplitMix64.mix(value) }
}
