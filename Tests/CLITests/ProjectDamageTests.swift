import Foundation
import Languages
import LegacyTables
import TestSupport
import XCTest
import XcodeProject

/// Issue 39: damage on the project's side is caught as damage to a catalog is. On a copy of every
/// app of `../shared/corpus`, after a plain `migrate`: the undamaged tree verifies; then each of
/// six damages, made to a fresh copy of the migrated tree, makes `verify` exit 1 naming the target
/// whose bundle it changes.
final class ProjectDamageTests: XCTestCase {
    /// The ways a project or a catalog can go wrong after a migration.
    enum Damage: String, CaseIterable {
        case buildFileRemoved = "a catalog's build file removed from a target's Resources phase"
        case languageValuesRemoved = "one language's values removed from a catalog"
        case referenceToWrongPath = "a catalog's reference pointed at a wrong path"
        case catalogMovedIntoLproj = "a catalog moved into an .lproj"
        case secondBuildFile = "a second build file for the same table"
        case languageFileRemovedFromGroup = "a language's file removed from its variant group"
    }

    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [(app: String, applied: Int, caught: Int, problems: [String])] = []
        func append(_ line: (String, Int, Int, [String])) { lock.lock(); lines.append(line); lock.unlock() }
        var all: [(app: String, applied: Int, caught: Int, problems: [String])] {
            lock.lock(); defer { lock.unlock() }; return lines.sorted { $0.app < $1.app }
        }
    }

    func testEveryProjectSideDamageToAMigratedCorpusAppIsCaughtByVerifyNamingTheTarget() throws {
        let corpus = try sharedFolder("corpus")
        let apps = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { !$0.hasPrefix(".") }.sorted()
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("damage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: apps.count) { index in
            results.append(Self.check(apps[index], corpus: corpus, work: work.appendingPathComponent(apps[index])))
        }
        var applied = 0
        for line in results.all {
            for problem in line.problems { XCTFail("\(line.app): \(problem)") }
            print("project damage: \(line.app): \(line.caught)/\(line.applied) caught")
            applied += line.applied
        }
        XCTAssertGreaterThan(applied, 40, "damages were made")
    }

    private static func check(_ app: String, corpus: String, work: URL) -> (String, Int, Int, [String]) {
        var problems: [String] = []
        let migrated = work.appendingPathComponent("migrated")
        do {
            try copy(corpus + "/" + app, to: migrated)
            _ = try Stringcat.run(["migrate", migrated.path])
            let clean = try Stringcat.run(["verify", migrated.path])
            // Files that do not parse fail verify on their own: the damage must add a target's difference.
            if clean.status != 0 && clean.stderr.contains("no stringcat run does that") {
                problems.append("the undamaged tree fails verify on a target: \(clean.stderr.prefix(400))")
            }
        } catch {
            return (app, 0, 0, ["cannot migrate a copy: \(error)"])
        }
        var applied = 0, caught = 0
        for (index, damage) in Damage.allCases.enumerated() {
            let tree = work.appendingPathComponent("damage-\(index)")
            do {
                try copy(migrated.path, to: tree)
                guard let target = try apply(damage, to: tree) else { continue }
                applied += 1
                let run = try Stringcat.run(["verify", tree.path, "--json"])
                let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
                let differing = (report["targets"] as? [[String: Any]] ?? []).filter {
                    $0["verdict"] as? String == "differs"
                }
                if run.status == 1 && !differing.isEmpty {
                    caught += 1
                } else {
                    problems.append(
                        "\(damage.rawValue) (\(target)) is not caught: exit \(run.status), "
                            + "targets \(report["targets"] ?? [])")
                }
            } catch {
                problems.append("\(damage.rawValue): \(error)")
            }
        }
        return (app, applied, caught, problems)
    }

    // MARK: Damages

    /// A target the migration changed (its record keeps its bundle before), in one project file.
    private struct Recorded {
        var project: String
        var graph: ProjectGraph
        var target: PBXTargetView
        var record: BundleRecord
    }

    /// Every target of the tree's projects that stringcat's record knows.
    private static func recordedTargets(in tree: URL) -> [Recorded] {
        projectFiles(in: tree).flatMap { project -> [Recorded] in
            guard let graph = try? ProjectGraph(path: project),
                let record = try? MigrationRecord.read(MigrationRecord.path(forProjectFile: project)).record
            else { return [] }
            return graph.targets.compactMap { target in
                record.bundles[target.id].map { Recorded(project: project, graph: graph, target: target, record: $0) }
            }
        }
    }

    /// The catalogs a target builds in its Resources phase: (build file ID, file reference ID, path).
    private static func catalogs(of recorded: Recorded) -> [(buildFile: String, reference: String, path: String)] {
        let resolver = PathResolver(graph: recorded.graph, projectFile: recorded.project)
        var found: [(String, String, String)] = []
        for phase in recorded.target.buildPhases.compactMap({ recorded.graph.buildPhase($0) })
        where phase.isa == "PBXResourcesBuildPhase" {
            for file in phase.files {
                guard let reference = recorded.graph.buildFile(file)?.fileRef,
                    recorded.graph.object(reference)?.isa == "PBXFileReference",
                    let path = resolver.path(of: reference), path.hasSuffix(".xcstrings"),
                    FileManager.default.fileExists(atPath: path)
                else { continue }
                found.append((file, reference, path))
            }
        }
        return found
    }

    /// Makes the damage in `tree` to a target the record knows; returns what it touched, or nil
    /// when the tree has nothing it applies to (no such target, no catalog of it, no variant
    /// group left with a language's file).
    static func apply(_ damage: Damage, to tree: URL) throws -> String? {
        for recorded in recordedTargets(in: tree) {
            var lines = try String(contentsOfFile: recorded.project, encoding: .utf8).components(separatedBy: "\n")
            let listLine = { (id: String) in lines.firstIndex { $0.hasPrefix("\t\t\t\t\(id) /*") && $0.hasSuffix(",") }
            }
            let definition = { (id: String) in lines.firstIndex { $0.hasPrefix("\t\t\(id) /*") } }
            let touched: String
            switch damage {
            case .buildFileRemoved:
                guard let catalog = catalogs(of: recorded).first, let index = listLine(catalog.buildFile) else {
                    continue
                }
                lines.remove(at: index)
                touched = catalog.path
            case .secondBuildFile:
                guard let catalog = catalogs(of: recorded).first, let list = listLine(catalog.buildFile),
                    let object = definition(catalog.buildFile)
                else { continue }
                let copy = "AAAAAAAAAAAAAAAAAAAA0001"
                let copies = [
                    (object, lines[object].replacingOccurrences(of: catalog.buildFile, with: copy)),
                    (list, lines[list].replacingOccurrences(of: catalog.buildFile, with: copy)),
                ]
                // The later line first, so that the earlier index still holds.
                for (index, line) in copies.sorted(by: { $0.0 > $1.0 }) { lines.insert(line, at: index + 1) }
                touched = catalog.path
            case .referenceToWrongPath, .catalogMovedIntoLproj:
                guard
                    let catalog = catalogs(of: recorded).first(where: {
                        damage == .referenceToWrongPath || !$0.path.contains("/mul.lproj/")
                    }),
                    let index = definition(catalog.reference),
                    let name = recorded.graph.string("path", of: catalog.reference)
                else { continue }
                let replacement: String
                if damage == .referenceToWrongPath {
                    replacement = String(name.dropLast(".xcstrings".count)) + "-gone.xcstrings"
                } else {
                    let folder = (catalog.path as NSString).deletingLastPathComponent
                    let lproj =
                        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                            $0.hasSuffix(".lproj") && $0 != "Base.lproj" && $0 != "mul.lproj"
                        }.sorted().first ?? "en.lproj"
                    try FileManager.default.createDirectory(
                        atPath: folder + "/" + lproj, withIntermediateDirectories: true)
                    let file = (catalog.path as NSString).lastPathComponent
                    try FileManager.default.moveItem(atPath: catalog.path, toPath: folder + "/" + lproj + "/" + file)
                    replacement = ((name as NSString).deletingLastPathComponent as NSString)
                        .appendingPathComponent(lproj + "/" + file)
                }
                lines[index] = lines[index].replacingOccurrences(of: "path = \(name);", with: "path = \(replacement);")
                    .replacingOccurrences(of: "path = \"\(name)\";", with: "path = \"\(replacement)\";")
                touched = catalog.path
            case .languageFileRemovedFromGroup:
                // A child in a language's folder of a variant group the target builds.
                let resolver = PathResolver(graph: recorded.graph, projectFile: recorded.project)
                var found: (String, String)?
                for phase in recorded.target.buildPhases.compactMap({ recorded.graph.buildPhase($0) })
                where phase.isa == "PBXResourcesBuildPhase" && found == nil {
                    for file in phase.files {
                        guard let group = recorded.graph.buildFile(file)?.fileRef,
                            recorded.graph.object(group)?.isa == "PBXVariantGroup"
                        else { continue }
                        for child in recorded.graph.strings("children", of: group) {
                            guard let path = resolver.path(of: child),
                                let folder = LprojFolderName.of(file: path), folder != "Base", folder != "mul"
                            else { continue }
                            found = (child, path)
                            break
                        }
                        if found != nil { break }
                    }
                }
                guard let (child, path) = found, let index = listLine(child) else { continue }
                lines.remove(at: index)
                touched = path
            case .languageValuesRemoved:
                guard
                    let (path, language) = catalogs(of: recorded).lazy.compactMap({ catalog in
                        Self.languageWithKeys(catalog.path, recorded.record).map { (catalog.path, $0) }
                    }).first
                else { continue }
                try removeLanguage(language, from: path)
                return "\(recorded.target.name ?? "?"): \(path) [\(language)]"
            }
            try lines.joined(separator: "\n").write(toFile: recorded.project, atomically: true, encoding: .utf8)
            return "\(recorded.target.name ?? "?"): \(touched)"
        }
        return nil
    }

    /// A language other than the source in which the record says the catalog's table gave keys.
    private static func languageWithKeys(_ path: String, _ record: BundleRecord) -> String? {
        let table = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                as? [String: Any]
        else { return nil }
        let source = object["sourceLanguage"] as? String
        return (record.tables[table] ?? [:]).filter { $0.value > 0 && $0.key != source }.keys.sorted().first
    }

    /// Every value of `language` taken out of the catalog at `path`.
    private static func removeLanguage(_ language: String, from path: String) throws {
        guard
            var catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                as? [String: Any], var strings = catalog["strings"] as? [String: Any]
        else { return }
        for (key, value) in strings {
            guard var entry = value as? [String: Any], var localizations = entry["localizations"] as? [String: Any]
            else { continue }
            for code in localizations.keys where LanguageTag(code) == LanguageTag(language) {
                localizations[code] = nil
            }
            entry["localizations"] = localizations
            strings[key] = entry
        }
        catalog["strings"] = strings
        try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys]).write(
            to: URL(fileURLWithPath: path))
    }

    private static func projectFiles(in tree: URL) -> [String] {
        (FileManager.default.subpaths(atPath: tree.path) ?? []).filter { $0.hasSuffix(".xcodeproj/project.pbxproj") }
            .sorted().map { tree.appendingPathComponent($0).path }
    }

    private static func copy(_ source: String, to destination: URL) throws {
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: destination)
        chmod(destination.path, 0o755)
        for case let item as String in FileManager.default.enumerator(atPath: destination.path)! {
            chmod(destination.appendingPathComponent(item).path, 0o755)
        }
    }
}
