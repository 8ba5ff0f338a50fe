import Foundation

/// Whether a process still runs, for telling a stale lock or temporary file from a live one.
public enum ProcessLiveness {
    /// True when a process with this id exists (it may belong to another user: `kill` then
    /// fails with EPERM, and the process is alive all the same).
    public static func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        if kill(pid, 0) == 0 { return true }
        return errno == EPERM
    }
}
