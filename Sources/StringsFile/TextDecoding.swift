/// Text of a `.strings` file decoded once into Unicode scalar values.
struct DecodedText {
    var scalars: ScalarStorage
    var encoding: StringsEncoding
    var hasByteOrderMark: Bool
    /// Set when the encoding was guessed (BOM-less UTF-16), which Apple's reader rejects.
    var guessedWithoutBOM: Bool = false
}

/// Bytes that are not valid in the detected encoding.
struct DecodingFailure: Error {
    var message: String
    var byteOffset: Int
    /// Line and column of the bad bytes, from the text decoded before them.
    var line: Int
    var column: Int

    init(_ message: String, byteOffset: Int, decoded: ScalarStorage, count: Int) {
        self.message = message
        self.byteOffset = byteOffset
        (line, column) = ScalarLineIndex(UnsafeBufferPointer(start: decoded.base, count: count)).position(of: count)
    }
}

/// Encoding detection and decoding, following CoreFoundation's `encodingForXMLData`:
/// UTF-32 BOMs (only when the data is longer than 4 bytes), UTF-8 BOM, UTF-16 BOMs, else UTF-8.
/// CF calls BOM-less data whose byte 0 or 1 is 00 "Unicode" and then fails to read it; we read
/// it as UTF-16 (LE or BE from where the zero bytes are) and say so.
/// Decoders write straight into one buffer (no intermediate arrays): this is the hot path.
enum TextDecoding {
    static func decode(_ bytes: [UInt8]) -> Result<DecodedText, DecodingFailure> {
        bytes.withUnsafeBufferPointer { decode($0) }
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<DecodedText, DecodingFailure> {
        let n = bytes.count
        func text(_ r: Result<ScalarStorage, DecodingFailure>, _ e: StringsEncoding, _ bom: Bool, guessed: Bool = false) -> Result<DecodedText, DecodingFailure> {
            r.map { DecodedText(scalars: $0, encoding: e, hasByteOrderMark: bom, guessedWithoutBOM: guessed) }
        }
        if n > 4 && bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF {
            return text(decodeUTF32(bytes, from: 4, bigEndian: true), .utf32BE, true)
        }
        if n > 4 && bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0 && bytes[3] == 0 {
            return text(decodeUTF32(bytes, from: 4, bigEndian: false), .utf32LE, true)
        }
        if n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            return text(decodeUTF8(bytes, from: 3), .utf8, true)
        }
        if n >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
            return text(decodeUTF16(bytes, from: 2, bigEndian: false), .utf16LE, true)
        }
        if n >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF {
            return text(decodeUTF16(bytes, from: 2, bigEndian: true), .utf16BE, true)
        }
        if n >= 2 && (bytes[0] == 0 || bytes[1] == 0) {
            let bigEndian = looksBigEndian(bytes)
            return text(decodeUTF16(bytes, from: 0, bigEndian: bigEndian), bigEndian ? .utf16BE : .utf16LE, false, guessed: true)
        }
        return text(decodeUTF8(bytes, from: 0), .utf8, false)
    }

    /// Mostly-ASCII UTF-16 has its zero bytes first (BE) or second (LE) in each pair.
    private static func looksBigEndian(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var evenZeros = 0, oddZeros = 0
        let limit = min(bytes.count, 4096)
        var i = 0
        while i < limit {
            if bytes[i] == 0 { if i & 1 == 0 { evenZeros += 1 } else { oddZeros += 1 } }
            i += 1
        }
        return evenZeros > oddZeros
    }

    static func decodeUTF8(_ buf: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<ScalarStorage, DecodingFailure> {
        let n = buf.count
        if n == start { return .success(ScalarStorage(capacity: 0)) }
        let storage = ScalarStorage(capacity: n - start)
        let out = storage.base
        // Byte offset (in the BOM-less copy) of every scalar; a scratch slot when unavailable.
        let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        defer { scratch.deallocate() }
        let table = storage.prepareUTF8Copy(of: UnsafeBufferPointer(rebasing: buf[start...]), scalarCapacity: n - start)
        let offsets = table ?? scratch
        let step = table == nil ? 0 : 1
        var w = 0
        var i = start
        let raw = UnsafeRawPointer(buf.baseAddress!)
        while i < n {
            // ASCII runs 8 bytes at a time.
            while i + 8 <= n {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                var k = 0
                while k < 8 {
                    out[w + k] = UInt32(buf[i + k])
                    offsets[(w + k) * step] = Int32(truncatingIfNeeded: i + k - start)
                    k += 1
                }
                w += 8
                i += 8
            }
            guard i < n else { break }
            let b0 = buf[i]
            offsets[w * step] = Int32(truncatingIfNeeded: i - start)
            if b0 < 0x80 {
                out[w] = UInt32(b0)
                w += 1
                i += 1
                continue
            }
            var need = 0
            var value: UInt32 = 0
            var minimum: UInt32 = 0
            if b0 & 0xE0 == 0xC0 { need = 1; value = UInt32(b0 & 0x1F); minimum = 0x80 }
            else if b0 & 0xF0 == 0xE0 { need = 2; value = UInt32(b0 & 0x0F); minimum = 0x800 }
            else if b0 & 0xF8 == 0xF0 { need = 3; value = UInt32(b0 & 0x07); minimum = 0x10000 }
            else {
                return .failure(DecodingFailure("invalid UTF-8: byte 0x\(hex(b0)) cannot start a character", byteOffset: i, decoded: storage, count: w))
            }
            if i + need >= n {
                return .failure(DecodingFailure("invalid UTF-8: the file ends inside a multi-byte character", byteOffset: i, decoded: storage, count: w))
            }
            var k = 1
            while k <= need {
                let b = buf[i + k]
                if b & 0xC0 != 0x80 {
                    return .failure(DecodingFailure("invalid UTF-8: byte 0x\(hex(b)) cannot continue the character started by 0x\(hex(b0))", byteOffset: i + k, decoded: storage, count: w))
                }
                value = (value << 6) | UInt32(b & 0x3F)
                k += 1
            }
            if value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) {
                return .failure(DecodingFailure("invalid UTF-8: bytes at this offset encode no valid character (overlong form, surrogate or beyond U+10FFFF)", byteOffset: i, decoded: storage, count: w))
            }
            out[w] = value
            w += 1
            i += need + 1
        }
        offsets[w * step] = Int32(truncatingIfNeeded: n - start)
        storage.count = w
        return .success(storage)
    }

    static func decodeUTF16(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, bigEndian: Bool) -> Result<ScalarStorage, DecodingFailure> {
        let n = buf.count
        let storage = ScalarStorage(capacity: (n - start) / 2)
        let out = storage.base
        var w = 0
        var i = start
        @inline(__always) func unit(_ at: Int) -> UInt32 {
            bigEndian ? (UInt32(buf[at]) << 8 | UInt32(buf[at + 1])) : (UInt32(buf[at + 1]) << 8 | UInt32(buf[at]))
        }
        while i + 1 < n {
            let u = unit(i)
            if u < 0xD800 || u > 0xDFFF {
                out[w] = u
                w += 1
                i += 2
                continue
            }
            if u <= 0xDBFF && i + 3 < n {
                let low = unit(i + 2)
                if low >= 0xDC00 && low <= 0xDFFF {
                    out[w] = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00)
                    w += 1
                    i += 4
                    continue
                }
            }
            let what = u <= 0xDBFF ? "high surrogate 0x\(String(u, radix: 16, uppercase: true)) is not followed by a low surrogate"
                                   : "low surrogate 0x\(String(u, radix: 16, uppercase: true)) without a high surrogate"
            return .failure(DecodingFailure("invalid UTF-16: \(what)", byteOffset: i, decoded: storage, count: w))
        }
        if i < n {
            return .failure(DecodingFailure("invalid UTF-16: odd number of bytes (a stray last byte)", byteOffset: i, decoded: storage, count: w))
        }
        storage.count = w
        storage.buildUTF8()
        return .success(storage)
    }

    static func decodeUTF32(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, bigEndian: Bool) -> Result<ScalarStorage, DecodingFailure> {
        let n = buf.count
        let storage = ScalarStorage(capacity: (n - start) / 4)
        let out = storage.base
        var w = 0
        var i = start
        while i + 3 < n {
            let v: UInt32 = bigEndian
                ? UInt32(buf[i]) << 24 | UInt32(buf[i + 1]) << 16 | UInt32(buf[i + 2]) << 8 | UInt32(buf[i + 3])
                : UInt32(buf[i + 3]) << 24 | UInt32(buf[i + 2]) << 16 | UInt32(buf[i + 1]) << 8 | UInt32(buf[i])
            if v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) {
                return .failure(DecodingFailure("invalid UTF-32: 0x\(String(v, radix: 16, uppercase: true)) is not a Unicode scalar value", byteOffset: i, decoded: storage, count: w))
            }
            out[w] = v
            w += 1
            i += 4
        }
        if i < n {
            return .failure(DecodingFailure("invalid UTF-32: the length is not a multiple of 4 bytes", byteOffset: i, decoded: storage, count: w))
        }
        storage.count = w
        storage.buildUTF8()
        return .success(storage)
    }

    static func hex(_ b: UInt8) -> String {
        let digits: [Character] = Array("0123456789ABCDEF")
        return String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xF)])
    }
}
