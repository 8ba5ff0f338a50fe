import Foundation
import StringCatalog
import SyntheticCatalogs

/// `catalog`: writes a synthetic catalog (SyntheticCatalog: 40 languages, every 10th entry
/// a plural) to a file with CatalogWriter, and reads it back with CatalogReader.
enum CatalogBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let entries = options.catalogEntries
        let (catalog, buildSeconds) = Timing.seconds {
            SyntheticCatalog.make(entries: entries, languageCount: 40, pluralEvery: 10)
        }
        Console.note(
            "built a catalog of \(Format.count(entries)) entries x 40 languages in memory in "
                + "\(Format.seconds(buildSeconds)) (untimed); resident memory with it: "
                + "\(Format.mebibytes((ProcessStats.statusField("VmRSS:") ?? 0) * 1024)) (part of the peak below)"
        )
        let folder = try BenchProject.temporaryFolder("catalog")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/Localizable.xcstrings"
        let runs = options.runs ?? 3

        var size = 0
        var writeSamples: [RunSample] = [], readSamples: [RunSample] = []
        var readBack: StringCatalog?
        // One timed run = write then read; each half is timed on its own as well.
        let both = try Timing.measure(runs: runs, cleanUp: { try FileManager.default.removeItem(atPath: path) }) {
            let cpu0 = ProcessStats.cpuTime()
            // Streamed to the file as it is encoded, as migrate writes catalogs.
            let (written, write) = try Timing.seconds { () throws -> Int in try streamWrite(catalog, to: path) }
            readBack = nil // the previous run's model is let go before this read, not during it
            let cpu1 = ProcessStats.cpuTime()
            let (read, readTime) = try Timing.seconds { try CatalogReader.read(path: path) }
            let cpu2 = ProcessStats.cpuTime()
            size = written
            readBack = read
            writeSamples.append(RunSample(wall: write, user: cpu1.user - cpu0.user, system: cpu1.system - cpu0.system))
            readSamples.append(
                RunSample(wall: readTime, user: cpu2.user - cpu1.user, system: cpu2.system - cpu1.system))
        }
        guard readBack == catalog else { throw BenchFailure("the catalog read back differs from the one written") }
        readBack = nil

        let subject = "\(Format.count(entries)) entries x 40 langs, \(Format.megabytes(size))"
        let write = Timing(samples: writeSamples, peakBytes: both.peakBytes, peakIsPerPhase: both.peakIsPerPhase)
        let read = Timing(samples: readSamples, peakBytes: both.peakBytes, peakIsPerPhase: both.peakIsPerPhase)
        PhaseLine(
            name: "catalog", subject: subject + " write", timing: write,
            rates: [PhaseLine.megabytesPerSecond(size, write), PhaseLine.rate(entries, "entries", write)]
        ).print()
        PhaseLine(
            name: "catalog", subject: subject + " read", timing: read,
            rates: [PhaseLine.megabytesPerSecond(size, read), PhaseLine.rate(entries, "entries", read)]
        ).print()
        PhaseLine(
            name: "catalog", subject: subject + " read+write", timing: both,
            rates: [PhaseLine.rate(entries, "entries", both)], target: .under(2)
        ).print()
        Console.line(
            "\(Format.padded("catalog", 12)) rates: write \(Format.number(Double(size) / 1e6 / write.median.wall)) "
                + "MB/s, read \(Format.number(Double(size) / 1e6 / read.median.wall)) MB/s [target >= 400 MB/s each "
                + "way: \(min(Double(size) / 1e6 / write.median.wall, Double(size) / 1e6 / read.median.wall) >= 400 ? "met" : "MISSED")]"
        )

        // Anchors on the same bytes: a byte scan, and Foundation's JSONSerialization (only up to
        // 100 MB: beyond, its write alone takes minutes and its objects many GiB).
        _ = try streamWrite(catalog, to: path)
        let scan = try Anchor.byteScan(files: [path], runs: runs)
        Anchor.line(
            "catalog", "byte scan of the same \(Format.megabytes(size)) (read from disk + checksum)", anchor: scan,
            phaseTiming: read, phaseLabel: "CatalogReader")
        if size <= 100_000_000 {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            var object: Any?
            let foundationRead = try Timing.measure(runs: runs) {
                object = try JSONSerialization.jsonObject(with: data)
            }
            Anchor.line(
                "catalog", "JSONSerialization read of the same bytes", anchor: foundationRead, phaseTiming: read,
                phaseLabel: "CatalogReader")
            let foundationWrite = try Timing.measure(runs: 1) {
                keep(
                    try JSONSerialization.data(
                        withJSONObject: object!, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            }
            Anchor.line(
                "catalog", "JSONSerialization write of the same catalog (sorted, pretty)", anchor: foundationWrite,
                phaseTiming: write, phaseLabel: "CatalogWriter")
        } else {
            Console.line(
                "\(Format.padded("catalog", 12)) anchor: JSONSerialization skipped above 100 MB (run with "
                    + "--catalog-entries 10000 for it)"
            )
        }
        return 0
    }

    /// Writes the catalog to `path` in parts as it is encoded; returns its size.
    private static func streamWrite(_ catalog: StringCatalog, to path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw BenchFailure("cannot create \(path)")
        }
        defer { try? handle.close() }
        var size = 0
        try CatalogWriter.write(catalog) { (part: [UInt8]) throws in
            try handle.write(contentsOf: part)
            size += part.count
        }
        return size
    }
}
