import Foundation

/// Whether a process still runs, for telling a stale lock or temporary file from a live one.
public enum ProcessLiveness {
    /// True when a process with this id exists (it may belong to another user: `kill` then
    /// fails with EPERM, and the process is alive all the same).
    public static func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        if kill(pid, 0) == 0 { return !isZombie(pid) }
        return errno == EPERM
    }

    /// A process killed but not yet reaped by its parent still answers `kill(pid, 0)`; it will
    /// never write again. Linux shows it as state `Z` in `/proc/PID/stat`.
    private static func isZombie(_ pid: Int32) -> Bool {
        #if os(Linux)
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            return stat[close...].dropFirst(2).first == "Z"
        #else
            return false
        #endif
    }
}
