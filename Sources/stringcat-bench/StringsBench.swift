import Foundation
import StringsFile

/// `strings [PATH]`: StringsFileReader against PropertyListSerialization (what CoreFoundation
/// reads `.strings` with) on the same bytes, already in memory, one file after another on one core.
enum StringsBench {
    struct LoadedFile {
        var path: String
        var bytes: [UInt8]
        var data: Data
    }

    static func run(_ options: BenchOptions) throws -> Int32 {
        let input = try BenchProject.readerInput(options, command: "strings", suffix: ".strings")
        defer { input.project?.cleanUp() }
        let paths = input.paths, subject = input.subject

        let files = paths.compactMap { path -> LoadedFile? in
            guard let data = FileManager.default.contents(atPath: path) else {
                Console.note("cannot read \(path); left out")
                return nil
            }
            return LoadedFile(path: path, bytes: [UInt8](data), data: data)
        }
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        compare(files)

        let runs = options.runs ?? 5
        var entries = 0
        let ours = try Timing.measure(runs: runs) {
            entries = 0
            for file in files {
                entries += StringsFileReader.parse(file.bytes, path: file.path).file?.entries.count ?? 0
            }
        }
        let foundation = try Timing.measure(runs: runs) {
            for file in files {
                keep(try? PropertyListSerialization.propertyList(from: file.data, options: [], format: nil))
            }
        }
        let what = "\(subject), \(Format.count(files.count)) files, \(Format.megabytes(bytes))"
        PhaseLine(
            name: "strings", subject: what + " (StringsFileReader)", timing: ours,
            rates: [PhaseLine.megabytesPerSecond(bytes, ours), PhaseLine.rate(entries, "entries", ours)]
        ).print()
        PhaseLine(
            name: "strings", subject: what + " (PropertyListSerialization)", timing: foundation,
            rates: [PhaseLine.megabytesPerSecond(bytes, foundation), PhaseLine.rate(entries, "entries", foundation)]
        ).print()
        let ratio = foundation.median.wall / ours.median.wall
        Console.line(
            "\(Format.padded("strings", 12)) ratio: StringsFileReader is \(Format.number(ratio))x faster than "
                + "PropertyListSerialization (median \(Format.seconds(ours.median.wall)) vs "
                + "\(Format.seconds(foundation.median.wall))) \(Target.atLeast(10).verdict(ratio))"
        )
        let scan = try Anchor.byteScan(inMemory: files.map(\.bytes), runs: runs)
        Anchor.line(
            "strings", "byte scan of the same \(Format.megabytes(bytes)) in memory", anchor: scan, phaseTiming: ours,
            phaseLabel: "StringsFileReader")
        return 0
    }

    /// Untimed check that both readers read the same tables, so the timings compare like with like.
    private static func compare(_ files: [LoadedFile]) {
        var equal = 0, differ = 0, onlyOurs = 0, onlyFoundation = 0, neither = 0
        for file in files {
            let ours = StringsFileReader.parse(file.bytes, path: file.path).file?.dictionary
            let theirs =
                (try? PropertyListSerialization.propertyList(from: file.data, options: [], format: nil))
                as? [String: String]
            switch (ours, theirs) {
            case let (a?, b?): if a == b { equal += 1 } else { differ += 1 }
            case (.some, nil): onlyOurs += 1
            case (nil, .some): onlyFoundation += 1
            case (nil, nil): neither += 1
            }
        }
        Console.note(
            "both readers agree on \(equal) of \(files.count) files; different tables: \(differ), read only by "
                + "StringsFileReader: \(onlyOurs), only by PropertyListSerialization: \(onlyFoundation), by neither: "
                + "\(neither)"
        )
    }
}

/// Keeps a result alive so the optimizer cannot drop the work that made it.
@inline(never)
func keep<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
