import Foundation
import TestSupport
import XCTest

@testable import Migration

/// Migrates each `../shared/goldens/*` as Xcode saw it (`before/` with the project of `context/`)
/// and compares with the catalogs Xcode wrote, as `../shared/tools/golden_check.py` does: entries
/// still in the migration's shape must match exactly (`manual` ones apart from that field),
/// untouched pairs byte for byte, every catalog at the path Xcode wrote it. The pair's
/// `SOURCE.txt` lines are honoured as the tool honours them: `MIGRATE-OPTION` (a choice made in
/// Xcode's dialog), `MOVED` (a catalog moved by hand), `IGNORE-LANGUAGE`, `KEEP-EXTRA` (a
/// documented deviation: localizations stringcat keeps and Xcode dropped).
final class GoldenMigrationTests: XCTestCase {
    /// Entries that differ from Xcode's because a human edited the catalog in the same commit,
    /// each with its evidence (docs/format-notes.md, "The 8 entries `golden_check.py` misses are hand
    /// edits of the catalog").
    static let handEdited: [String: String] = [
        "MaddTheSane__OSXvnc/Localizable.xcstrings: Error: No Authorization":
            "ja needs_review value the ja file holds only commented out",
        "MaddTheSane__OSXvnc/Localizable.xcstrings: Error: Unable To Setup Password File":
            "ja needs_review value the ja file holds only commented out",
        "MaddTheSane__OSXvnc/Localizable.xcstrings: Error: Unable To Write out Temporary Script File":
            "ja needs_review value the ja file holds only commented out",
        "MaddTheSane__OSXvnc/Localizable.xcstrings: Error: Unabled to remove startup item":
            "ja needs_review value the ja file holds only commented out",
        "MaddTheSane__OSXvnc/Localizable.xcstrings: The server has stopped running.":
            "needs_review states and an en value no file has",
        "rxhanson__Rectangle/Rectangle/mul.lproj/Main.xcstrings: Rqc-34-cIF.title":
            "a value no file of the commit's parent has",
        "rxhanson__Rectangle/Rectangle/mul.lproj/Main.xcstrings: xrE-MZ-jX0.title":
            "a value no file of the commit's parent has",
        "rxhanson__Rectangle/Rectangle/mul.lproj/Main.xcstrings: z6F-FW-3nz.title":
            "a value no file of the commit's parent has",
    ]

    func testEveryGoldenPairMatchesXcodesMigration() throws {
        let goldens = try sharedFolder("goldens")
        let pairs = try FileManager.default.contentsOfDirectory(atPath: goldens).sorted().filter {
            FileManager.default.fileExists(atPath: "\(goldens)/\($0)/before")
        }
        XCTAssertEqual(pairs.count, 16)
        var compared = 0, matched = 0, paths = 0, pathsFound = 0
        var differing: Set<String> = []
        var leftAlone: Set<String> = []
        for pair in pairs {
            let root = "\(goldens)/\(pair)"
            let source = try String(contentsOfFile: "\(root)/SOURCE.txt", encoding: .utf8).split(separator: "\n").map(
                String.init)
            let tree = try TestTree(), out = try TestTree()
            try copy("\(root)/before", to: tree.root)
            if FileManager.default.fileExists(atPath: "\(root)/context") { try copy("\(root)/context", to: tree.root) }
            var options = MigrationOptions()
            options.skipInvalid = true
            options.includeBaseOnly = source.contains { $0.hasPrefix("MIGRATE-OPTION --include-base-only") }
            // Without the option, what stringcat leaves alone where Xcode dropped a language.
            let plainOut = try TestTree()
            options.outputDirectory = plainOut.root
            let plain = ProjectMigrator.migrate(tree.root, options: options)
            for table in plain.tables where table.outcome == .leftAlone {
                leftAlone.insert("\(pair)/\(String(table.catalogPath.dropFirst(plainOut.root.count + 1)))")
            }
            // Xcode's migration drops those languages: the comparison is with it.
            options.deleteEmptyLanguages = true
            options.outputDirectory = out.root
            let report = ProjectMigrator.migrate(tree.root, options: options)
            XCTAssertFalse(
                report.tables.contains { $0.outcome == .failed },
                "\(pair): \(report.tables.flatMap(\.diagnostics).filter(\.isError))")
            let untouched = source.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("UNTOUCHED") }
            let keepExtra = source.contains { $0.hasPrefix("KEEP-EXTRA") }
            let ignored = Set(
                source.filter { $0.hasPrefix("IGNORE-LANGUAGE") }.flatMap {
                    $0.split(separator: ":")[0].split(separator: " ").dropFirst().map(String.init)
                })
            var moved: [String: String] = [:]
            for line in source where line.hasPrefix("MOVED ") {
                let parts = line.dropFirst(6).split(separator: ":")[0].components(separatedBy: " FROM ")
                if parts.count == 2 {
                    moved[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            let after = "\(root)/after"
            for relative in FileManager.default.subpaths(atPath: after)!.filter({ $0.hasSuffix(".xcstrings") }).sorted()
            {
                paths += 1
                var ours = out.path(moved[relative] ?? relative)
                if !FileManager.default.fileExists(atPath: ours) {
                    // A catalog the commit only modified (a build's extraction): migrate leaves it as it was.
                    ours = "\(root)/before/\(relative)"
                }
                guard FileManager.default.fileExists(atPath: ours) else {
                    XCTFail("\(pair): no catalog at \(moved[relative] ?? relative)")
                    continue
                }
                pathsFound += 1
                let xcodeData = try Data(contentsOf: URL(fileURLWithPath: "\(after)/\(relative)"))
                let ourData = try Data(contentsOf: URL(fileURLWithPath: ours))
                if untouched {
                    XCTAssertEqual(ourData, xcodeData, "\(pair)/\(relative) is not byte-identical to Xcode's")
                }
                let xcode = try JSONSerialization.jsonObject(with: xcodeData) as! [String: Any]
                let mine = try JSONSerialization.jsonObject(with: ourData) as! [String: Any]
                XCTAssertEqual(
                    xcode["sourceLanguage"] as? String, mine["sourceLanguage"] as? String, "\(pair)/\(relative)")
                let ourStrings = mine["strings"] as! [String: Any]
                for (key, value) in xcode["strings"] as! [String: Any] {
                    var want = value as! [String: Any]
                    guard let state = want["extractionState"] as? String, state == "migrated" || state == "manual"
                    else { continue }
                    want["extractionState"] = "migrated"
                    compared += 1
                    var got = ourStrings[key] as? [String: Any]
                    if !ignored.isEmpty {
                        want["localizations"] = (want["localizations"] as? [String: Any])?.filter {
                            !ignored.contains($0.key)
                        }
                        let ours = got?["localizations"] as? [String: Any]
                        got?["localizations"] = ours?.filter { !ignored.contains($0.key) }
                    }
                    if keepExtra, let wanted = want["localizations"] as? [String: Any] {
                        let ours = got?["localizations"] as? [String: Any]
                        got?["localizations"] = ours?.filter { wanted[$0.key] != nil }
                    }
                    if let got, NSDictionary(dictionary: want).isEqual(to: got) {
                        matched += 1
                    } else {
                        differing.insert("\(pair)/\(relative): \(key)")
                    }
                }
            }
        }
        print("golden: \(matched)/\(compared) entries, \(pathsFound)/\(paths) paths")
        XCTAssertEqual(pathsFound, paths)
        XCTAssertEqual(paths, 95)
        // golden_check.py says 3378: it also counts the untouched pair's byte-identical catalog.
        XCTAssertEqual(compared, 3377)
        // Every entry in the migration's shape matches, but those a human edited in the commit.
        XCTAssertEqual(differing, Set(Self.handEdited.keys))
        // Where Xcode's migration took the development language out of a target's bundle (the
        // table was what put `en` there: it holds no entry, or values equal to their keys), a
        // plain run leaves the table alone (docs/spec/app-bundle.md#no-run-changes-a-bundle).
        XCTAssertEqual(
            leftAlone,
            [
                "MarkEdit-app__MarkEdit/MarkEditMac/Resources/Localizable.xcstrings",
                "davbeck__TUSafariActivity/Sources/Assets/TUSafariActivity.xcstrings",
                "glushchenko__fsnotes/FSNotes iOS Share/Localizable.xcstrings",
                "instructure__canvas-ios/Student/Student/Localizable.xcstrings",
                "owncloud__ios-app/ownCloud File Provider/Localizable.xcstrings",
            ])
        XCTAssertEqual(matched, compared - Self.handEdited.count)
    }

    /// Copies the contents of `source` into `destination` (merging folders), writable.
    private func copy(_ source: String, to destination: String) throws {
        let fm = FileManager.default
        for relative in fm.subpaths(atPath: source) ?? [] {
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: source + "/" + relative, isDirectory: &isFolder) else { continue }
            let target = destination + "/" + relative
            if isFolder.boolValue {
                try fm.createDirectory(atPath: target, withIntermediateDirectories: true)
            } else {
                try fm.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if fm.fileExists(atPath: target) { try fm.removeItem(atPath: target) }
                try fm.copyItem(atPath: source + "/" + relative, toPath: target)
                chmod(target, 0o644)
            }
        }
    }
}
