/// `compile`: CatalogCompiler (catalog -> `.strings`/`.stringsdict`) on the catalogs `migrate`
/// writes for the generated project. CatalogCompiler is not in this build yet.
///
/// To enable (lead): migrate the generated project once into a temporary folder (as MigrateBench
/// does), then time, per written catalog path, the compiler's public entry point on it into a fresh
/// output folder with `Timing.measure(runs: options.runs ?? 3, prepare:cleanUp:)`, and print a
/// `PhaseLine(name: "compile", …, rates: [PhaseLine.rate(project.summary.entries, "entries", timing)],
/// target: .under(1))`.
enum CompileBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        Console.line("\(Format.padded("compile", 12)) not available yet: CatalogCompiler is not in this build")
        return 2
    }
}
