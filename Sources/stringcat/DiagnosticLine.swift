import StringcatSupport

/// One diagnostic as one line: `path:line:column: severity: message`, the path relative to the
/// current folder, and every control character of the path or message escaped (a key with a line
/// break prints `\n`), so that one diagnostic is always exactly one line for editors and `grep`.
enum DiagnosticLine {
    static func text(_ diagnostic: Diagnostic, suffix: String = "") -> String {
        var location = diagnostic.location
        location.path = escaped(DisplayPath.of(location.path))
        return "\(location): \(TerminalColor.label(diagnostic.severity.rawValue)) \(escaped(diagnostic.message))\(suffix)"
    }

    /// `text` with control characters written as escapes: `\n`, `\r`, `\t`, else `\u{1B}`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
