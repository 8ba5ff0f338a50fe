import Foundation

/// The one progress line a long command keeps rewriting on stderr, only when stderr is a terminal
/// (never in a pipe, a log or CI). Cut to the terminal's width so that `\r` can overwrite it, and
/// redrawn at most every 50 ms so that thousands of files do not flood a slow terminal.
final class ProgressLine: @unchecked Sendable {
    let isEnabled = isatty(2) == 1
    private let lock = NSLock()
    private var lastDraw: TimeInterval = 0
    private var shown = false

    /// Shows `text` in place of the previous progress text; skipped when the last one was drawn
    /// less than 50 ms ago, unless `immediately` (a new phase of the work, not a count).
    func show(_ text: String, immediately: Bool = false) {
        guard isEnabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date().timeIntervalSinceReferenceDate
        guard immediately || !shown || now - lastDraw >= 0.05 else { return }
        lastDraw = now
        shown = true
        let width = max(20, Self.terminalWidth() - 1)
        let cut = text.count > width ? String(text.prefix(width - 1)) + "…" : text
        StandardStream.error.write(("\r\u{1B}[K" + cut).utf8)
    }

    /// Clears the line, before the command prints its report.
    func end() {
        guard isEnabled else { return }
        lock.lock()
        defer { lock.unlock() }
        guard shown else { return }
        shown = false
        StandardStream.error.write("\r\u{1B}[K".utf8)
    }

    private static func terminalWidth() -> Int {
        #if os(Linux)
            let request = UInt(TIOCGWINSZ)
        #else
            let request: UInt = 0x4008_7468 // TIOCGWINSZ, _IOR('t', 104, struct winsize): a macro Swift cannot import
        #endif
        var size = winsize()
        guard ioctl(2, request, &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
