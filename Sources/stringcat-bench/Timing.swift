import Dispatch
import Foundation

/// Wall and CPU time of one run of a phase.
struct RunSample {
    var wall: Double
    var user: Double
    var system: Double
    var cpu: Double { user + system }
}

/// The runs of a phase, and the peak memory they reached.
struct Timing {
    var samples: [RunSample]
    var peakBytes: Int
    /// False when the peak could not be reset before the phase (see `ProcessStats.resetPeak`).
    var peakIsPerPhase: Bool

    var median: RunSample { samples.sorted { $0.wall < $1.wall }[samples.count / 2] }
    var min: Double { samples.map(\.wall).min()! }
    var max: Double { samples.map(\.wall).max()! }

    /// Runs `body` `runs` times. `prepare` runs before each run, untimed (fresh output folders);
    /// `cleanUp` after each, untimed. The peak memory is reset before the first run.
    static func measure(
        runs: Int, prepare: () throws -> Void = {}, cleanUp: () throws -> Void = {}, _ body: () throws -> Void
    ) throws -> Timing {
        let perPhase = ProcessStats.resetPeak()
        var samples: [RunSample] = []
        for _ in 0..<runs {
            try prepare()
            let cpuBefore = ProcessStats.cpuTime()
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            let end = DispatchTime.now().uptimeNanoseconds
            let cpuAfter = ProcessStats.cpuTime()
            samples.append(
                RunSample(
                    wall: Double(end - start) / 1e9, user: cpuAfter.user - cpuBefore.user,
                    system: cpuAfter.system - cpuBefore.system))
            try cleanUp()
        }
        return Timing(samples: samples, peakBytes: ProcessStats.peakBytes(), peakIsPerPhase: perPhase)
    }

    /// Runs `first` and `second` one after the other, `runs` times each, so that a busy moment of
    /// the machine slows both alike: their ratio then holds better than between two blocks of runs
    /// (the peak is the higher of the two, each reset before its first run).
    static func measureAlternately(runs: Int, _ first: () throws -> Void, _ second: () throws -> Void) throws -> (
        Timing, Timing
    ) {
        var a = Timing(samples: [], peakBytes: 0, peakIsPerPhase: true)
        var b = a
        for _ in 0..<runs {
            a.add(try measure(runs: 1, first))
            b.add(try measure(runs: 1, second))
        }
        return (a, b)
    }

    private mutating func add(_ other: Timing) {
        samples += other.samples
        peakBytes = Swift.max(peakBytes, other.peakBytes)
        peakIsPerPhase = peakIsPerPhase && other.peakIsPerPhase
    }

    /// Wall seconds of one untimed-by-`measure` step (breakdowns).
    static func seconds<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}

/// A figure a phase should reach on the reference machine (the issue's targets).
enum Target {
    /// Median wall time below this many seconds.
    case under(Double)
    /// At least this many times faster than the reference.
    case atLeast(Double)

    func verdict(_ value: Double) -> String {
        switch self {
        case .under(let limit):
            if value < limit { return "[target < \(Format.number(limit)) s: met]" }
            return
                "[target < \(Format.number(limit)) s: MISSED by \(Format.seconds(value - limit)), "
                + "+\(Int(((value / limit) - 1) * 100))%]"
        case .atLeast(let ratio):
            if value >= ratio { return "[target >= \(Format.number(ratio))x: met]" }
            return
                "[target >= \(Format.number(ratio))x: MISSED, \(Format.number(value))x is "
                + "\(Int((1 - value / ratio) * 100))% short]"
        }
    }
}

/// One line of output per phase:
/// `migrate      40 langs x 10000 keys: median 1.42 s (min 1.38, max 1.51), 281,000 entries/s, peak 412 MiB, cpu 2.31 s
/// = 1.63x wall`.
struct PhaseLine {
    var name: String
    var subject: String
    var timing: Timing
    /// `281,000 entries/s`, `95.2 MB/s`.
    var rates: [String] = []
    var target: Target?

    /// Throughput for `amount` units of work per run, from the median run.
    static func rate(_ amount: Int, _ unit: String, _ timing: Timing) -> String {
        "\(Format.rate(Double(amount) / timing.median.wall)) \(unit)/s"
    }

    static func megabytesPerSecond(_ bytes: Int, _ timing: Timing) -> String {
        "\(Format.number(Double(bytes) / 1e6 / timing.median.wall)) MB/s"
    }

    var text: String {
        let median = timing.median
        var parts = [
            "median \(Format.seconds(median.wall)) (min \(Format.number(timing.min)), max "
                + "\(Format.number(timing.max)), \(timing.samples.count) runs)"
        ]
        parts += rates
        parts.append("peak \(Format.mebibytes(timing.peakBytes))\(timing.peakIsPerPhase ? "" : " (process)")")
        parts.append(
            "cpu \(Format.seconds(median.cpu)) (user \(Format.number(median.user)) + sys "
                + "\(Format.number(median.system))) = \(Format.number(median.cpu / median.wall))x wall"
        )
        var line = "\(Format.padded(name, 12)) \(subject): " + parts.joined(separator: ", ")
        if let target { line += " " + target.verdict(median.wall) }
        return line
    }

    func print() { Console.line(text) }
}
