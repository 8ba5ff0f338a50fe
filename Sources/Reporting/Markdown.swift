import StringcatSupport

/// The few pieces of GitHub-flavoured Markdown the page is made of. Text from the project (file
/// names, keys, messages) is escaped so that it shows as written and never breaks a table: a `|`
/// in a key would end a cell, a `<` could open an HTML tag, a line break would end a row.
enum Markdown {
    /// Plain text for the middle of a line, with the punctuation that would mean something there
    /// escaped (emphasis, links, code, HTML, entities, table cells) and control characters
    /// written as escapes. `#`, `-` or `+` mean something only at the start of a line, where
    /// the page never puts project text.
    static func text(_ raw: String) -> String {
        var result = ""
        for character in ControlCharacters.escaped(raw) {
            if "\\`*_[]<>|~&".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// Text inside an HTML element (a `<summary>`), where Markdown's escapes do not apply.
    static func html(_ raw: String) -> String {
        ControlCharacters.escaped(raw).replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A code span (`` `LegacyApp/Localizable.xcstrings` ``): fenced with more backticks than
    /// the text holds in a row, padded when it starts or ends with one. A `|` is escaped, which
    /// GitHub requires inside table cells, code spans included.
    static func code(_ raw: String) -> String {
        let escaped = ControlCharacters.escaped(raw).replacingOccurrences(of: "|", with: "\\|")
        var longest = 0
        var run = 0
        for character in escaped {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = escaped.hasPrefix("`") || escaped.hasSuffix("`") ? " \(escaped) " : escaped
        return fence + padded + fence
    }

    /// A table: a header row, the alignment row (`right` columns are numbers), and the rows.
    static func table(_ header: [String], right: Set<Int> = [], _ rows: [[String]]) -> [String] {
        let alignment = header.indices.map { right.contains($0) ? "--:" : "---" }
        return ([header, alignment] + rows).map { "| " + $0.joined(separator: " | ") + " |" }
    }

    /// `lines` folded into a `<details>` block with `summary` when there are more than `limit`
    /// of them, else as they are. GitHub needs the blank lines around the Markdown inside.
    static func collapsed(_ lines: [String], summary: String, limit: Int) -> [String] {
        guard lines.count > limit else { return lines }
        return ["<details>", "<summary>\(html(summary))</summary>", ""] + lines + ["", "</details>"]
    }
}
