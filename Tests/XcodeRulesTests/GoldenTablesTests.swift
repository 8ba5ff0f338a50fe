import Foundation
import TestSupport
import XCTest

@testable import XcodeProject
@testable import XcodeRules

/// A golden pair from `../shared/goldens`: the project Xcode saw (`context/`), the files its
/// migration deleted (`before/`) and the catalogs it wrote (`after/`).
struct GoldenPair {
    let name: String
    let root: String

    var context: String { root + "/context" }

    /// Paths (relative to the repository) of the legacy files the migration deleted.
    var beforeFiles: Set<String> {
        relativeFiles(root + "/before").filter { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }
    }

    /// Catalogs Xcode wrote, at the path Xcode wrote them: a `MOVED X FROM Y` line in
    /// `SOURCE.txt` (a human moved the catalog afterwards) puts `Y` in place of `X`.
    /// A catalog the commit only modified (it is in `before/` too: a build's extraction, canvas-ios
    /// CanvasCore, Rectangle's launcher) is not one the migration wrote.
    var catalogs: Set<String> {
        let modified = relativeFiles(root + "/before")
        var result = relativeFiles(root + "/after").filter { $0.hasSuffix(".xcstrings") && !modified.contains($0) }
        let source = (try? String(contentsOfFile: root + "/SOURCE.txt", encoding: .utf8)) ?? ""
        for line in source.split(separator: "\n") where line.hasPrefix("MOVED ") {
            let words = line.split(separator: " ")
            guard words.count >= 4, words[2] == "FROM" else { continue }
            if result.remove(String(words[1])) != nil {
                result.insert(String(words[3]).trimmingCharacters(in: CharacterSet(charactersIn: ":")))
            }
        }
        return result
    }

    /// Project files (relative) in `context/`.
    var projects: [String] { projectFiles(under: context).map { String($0.dropFirst(context.count + 1)) } }

    static func all() throws -> [GoldenPair] {
        let folder = try sharedFolder("goldens")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        return names.filter { FileManager.default.fileExists(atPath: folder + "/" + $0 + "/context") }
            .map { GoldenPair(name: $0, root: folder + "/" + $0) }
    }

    private func relativeFiles(_ folder: String) -> Set<String> {
        Set(
            relativePaths(under: folder).filter { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
                    && !isFolder.boolValue
            })
    }

    /// The lines of `SOURCE.txt` that start with `kind` (`MIGRATE-OPTION`, `KEEP-EXTRA`…).
    func sourceLines(_ kind: String) -> [String] {
        let source = (try? String(contentsOfFile: root + "/SOURCE.txt", encoding: .utf8)) ?? ""
        return source.split(separator: "\n").map(String.init).filter { $0.hasPrefix(kind) }
    }

    /// `MIGRATE-OPTION --include-base-only`: the user picked the Base-only Interface Builder
    /// groups in Xcode's dialog (docs/spec/project-edit.md#a-storyboard-or-xib-with-no-strings).
    var includesBaseOnly: Bool { sourceLines("MIGRATE-OPTION --include-base-only").count > 0 }

    /// `MIGRATE-OPTION --xcode-version 15`: migrated before Xcode 16 (SWIFT_EMIT_LOC_STRINGS on
    /// the targets); any other pair as Xcode 16 and later (in the project's configurations).
    var emitLocStrings: MigrationEdit.EmitLocStringsPlacement {
        sourceLines("MIGRATE-OPTION --xcode-version 15").isEmpty ? .projectConfigurations : .eachReceivingTarget
    }

    /// The tables of one context project, with paths relative to the repository.
    func tables(_ project: String) throws -> (graph: ProjectGraph, localization: ProjectLocalization) {
        let path = context + "/" + project
        let graph = try ProjectGraph(path: path)
        return (
            graph,
            LocalizedTables.find(
                in: graph, projectFolder: PathResolver.projectFolder(ofProjectFile: path),
                includeBaseOnly: includesBaseOnly)
        )
    }

    func relative(_ absolute: String) -> String { String(absolute.dropFirst(context.count + 1)) }

    /// The tables Xcode migrated: those whose files it deleted, and Base-only Interface Builder
    /// groups whose catalog it wrote.
    func migratedTables(_ localization: ProjectLocalization) -> [LocalizedTable] {
        let before = beforeFiles, written = catalogs
        return localization.tables.filter { table in
            table.files.contains { before.contains(relative($0.path)) }
                || (table.files.isEmpty && written.contains(relative(table.catalogPath)))
        }
    }
}

final class GoldenTablesTests: XCTestCase {
    /// For every golden, the tables whose files Xcode deleted are exactly the catalogs Xcode
    /// wrote (at the path Xcode wrote them), and they read exactly the deleted files.
    func testTablesOfEachGoldenProjectAreTheCatalogsXcodeWrote() throws {
        let pairs = try GoldenPair.all()
        XCTAssertEqual(
            pairs.map(\.name),
            [
                "DamascenoRafael__reminders-menubar", "Dimillian__IceCubesApp", "HearthSim__HSTracker",
                "MaddTheSane__OSXvnc", "MaddTheSane__zoom", "MarkEdit-app__MarkEdit", "ViennaRSS__vienna-rss",
                "XcodesOrg__XcodesApp", "bryceco__GoMap", "davbeck__TUSafariActivity", "glushchenko__fsnotes",
                "instructure__canvas-ios", "owncloud__ios-app", "rime__squirrel", "rxhanson__Rectangle",
                "tisfeng__Easydict",
            ])
        var tableCount = 0, fileCount = 0
        var notMigrated: [String] = []
        for pair in pairs {
            var found: Set<String> = []
            var read: [String] = []
            for project in pair.projects {
                let (_, localization) = try pair.tables(project)
                let migrated = Set(pair.migratedTables(localization).map(\.catalogPath))
                notMigrated += localization.tables.filter { !migrated.contains($0.catalogPath) }.map {
                    pair.name + ":" + pair.relative($0.catalogPath)
                }
                for table in pair.migratedTables(localization) {
                    XCTAssertTrue(
                        found.insert(pair.relative(table.catalogPath)).inserted,
                        "\(pair.name): two tables for \(table.catalogPath)")
                    read += table.files.map { pair.relative($0.path) }
                }
            }
            XCTAssertEqual(found, pair.catalogs, pair.name)
            XCTAssertEqual(read.count, Set(read).count, "\(pair.name): a file read twice")
            XCTAssertEqual(Set(read), pair.beforeFiles, "\(pair.name): files read vs files Xcode deleted")
            tableCount += found.count
            fileCount += read.count
        }
        XCTAssertEqual(tableCount, 93)
        // Tables the finder lists that the humans did not select
        // (docs/spec/project-edit.md#only-the-selected-tables-are-migrated: Xcode migrates what the user selects;
        // IceCubesApp keeps InfoPlist.strings, Easydict its helper's Main.strings, MarkEdit its AppShortcuts table;
        // canvas-ios migrated its Student project only, OSXvnc its main project only). TUSafariActivity's root project
        // lists the package's table, which Xcode migrated through the package without touching the project.
        XCTAssertEqual(
            notMigrated.sorted(),
            [
                "Dimillian__IceCubesApp:IceCubesActionExtension/InfoPlist.xcstrings",
                "MaddTheSane__OSXvnc:Bundles/Echoware/InfoPlist.xcstrings",
                "MarkEdit-app__MarkEdit:MarkEditMac/AppShortcuts.xcstrings",
                "ViennaRSS__vienna-rss:Vienna/Resources/Predicates.xcstrings",
                "davbeck__TUSafariActivity:Example/TUSafariActivity/InfoPlist.xcstrings",
                "davbeck__TUSafariActivity:Example/TUSafariActivity/mul.lproj/Main.xcstrings",
                "davbeck__TUSafariActivity:Example/Tests/InfoPlist.xcstrings",
                "instructure__canvas-ios:Parent/Parent/InfoPlist.xcstrings",
                "instructure__canvas-ios:Parent/Parent/Localizable.xcstrings",
                "instructure__canvas-ios:Parent/Parent/mul.lproj/LaunchScreen.xcstrings",
                "instructure__canvas-ios:rn/Teacher/ios/Teacher/InfoPlist.xcstrings",
                "instructure__canvas-ios:rn/Teacher/ios/Teacher/Localizable.xcstrings",
                "instructure__canvas-ios:rn/Teacher/ios/Teacher/mul.lproj/LaunchScreen.xcstrings",
                "instructure__canvas-ios:rn/Teacher/ios/TeacherFiles/InfoPlist.xcstrings",
                "instructure__canvas-ios:rn/Teacher/ios/TeacherFiles/Localizable.xcstrings",
                "owncloud__ios-app:ownCloudAppFramework/Resources/Localizable.xcstrings",
                "tisfeng__Easydict:EasydictHelper/Main.xcstrings",
            ])
        XCTAssertEqual(fileCount, 1378)
        print("golden tables: \(tableCount) catalogs, \(fileCount) legacy files, as Xcode migrated them")
    }
}
