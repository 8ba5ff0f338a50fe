import Foundation
import StringsDict

/// `stringsdict [PATH]`: StringsDictReader on the generated `.stringsdict` files, or on every
/// `.stringsdict` under PATH (bytes in memory, one core), against PropertyListSerialization alone
/// on the same bytes, the two run alternately.
enum StringsDictBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let input = try BenchProject.readerInput(options, command: "stringsdict", suffix: ".stringsdict")
        defer { input.project?.cleanUp() }
        let subject = input.subject
        let files = input.paths.compactMap { path in
            FileManager.default.contents(atPath: path).map { (path: path, data: $0) }
        }
        guard !files.isEmpty else {
            throw BenchFailure("no .stringsdict files under \(options.positionals.first ?? input.project!.root)")
        }
        let bytes = files.reduce(0) { $0 + $1.data.count }
        let runs = options.runs ?? 5

        var entries = 0, diagnostics = 0
        // Run by run, alternately: the ratio is the figure this phase is for.
        let (reader, foundation) = try Timing.measureAlternately(
            runs: runs,
            {
                entries = 0
                diagnostics = 0
                for file in files {
                    let result = StringsDictReader.parse(file.data, path: file.path)
                    entries += result.file?.entries.count ?? 0
                    diagnostics += result.diagnostics.count
                }
            },
            {
                for file in files {
                    keep(try? PropertyListSerialization.propertyList(from: file.data, options: [], format: nil))
                }
            })
        // The generated files are clean; real ones have their known warnings.
        if input.project != nil, diagnostics > 0 {
            Console.note("StringsDictReader reported \(diagnostics) diagnostics on the generated files (expected none)")
        }
        let what = "\(subject), \(Format.count(files.count)) files, \(Format.megabytes(bytes))"
        PhaseLine(
            name: "stringsdict", subject: what, timing: reader,
            rates: [PhaseLine.megabytesPerSecond(bytes, reader), PhaseLine.rate(entries, "entries", reader)]
        ).print()
        PhaseLine(
            name: "stringsdict", subject: what + " (PropertyListSerialization alone)", timing: foundation,
            rates: [PhaseLine.megabytesPerSecond(bytes, foundation)]
        ).print()
        let ratio = foundation.median.wall / reader.median.wall
        Console.line(
            "\(Format.padded("stringsdict", 12)) ratio: StringsDictReader is \(Format.number(ratio))x faster than "
                + "PropertyListSerialization alone (median \(Format.seconds(reader.median.wall)) vs "
                + "\(Format.seconds(foundation.median.wall)); \(Format.count(entries)) entries, "
                + "\(Format.count(diagnostics)) diagnostics)"
        )
        let scan = try Anchor.byteScan(inMemory: files.map { [UInt8]($0.data) }, runs: runs)
        Anchor.line(
            "stringsdict", "byte scan of the same \(Format.megabytes(bytes)) in memory", anchor: scan,
            phaseTiming: reader, phaseLabel: "StringsDictReader")
        return 0
    }
}
