import Foundation
import TestSupport
import XCTest

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

    /// Makes the damage in `tree`; returns what it touched, or nil when the tree has nothing it
    /// applies to (no catalog the project references, no variant group left).
    static func apply(_ damage: Damage, to tree: URL) throws -> String? {
        for project in projectFiles(in: tree) {
            var text = try String(contentsOfFile: project, encoding: .utf8)
            var lines = text.components(separatedBy: "\n")
            switch damage {
            case .buildFileRemoved:
                guard let index = lines.firstIndex(where: { isResourcesListLine($0) }) else { continue }
                let touched = lines[index]
                lines.remove(at: index)
                text = lines.joined(separator: "\n")
                try text.write(toFile: project, atomically: true, encoding: .utf8)
                return touched.trimmingCharacters(in: .whitespaces)
            case .secondBuildFile:
                guard let list = lines.firstIndex(where: { isResourcesListLine($0) }),
                    let id = lines[list].trimmingCharacters(in: .whitespaces).split(separator: " ").first,
                    let definition = lines.firstIndex(where: {
                        $0.hasPrefix("\t\t\(id) ") && $0.contains("PBXBuildFile")
                    })
                else { continue }
                let copy = "AAAAAAAAAAAAAAAAAAAA0001"
                let definitionCopy = lines[definition].replacingOccurrences(of: String(id), with: copy)
                let listCopy = lines[list].replacingOccurrences(of: String(id), with: copy)
                // The later line first, so that the earlier index still holds.
                for (index, line) in [(definition, definitionCopy), (list, listCopy)].sorted(by: { $0.0 > $1.0 }) {
                    lines.insert(line, at: index + 1)
                }
                try lines.joined(separator: "\n").write(toFile: project, atomically: true, encoding: .utf8)
                return String(id)
            case .referenceToWrongPath, .catalogMovedIntoLproj:
                guard let index = lines.firstIndex(where: { $0.contains("lastKnownFileType = text.json.xcstrings;") }),
                    let path = field("path", in: lines[index])
                else { continue }
                let folder = PathResolverText.folder(ofReference: lines, index, project: project, tree: tree)
                if damage == .referenceToWrongPath {
                    lines[index] = lines[index].replacingOccurrences(
                        of: "path = \(path);", with: "path = \(path.dropLast(10))-gone.xcstrings;")
                } else {
                    guard let folder, !path.hasPrefix("mul.lproj/") else { continue }
                    let catalog = folder + "/" + path
                    guard FileManager.default.fileExists(atPath: catalog) else { continue }
                    let lproj =
                        (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter {
                            $0.hasSuffix(".lproj") && $0 != "Base.lproj" && $0 != "mul.lproj"
                        }.sorted().first ?? "en.lproj"
                    try FileManager.default.createDirectory(
                        atPath: folder + "/" + lproj, withIntermediateDirectories: true)
                    try FileManager.default.moveItem(atPath: catalog, toPath: folder + "/" + lproj + "/" + path)
                    lines[index] = lines[index].replacingOccurrences(
                        of: "path = \(path);", with: "path = \(lproj)/\(path);")
                }
                try lines.joined(separator: "\n").write(toFile: project, atomically: true, encoding: .utf8)
                return path
            case .languageFileRemovedFromGroup:
                guard let begin = lines.firstIndex(of: "/* Begin PBXVariantGroup section */"),
                    let end = lines.firstIndex(of: "/* End PBXVariantGroup section */")
                else { continue }
                guard
                    let index = (begin..<end).first(where: { line in
                        let trimmed = lines[line].trimmingCharacters(in: .whitespaces)
                        guard lines[line].hasPrefix("\t\t\t\t"), trimmed.hasSuffix(" */,"),
                            let open = trimmed.range(of: "/* ")
                        else { return false }
                        let name = trimmed[open.upperBound...].dropLast(4)
                        return name.count >= 2 && name.count <= 7 && name != "Base" && name != "mul"
                            && name.allSatisfy { $0.isLetter || $0 == "-" || $0 == "_" }
                    })
                else { continue }
                let touched = lines[index].trimmingCharacters(in: .whitespaces)
                lines.remove(at: index)
                try lines.joined(separator: "\n").write(toFile: project, atomically: true, encoding: .utf8)
                return touched
            case .languageValuesRemoved:
                continue
            }
        }
        guard damage == .languageValuesRemoved else { return nil }
        return try removeOneLanguage(in: tree)
    }

    /// A line of a Resources phase's `files` list naming a catalog's build file.
    private static func isResourcesListLine(_ line: String) -> Bool {
        line.hasPrefix("\t\t\t\t") && line.hasSuffix(".xcstrings in Resources */,")
    }

    private static func field(_ name: String, in line: String) -> String? {
        guard let range = line.range(of: " \(name) = ") else { return nil }
        let rest = line[range.upperBound...]
        if rest.hasPrefix("\"") {
            return rest.dropFirst().split(separator: "\"").first.map(String.init)
        }
        return rest.split(separator: ";").first.map(String.init)
    }

    /// In the first catalog of the tree with two languages or more, every value of one language
    /// other than the source removed.
    private static func removeOneLanguage(in tree: URL) throws -> String? {
        let catalogs = (FileManager.default.subpaths(atPath: tree.path) ?? []).filter { $0.hasSuffix(".xcstrings") }
            .sorted()
        for relative in catalogs {
            let path = tree.appendingPathComponent(relative).path
            guard
                var catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                    as? [String: Any], var strings = catalog["strings"] as? [String: Any]
            else { continue }
            let source = catalog["sourceLanguage"] as? String
            let languages = Set(
                strings.values.flatMap {
                    (($0 as? [String: Any])?["localizations"] as? [String: Any])?.keys ?? [:].keys
                }
            ).subtracting([source ?? ""])
            guard let language = languages.sorted().first else { continue }
            for (key, value) in strings {
                guard var entry = value as? [String: Any], var localizations = entry["localizations"] as? [String: Any]
                else { continue }
                localizations[language] = nil
                entry["localizations"] = localizations
                strings[key] = entry
            }
            catalog["strings"] = strings
            try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys]).write(
                to: URL(fileURLWithPath: path))
            return "\(relative) [\(language)]"
        }
        return nil
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

/// Where a catalog reference of a project file lies on disk, read as the project says it.
private enum PathResolverText {
    static func folder(ofReference lines: [String], _ index: Int, project: String, tree: URL) -> String? {
        // The catalog's folder: found on disk by its file name (the references the migration
        // writes are group-relative, and a corpus app keeps each table's name in one place).
        guard let name = lines[index].components(separatedBy: "path = ").last?.split(separator: ";").first else {
            return nil
        }
        let file = String(name).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let found = (FileManager.default.subpaths(atPath: tree.path) ?? []).filter {
            $0.hasSuffix("/" + file) || $0 == file
        }.sorted()
        guard let first = found.first else { return nil }
        let full = tree.appendingPathComponent(first).path
        return String(full.dropLast(file.count + 1))
    }
}
