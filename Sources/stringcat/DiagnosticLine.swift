import StringcatSupport

/// One diagnostic as one line: `path:line:column: severity: message`, the path relative to the
/// current folder, and every control character of the path or message escaped (a key with a line
/// break prints `\n`), so that one diagnostic is always exactly one line for editors and `grep`.
enum DiagnosticLine {
    static func text(_ diagnostic: Diagnostic, suffix: String = "") -> String {
        var location = diagnostic.location
        location.path = escaped(DisplayPath.of(location.path))
        return
            "\(location): \(TerminalColor.label(diagnostic.severity.rawValue)) \(escaped(diagnostic.message))\(suffix)"
    }

    /// `text` with control characters written as escapes (`ControlCharacters.escaped`).
    static func escaped(_ text: String) -> String { ControlCharacters.escaped(text) }
}
