/// Text of a `.strings` file as validated UTF-8: the input bytes themselves when the file is
/// UTF-8 (no copy), else a transcoded copy owned by `owner`. Parsing works on these bytes
/// directly; offsets are byte offsets, turned into lines and scalar columns only for output.
struct UTF8Text {
    /// Valid UTF-8 (checked when decoded). Never has a nil base address.
    var bytes: UnsafeBufferPointer<UInt8>
    /// Keeps transcoded bytes alive; nil when `bytes` borrows the caller's input.
    var owner: OwnedBytes?
    /// Offsets in `bytes` of the U+FFFD that replaced invalid 0xA9 bytes, as CoreFoundation
    /// does (see `TextDecoding.decodeUTF8ReplacingA9`).
    var replacedA9: [Int] = []
}

/// Heap bytes freed with their owner.
final class OwnedBytes {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0

    init(capacity: Int) {
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity, 1))
    }

    convenience init(copying bytes: UnsafeBufferPointer<UInt8>) {
        self.init(capacity: bytes.count)
        if let source = bytes.baseAddress, bytes.count > 0 { base.initialize(from: source, count: bytes.count) }
        count = bytes.count
    }

    deinit { base.deallocate() }

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}

/// UTF-8 helpers for bytes already known to be valid.
enum UTF8Scalar {
    /// Length of the sequence that starts with `lead`.
    @inline(__always) static func length(lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    @inline(__always) static func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }

    /// The scalar starting at `i` and its length in bytes.
    @inline(__always) static func decode(_ p: UnsafePointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let b0 = p[i]
        if b0 < 0x80 { return (UInt32(b0), 1) }
        if b0 < 0xE0 { return (UInt32(b0 & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F), 2) }
        if b0 < 0xF0 {
            return (UInt32(b0 & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F), 3)
        }
        return (
            UInt32(b0 & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6
                | UInt32(p[i + 3] & 0x3F), 4
        )
    }

    /// Writes `v` (a valid scalar value) at `w`; returns the offset after it.
    @inline(__always) static func encode(_ v: UInt32, into out: UnsafeMutablePointer<UInt8>, at w: Int) -> Int {
        if v < 0x80 {
            out[w] = UInt8(v)
            return w + 1
        } else if v < 0x800 {
            out[w] = UInt8(0xC0 | (v >> 6)); out[w + 1] = UInt8(0x80 | (v & 0x3F))
            return w + 2
        } else if v < 0x10000 {
            out[w] = UInt8(0xE0 | (v >> 12)); out[w + 1] = UInt8(0x80 | ((v >> 6) & 0x3F));
            out[w + 2] = UInt8(0x80 | (v & 0x3F))
            return w + 3
        } else {
            out[w] = UInt8(0xF0 | (v >> 18)); out[w + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
            out[w + 2] = UInt8(0x80 | ((v >> 6) & 0x3F)); out[w + 3] = UInt8(0x80 | (v & 0x3F))
            return w + 4
        }
    }

    static func append(_ v: UInt32, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { tmp in
            let n = encode(v, into: tmp.baseAddress!, at: 0)
            bytes.append(contentsOf: UnsafeBufferPointer(start: tmp.baseAddress!, count: n))
        }
    }

    /// True when a U+2028 or U+2029 (E2 80 A8 / E2 80 A9) starts at `i`.
    @inline(__always) static func isLineOrParagraphSeparator(_ p: UnsafePointer<UInt8>, at i: Int, count n: Int) -> Bool
    {
        p[i] == 0xE2 && i + 2 < n && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9)
    }
}
