import Foundation

/// CPU time and peak memory of this process.
enum ProcessStats {
    #if os(Linux)
        private static let who = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
        private static let who = RUSAGE_SELF
    #endif

    /// User and system CPU seconds used so far by every thread of the process.
    static func cpuTime() -> (user: Double, system: Double) {
        var usage = rusage()
        getrusage(who, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }

    /// Starts a new peak-memory measurement. On Linux, writing 5 to `/proc/self/clear_refs` resets
    /// VmHWM to the current resident size, so the next `peakBytes()` covers only what follows.
    /// Returns false when the peak cannot be reset (macOS, old kernels): it is then the process's
    /// peak since it started, which includes what ran before.
    @discardableResult
    static func resetPeak() -> Bool {
        #if os(Linux)
            guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
            defer { try? handle.close() }
            do { try handle.write(contentsOf: Data("5".utf8)) } catch { return false }
            return true
        #else
            return false
        #endif
    }

    /// The peak resident memory in bytes: VmHWM on Linux, ru_maxrss elsewhere.
    static func peakBytes() -> Int {
        #if os(Linux)
            if let kilobytes = statusField("VmHWM:") { return kilobytes * 1024 }
        #endif
        var usage = rusage()
        getrusage(who, &usage)
        #if os(Linux)
            return Int(usage.ru_maxrss) * 1024 // kilobytes on Linux
        #else
            return Int(usage.ru_maxrss) // bytes on macOS
        #endif
    }

    /// A `kB` field of `/proc/self/status` (`VmHWM:`, `VmRSS:`).
    static func statusField(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) })
        else { return nil }
        return Int(line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }
}
