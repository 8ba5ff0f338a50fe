import Foundation
import Migration

/// `verify`: the round-trip verifier on the generated project: read every legacy file, migrate
/// in memory, write and read the catalog, compile it, write and read the compiled files, compare
/// key by key. It must report no loss.
enum VerifyBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let project = try BenchProject.prepare(options)
        defer { project.cleanUp() }
        var report: VerificationReport?
        let timing = try Timing.measure(runs: options.runs ?? 3) {
            report = RoundTripVerifier.verify(project.root)
        }
        guard let report, report.isLossless else {
            throw BenchFailure("verify reported \(report?.lossCount ?? -1) losses on the generated project")
        }
        PhaseLine(name: "verify", subject: "\(project.subject), \(report.tables.count) tables, no loss", timing: timing,
                  rates: [PhaseLine.rate(project.summary.entries, "entries", timing)], target: .under(3)).print()
        return 0
    }
}
