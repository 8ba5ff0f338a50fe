/// The grammar of format strings (printf specifiers, `%%` and `.stringsdict` variable
/// references), the way Foundation reads them, over UTF-8 bytes: the one place it is written.
///
/// Two readings share it. `scan` finds the tokens the plural checks look at as offsets, without
/// making a `String` or an array per token (the one-pass `.stringsdict` reader scans every form
/// and format key with it); literal text and lone `%`s are skipped, no check reads them.
/// `FormatStringParser.parse` makes every token of a string, literals included, from the same
/// `variable` and `specifier` steps. The parser this grammar replaced is kept in the tests as
/// their oracle (`ReferenceFormatStringParser`, `FormatArgumentScanTests`).
struct FormatArgumentScan {
    /// One token, as offsets into the scanned bytes.
    struct Token {
        enum Kind { case specifier, percentLiteral, variable }
        var kind: Kind
        /// The raw text: `bytes[start..<end]`.
        var start: Int
        var end: Int
        /// A specifier's `N$`, or a well-formed variable reference's (nil when the digits overflow
        /// `Int`, as `Int(String)` gives).
        var position: Int?
        /// A specifier's conversion character (`d`, `@`, …).
        var conversion: UInt8 = 0
        /// A variable reference's name (surrounding spaces and tabs trimmed) in `names`, and
        /// whether its spelling is one Foundation documents. (An index keeps the token plain
        /// data: copying tokens with a `String` inside was a tenth of the checks.)
        var nameIndex = -1
        var isMalformed = false

        var argumentKind: FormatArgumentKind { FormatArgumentKind(conversion: Character(Unicode.Scalar(conversion))) }
    }

    /// Appends the tokens of `bytes` to `tokens`, in order, and their variables' names to `names`.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, into tokens: inout [Token], names: inout [String]) {
        let n = bytes.count
        var i = 0
        while i < n {
            guard bytes[i] == percent else { i += 1; continue }
            if var (token, name) = variable(bytes, at: i) {
                names.append(name)
                token.nameIndex = names.count - 1
                tokens.append(token)
                i = token.end
            } else if let token = specifier(bytes, at: i, parts: nil) {
                tokens.append(token)
                i = token.end
            } else {
                i += 1
            }
        }
    }

    /// Appends the tokens of `s` to `tokens`, and their variables' names to `names`.
    static func scan(_ s: String, into tokens: inout [Token], names: inout [String]) {
        if s.utf8.withContiguousStorageIfAvailable({ scan($0, into: &tokens, names: &names) }) == nil {
            Array(s.utf8).withUnsafeBufferPointer { scan($0, into: &tokens, names: &names) }
        }
    }

    /// The raw text of a token of `s` (for messages only).
    static func raw(_ token: Token, in s: String) -> String {
        let utf8 = Array(s.utf8)
        return String(decoding: utf8[token.start..<token.end], as: UTF8.self)
    }

    // MARK: - Grammar

    static let percent = UInt8(ascii: "%")
    private static let at = UInt8(ascii: "@")
    private static let hash = UInt8(ascii: "#")
    private static let dollar = UInt8(ascii: "$")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let star = UInt8(ascii: "*")
    private static let dot = UInt8(ascii: ".")

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// `Int(String(decoding: bytes[start..<end]))` for a run of digits: nil when it overflows.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var value = 0
        for k in start..<end {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(bytes[k] - 0x30))
            if o1 || o2 { return nil }
            value = sum
        }
        return value
    }

    /// `%#@name@`, `%N$#@name@`, or a malformed spelling: `%` [digits] [`$`], then a run of `#`,
    /// spaces and digits holding a `#`, then `@name@`. The token (its `nameIndex` not set) and
    /// the name, surrounding spaces and tabs trimmed.
    static func variable(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Token, String)? {
        let n = bytes.count
        var j = start + 1
        let digitsStart = j
        while j < n, isDigit(bytes[j]) { j += 1 }
        let digitsEnd = j
        var hasDollar = false
        if j < n, bytes[j] == dollar { hasDollar = true; j += 1 }
        let runStart = j
        var hashes = 0
        while j < n, bytes[j] == hash || bytes[j] == space || isDigit(bytes[j]) {
            if bytes[j] == hash { hashes += 1 }
            j += 1
        }
        guard hashes > 0, j < n, bytes[j] == at else { return nil }
        let runIsHashOnly = j - runStart == 1
        let nameStart = j + 1
        var k = nameStart
        var high: UInt8 = 0
        while k < n, bytes[k] != at {
            // A name never spans a specifier or a line: `%#@ and %@` is not a reference.
            if bytes[k] == percent || bytes[k] == 0x0A || bytes[k] == 0x0D { return nil }
            high |= bytes[k]
            k += 1
        }
        guard k < n else { return nil }
        let name: String
        let trimmed: Bool
        if high < 0x80 {
            // ASCII: trimming spaces and tabs byte by byte is trimming them character by character.
            var a = nameStart, b = k
            while a < b, bytes[a] == space || bytes[a] == tab { a += 1 }
            while b > a, bytes[b - 1] == space || bytes[b - 1] == tab { b -= 1 }
            name = String(decoding: UnsafeBufferPointer(rebasing: bytes[a..<b]), as: UTF8.self)
            trimmed = a != nameStart || b != k
        } else {
            // Beyond ASCII a space may join the character beside it: the parser's own trimming.
            let rawName = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<k]), as: UTF8.self)
            name = rawName.trimmingSpaces
            trimmed = name != rawName
        }
        guard !name.isEmpty else { return nil }
        let hasDigits = digitsEnd > digitsStart
        let positionOK = (hasDigits && hasDollar) || (!hasDigits && !hasDollar)
        let wellFormed = runIsHashOnly && positionOK && !trimmed
        let position = wellFormed && hasDigits ? number(bytes, digitsStart, digitsEnd) : nil
        return (Token(kind: .variable, start: start, end: k + 1, position: position, isMalformed: !wellFormed), name)
    }

    /// Where the parts of a specifier start (byte offsets): each ends where the next starts (the
    /// width at the `.` when there is one), the length modifier at the conversion character.
    struct SpecifierParts {
        var flags = 0
        var width = 0
        /// After the `.`; nil without one.
        var precision: Int?
        var length = 0
    }

    /// `%[N$][flags][width][.precision][length]conversion`, or `%%`. Fills `parts` when given
    /// (the parser's; the checks' scan needs none).
    static func specifier(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, parts: UnsafeMutablePointer<SpecifierParts>?
    ) -> Token? {
        let n = bytes.count
        var j = start + 1
        guard j < n else { return nil }
        if bytes[j] == percent {
            return Token(kind: .percentLiteral, start: start, end: j + 1, position: nil, conversion: percent)
        }
        var position: Int?
        var k = j
        while k < n, isDigit(bytes[k]) { k += 1 }
        if k > j, k < n, bytes[k] == dollar {
            position = number(bytes, j, k)
            j = k + 1
        }
        let flagsStart = j
        while j < n, isFlag(bytes[j]) { j += 1 }
        let widthStart = j
        skipStarOrDigits(bytes, &j)
        var precisionStart: Int?
        if j < n, bytes[j] == dot {
            j += 1
            precisionStart = j
            skipStarOrDigits(bytes, &j)
        }
        let lengthStart = j
        j += lengthModifier(bytes, at: j)
        guard j < n, isConversion(bytes[j]) else { return nil }
        parts?.pointee = SpecifierParts(
            flags: flagsStart, width: widthStart, precision: precisionStart, length: lengthStart)
        return Token(kind: .specifier, start: start, end: j + 1, position: position, conversion: bytes[j])
    }

    /// Digits, `*`, or `*N$` (a positional width/precision argument).
    private static func skipStarOrDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ j: inout Int) {
        let n = bytes.count
        if j < n, bytes[j] == star {
            j += 1
            var k = j
            while k < n, isDigit(bytes[k]) { k += 1 }
            if k > j, k < n, bytes[k] == dollar { j = k + 1 }
            return
        }
        while j < n, isDigit(bytes[j]) { j += 1 }
    }

    /// The length of the length modifier at `j`: the first of `hh ll h l q z t j L` that matches.
    private static func lengthModifier(_ bytes: UnsafeBufferPointer<UInt8>, at j: Int) -> Int {
        guard j < bytes.count else { return 0 }
        let b = bytes[j]
        switch b {
        case UInt8(ascii: "h"), UInt8(ascii: "l"):
            return j + 1 < bytes.count && bytes[j + 1] == b ? 2 : 1
        case UInt8(ascii: "q"), UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j"), UInt8(ascii: "L"):
            return 1
        default:
            return 0
        }
    }

    /// `-+ #0'`
    private static func isFlag(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "0"),
            UInt8(ascii: "'"):
            return true
        default: return false
        }
    }

    /// `@diuxXofFeEgGaAcCsSpnDUO`
    private static func isConversion(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "@"), UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "x"),
            UInt8(ascii: "X"),
            UInt8(ascii: "o"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "g"),
            UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"), UInt8(ascii: "c"), UInt8(ascii: "C"),
            UInt8(ascii: "s"),
            UInt8(ascii: "S"), UInt8(ascii: "p"), UInt8(ascii: "n"), UInt8(ascii: "D"), UInt8(ascii: "U"),
            UInt8(ascii: "O"):
            return true
        default: return false
        }
    }
}
