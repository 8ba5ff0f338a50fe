import Foundation
import XcodeProject
import XcodeRules

/// `project [PATH]`: PBXProjectReader and PBXProjectWriter on one `project.pbxproj` (default: the
/// largest real one we have, iTerm2's 2.7 MB), bytes in memory; then the object graph, the table
/// finder and the migration edit of every table on it.
enum ProjectBench {
    static let defaultPath = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "../shared/pbxproj/gnachman__iTerm2/iTerm2.xcodeproj/project.pbxproj"
        ).standardized.path

    static func run(_ options: BenchOptions) throws -> Int32 {
        let path = options.positionals.first ?? defaultPath
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchFailure("cannot read \(path)") }
        let bytes = [UInt8](data)
        let runs = options.runs ?? 20
        var document: PBXDocument?
        var written: [UInt8] = []
        let parse = try Timing.measure(runs: runs) { document = try PBXProjectReader.parse(bytes, path: path) }
        guard let document else { throw BenchFailure("\(path) did not parse") }
        let write = try Timing.measure(runs: runs) { written = PBXProjectWriter.bytes(document) }
        guard written == bytes else { throw BenchFailure("\(path): written bytes differ from the file") }
        let both = Timing(
            samples: zip(parse.samples, write.samples).map {
                RunSample(wall: $0.wall + $1.wall, user: $0.user + $1.user, system: $0.system + $1.system)
            }, peakBytes: max(parse.peakBytes, write.peakBytes), peakIsPerPhase: parse.peakIsPerPhase)

        let folder = PathResolver.projectFolder(ofProjectFile: path)
        var tables = 0, objects = 0
        let edit = try Timing.measure(runs: max(1, runs / 4)) {
            let graph = ProjectGraph(document: document)
            let localization = LocalizedTables.find(in: graph, projectFolder: folder)
            tables = localization.tables.count
            objects = graph.objects.count
            _ = try MigrationEdit.apply(localization.tables, to: graph, projectFolder: folder)
        }

        let subject =
            "\(URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent), "
            + "\(Format.megabytes(bytes.count))"
        PhaseLine(
            name: "project", subject: subject + " parse", timing: parse,
            rates: [PhaseLine.megabytesPerSecond(bytes.count, parse)]
        ).print()
        PhaseLine(
            name: "project", subject: subject + " write", timing: write,
            rates: [PhaseLine.megabytesPerSecond(bytes.count, write)]
        ).print()
        PhaseLine(name: "project", subject: subject + " parse+write", timing: both, target: .under(0.030)).print()
        let scan = try Anchor.byteScan(inMemory: [bytes], runs: runs)
        Anchor.line(
            "project", "byte scan of the same \(Format.megabytes(bytes.count)) in memory", anchor: scan,
            phaseTiming: both, phaseLabel: "parse+write")
        PhaseLine(
            name: "project",
            subject: subject + " graph+tables+edit (\(Format.count(objects)) objects, \(tables) tables)", timing: edit
        ).print()
        return 0
    }
}
