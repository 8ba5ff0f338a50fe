import Foundation

/// Whether this process can hold what a command is about to read, foreseen before it reads.
///
/// Every command stays under four times its largest input (docs/guarantees.md §1). When a limit
/// on this process (`ulimit -v`, a cgroup's `memory.max`, the machine's memory) is below that, the
/// allocation that crosses it would end the run with a runtime trap and a backtrace halfway
/// through; saying so before anything is read or written is the clear error instead.
public enum MemoryBudget {
    /// How many times its largest input a command may need (the promise of guarantees.md §1).
    public static let factor: UInt64 = 4
    /// What the address space holds beyond the bytes in use: threads' stacks and the allocator's
    /// reserved arenas (an 80 MB catalog printed under `ulimit -v` needed 80 + 4 x 76 MB and
    /// between 6 and 55 MB more).
    static let addressSpaceSlack: UInt64 = 64 * 1_048_576

    /// The limits that apply to this process, with what each is called in the message.
    struct Limits {
        /// `RLIMIT_AS` (soft), in bytes: counted against the address space, stacks and mappings
        /// included.
        var addressSpace: UInt64?
        /// The smaller of the cgroup's `memory.max` and the machine's memory, in bytes: counted
        /// against resident memory.
        var resident: (bytes: UInt64, name: String)?
    }

    /// Nil when `largest` (path and size of the largest input) fits; otherwise the error, at
    /// that file. `largest` nil (no input) always fits.
    /// - Parameter times: how many times its largest input the command needs at its peak, as
    ///   measured (`factor` unless a command is known to need more: `export` holds every
    ///   language's XLIFF, `import` the catalog's bytes, model and new bytes).
    public static func check(largest: (path: String, size: UInt64)?, times: UInt64 = factor) -> Diagnostic? {
        guard let largest, largest.size > 0 else { return nil }
        return check(largest: largest, limits: currentLimits(), usage: currentUsage(), times: times)
    }

    /// The largest regular file of `paths` (links followed), with its size.
    public static func largest(of paths: [String]) -> (path: String, size: UInt64)? {
        var best: (path: String, size: UInt64)?
        for path in paths {
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? UInt64 else {
                continue
            }
            if size > (best?.size ?? 0) { best = (path, size) }
        }
        return best
    }

    static func check(
        largest: (path: String, size: UInt64), limits: Limits, usage: (virtual: UInt64, resident: UInt64),
        times: UInt64 = factor
    ) -> Diagnostic? {
        let (need, overflow) = largest.size.multipliedReportingOverflow(by: times)
        let needed = overflow ? UInt64.max : need
        if let limit = limits.addressSpace,
            usage.virtual.addingReportingOverflow(needed).partialValue.addingReportingOverflow(addressSpaceSlack)
                .partialValue > limit || overflow
        {
            return refusal(
                largest, times: times, needed: needed, available: limit > usage.virtual ? limit - usage.virtual : 0,
                limit: "its address-space limit (ulimit -v \(limit / 1024))")
        }
        if let limit = limits.resident,
            usage.resident.addingReportingOverflow(needed).partialValue > limit.bytes || overflow
        {
            return refusal(
                largest, times: times, needed: needed,
                available: limit.bytes > usage.resident ? limit.bytes - usage.resident : 0, limit: limit.name)
        }
        return nil
    }

    private static func refusal(
        _ largest: (path: String, size: UInt64), times: UInt64, needed: UInt64, available: UInt64, limit: String
    ) -> Diagnostic {
        .error(
            "this file is \(megabytes(largest.size)); reading it may take up to \(times) times that "
                + "(\(megabytes(needed))), and this process has \(megabytes(available)) left under \(limit): nothing "
                + "was read or written (raise the limit, or run on a machine with more memory)",
            at: .file(largest.path))
    }

    private static func megabytes(_ bytes: UInt64) -> String {
        bytes >= 10 * 1_048_576 ? "\(bytes / 1_048_576) MB" : String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }

    static func currentLimits() -> Limits {
        var limits = Limits()
        var rlim = rlimit()
        #if os(Linux)
            let read = getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &rlim)
        #else
            let read = getrlimit(RLIMIT_AS, &rlim)
        #endif
        // RLIM_INFINITY is all ones.
        if read == 0, rlim.rlim_cur != rlim_t.max { limits.addressSpace = UInt64(rlim.rlim_cur) }
        var resident: (bytes: UInt64, name: String) = (ProcessInfo.processInfo.physicalMemory, "this machine's memory")
        #if os(Linux)
            for file in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8),
                    let bytes = UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines))
                else { continue }
                if bytes < resident.bytes { resident = (bytes, "its control group's memory limit (\(file))") }
                break
            }
        #endif
        if resident.bytes > 0 { limits.resident = resident }
        return limits
    }

    /// This process's address space and resident memory now, in bytes (0 where unknown).
    static func currentUsage() -> (virtual: UInt64, resident: UInt64) {
        #if os(Linux)
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
            func field(_ name: String) -> UInt64 {
                guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else {
                    return 0
                }
                return
                    (UInt64(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0)
                    * 1024
            }
            return (field("VmSize"), field("VmRSS"))
        #else
            return (0, 0)
        #endif
    }
}
