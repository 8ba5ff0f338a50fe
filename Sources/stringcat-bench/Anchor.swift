import Foundation
import StringcatSupport

/// Anchors: what the same input costs the simplest code that touches it, timed in the same run
/// as the phase, so the ratio between them holds even when the machine is busy (it varies by up
/// to 2x between moments). Each phase prints its anchors on a line of their own:
/// `migrate      anchor: byte scan of the same 57.9 MB (read from disk + checksum): median 0.05 s; migrate takes 21.3x
/// that`.
enum Anchor {
    /// Reads each file from disk and checksums its bytes: the floor for any reader of that input.
    static func byteScan(files paths: [String], runs: Int) throws -> Timing {
        try Timing.measure(runs: runs) {
            var sum: UInt64 = 0
            for path in paths {
                guard case .success(let bytes) = FileBytes.read(path) else { throw BenchFailure("cannot read \(path)") }
                sum &+= checksum(bytes)
            }
            keepChecksum(sum)
        }
    }

    /// Checksums bytes already in memory (for phases that time in-memory input).
    static func byteScan(inMemory buffers: [[UInt8]], runs: Int) throws -> Timing {
        try Timing.measure(runs: runs) {
            var sum: UInt64 = 0
            for bytes in buffers { sum &+= checksum(bytes) }
            keepChecksum(sum)
        }
    }

    /// A byte-at-a-time checksum (what `cksum` does: every byte is touched once).
    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        var sum: UInt64 = 0
        for byte in bytes { sum = (sum &<< 5 | sum &>> 59) &+ UInt64(byte) }
        return sum
    }

    nonisolated(unsafe) private static var sink: UInt64 = 0
    /// Keeps the checksum observable, so the optimiser cannot drop the loop.
    private static func keepChecksum(_ value: UInt64) { sink ^= value }

    /// `NAME anchor: WHAT: median X s (cpu Y s); NAME takes Rx that` (or `NAME is Rx faster`).
    static func line(_ phase: String, _ what: String, anchor: Timing, phaseTiming: Timing, phaseLabel: String? = nil) {
        let ratio = phaseTiming.median.wall / anchor.median.wall
        let label = phaseLabel ?? phase
        let comparison =
            ratio >= 1
            ? "\(label) takes \(Format.number(ratio))x that" : "\(label) is \(Format.number(1 / ratio))x faster"
        Console.line(
            "\(Format.padded(phase, 12)) anchor: \(what): median \(Format.seconds(anchor.median.wall)) (min "
                + "\(Format.number(anchor.min)), \(anchor.samples.count) runs), peak "
                + "\(Format.mebibytes(anchor.peakBytes)); \(comparison) (median "
                + "\(Format.seconds(phaseTiming.median.wall)))"
        )
    }
}
