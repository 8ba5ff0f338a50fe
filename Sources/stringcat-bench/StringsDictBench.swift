import Foundation
import StringsDict

/// `stringsdict`: StringsDictReader on the generated `.stringsdict` files (bytes in memory, one
/// core). PropertyListSerialization alone on the same bytes shows how much of it is Foundation's.
enum StringsDictBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let project = try BenchProject.prepare(options)
        defer { project.cleanUp() }
        let files = project.files(withSuffix: ".stringsdict").compactMap { path in
            FileManager.default.contents(atPath: path).map { (path: path, data: $0) }
        }
        guard !files.isEmpty else { throw BenchFailure("no .stringsdict files in \(project.root)") }
        let bytes = files.reduce(0) { $0 + $1.data.count }
        let runs = options.runs ?? 5

        var entries = 0, warnings = 0
        let reader = try Timing.measure(runs: runs) {
            entries = 0
            warnings = 0
            for file in files {
                let result = StringsDictReader.parse(file.data, path: file.path)
                entries += result.file?.entries.count ?? 0
                warnings += result.diagnostics.count
            }
        }
        let foundation = try Timing.measure(runs: runs) {
            for file in files { keep(try? PropertyListSerialization.propertyList(from: file.data, options: [], format: nil)) }
        }
        if warnings > 0 { Console.note("StringsDictReader reported \(warnings) diagnostics on the generated files (expected none)") }
        let what = "\(project.subject), \(files.count) files, \(Format.megabytes(bytes))"
        PhaseLine(name: "stringsdict", subject: what, timing: reader,
                  rates: [PhaseLine.megabytesPerSecond(bytes, reader), PhaseLine.rate(entries, "entries", reader)]).print()
        PhaseLine(name: "stringsdict", subject: what + " (PropertyListSerialization alone)", timing: foundation,
                  rates: [PhaseLine.megabytesPerSecond(bytes, foundation)]).print()
        let ratio = foundation.median.wall / reader.median.wall
        Console.line("\(Format.padded("stringsdict", 12)) ratio: StringsDictReader is \(Format.number(ratio))x faster than PropertyListSerialization alone (median \(Format.seconds(reader.median.wall)) vs \(Format.seconds(foundation.median.wall)))")
        let scan = try Anchor.byteScan(inMemory: files.map { [UInt8]($0.data) }, runs: runs)
        Anchor.line("stringsdict", "byte scan of the same \(Format.megabytes(bytes)) in memory", anchor: scan, phaseTiming: reader, phaseLabel: "StringsDictReader")
        return 0
    }
}
