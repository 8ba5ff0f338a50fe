import Foundation

/// Where commands print: results to stdout, diagnostics and progress to stderr.
struct Console {
    /// Prints a line to stdout.
    func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Prints a line to stderr.
    func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// True when stderr is a terminal: progress lines go there only then.
    var stderrIsTerminal: Bool { isatty(2) == 1 }

    /// Overwrites the current stderr line (progress), only on a terminal.
    func progress(_ text: String) {
        guard stderrIsTerminal else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }

    func endProgress() {
        guard stderrIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
