@testable import StringsDict

/// The format-string parser as it was before its grammar became `FormatArgumentScan`'s (the
/// product's one grammar), kept as the oracle the grammar is compared with
/// (`FormatArgumentScanTests`): written apart, on `[UInt8]` and `String`s, step by step.
enum ReferenceFormatStringParser {
    /// The tokens of `s`, in order.
    static func parse(_ s: String) -> [FormatToken] {
        // Most literals and keys hold no specifier at all.
        if !s.utf8.contains(percent) { return s.isEmpty ? [] : [.literal(s)] }
        let bytes = Array(s.utf8)
        var tokens: [FormatToken] = []
        var literalStart = 0
        var i = 0
        let n = bytes.count
        func flushLiteral(upTo end: Int) {
            if end > literalStart { tokens.append(.literal(text(bytes, literalStart, end))) }
        }
        while i < n {
            guard bytes[i] == percent else { i += 1; continue }
            flushLiteral(upTo: i)
            if let (end, reference) = variable(bytes, at: i) {
                tokens.append(.variable(reference))
                i = end
            } else if let (end, specifier) = specifier(bytes, at: i) {
                tokens.append(.specifier(specifier))
                i = end
            } else {
                tokens.append(.invalid("%"))
                i += 1
            }
            literalStart = i
        }
        flushLiteral(upTo: n)
        return tokens
    }

    // MARK: - Scanning

    private static let percent = UInt8(ascii: "%")
    private static let at = UInt8(ascii: "@")
    private static let hash = UInt8(ascii: "#")
    private static let dollar = UInt8(ascii: "$")
    private static let space = UInt8(ascii: " ")
    private static let star = UInt8(ascii: "*")
    private static let dot = UInt8(ascii: ".")

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private static func text(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int? {
        Int(text(bytes, start, end))
    }

    /// `%#@name@`, `%N$#@name@`, or a malformed spelling: `%` [digits] [`$`], then a run of `#`,
    /// spaces and digits holding a `#`, then `@name@`.
    private static func variable(_ bytes: [UInt8], at start: Int) -> (Int, VariableReference)? {
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
        while k < n, bytes[k] != at {
            // A name never spans a specifier or a line: `%#@ and %@` is not a reference.
            if bytes[k] == percent || bytes[k] == 0x0A || bytes[k] == 0x0D { return nil }
            k += 1
        }
        guard k < n else { return nil }
        let rawName = text(bytes, nameStart, k)
        let name = rawName.trimmingSpaces
        guard !name.isEmpty else { return nil }
        let hasDigits = digitsEnd > digitsStart
        let positionOK = (hasDigits && hasDollar) || (!hasDigits && !hasDollar)
        let wellFormed = runIsHashOnly && positionOK && name == rawName
        let position = wellFormed && hasDigits ? number(bytes, digitsStart, digitsEnd) : nil
        let raw = text(bytes, start, k + 1)
        return (k + 1, VariableReference(raw: raw, name: name, position: position, isMalformed: !wellFormed))
    }

    /// `%[N$][flags][width][.precision][length]conversion`, or `%%`.
    private static func specifier(_ bytes: [UInt8], at start: Int) -> (Int, FormatSpecifier)? {
        let n = bytes.count
        var j = start + 1
        guard j < n else { return nil }
        if bytes[j] == percent {
            return (
                j + 1,
                FormatSpecifier(
                    raw: "%%", position: nil, flags: "", width: nil, precision: nil, length: "", conversion: "%")
            )
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
        let flags = text(bytes, flagsStart, j)
        let width = starOrDigits(bytes, &j)
        var precision: String?
        if j < n, bytes[j] == dot {
            j += 1
            precision = starOrDigits(bytes, &j) ?? ""
        }
        var length = ""
        for (candidate, c) in lengthModifiers {
            if j + c.count <= n, bytes[j..<(j + c.count)].elementsEqual(c) {
                length = candidate
                j += c.count
                break
            }
        }
        guard j < n, isConversion(bytes[j]) else { return nil }
        let conversion = Character(Unicode.Scalar(bytes[j]))
        j += 1
        let raw = text(bytes, start, j)
        return (
            j,
            FormatSpecifier(
                raw: raw, position: position, flags: flags, width: width, precision: precision, length: length,
                conversion: conversion)
        )
    }

    /// Digits, `*`, or `*N$` (a positional width/precision argument).
    private static func starOrDigits(_ bytes: [UInt8], _ j: inout Int) -> String? {
        let n = bytes.count
        let start = j
        if j < n, bytes[j] == star {
            j += 1
            var k = j
            while k < n, isDigit(bytes[k]) { k += 1 }
            if k > j, k < n, bytes[k] == dollar { j = k + 1 }
            return text(bytes, start, j)
        }
        while j < n, isDigit(bytes[j]) { j += 1 }
        return j > start ? text(bytes, start, j) : nil
    }

    // Switches, not `Set<UInt8>`: hashing a byte per test was a tenth of the checker's time.
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
    /// Longest first, so `ll` wins over `l` and `hh` over `h`.
    private static let lengthModifiers: [(String, [UInt8])] = ["hh", "ll", "h", "l", "q", "z", "t", "j", "L"].map {
        ($0, Array($0.utf8))
    }
}
