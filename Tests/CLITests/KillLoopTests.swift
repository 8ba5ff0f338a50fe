import Foundation
import StringcatSupport
import TestSupport
import XCTest
import XcodeProject

/// Issue 23's kill loop: `migrate --delete-legacy` on corpus apps with project files, killed
/// (SIGKILL) at a random moment of its run. After each kill:
/// - every `project.pbxproj` is byte-identical to before, or parses and refers to no file that is
///   not on disk (beyond what the original already missed);
/// - no legacy file is gone unless a catalog on disk holds it: the deleted files are put back in a
///   copy of the killed tree, and `verify` on that copy finds nothing lost;
/// - a plain re-run of the same command exits 0 and ends in the tree of a run never killed, byte
///   for byte.
///
/// The suite runs 2 kills (one per app); `STRINGCAT_KILLS=60 swift test --filter KillLoopTests` runs more,
/// and `STRINGCAT_KILL_APPS=iina__iina,lwouis__alt-tab-macos` names other corpus apps.
final class KillLoopTests: XCTestCase {
    /// Where a killed run stood, judged from the tree it left.
    private enum Moment: String, CaseIterable {
        case nothingWritten = "nothing written yet"
        case catalogsOnly = "catalogs written, project files not yet"
        case projectsEdited = "project files edited, no legacy file deleted yet"
        case deleting = "some legacy files deleted"
        case finished = "the run had finished"
    }

    private var work: URL!

    override func setUpWithError() throws {
        work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kill-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    func testMigrateDeleteLegacyKilledAtRandomMomentsLosesNothingAndARerunFinishesTheJob() throws {
        let corpus = try sharedFolder("corpus")
        let kills = Int(ProcessInfo.processInfo.environment["STRINGCAT_KILLS"] ?? "") ?? 2
        let apps =
            ProcessInfo.processInfo.environment["STRINGCAT_KILL_APPS"].map { $0.split(separator: ",").map(String.init) }
            ?? ["keepassium__KeePassium", "sparkle-project__Sparkle"]
        // Per app: a pristine copy, the tree an uninterrupted run leaves, and how long it takes.
        var expected: [String: [String: Data]] = [:]
        var duration: [String: Double] = [:]
        for app in apps {
            let pristine = work.appendingPathComponent("pristine-" + app)
            try copyWritable(corpus + "/" + app, to: pristine)
            let clean = work.appendingPathComponent("clean-" + app)
            try FileManager.default.copyItem(at: pristine, to: clean)
            let start = Date()
            let run = try Stringcat.run(["migrate", clean.path, "--delete-legacy", "--quiet"])
            duration[app] = Date().timeIntervalSince(start)
            XCTAssertEqual(run.status, 0, "\(app): \(run.stderr)")
            expected[app] = Self.files(clean)
        }

        var random = SplitMix64(seed: 0x4B11_100F)
        var moments: [Moment: Int] = [:]
        for kill in 0..<kills {
            let app = apps[kill % apps.count]
            let tree = work.appendingPathComponent("killed-\(kill)")
            try FileManager.default.copyItem(at: work.appendingPathComponent("pristine-" + app), to: tree)
            let before = Self.files(tree)
            // A moment anywhere from a quarter of the run (reading comes first and writes
            // nothing) to a little after its usual end.
            let delay = duration[app]! * (0.25 + 0.85 * Double(random.next() % 10_000) / 10_000)
            let finished = try Self.runAndKill(["migrate", tree.path, "--delete-legacy", "--quiet"], after: delay)
            let after = Self.files(tree)
            let moment = Self.moment(before: before, after: after, finished: finished)
            moments[moment, default: 0] += 1
            let label = "\(app), kill \(kill) after \(String(format: "%.3f", delay)) s (\(moment.rawValue))"

            checkProjects(tree, before: before, after: after, label)
            try checkDeletedFilesAreHeld(tree, before: before, after: after, label, index: kill)
            let rerun = try Stringcat.run(["migrate", tree.path, "--delete-legacy", "--quiet"])
            XCTAssertEqual(rerun.status, 0, "\(label): the re-run: \(rerun.stderr)")
            let finishedTree = Self.files(tree)
            let differing = Set(finishedTree.keys).symmetricDifference(expected[app]!.keys)
                .union(finishedTree.keys.filter { expected[app]![$0] != nil && expected[app]![$0] != finishedTree[$0] })
            XCTAssertEqual(
                differing.sorted(), [], "\(label): the re-run does not end in the tree of an uninterrupted run")
            try FileManager.default.removeItem(at: tree)
        }
        print(
            "kill loop: \(kills) kills of migrate --delete-legacy on \(apps.joined(separator: ", ")): "
                + Moment.allCases.map { "\($0.rawValue) \(moments[$0] ?? 0)" }.joined(separator: ", "))
        // (With a few kills, a slow moment of the machine may let each run finish first.)
        if kills >= 10 {
            XCTAssertGreaterThan(kills - (moments[.finished] ?? 0), kills / 2, "most kills land inside a run")
        }
    }

    /// A run killed while it held the lock of a project nested in PATH (KeePassiumLib's) leaves
    /// that `.stringcat.lock`; a re-run that has nothing left to do in that project still takes
    /// and removes it (the kill loop found one left after the re-run).
    func testALockFileAKilledRunLeftInANestedProjectIsGoneAfterTheReRun() throws {
        let corpus = try sharedFolder("corpus")
        let tree = work.appendingPathComponent("stale-lock")
        try copyWritable(corpus + "/keepassium__KeePassium", to: tree)
        let first = try Stringcat.run(["migrate", tree.path, "--delete-legacy", "--quiet"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let finished = Self.files(tree)
        let stale = tree.appendingPathComponent("KeePassiumLib/.stringcat.lock")
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: tree.appendingPathComponent("KeePassiumLib/KeePassiumLib.xcodeproj").path))
        try Data("2147483646\n2026-11-25T17:00:00Z\n".utf8).write(to: stale)
        let rerun = try Stringcat.run(["migrate", tree.path, "--delete-legacy", "--quiet"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path), "the stale lock is still there")
        XCTAssertEqual(Self.files(tree), finished)
    }

    /// The moment the kill loop found: a `--delete-legacy` run stopped after deleting Sparkle's
    /// `Base` file (its source language) and a few others. The files left ask for comments the
    /// catalog rightly lacks ("OS Version": `he` has a comment, `Base` had none), unless the proof
    /// knows files are gone: `verify` says nothing is lost, and a re-run finishes the job.
    func testARunStoppedAfterDeletingTheSourceLanguageFileIsFinishedByAReRun() throws {
        let corpus = try sharedFolder("corpus")
        let clean = work.appendingPathComponent("clean"), stopped = work.appendingPathComponent("stopped")
        for tree in [clean, stopped] { try copyWritable(corpus + "/sparkle-project__Sparkle", to: tree) }
        XCTAssertEqual(try Stringcat.run(["migrate", clean.path, "--delete-legacy", "--quiet"]).status, 0)
        let first = try Stringcat.run(["migrate", stopped.path, "--quiet"])
        XCTAssertEqual(first.status, 0, first.stderr)
        // What the stopped run had deleted: the first folders in name order, `Base` among them.
        for lproj in ["Base", "ar", "ca", "cs", "da", "de"] {
            try FileManager.default.removeItem(
                at: stopped.appendingPathComponent("Sparkle/\(lproj).lproj/Sparkle.strings"))
        }
        let verify = try Stringcat.run(["verify", stopped.path, "--quiet"])
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        let rerun = try Stringcat.run(["migrate", stopped.path, "--delete-legacy", "--quiet"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        let finished = Self.files(stopped), expected = Self.files(clean)
        XCTAssertEqual(Set(finished.keys).symmetricDifference(expected.keys).sorted(), [])
        XCTAssertEqual(finished.keys.filter { expected[$0] != nil && expected[$0] != finished[$0] }.sorted(), [])
    }

    // MARK: Checks

    /// Each project file is as it was, or parses and refers only to files on disk (a reference
    /// the original already had to a missing file excepted).
    private func checkProjects(_ tree: URL, before: [String: Data], after: [String: Data], _ label: String) {
        for relative in before.keys where relative.hasSuffix(".xcodeproj/project.pbxproj") {
            if after[relative] == before[relative] { continue }
            let path = tree.appendingPathComponent(relative).path
            let graph: ProjectGraph
            do {
                graph = try ProjectGraph(path: path)
            } catch {
                XCTFail("\(label): \(relative) was changed and does not parse: \(error)")
                continue
            }
            for reference in ProjectReferences(
                graph: graph, projectFolder: PathResolver.projectFolder(ofProjectFile: path)
            ).fileReferences
            where !FileManager.default.fileExists(atPath: reference.path) {
                let missing = String(reference.path.dropFirst(tree.path.count + 1))
                // Only files the run deleted or should have written count: corpus copies hold no
                // sources, so most references of a real project point at nothing here.
                if before[missing] != nil || missing.hasSuffix(".xcstrings") {
                    XCTFail("\(label): \(relative) refers to \(missing), which is not on disk")
                }
            }
        }
    }

    /// The legacy files the killed run deleted, put back in a copy of the killed tree: `verify`
    /// finds every value of them in the catalogs on disk.
    private func checkDeletedFilesAreHeld(
        _ tree: URL, before: [String: Data], after: [String: Data], _ label: String, index: Int
    ) throws {
        let deleted = before.keys.filter {
            after[$0] == nil && ($0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict"))
        }
        guard !deleted.isEmpty else { return }
        let restored = work.appendingPathComponent("restored-\(index)")
        try FileManager.default.copyItem(at: tree, to: restored)
        defer { try? FileManager.default.removeItem(at: restored) }
        for relative in deleted {
            let url = restored.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try before[relative]!.write(to: url)
        }
        // The tables' proof only: the files put back where the run had taken them out of the
        // project (a synchronized folder's exceptions) make no app the run left.
        let verify = try Stringcat.run(["verify", restored.path, "--quiet", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(verify.stdout.utf8)) as? [String: Any] ?? [:]
        let losses = (report["tables"] as? [[String: Any]] ?? []).flatMap { $0["losses"] as? [Any] ?? [] }
        let errors = (report["tables"] as? [[String: Any]] ?? []).flatMap { $0["errors"] as? [Any] ?? [] }
        XCTAssertTrue(
            losses.isEmpty && errors.isEmpty && report["losses"] as? Int == 0,
            "\(label): \(deleted.count) deleted legacy files are not all held by a catalog: "
                + "\(losses.prefix(3)) \(errors.prefix(3))"
        )
    }

    // MARK: Helpers

    /// Starts the tool, kills it with SIGKILL after `delay` seconds; true when it had already
    /// finished by then.
    private static func runAndKill(_ arguments: [String], after delay: Double) throws -> Bool {
        let process = Process()
        process.executableURL = Stringcat.productsDirectory.appendingPathComponent("stringcat")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(useconds_t(delay * 1_000_000))
        let finished = !process.isRunning
        if !finished { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return finished
    }

    private static func moment(before: [String: Data], after: [String: Data], finished: Bool) -> Moment {
        if finished { return .finished }
        let isLegacy = { (path: String) in path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") }
        if before.keys.contains(where: { isLegacy($0) && after[$0] == nil }) { return .deleting }
        if before.keys.contains(where: { $0.hasSuffix("project.pbxproj") && after[$0] != before[$0] }) {
            return .projectsEdited
        }
        if after.keys.contains(where: { $0.hasSuffix(".xcstrings") && before[$0] == nil }) { return .catalogsOnly }
        return .nothingWritten
    }

    /// Every file of a tree (relative path -> bytes); links as their target's path.
    private static func files(_ folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: folder.path)! {
            let path = folder.appendingPathComponent(relative).path
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                result[relative] = Data(("-> " + target).utf8)
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            result[relative] = FileManager.default.contents(atPath: path) ?? Data()
        }
        return result
    }

    private func copyWritable(_ source: String, to destination: URL) throws {
        try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: destination)
        chmod(destination.path, 0o755)
        for case let item as String in FileManager.default.enumerator(atPath: destination.path)! {
            chmod(destination.appendingPathComponent(item).path, 0o755)
        }
    }
}
