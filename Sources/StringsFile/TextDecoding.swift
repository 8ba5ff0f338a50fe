/// Text of a `.strings` file as validated UTF-8, and how it was stored.
struct DecodedText {
    var text: UTF8Text
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

    /// `decoded`: the valid text before the bad bytes, as UTF-8.
    init(_ message: String, byteOffset: Int, decoded: UnsafeBufferPointer<UInt8>) {
        self.message = message
        self.byteOffset = byteOffset
        if decoded.isEmpty {
            (line, column) = (1, 1)
        } else {
            (line, column) = LineCursor(decoded).position(of: decoded.count)
        }
    }
}

/// Encoding detection and decoding, following CoreFoundation's `encodingForXMLData`:
/// UTF-32 BOMs (only when the data is longer than 4 bytes), UTF-8 BOM, UTF-16 BOMs, else UTF-8.
/// CF calls BOM-less data whose byte 0 or 1 is 00 "Unicode" and then fails to read it; we read
/// it as UTF-16 (LE or BE from where the zero bytes are) and say so.
/// UTF-8 (nearly every file) is validated in place and not copied; UTF-16 and UTF-32 are
/// transcoded to UTF-8 in one pass. The bytes must outlive the result when it borrows them.
enum TextDecoding {
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<DecodedText, DecodingFailure> {
        let n = bytes.count
        func text(_ r: Result<UTF8Text, DecodingFailure>, _ e: StringsEncoding, _ bom: Bool, guessed: Bool = false)
            -> Result<DecodedText, DecodingFailure>
        {
            r.map { DecodedText(text: $0, encoding: e, hasByteOrderMark: bom, guessedWithoutBOM: guessed) }
        }
        if n == 0 {
            let empty = OwnedBytes(capacity: 0)
            return .success(
                DecodedText(text: UTF8Text(bytes: empty.buffer, owner: empty), encoding: .utf8, hasByteOrderMark: false)
            )
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
            return text(
                decodeUTF16(bytes, from: 0, bigEndian: bigEndian), bigEndian ? .utf16BE : .utf16LE, false, guessed: true
            )
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

    static func decodeUTF8(_ buf: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<UTF8Text, DecodingFailure> {
        let n = buf.count
        let p = buf.baseAddress!
        let raw = UnsafeRawPointer(p)
        func failure(_ message: String, at offset: Int, validUpTo end: Int) -> Result<UTF8Text, DecodingFailure> {
            .failure(
                DecodingFailure(
                    message, byteOffset: offset, decoded: UnsafeBufferPointer(start: p + start, count: end - start)))
        }
        var i = start
        while i < n {
            let b0 = p[i]
            if b0 < 0x80 {
                // An ASCII run, 8 bytes at a time, to the first byte of the word that is not
                // ASCII (not byte by byte to it: the runs of the corpus are short). Tried only
                // after an ASCII byte: after a multi-byte character, the next is most often
                // another (Cyrillic, CJK), and the word test fails.
                i &+= 1
                while i &+ 8 <= n {
                    let high =
                        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                        & 0x8080_8080_8080_8080
                    if high != 0 {
                        i &+= high.trailingZeroBitCount >> 3
                        break
                    }
                    i &+= 8
                }
                continue
            }
            // Fast paths: leads C2–DF, and E1–EC/EE/EF, with their continuation bytes can
            // encode neither an overlong form nor a surrogate. Anything else (errors, E0, ED,
            // 4-byte forms) takes the exact path below, which names the problem.
            if b0 >= 0xC2 && b0 <= 0xDF {
                if i + 1 < n && p[i + 1] & 0xC0 == 0x80 {
                    i += 2
                    continue
                }
            } else if b0 >= 0xE1 && b0 <= 0xEF && b0 != 0xED {
                if i + 2 < n && p[i + 1] & 0xC0 == 0x80 && p[i + 2] & 0xC0 == 0x80 {
                    i += 3
                    continue
                }
            }
            let length = sequenceLength(p, at: i, count: n)
            if length == 0 {
                if b0 == 0xA9 { return decodeUTF8ReplacingA9(buf, from: start, first: i) }
                let (message, offset) = problem(p, at: i, count: n)
                return failure(message, at: offset, validUpTo: i)
            }
            i += length
        }
        return .success(UTF8Text(bytes: UnsafeBufferPointer(start: p + start, count: n - start), owner: nil))
    }

    /// The length of the valid UTF-8 sequence whose lead byte (>= 0x80) is at `i`, or 0 when it
    /// is not valid (`problem` says why).
    @inline(__always)
    private static func sequenceLength(_ p: UnsafePointer<UInt8>, at i: Int, count n: Int) -> Int {
        let b0 = p[i]
        var need = 0
        var value: UInt32 = 0
        var minimum: UInt32 = 0
        if b0 & 0xE0 == 0xC0 {
            need = 1; value = UInt32(b0 & 0x1F); minimum = 0x80
        } else if b0 & 0xF0 == 0xE0 {
            need = 2; value = UInt32(b0 & 0x0F); minimum = 0x800
        } else if b0 & 0xF8 == 0xF0 {
            need = 3; value = UInt32(b0 & 0x07); minimum = 0x10000
        } else {
            return 0
        }
        if i + need >= n { return 0 }
        var k = 1
        while k <= need {
            let b = p[i + k]
            if b & 0xC0 != 0x80 { return 0 }
            value = (value << 6) | UInt32(b & 0x3F)
            k += 1
        }
        if value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) { return 0 }
        return need + 1
    }

    /// What is wrong with the invalid UTF-8 sequence at `i`, and the offset of the bad byte.
    @inline(never)
    private static func problem(_ p: UnsafePointer<UInt8>, at i: Int, count n: Int) -> (message: String, offset: Int) {
        let b0 = p[i]
        let need = b0 & 0xE0 == 0xC0 ? 1 : b0 & 0xF0 == 0xE0 ? 2 : b0 & 0xF8 == 0xF0 ? 3 : 0
        if need == 0 { return ("invalid UTF-8: byte 0x\(hex(b0)) cannot start a character", i) }
        if i + need >= n { return ("invalid UTF-8: the file ends inside a multi-byte character", i) }
        for k in 1...need where p[i + k] & 0xC0 != 0x80 {
            return (
                "invalid UTF-8: byte 0x\(hex(p[i + k])) cannot continue the character started by 0x\(hex(b0))", i + k
            )
        }
        return (
            "invalid UTF-8: bytes at this offset encode no valid character (overlong form, surrogate or beyond "
                + "U+10FFFF)",
            i
        )
    }

    /// CoreFoundation's UTF-8 decoder (`__CFFromUTF8`) lets one invalid byte through: 0xA9 where
    /// a character should start ("We need to allow 0xA9 (copyright in MacRoman and Unicode) not to
    /// break existing apps") becomes U+FFFD. `"k" = "a<A9>b";` reads as `a\u{FFFD}b` in Foundation,
    /// while `<80>`, `<A9><80>` after a lead byte, or any other invalid byte fails the file. So we
    /// copy the text with each such byte replaced by U+FFFD, and the reader warns.
    /// `first`: offset of the first such byte; the bytes before it are valid.
    @inline(never)
    private static func decodeUTF8ReplacingA9(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, first: Int) -> Result<
        UTF8Text, DecodingFailure
    > {
        let n = buf.count
        let p = buf.baseAddress!
        var extra = 0
        for k in first..<n where p[k] == 0xA9 { extra += 2 }
        let storage = OwnedBytes(capacity: n - start + extra)
        let out = storage.base
        out.initialize(from: p + start, count: first - start)
        var w = first - start
        var i = first
        var replaced: [Int] = []
        while i < n {
            let b = p[i]
            if b < 0x80 {
                out[w] = b
                w += 1
                i += 1
                continue
            }
            let length = sequenceLength(p, at: i, count: n)
            if length == 0 {
                guard b == 0xA9 else {
                    let (message, offset) = problem(p, at: i, count: n)
                    return .failure(
                        DecodingFailure(message, byteOffset: offset, decoded: UnsafeBufferPointer(start: out, count: w))
                    )
                }
                replaced.append(w)
                out[w] = 0xEF
                out[w + 1] = 0xBF
                out[w + 2] = 0xBD
                w += 3
                i += 1
                continue
            }
            for k in 0..<length { out[w + k] = p[i + k] }
            w += length
            i += length
        }
        storage.count = w
        return .success(UTF8Text(bytes: storage.buffer, owner: storage, replacedA9: replaced))
    }

    static func decodeUTF16(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, bigEndian: Bool) -> Result<
        UTF8Text, DecodingFailure
    > {
        let n = buf.count
        // A unit is at most 3 UTF-8 bytes (a surrogate pair, 2 units, is 4).
        let storage = OwnedBytes(capacity: (n - start) / 2 * 3)
        let out = storage.base
        var w = 0
        var i = start
        @inline(__always) func unit(_ at: Int) -> UInt32 {
            bigEndian ? (UInt32(buf[at]) << 8 | UInt32(buf[at + 1])) : (UInt32(buf[at + 1]) << 8 | UInt32(buf[at]))
        }
        let raw = UnsafeRawPointer(buf.baseAddress!)
        // In a word of 4 units, the bits that must be clear for all 4 to be ASCII.
        let nonASCII: UInt64 = bigEndian ? 0x80FF_80FF_80FF_80FF : 0xFF80_FF80_FF80_FF80
        // ASCII runs 16 units at a time (SSE2 on x86-64: an and, a compare, a pack). A unit is
        // ASCII when its high byte is 0 and its low byte below 0x80: the bits of `asciiMask`
        // must be clear in both 16-byte halves. Units are loaded in the machine's byte order,
        // shifted when the file's differs (the high byte is 0), and narrowed to their low byte.
        // (The mask is tested as two words: `any(_:)` on a vector compare was compiled to an
        // out-of-line reduction here.)
        let asciiMask: SIMD16<UInt8> =
            bigEndian
            ? SIMD16(0xFF, 0x80, 0xFF, 0x80, 0xFF, 0x80, 0xFF, 0x80, 0xFF, 0x80, 0xFF, 0x80, 0xFF, 0x80, 0xFF, 0x80)
            : SIMD16(0x80, 0xFF, 0x80, 0xFF, 0x80, 0xFF, 0x80, 0xFF, 0x80, 0xFF, 0x80, 0xFF, 0x80, 0xFF, 0x80, 0xFF)
        let swapUnits = (bigEndian ? UInt16(1).bigEndian : UInt16(1).littleEndian) != 1
        let output = UnsafeMutableRawPointer(out)
        while i + 1 < n {
            while i &+ 32 <= n {
                let first = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let second = raw.loadUnaligned(fromByteOffset: i &+ 16, as: SIMD16<UInt8>.self)
                let notASCII = unsafeBitCast((first | second) & asciiMask, to: SIMD2<UInt64>.self)
                if notASCII[0] | notASCII[1] != 0 { break }
                var units = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt16>.self)
                if swapUnits { units &>>= 8 }
                output.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: units), toByteOffset: w, as: SIMD16<UInt8>.self)
                w &+= 16
                i &+= 32
            }
            // Then 4 at a time.
            while i &+ 8 <= n {
                var word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if word & nonASCII != 0 { break }
                if bigEndian { word >>= 8 }
                let packed =
                    (word & 0xFF) | (word >> 8 & 0xFF00) | (word >> 16 & 0xFF_0000) | (word >> 24 & 0xFF00_0000)
                UnsafeMutableRawPointer(out).storeBytes(
                    of: UInt32(truncatingIfNeeded: packed).littleEndian, toByteOffset: w, as: UInt32.self)
                w &+= 4
                i &+= 8
            }
            guard i + 1 < n else { break }
            let u = unit(i)
            if u < 0x80 {
                out[w] = UInt8(truncatingIfNeeded: u)
                w += 1
                i += 2
                continue
            }
            if u < 0xD800 || u > 0xDFFF {
                w = UTF8Scalar.encode(u, into: out, at: w)
                i += 2
                continue
            }
            if u <= 0xDBFF && i + 3 < n {
                let low = unit(i + 2)
                if low >= 0xDC00 && low <= 0xDFFF {
                    w = UTF8Scalar.encode(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00), into: out, at: w)
                    i += 4
                    continue
                }
            }
            let what =
                u <= 0xDBFF
                ? "high surrogate 0x\(String(u, radix: 16, uppercase: true)) is not followed by a low surrogate"
                : "low surrogate 0x\(String(u, radix: 16, uppercase: true)) without a high surrogate"
            return .failure(
                DecodingFailure(
                    "invalid UTF-16: \(what)", byteOffset: i, decoded: UnsafeBufferPointer(start: out, count: w)))
        }
        if i < n {
            return .failure(
                DecodingFailure(
                    "invalid UTF-16: odd number of bytes (a stray last byte)", byteOffset: i,
                    decoded: UnsafeBufferPointer(start: out, count: w)))
        }
        storage.count = w
        return .success(UTF8Text(bytes: storage.buffer, owner: storage))
    }

    static func decodeUTF32(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, bigEndian: Bool) -> Result<
        UTF8Text, DecodingFailure
    > {
        let n = buf.count
        let storage = OwnedBytes(capacity: n - start)
        let out = storage.base
        var w = 0
        var i = start
        while i + 3 < n {
            let v: UInt32 =
                bigEndian
                ? UInt32(buf[i]) << 24 | UInt32(buf[i + 1]) << 16 | UInt32(buf[i + 2]) << 8 | UInt32(buf[i + 3])
                : UInt32(buf[i + 3]) << 24 | UInt32(buf[i + 2]) << 16 | UInt32(buf[i + 1]) << 8 | UInt32(buf[i])
            if v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) {
                return .failure(
                    DecodingFailure(
                        "invalid UTF-32: 0x\(String(v, radix: 16, uppercase: true)) is not a Unicode scalar value",
                        byteOffset: i, decoded: UnsafeBufferPointer(start: out, count: w)))
            }
            w = UTF8Scalar.encode(v, into: out, at: w)
            i += 4
        }
        if i < n {
            return .failure(
                DecodingFailure(
                    "invalid UTF-32: the length is not a multiple of 4 bytes", byteOffset: i,
                    decoded: UnsafeBufferPointer(start: out, count: w)))
        }
        storage.count = w
        return .success(UTF8Text(bytes: storage.buffer, owner: storage))
    }

    static func hex(_ b: UInt8) -> String {
        let digits: [Character] = Array("0123456789ABCDEF")
        return String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xF)])
    }
}
