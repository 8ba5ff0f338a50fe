import AppBundles
import Foundation
import LegacyTables
import TestSupport
import XCTest
import XcodeProject

/// Issue 22's conformance check, on a copy of every app in `../shared/corpus`: after (a) a plain
/// `migrate` and (b) `migrate --delete-legacy`, the project still builds its localizations and
/// every report tells the truth:
/// - every `project.pbxproj` parses, refers to no object it does not define (none that the
///   original did not already miss), and to no file the run deleted;
/// - every catalog a project edit was written for is on disk and referenced by that project;
/// - no catalog lies inside an `.lproj` other than `mul.lproj`;
/// - no target builds a table both from a catalog and from legacy files (Resources phase or
///   synchronized folder, exceptions applied);
/// - `verify` exits 0, or fails only on files that do not parse, named;
/// - after (a), one damage in each catalog written is caught by `verify`;
/// - `status` never calls a table migrated while a legacy file `migrate` read for it is on disk;
/// - `migrate; migrate --delete-legacy` ends in the same tree as `migrate --delete-legacy`.
final class CorpusConformanceTests: XCTestCase {
    /// What one app gave: the problems found, and counts for the summary.
    private struct Outcome {
        var app: String
        var problems: [String] = []
        var catalogs = 0
        var damagesCaught = 0
        var damagesMade = 0
        var deleted = 0
        var catalogsReferenced = 0
        var projectFiles = 0
        var status: Int32 = 0
        var refused = false
        /// One option run in a few words, for the summary lines.
        var summary: String {
            let options = app.components(separatedBy: " ").dropFirst().joined(separator: " ")
            return "\(options): exit \(status)" + (refused ? ", refused (nothing changed)" : ", \(deleted) deleted")
                + (problems.isEmpty ? "" : ", \(problems.count) problems")
        }
    }

    /// The outcomes of apps checked on several threads.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var outcomes: [Outcome] = []
        func append(_ outcome: Outcome) { lock.lock(); outcomes.append(outcome); lock.unlock() }
        var all: [Outcome] { lock.lock(); defer { lock.unlock() }; return outcomes }
    }

    func testEveryCorpusAppStaysBuildableAndItsReportsTellTheTruth() throws {
        let corpus = try sharedFolder("corpus")
        let apps = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertGreaterThanOrEqual(apps.count, 12)
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "conformance-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        // Two apps at a time (the machine's cores); each runs the tool as a process.
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: apps.count) { index in
            results.append(Self.check(app: apps[index], corpus: corpus, work: work.appendingPathComponent(apps[index])))
        }
        let outcomes = results.all.sorted { $0.app < $1.app }
        XCTAssertGreaterThan(outcomes.reduce(0) { $0 + $1.catalogsReferenced }, 100, "project edits were checked")
        for outcome in outcomes {
            for problem in outcome.problems { XCTFail("\(outcome.app): \(problem)") }
            print(
                "conformance: \(outcome.app): \(outcome.catalogs) catalogs, \(outcome.projectFiles) project files, "
                    + "\(outcome.damagesCaught)/\(outcome.damagesMade) damages caught, \(outcome.catalogsReferenced) "
                    + "catalogs checked in their project, \(outcome.deleted) legacy files deleted, "
                    + "\(outcome.problems.count) problems"
            )
        }
    }

    // MARK: Every option, with --delete-legacy

    /// Issue 32: every option that takes another road (`--all-files`, `--no-project`, `--include`,
    /// `--exclude`, `--table`, `--output`, `--merge`, `--force`, `--skip-invalid`, `--dry-run`, and
    /// two pairs of them) with `--delete-legacy`, each on a fresh copy of every corpus app: every
    /// project parses and refers to no file the run deleted, no catalog lies inside an `.lproj` but
    /// `mul.lproj`, no target builds a table twice, and a plain `status` and `verify` (without the
    /// options) tell the truth about the tree the run left. A run the gate refuses changes nothing.
    func testEveryOptionThatChoosesTheTablesWithDeleteLegacyLeavesEveryCorpusAppBuildableAndTheReportsTrue() throws {
        try checkEveryApp(options: { app, corpus in
            Self.optionSets(app: app, corpus: corpus).filter { !Self.writingOptions.contains($0[0]) }
        })
    }

    /// The other half of the options (split in two so that the suite's workers share them).
    func testEveryOptionThatChoosesHowToWriteWithDeleteLegacyLeavesEveryCorpusAppBuildableAndTheReportsTrue() throws {
        try checkEveryApp(options: { app, corpus in
            Self.optionSets(app: app, corpus: corpus).filter { Self.writingOptions.contains($0[0]) }
        })
    }

    private static let writingOptions: Set<String> = ["--merge", "--force", "--skip-invalid", "--dry-run", "--output"]

    private func checkEveryApp(options: (String, String) -> [[String]]) throws {
        let corpus = try sharedFolder("corpus")
        let apps = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { !$0.hasPrefix(".") }.sorted()
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "conformance-options-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let runs = apps.flatMap { app in options(app, corpus).map { (app, $0) } }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: runs.count) { index in
            let (app, options) = runs[index]
            results.append(
                Self.check(app: app, options: options, corpus: corpus, work: work.appendingPathComponent("\(index)")))
        }
        var figures: [String: [String]] = [:]
        for outcome in results.all.sorted(by: { $0.app < $1.app }) {
            for problem in outcome.problems { XCTFail("\(outcome.app): \(problem)") }
            figures[outcome.app.components(separatedBy: " ")[0], default: []].append(outcome.summary)
        }
        for (app, lines) in figures.sorted(by: { $0.key < $1.key }) {
            print("conformance-options: \(app): " + lines.sorted().joined(separator: "; "))
        }
        XCTAssertGreaterThanOrEqual(runs.count, apps.count * 4)
    }

    /// The options tried on one app; `--include` names one of its packages (none: left out), and
    /// `--table` its first table.
    private static func optionSets(app: String, corpus: String) -> [[String]] {
        var sets: [[String]] = [
            ["--all-files"], ["--no-project"], ["--exclude", "fr.lproj"], ["--output", "OUT"], ["--merge"], ["--force"],
            ["--skip-invalid"], ["--dry-run"], ["--all-files", "--no-project"],
        ]
        let root = corpus + "/" + app
        let packages = (FileManager.default.subpaths(atPath: root) ?? []).filter { $0.hasSuffix("/Package.swift") }
            .sorted()
        if let package = packages.first {
            let folder = (package as NSString).deletingLastPathComponent
            sets.append(["--include", folder])
            sets.append(["--include", folder, "--all-files"])
        }
        // The first table `status` says is still to migrate (status writes nothing).
        let status = (try? Stringcat.run(["status", root, "--json"])).flatMap {
            try? JSONSerialization.jsonObject(with: Data($0.stdout.utf8)) as? [String: Any]
        }
        let tables = (status?["tables"] as? [[String: Any]] ?? []).filter { $0["state"] as? String == "legacy only" }
            .compactMap { $0["table"] as? String }
        if let table = tables.first { sets.append(["--table", table]) }
        return sets
    }

    private static func check(app: String, options: [String], corpus: String, work: URL) -> Outcome {
        var outcome = Outcome(app: "\(app) \(options.joined(separator: " "))")
        let tree = work.appendingPathComponent(app)
        do {
            try copyWritable(corpus + "/" + app, to: tree)
        } catch {
            outcome.problems.append("cannot copy: \(error)")
            return outcome
        }
        let before = Snapshot(tree)
        let arguments =
            ["migrate", tree.path, "--delete-legacy", "--json"]
            + options.map { $0 == "OUT" ? work.appendingPathComponent("out").path : $0 }
        guard let run = try? Stringcat.run(arguments) else {
            outcome.problems.append("cannot run \(arguments)")
            return outcome
        }
        let stage = options.joined(separator: " ") + " --delete-legacy"
        let report = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        outcome.deleted = report.map(deletedCount) ?? 0
        outcome.status = run.status
        // A usage error or a refused run changes nothing (but the lock files it held, removed).
        if run.status == 2
            || (report?["diagnostics"] as? [[String: Any]] ?? []).contains(where: {
                ($0["message"] as? String)?.hasSuffix("Nothing was written or deleted") == true
            })
        {
            outcome.refused = true
            if Snapshot(tree).files != before.files {
                outcome.problems.append("\(stage): refused (exit \(run.status)) but the tree changed")
            }
            return outcome
        }
        checkProjects(before: before, after: tree, &outcome, stage: stage)
        checkCatalogPlaces(tree, &outcome, stage: stage)
        checkVerify(tree, &outcome, stage: stage)
        checkStatusTellsTheTruth(tree, &outcome, stage: stage)
        checkBundles(before: corpus + "/" + app, after: tree.path, &outcome, stage: stage)
        return outcome
    }

    /// A plain `status` calls no table migrated or catalog only while a legacy file of its name
    /// lies beside its catalog unexplained, and no table half-migrated without a legacy file.
    private static func checkStatusTellsTheTruth(_ folder: URL, _ outcome: inout Outcome, stage: String) {
        guard let report = json(["status", folder.path, "--json"], &outcome) else { return }
        let fm = FileManager.default
        let leftAlone = Set((report["filesLeftAlone"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        for table in report["tables"] as? [[String: Any]] ?? [] {
            guard let catalog = table["catalog"] as? String, let state = table["state"] as? String,
                let name = table["table"] as? String
            else { continue }
            let listed = table["legacyFiles"] as? [String] ?? []
            if state == "half-migrated" && !listed.contains(where: { fm.fileExists(atPath: $0) }) {
                outcome.problems.append("\(stage): status calls \(catalog) half-migrated with no legacy file on disk")
            }
            guard state == "migrated" || state == "catalog only" else { continue }
            var holder = (catalog as NSString).deletingLastPathComponent
            if (holder as NSString).lastPathComponent == "mul.lproj" {
                holder = (holder as NSString).deletingLastPathComponent
            }
            let explained = leftAlone.union(
                (table["leftAlone"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
            for lproj in (try? fm.contentsOfDirectory(atPath: holder)) ?? [] where lproj.hasSuffix(".lproj") {
                for file in (try? fm.contentsOfDirectory(atPath: holder + "/" + lproj)) ?? []
                where file == name + ".strings" || file == name + ".stringsdict" {
                    let path = holder + "/" + lproj + "/" + file
                    if !explained.contains(path) {
                        outcome.problems.append(
                            "\(stage): status calls \(catalog) \(state) while \(path) is beside it, unexplained")
                    }
                }
            }
        }
    }

    // MARK: One app

    private static func check(app: String, corpus: String, work: URL) -> Outcome {
        var outcome = Outcome(app: app)
        let plain = work.appendingPathComponent("plain"), one = work.appendingPathComponent("one")
        do {
            for copy in [plain, one] { try copyWritable(corpus + "/" + app, to: copy) }
        } catch {
            outcome.problems.append("cannot copy: \(error)")
            return outcome
        }
        let before = Snapshot(plain)

        // (a) A plain migrate.
        guard let migrated = json(["migrate", plain.path, "--json"], &outcome) else { return outcome }
        let read = filesRead(migrated)
        outcome.catalogs = Set(read.keys).count
        outcome.projectFiles = before.projectFiles.count
        checkProjects(before: before, after: plain, &outcome, stage: "migrate")
        checkCatalogsReferenced(migrated, &outcome, stage: "migrate")
        checkCatalogPlaces(plain, &outcome, stage: "migrate")
        checkVerify(plain, &outcome, stage: "migrate")
        checkStatus(plain, read: read, &outcome, stage: "migrate")
        checkBundles(before: corpus + "/" + app, after: plain.path, &outcome, stage: "migrate")
        checkDamageIsCaught(plain, migrated: migrated, &outcome)

        // (b) Then --delete-legacy, and --delete-legacy on a fresh copy: the same tree.
        guard let second = json(["migrate", plain.path, "--delete-legacy", "--json"], &outcome),
            let once = json(["migrate", one.path, "--delete-legacy", "--json"], &outcome)
        else { return outcome }
        outcome.deleted = deletedCount(once)
        if deletedCount(second) + 0 == 0 && outcome.deleted > 0 {
            outcome.problems.append("the second run deleted nothing, one run deleted \(outcome.deleted)")
        }
        checkProjects(before: before, after: one, &outcome, stage: "migrate --delete-legacy")
        checkCatalogsReferenced(once, &outcome, stage: "migrate --delete-legacy")
        checkCatalogPlaces(one, &outcome, stage: "migrate --delete-legacy")
        checkVerify(one, &outcome, stage: "migrate --delete-legacy")
        checkStatus(
            one, read: filesRead(once).merging(read) { a, b in a + b }, &outcome, stage: "migrate --delete-legacy")
        checkBundles(before: corpus + "/" + app, after: one.path, &outcome, stage: "migrate --delete-legacy")
        let twoStep = Snapshot(plain).files, oneStep = Snapshot(one).files
        if twoStep != oneStep {
            let differing = Set(twoStep.keys).symmetricDifference(oneStep.keys).union(
                twoStep.keys.filter { oneStep[$0] != nil && oneStep[$0] != twoStep[$0] })
            outcome.problems.append(
                "migrate; migrate --delete-legacy differs from migrate --delete-legacy in \(differing.count) files: "
                    + "\(differing.sorted().prefix(5))"
            )
        }
        return outcome
    }

    // MARK: Checks

    /// Every project file parses; it refers to no object it does not define, and to no file
    /// that was on disk before and is gone, beyond what the original already missed.
    private static func checkProjects(before: Snapshot, after folder: URL, _ outcome: inout Outcome, stage: String) {
        for (relative, original) in before.projectFiles {
            let path = folder.appendingPathComponent(relative).path
            let graph: ProjectGraph
            do {
                graph = try ProjectGraph(path: path)
            } catch {
                outcome.problems.append("\(stage): \(relative) does not parse: \(error)")
                continue
            }
            let newDangling = danglingReferences(graph).subtracting(original.dangling)
            if !newDangling.isEmpty {
                outcome.problems.append(
                    "\(stage): \(relative) refers to objects it does not define: \(newDangling.sorted().prefix(5))")
            }
            let projectFolder = PathResolver.projectFolder(ofProjectFile: path)
            for reference in ProjectReferences(graph: graph, projectFolder: projectFolder).fileReferences
            where !FileManager.default.fileExists(atPath: reference.path) {
                let relativePath = String(reference.path.dropFirst(folder.path.count + 1))
                if before.files[relativePath] != nil {
                    outcome.problems.append("\(stage): \(relative) refers to \(relativePath), which the run deleted")
                }
            }
            for problem in doubleBuilds(graph, projectFolder: projectFolder) {
                outcome.problems.append("\(stage): \(relative): \(problem)")
            }
        }
    }

    /// Every catalog a project edit was written for is on disk and referenced by that project.
    private static func checkCatalogsReferenced(_ report: [String: Any], _ outcome: inout Outcome, stage: String) {
        for edit in report["projects"] as? [[String: Any]] ?? [] where edit["written"] as? Bool == true {
            guard let path = edit["output"] as? String, let graph = try? ProjectGraph(path: path) else { continue }
            let references = ProjectReferences(
                graph: graph, projectFolder: PathResolver.projectFolder(ofProjectFile: path))
            for catalog in edit["catalogs"] as? [String] ?? [] {
                if !FileManager.default.fileExists(atPath: catalog) {
                    outcome.problems.append("\(stage): \(catalog) is in the edit of \(path) but not on disk")
                }
                if references.reference(to: catalog) == nil {
                    outcome.problems.append("\(stage): \(catalog) is not referenced by \(path)")
                }
                outcome.catalogsReferenced += 1
            }
        }
    }

    /// No catalog inside an `.lproj` other than `mul.lproj`.
    private static func checkCatalogPlaces(_ folder: URL, _ outcome: inout Outcome, stage: String) {
        for path in Snapshot(folder).files.keys where path.hasSuffix(".xcstrings") {
            let parent = (path as NSString).deletingLastPathComponent
            if parent.hasSuffix(".lproj") && (parent as NSString).lastPathComponent != "mul.lproj" {
                outcome.problems.append("\(stage): a catalog inside an .lproj: \(path)")
            }
        }
    }

    /// `verify` exits 0, or fails only on files that do not parse.
    private static func checkVerify(_ folder: URL, _ outcome: inout Outcome, stage: String) {
        guard let report = json(["verify", folder.path, "--json"], &outcome) else { return }
        guard report["ok"] as? Bool != true else { return }
        for table in report["tables"] as? [[String: Any]] ?? [] {
            let losses = table["losses"] as? [[String: Any]] ?? []
            let errors = (table["errors"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
            if !losses.isEmpty {
                outcome.problems.append(
                    "\(stage): verify finds \(losses.count) losses in \(table["catalog"] ?? "?"), e.g. \(losses[0])")
            }
            for error in errors where !error.contains("does not parse") {
                outcome.problems.append("\(stage): verify: \(table["catalog"] ?? "?"): \(error)")
            }
        }
        for diagnostic in report["diagnostics"] as? [[String: Any]] ?? []
        where diagnostic["severity"] as? String == "error" {
            outcome.problems.append("\(stage): verify: \(diagnostic["file"] ?? ""): \(diagnostic["message"] ?? "")")
        }
    }

    /// `status` calls no table migrated while a file `migrate` read for it is on disk.
    private static func checkStatus(_ folder: URL, read: [String: [String]], _ outcome: inout Outcome, stage: String) {
        guard let report = json(["status", folder.path, "--json"], &outcome) else { return }
        for table in report["tables"] as? [[String: Any]] ?? [] where table["state"] as? String == "migrated" {
            guard let catalog = table["catalog"] as? String else { continue }
            let left = (read[catalog] ?? []).filter { FileManager.default.fileExists(atPath: $0) }
            if !left.isEmpty {
                outcome.problems.append(
                    "\(stage): status calls \(catalog) migrated while \(left.count) of its legacy files are on disk, "
                        + "e.g. \(left[0])"
                )
            }
        }
    }

    /// One value of each catalog written is changed; `verify` must name a loss in each.
    private static func checkDamageIsCaught(_ folder: URL, migrated: [String: Any], _ outcome: inout Outcome) {
        var damaged: [String: Data] = [:]
        for table in migrated["tables"] as? [[String: Any]] ?? [] where table["outcome"] as? String == "written" {
            guard let catalog = table["catalog"] as? String, let data = FileManager.default.contents(atPath: catalog),
                let bytes = damagingFirstValue(of: [UInt8](data))
            else { continue }
            damaged[catalog] = data
            try? Data(bytes).write(to: URL(fileURLWithPath: catalog))
        }
        outcome.damagesMade = damaged.count
        guard !damaged.isEmpty, let report = json(["verify", folder.path, "--json"], &outcome) else { return }
        for table in report["tables"] as? [[String: Any]] ?? [] {
            guard let catalog = table["catalog"] as? String, damaged[catalog] != nil else { continue }
            let losses = table["losses"] as? [[String: Any]] ?? []
            if losses.contains(where: { ($0["detail"] as? String)?.contains("(damaged)") == true }) {
                outcome.damagesCaught += 1
            } else {
                outcome.problems.append("verify misses the damage made to \(catalog)")
            }
        }
        for (catalog, original) in damaged { try? original.write(to: URL(fileURLWithPath: catalog)) }
    }

    /// The catalog's bytes with " (damaged)" appended to its first string unit's value, found
    /// in the bytes as Xcode writes them (`"value" : "…"`, escapes skipped); nil without one. No
    /// JSON round trip: re-encoding every catalog was a fifth of this test's time.
    private static func damagingFirstValue(of bytes: [UInt8]) -> [UInt8]? {
        let marker = Array(#""value" : ""#.utf8)
        guard bytes.count > marker.count,
            let start = (0...(bytes.count - marker.count)).first(where: {
                bytes[$0..<$0 + marker.count].elementsEqual(marker)
            })
        else { return nil }
        var index = start + marker.count
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < bytes.count else { return nil }
        return Array(bytes[..<index]) + Array(" (damaged)".utf8) + Array(bytes[index...])
    }

    // MARK: The app: every target's bundle

    /// Issue 39: the model of every target (`AppModel`: its languages, its tables and their keys in
    /// each language, its other localized files, what stops its build) is the same after the run as
    /// before it, read from the corpus app as it is and from the tree the run left.
    private static func checkBundles(before: String, after: String, _ outcome: inout Outcome, stage: String) {
        let was = bundles(of: before), now = bundles(of: after)
        for (target, old) in was.sorted(by: { $0.key < $1.key }) {
            guard let new = now[target] else {
                outcome.problems.append("\(stage): target \(target) no longer builds anything localized")
                continue
            }
            let lost = old.contents.languages.subtracting(new.contents.languages).map(\.canonical).sorted()
            if !lost.isEmpty { outcome.problems.append("\(stage): target \(target) loses \(lost)") }
            for (table, languages) in old.contents.tables {
                for (language, slot) in languages {
                    guard let keys = slot.keys, keys > 0, !slot.isImplicit else { continue }
                    let after = new.contents.tables[table]?[language]
                    if after == nil || (after?.isImplicit == false && (after?.keys ?? keys) < keys) {
                        outcome.problems.append(
                            "\(stage): target \(target): \(table) in \(language.canonical) gives "
                                + "\(after?.keys.map(String.init) ?? "nothing") of \(keys) keys")
                    }
                }
            }
            let gone = old.contents.resources.subtracting(new.contents.resources)
            if !gone.isEmpty { outcome.problems.append("\(stage): target \(target) loses \(gone.sorted())") }
            let failing = new.failures.subtracting(old.failures)
            if !failing.isEmpty { outcome.problems.append("\(stage): target \(target) no longer builds: \(failing)") }
        }
    }

    /// Target (its project or manifest relative to `root`, and its ID or name) -> its bundle.
    private static func bundles(of root: String) -> [String: (contents: BundleContents, failures: Set<String>)] {
        let tree = ProjectTables.find(root, TableSearch(requireTables: false))
        let base = tree.scan.root + "/"
        let contents = ReadingContents()
        var result: [String: (BundleContents, Set<String>)] = [:]
        for bundle in AppModel(tree).bundles {
            if case .folder = bundle.owner { continue }
            let file = bundle.owner.declaringFile.replacingOccurrences(of: base, with: "")
            result[file + ": " + bundle.title + " " + bundle.owner.recordKey] = (
                BundleContents(bundle, contents),
                Set(bundle.failures.map { $0.description.replacingOccurrences(of: base, with: "") })
            )
        }
        return result
    }

    // MARK: Project reading

    /// IDs the objects refer to that the file does not define (`remoteGlobalIDString` names an
    /// object of another project and is left out).
    private static func danglingReferences(_ graph: ProjectGraph) -> Set<String> {
        let defined = Set(graph.objects.map(\.id))
        var referenced: Set<String> = []
        let document = graph.document
        func visit(_ value: PBXValue, key: String?) {
            switch value {
            case .string:
                guard key != "remoteGlobalIDString", key != "isa", let text = document.string(value) else { return }
                if text.count == 24, text.allSatisfy({ $0.isHexDigit && !$0.isLowercase }) { referenced.insert(text) }
            case .array(let index):
                for item in document.arrays[index].items { visit(item.value, key: key) }
            case .dictionary(let index):
                for entry in document.dictionaries[index].entries {
                    visit(entry.value, key: document.string(entry.key))
                }
            }
        }
        for object in graph.objects { visit(.dictionary(object.dictionary), key: nil) }
        if let root = graph.rootObjectID { referenced.insert(root) }
        return referenced.subtracting(defined)
    }

    /// Tables a target builds both from a catalog and from legacy files: Resources phases
    /// (variant groups, file references) and synchronized folders (their files on disk, less the
    /// target's membership exceptions).
    private static func doubleBuilds(_ graph: ProjectGraph, projectFolder: String) -> [String] {
        let resolver = PathResolver(graph: graph, projectFolder: projectFolder)
        var problems: [String] = []
        for target in graph.targets {
            var catalogs: Set<String> = [], legacy: Set<String> = []
            func take(_ path: String) {
                let name = (path as NSString).lastPathComponent
                let base = (name as NSString).deletingPathExtension
                if name.hasSuffix(".xcstrings") { catalogs.insert(base) }
                if (name.hasSuffix(".strings") || name.hasSuffix(".stringsdict"))
                    && (path as NSString).deletingLastPathComponent.hasSuffix(".lproj")
                {
                    legacy.insert(base)
                }
            }
            for phaseID in target.buildPhases {
                guard let phase = graph.buildPhase(phaseID), phase.isa == "PBXResourcesBuildPhase" else { continue }
                for fileID in phase.files {
                    guard let ref = graph.buildFile(fileID)?.fileRef else { continue }
                    let members =
                        graph.object(ref)?.isa == "PBXVariantGroup" ? graph.strings("children", of: ref) : [ref]
                    for member in members { if let path = resolver.path(of: member) { take(path) } }
                }
            }
            for rootID in graph.strings("fileSystemSynchronizedGroups", of: target.id) {
                guard let folder = resolver.path(of: rootID) else { continue }
                var excluded: Set<String> = []
                for setID in graph.strings("exceptions", of: rootID)
                where graph.string("target", of: setID) == target.id {
                    excluded.formUnion(graph.strings("membershipExceptions", of: setID))
                }
                for relative in FileManager.default.subpaths(atPath: folder) ?? [] {
                    let lproj = (relative as NSString).deletingLastPathComponent
                    let localized =
                        lproj.hasSuffix(".lproj")
                        ? "/Localized/"
                            + ((lproj as NSString).deletingLastPathComponent.isEmpty
                                ? "" : (lproj as NSString).deletingLastPathComponent + "/")
                            + (relative as NSString).lastPathComponent
                        : nil
                    if excluded.contains(relative) || localized.map(excluded.contains) == true { continue }
                    take(folder + "/" + relative)
                }
            }
            for table in catalogs.intersection(legacy).sorted() {
                problems.append(
                    "target \(target.name ?? target.id) builds table \(table) both from a catalog and from legacy files"
                )
            }
        }
        return problems
    }

    // MARK: Running the tool

    private static func json(_ arguments: [String], _ outcome: inout Outcome) -> [String: Any]? {
        do {
            let run = try Stringcat.run(arguments)
            guard let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else {
                outcome.problems.append(
                    "\(arguments.joined(separator: " ")): no JSON (\(run.status)): \(run.stderr.prefix(300))")
                return nil
            }
            return object
        } catch {
            outcome.problems.append("\(arguments.joined(separator: " ")): \(error)")
            return nil
        }
    }

    /// Catalog -> the legacy files `migrate --json` says each table read.
    private static func filesRead(_ report: [String: Any]) -> [String: [String]] {
        var read: [String: [String]] = [:]
        for table in report["tables"] as? [[String: Any]] ?? [] {
            guard let catalog = table["catalog"] as? String else { continue }
            read[catalog, default: []] += table["files"] as? [String] ?? []
        }
        return read
    }

    private static func deletedCount(_ report: [String: Any]) -> Int {
        (report["tables"] as? [[String: Any]] ?? []).reduce(0) { $0 + (($1["deletedFiles"] as? [String])?.count ?? 0) }
            + (report["leftovers"] as? [[String: Any]] ?? []).reduce(0) {
                $0 + (($1["deletedFiles"] as? [String])?.count ?? 0)
            }
    }

    private static func copyWritable(_ source: String, to destination: URL) throws {
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: destination)
        chmod(destination.path, 0o755)
        for case let item as String in FileManager.default.enumerator(atPath: destination.path)! {
            chmod(destination.appendingPathComponent(item).path, 0o755)
        }
    }

    /// The files of a tree (relative path -> bytes), and its project files as read.
    private struct Snapshot {
        var files: [String: Data] = [:]
        var projectFiles: [String: (dangling: Set<String>, path: String)] = [:]

        init(_ folder: URL) {
            for case let item as String in FileManager.default.enumerator(atPath: folder.path)! {
                var isDirectory: ObjCBool = false
                let path = folder.appendingPathComponent(item).path
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
                else { continue }
                files[item] = FileManager.default.contents(atPath: path) ?? Data()
                if item.hasSuffix(".xcodeproj/project.pbxproj"), let graph = try? ProjectGraph(path: path) {
                    projectFiles[item] = (CorpusConformanceTests.danglingReferences(graph), path)
                }
            }
        }
    }
}
