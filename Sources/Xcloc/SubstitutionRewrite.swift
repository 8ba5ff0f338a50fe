/// The rewrite Xcode applies to strings with substitutions in the XLIFF it writes, and its undoing
/// on import (docs/spec/xliff.md §2.6, rule I1):
/// - in a main string, `%#@name@` becomes `%N$#@name@`, N being that substitution's `argNum`;
/// - in a substitution's value, `%arg` becomes `%N$spec` (its `argNum` and `formatSpecifier`).
public enum SubstitutionRewrite {
    /// `text` with each `%#@name@` whose name is in `argumentNumbers` written `%N$#@name@`.
    public static func main(_ text: String, argumentNumbers: [String: Int]) -> String {
        guard !argumentNumbers.isEmpty, Self.contains(text, "%#@") else { return text }
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: "%#@") {
            out += rest[..<range.lowerBound]
            let after = rest[range.upperBound...]
            if let close = after.firstIndex(of: "@"), let number = argumentNumbers[String(after[..<close])] {
                out += "%\(number)$#@" + after[..<close] + "@"
                rest = after[after.index(after: close)...]
            } else {
                out += "%#@"
                rest = after
            }
        }
        return out + rest
    }

    /// `text` with each `%arg` written `%N$spec`.
    public static func leaf(_ text: String, argNum: Int?, formatSpecifier: String?) -> String {
        guard let argNum, let formatSpecifier, Self.contains(text, "%arg") else { return text }
        return text.replacingOccurrences(of: "%arg", with: "%\(argNum)$\(formatSpecifier)")
    }

    /// `main` undone: each `N$#@name@` (with or without its `%`: a translator may move it, I11)
    /// whose name is in `names` becomes `%#@name@`.
    public static func undoMain(_ text: String, names: Set<String>) -> String {
        guard !names.isEmpty, Self.contains(text, "$#@") else { return text }
        var out: [Character] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            // At `$#@name@` preceded by digits: rewrite the span from the digits (and a `%`).
            if characters[index] == "$", index + 2 < characters.count, characters[index + 1] == "#",
                characters[index + 2] == "@",
                let close = characters[(index + 3)...].firstIndex(of: "@"),
                names.contains(String(characters[(index + 3)..<close]))
            {
                var digits = out.count
                while digits > 0, out[digits - 1].isASCII, out[digits - 1].isNumber { digits -= 1 }
                if digits < out.count {
                    if digits > 0 && out[digits - 1] == "%" { digits -= 1 }
                    out.removeSubrange(digits...)
                    out += Array("%#@") + characters[(index + 3)..<close] + ["@"]
                    index = close + 1
                    continue
                }
            }
            out.append(characters[index])
            index += 1
        }
        return String(out)
    }

    /// `leaf` undone: each `%N$spec` becomes `%arg`.
    public static func undoLeaf(_ text: String, argNum: Int?, formatSpecifier: String?) -> String {
        guard let argNum, let formatSpecifier, Self.contains(text, "$") else { return text }
        return text.replacingOccurrences(of: "%\(argNum)$\(formatSpecifier)", with: "%arg")
    }

    /// True when `text` holds `needle` (ASCII), compared byte by byte: Foundation's `contains`
    /// costs a CFString search per value, and nearly no value holds a substitution.
    static func contains(_ text: String, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        let first = needle.utf8Start[0]
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= count else { return false }
            var index = 0
            while index <= bytes.count - count {
                if bytes[index] == first {
                    var matched = true
                    for offset in 1..<max(1, count) where bytes[index + offset] != needle.utf8Start[offset] {
                        matched = false
                        break
                    }
                    if matched { return true }
                }
                index += 1
            }
            return false
        }
    }
}
