/// Gives memory the program freed back to the system between two phases of a run that each
/// need much of it (building the planned catalogs, then proving them): glibc keeps freed memory
/// in per-thread arenas, so the second phase's peak would otherwise add to the first's.
public enum FreedMemory {
    public static func giveBack() {
        #if os(Linux)
            _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux)
    /// glibc's `malloc_trim` (not in Swift's Glibc module).
    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
