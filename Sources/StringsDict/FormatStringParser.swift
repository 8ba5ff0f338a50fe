/// Splits format strings into literal text, printf specifiers and `.stringsdict` variable
/// references, the way Foundation reads them.
///
/// Total: every string maps to tokens whose raw texts concatenate back to it. Works on UTF-8
/// bytes; every token boundary falls on an ASCII byte, so slices decode cleanly. The grammar is
/// `FormatArgumentScan`'s (the one the plural checks scan with); this makes its tokens values.
public enum FormatStringParser {
    /// The tokens of `s`, in order.
    public static func parse(_ s: String) -> [FormatToken] {
        // Most literals and keys hold no specifier at all.
        if !s.utf8.contains(FormatArgumentScan.percent) { return s.isEmpty ? [] : [.literal(s)] }
        if let tokens = s.utf8.withContiguousStorageIfAvailable({ tokens(in: $0) }) { return tokens }
        return Array(s.utf8).withUnsafeBufferPointer { tokens(in: $0) }
    }

    private static func tokens(in bytes: UnsafeBufferPointer<UInt8>) -> [FormatToken] {
        var tokens: [FormatToken] = []
        var literalStart = 0
        var i = 0
        let n = bytes.count
        func flushLiteral(upTo end: Int) {
            if end > literalStart { tokens.append(.literal(text(bytes, literalStart, end))) }
        }
        var parts = FormatArgumentScan.SpecifierParts()
        while i < n {
            guard bytes[i] == FormatArgumentScan.percent else { i += 1; continue }
            flushLiteral(upTo: i)
            if let (token, name) = FormatArgumentScan.variable(bytes, at: i) {
                tokens.append(
                    .variable(
                        VariableReference(
                            raw: text(bytes, token.start, token.end), name: name,
                            position: token.position, isMalformed: token.isMalformed)))
                i = token.end
            } else if let token = FormatArgumentScan.specifier(bytes, at: i, parts: &parts) {
                tokens.append(.specifier(specifier(token, parts, bytes)))
                i = token.end
            } else {
                tokens.append(.invalid("%"))
                i += 1
            }
            literalStart = i
        }
        flushLiteral(upTo: n)
        return tokens
    }

    /// The value of a specifier token and its parts.
    private static func specifier(
        _ token: FormatArgumentScan.Token, _ parts: FormatArgumentScan.SpecifierParts,
        _ bytes: UnsafeBufferPointer<UInt8>
    ) -> FormatSpecifier {
        if token.kind == .percentLiteral {
            return FormatSpecifier(
                raw: "%%", position: nil, flags: "", width: nil, precision: nil, length: "", conversion: "%")
        }
        let conversionAt = token.end - 1
        let widthEnd = parts.precision.map { $0 - 1 } ?? parts.length
        return FormatSpecifier(
            raw: text(bytes, token.start, token.end), position: token.position,
            flags: text(bytes, parts.flags, parts.width),
            width: widthEnd > parts.width ? text(bytes, parts.width, widthEnd) : nil,
            precision: parts.precision.map { text(bytes, $0, parts.length) },
            length: text(bytes, parts.length, conversionAt),
            conversion: Character(Unicode.Scalar(bytes[conversionAt])))
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The printf specifiers of `s` that consume an argument (`%%` excluded), in order.
    public static func specifiers(in s: String) -> [FormatSpecifier] {
        parse(s).compactMap {
            if case .specifier(let spec) = $0, !spec.isPercentLiteral { return spec }
            return nil
        }
    }

    /// The variable references of `s`, well-formed or not, in order.
    public static func variableReferences(in s: String) -> [VariableReference] {
        parse(s).compactMap {
            if case .variable(let reference) = $0 { return reference }
            return nil
        }
    }

    /// The argument each argument-consuming token of `s` reads, in order of appearance.
    ///
    /// Positional tokens read their own index; unpositioned ones count up from 1 among the
    /// unpositioned ones (printf leaves mixing undefined; this is the usual reading). Malformed
    /// variable references consume an argument but get no index. `*` widths and precisions also
    /// read arguments in printf; they are not counted here (no `.stringsdict` in the corpus uses them).
    public static func arguments(in s: String) -> [FormatArgument] {
        var next = 1
        var result: [FormatArgument] = []
        for token in parse(s) {
            switch token {
            case .specifier(let spec) where !spec.isPercentLiteral:
                if let p = spec.position {
                    result.append(FormatArgument(token: token, index: p))
                } else {
                    result.append(FormatArgument(token: token, index: next))
                    next += 1
                }
            case .variable(let reference):
                if reference.isMalformed {
                    result.append(FormatArgument(token: token, index: nil))
                } else if let p = reference.position {
                    result.append(FormatArgument(token: token, index: p))
                } else {
                    result.append(FormatArgument(token: token, index: next))
                    next += 1
                }
            default:
                break
            }
        }
        return result
    }
}

/// An argument-consuming token of a format string and the argument index it reads.
public struct FormatArgument: Sendable, Hashable {
    public var token: FormatToken
    /// 1-based argument index; nil for malformed variable references.
    public var index: Int?
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let f = scalars.first, f == " " || f == "\t" { scalars.removeFirst() }
        while let l = scalars.last, l == " " || l == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
