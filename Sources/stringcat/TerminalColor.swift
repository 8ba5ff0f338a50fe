import Foundation

/// Colour for the severity words of stderr lines (`error:` red, `warning:` magenta, as clang and
/// swiftc print them), only when stderr is a terminal and `NO_COLOR` is unset or empty
/// (https://no-color.org) and `TERM` is not `dumb`. Piped output never has escape codes.
enum TerminalColor {
    static let isEnabled: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(2) == 1
    }()

    private static let reset = "\u{1B}[0m"

    /// `severity:` as printed before a message, coloured when colour is on.
    static func label(_ severity: String) -> String {
        guard isEnabled else { return severity + ":" }
        switch severity {
        case "error": return "\u{1B}[1;31m" + severity + ":" + reset
        case "warning": return "\u{1B}[1;35m" + severity + ":" + reset
        case "note": return "\u{1B}[1;90m" + severity + ":" + reset
        default: return severity + ":"
        }
    }
}
