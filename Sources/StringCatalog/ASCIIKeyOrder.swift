/// Xcode's key order (docs/spec/catalog-format.md#the-key-order) on keys made only of ASCII, without Foundation: the
/// same answers as `compare(_:options: [.numeric, .caseInsensitive, .forcedOrdering], range:, locale: NSLocale.system)`
/// at a few nanoseconds a comparison instead of ~1.5 µs. `CatalogKeyOrder` uses it for every pair
/// of eligible keys and Foundation for every other pair.
///
/// The rules, found by experiment against Foundation on this toolchain (Swift 6.3.1, Linux) and
/// proven by `ASCIIKeyOrderTests` (every key of the corpus, exhaustive short strings, millions of
/// random pairs):
///
/// 1. **Primary**: keys compare element by element, where an element is one character or one run of
///    ASCII digits. Characters rank as the UCA root collation ranks them with punctuation not
///    ignorable: TAB < LF < VT < FF < CR < space < `_` `-` `,` `;` `:` `!` `?` `.` `'` `"` `(` `)`
///    `[` `]` `{` `}` `@` `*` `/` `\` `&` `#` `%` `` ` `` `^` `+` `<` `=` `>` `|` `~` `$` < digits <
///    letters, a letter and its capital being equal. A digit run ranks by its numeric value
///    (`"75"` < `"100"`, `"7 days"` < `"10 minutes"`), leading zeros not counting (`"0"` = `"00"`).
///    A key that is a prefix of the other (in elements) comes first; `""` comes first of all.
/// 2. **Tie-break**: when the primaries are all equal, the first element (left to right) where the
///    keys still differ decides: a lower-case letter before its capital, a shorter digit run
///    before a longer one of the same value. So `"0sa-UX-oa3.title"` < `"00y-6C-LDt.title"` (`s` < `y`
///    decides before the runs `0`/`00` do), `"a01"` < `"A1"` (the case comes first), `"01a"` > `"1A"`
///    (the run comes first), `"Hello"` < `"hello world"` < `"Hello world"`.
///
/// (CoreFoundation walks both keys, compares aligned digit runs by value and records the first
/// run-length difference, and hands the rest to an ICU root collator where characters differ;
/// the rules above are what that gives on these keys.)
///
/// Keys this type does not handle, which go to Foundation (`sortKey`/`compare` return nil):
/// - any byte >= 0x80 (docs/spec/catalog-format.md#traps-of-the-key-order: Foundation's comparator is not reimplemented
///   in general);
/// - a control character that the collator ignores (U+0000–U+0008, U+000E–U+001F, U+007F): there
///   the order depends on where CoreFoundation hands over to ICU (it backs up over punctuation
///   before the first difference, and a later code-point difference can overrule an earlier
///   run-length one), which no per-key sort key captures;
/// - a digit run of more than 19 digits after its leading zeros: CoreFoundation adds its digits
///   into a 64-bit integer that wraps (`"18446744073709551617"` < `"2"` in Foundation).
enum ASCIIKeyOrder {
    /// The most significant digits a run may have: 10^19 - 1 < 2^64.
    static let maximumSignificantDigits = 19

    /// Primary weight of each ASCII byte (1...65); 0 for the control characters this type does not
    /// handle. Digits all have `digitWeight` (a run is then ranked by value); a letter and its
    /// capital share a weight.
    static let primaryWeights: [UInt8] = {
        var weights = [UInt8](repeating: 0, count: 128)
        var weight: UInt8 = 1
        for byte in "\t\n\u{0B}\u{0C}\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".utf8 {
            weights[Int(byte)] = weight
            weight += 1
        }
        for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { weights[Int(digit)] = weight }
        weight += 1
        for letter in UInt8(ascii: "a")...UInt8(ascii: "z") {
            weights[Int(letter)] = weight
            weights[Int(letter - 32)] = weight
            weight += 1
        }
        return weights
    }()

    /// The weight all digits share (just above `$`).
    static let digitWeight = primaryWeights[Int(UInt8(ascii: "0"))]

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
    @inline(__always) static func isUpper(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }

    /// True when `utf8` is a key this type orders (see the type's comment for those it does not).
    static func isEligible(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        primaryWeights.withUnsafeBufferPointer { weights in
            var index = 0
            let count = utf8.count
            while index < count {
                let byte = utf8[index]
                if byte >= 0x80 || weights[Int(byte)] == 0 { return false }
                if isDigit(byte) {
                    var end = index
                    while end < count && utf8[end] == UInt8(ascii: "0") { end += 1 }
                    let significant = end
                    while end < count && isDigit(utf8[end]) { end += 1 }
                    if end - significant > maximumSignificantDigits { return false }
                    index = end
                } else {
                    index += 1
                }
            }
            return true
        }
    }

    /// Appends to `key` the primary sort key of an eligible `utf8`, whose byte order (shorter first
    /// on a common prefix) is the primary order: one weight per character; for a digit run,
    /// `digitWeight`, the number of its significant digits, then those digits. Keys with equal
    /// primary keys are ordered by `compare`. Returns false, appending nothing, when `utf8` is not
    /// eligible.
    static func appendPrimaryKey(of utf8: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) -> Bool {
        guard isEligible(utf8) else { return false }
        primaryWeights.withUnsafeBufferPointer { weights in
            var index = 0
            let count = utf8.count
            while index < count {
                let byte = utf8[index]
                if isDigit(byte) {
                    while index < count && utf8[index] == UInt8(ascii: "0") { index += 1 }
                    var end = index
                    while end < count && isDigit(utf8[end]) { end += 1 }
                    key.append(digitWeight)
                    key.append(UInt8(end - index))
                    key.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<end]))
                    index = end
                } else {
                    key.append(weights[Int(byte)])
                    index += 1
                }
            }
        }
        return true
    }

    /// The order of two eligible keys: negative, zero (equal bytes) or positive, as Foundation's
    /// comparator.
    static func compareEligible(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        primaryWeights.withUnsafeBufferPointer { weights in
            var i = 0
            var j = 0
            // The first tie-break difference (rule 2), used when all primaries are equal.
            var tieBreak = 0
            while true {
                if i == a.count { return j == b.count ? tieBreak : -1 }
                if j == b.count { return 1 }
                let x = a[i]
                let y = b[j]
                if isDigit(x) && isDigit(y) {
                    let startA = i
                    let startB = j
                    while i < a.count && a[i] == UInt8(ascii: "0") { i += 1 }
                    while j < b.count && b[j] == UInt8(ascii: "0") { j += 1 }
                    let significantA = i
                    let significantB = j
                    while i < a.count && isDigit(a[i]) { i += 1 }
                    while j < b.count && isDigit(b[j]) { j += 1 }
                    // Longer significant digits = larger value; same length: digit by digit.
                    if i - significantA != j - significantB { return i - significantA < j - significantB ? -1 : 1 }
                    var k = 0
                    while k < i - significantA {
                        if a[significantA + k] != b[significantB + k] {
                            return a[significantA + k] < b[significantB + k] ? -1 : 1
                        }
                        k += 1
                    }
                    if tieBreak == 0 && i - startA != j - startB { tieBreak = i - startA < j - startB ? -1 : 1 }
                    continue
                }
                let weightA = weights[Int(x)]
                let weightB = weights[Int(y)]
                if weightA != weightB { return weightA < weightB ? -1 : 1 }
                // Same character, or a letter and its capital.
                if tieBreak == 0 && x != y { tieBreak = isUpper(x) ? 1 : -1 }
                i += 1
                j += 1
            }
        }
    }

    /// The order of `a` and `b` (negative, zero, positive) when both are eligible; nil otherwise.
    static func compare(_ a: String, _ b: String) -> Int? {
        var a = a
        var b = b
        return a.withUTF8 { a in
            b.withUTF8 { b in
                guard isEligible(a), isEligible(b) else { return nil }
                return compareEligible(a, b)
            }
        }
    }
}
