/// What makes two diagnostics "of the same kind": their message with its particulars blanked out.
///
/// Blanked are quoted parts (key names, values, characters: `"…"`, `'…'`, `‘…’`, `“…”`),
/// bracketed parts (`[de]`, the language of a verify loss), numbers, and the variable and
/// category names of a `.stringsdict` key path (`"key" > count > zero:`). So
/// `duplicate key "a" (also at line 3)` and `duplicate key "b" (also at line 9)` are one kind;
/// `duplicate key …` and `missing ';' …` are two. The command line groups its diagnostics by it
/// (one line per kind and table, with a count) and so does the page of `--report`.
public enum DiagnosticKind {
    /// `message` with its particulars blanked: `duplicate key "…" (also at line #)`.
    public static func of(_ message: String) -> String {
        let scalars = Array(message.unicodeScalars)
        var blanked = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if let close = closingQuote(of: scalars, at: i) {
                blanked.append(scalar)
                blanked.append("…")
                blanked.append(scalars[close])
                i = close + 1
            } else if isDigit(scalar) {
                while i < scalars.count, isDigit(scalars[i]) { i += 1 }
                blanked.append("#")
            } else {
                blanked.append(scalar)
                i += 1
            }
        }
        // `"key" > variable > category: message`: the names along a .stringsdict key path.
        let parts = String(blanked).components(separatedBy: " > ")
        return
            ([parts[0]]
            + parts.dropFirst().map { part in
                let name = part.prefix { $0 != " " && $0 != ":" }
                return "…" + part.dropFirst(name.count)
            }).joined(separator: " > ")
    }

    /// The index of the quote closing the one that opens at `index`, if a quote opens there.
    /// `"` may hold `\"`; `[` closes at `]`; a `'` opens only after a non-letter and closes only before one, so that
    /// the apostrophe of "catalog's" is not a quote.
    private static func closingQuote(of scalars: [Unicode.Scalar], at index: Int) -> Int? {
        let open = scalars[index]
        switch open {
        case "\"":
            var j = index + 1
            while j < scalars.count {
                if scalars[j] == "\\" { j += 2; continue }
                if scalars[j] == "\"" { return j }
                j += 1
            }
            return nil
        case "'":
            guard index == 0 || !isWordy(scalars[index - 1]) else { return nil }
            var j = index + 1
            while j < scalars.count {
                if scalars[j] == "'" && (j + 1 == scalars.count || !isWordy(scalars[j + 1])) { return j }
                j += 1
            }
            return nil
        case "\u{2018}", "\u{201C}", "[":
            let close: Unicode.Scalar = open == "[" ? "]" : open == "\u{2018}" ? "\u{2019}" : "\u{201D}"
            return scalars[(index + 1)...].firstIndex(of: close)
        default:
            return nil
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isWordy(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic || isDigit(scalar) }
}
