/// `verify`: the round-trip verifier (legacy files vs the migrated catalogs) on the generated
/// project. The verifier is not in this build yet.
///
/// To enable (lead): migrate the generated project once into a temporary `--output`, then time the
/// verifier's public entry point on (project root, output folder) with
/// `Timing.measure(runs: options.runs ?? 3)`, check it reports no loss, and print a
/// `PhaseLine(name: "verify", …, rates: [PhaseLine.rate(project.summary.entries, "entries", timing)],
/// target: .under(3))`.
enum VerifyBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        Console.line("\(Format.padded("verify", 12)) not available yet: the verifier is not in this build")
        return 2
    }
}
