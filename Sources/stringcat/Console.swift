import Foundation

/// Where commands print: results and summaries to stdout; diagnostics, usage errors and progress
/// to stderr. `--quiet` keeps only the summary line on stdout (`result` lines are dropped).
struct Console: Sendable {
    var verbosity: Verbosity = .normal
    let progressLine = ProgressLine()

    /// Prints a line to stdout, whatever the verbosity (a summary, JSON, help).
    /// Bytes to stdout as they are (a large output written in parts).
    func outBytes(_ bytes: [UInt8]) {
        StandardStream.output.write(bytes)
    }

    func out(_ text: String) {
        StandardStream.output.write((text + "\n").utf8)
    }

    /// Prints a result line to stdout, except with `--quiet`.
    func result(_ text: String) {
        guard verbosity != .quiet else { return }
        out(text)
    }

    /// Prints a line to stderr; a leading `error:` is coloured on a terminal.
    func err(_ text: String) {
        var line = text
        if line.hasPrefix("error: ") { line = TerminalColor.label("error") + line.dropFirst("error:".count) }
        StandardStream.error.write((line + "\n").utf8)
    }

    /// True when stderr is a terminal: progress lines go there only then.
    var stderrIsTerminal: Bool { progressLine.isEnabled }

    /// Overwrites the current stderr line with a count (`[12/300] file`), only on a terminal.
    func progress(_ text: String) { progressLine.show(text) }

    /// Overwrites the current stderr line with the phase of the work that starts now.
    func phase(_ text: String) { progressLine.show(text, immediately: true) }

    func endProgress() { progressLine.end() }
}
