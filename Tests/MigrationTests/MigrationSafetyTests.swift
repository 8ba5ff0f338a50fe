import Foundation
import LegacyTables
import StringcatSupport
import TestSupport
import XCTest

@testable import Migration

/// A failed run must leave the tree as it was: no catalog created, none truncated or replaced.
final class MigrationSafetyTests: XCTestCase {
    /// A large table's catalog is never in memory whole (issue 17: a 200 MB `.strings` took
    /// 2.3 GB): it reaches its staged file in parts while its entries are built and encoded, and
    /// the parts are the catalog a dry run builds whole, byte for byte.
    func testALargeCatalogStreamsToItsFileInParts() throws {
        let tree = try TestTree()
        for language in ["en", "de"] {
            var text = ""
            for index in 0..<12_000 {
                text +=
                    "/* Shown on screen \(index % 97). */\n\"screen.item_\(index)\" = \"\(language) value number "
                    + "\(index) with some words in it\";\n"
            }
            try tree.write("\(language).lproj/Localizable.strings", text)
        }
        nonisolated(unsafe) var parts = 0
        var options = MigrationOptions()
        options.fileWriter = FaultyWriter(beforeAppend: { _ in parts += 1 })
        let report = ProjectMigrator.migrate(tree.root, options: options)
        XCTAssertFalse(report.hasErrors, "\(report.tables.flatMap(\.diagnostics))")
        let written = try Data(contentsOf: URL(fileURLWithPath: tree.path("Localizable.xcstrings")))
        XCTAssertGreaterThan(written.count, 4_000_000)
        XCTAssertGreaterThanOrEqual(parts, 3, "\(written.count) bytes in \(parts) parts")
        let planned = ProjectMigrator.plannedCatalogs(ProjectTables.find(tree.root, TableSearch()))
        XCTAssertTrue(planned.isEmpty, "the catalog exists now: nothing is planned")
        try FileManager.default.moveItem(atPath: tree.path("Localizable.xcstrings"), toPath: tree.path("written.json"))
        let whole = ProjectMigrator.plannedCatalogs(ProjectTables.find(tree.root, TableSearch()))
        XCTAssertEqual(whole[tree.path("Localizable.xcstrings")], written)
    }

    /// Catalogs stream to staged files beside their destination as they are encoded; a disk
    /// that fills up while one streams out undoes the run before anything is put in place.
    func testADiskThatFillsUpWhileACatalogStreamsOutUndoesTheRun() throws {
        try assertAFullDiskUndoesTheRun(failingTable: 1) { failing in
            FaultyWriter(beforeAppend: { path in if path.hasSuffix(failing) { throw DiskFull() } })
        }
    }

    func testAWriteFailureUndoesTheCatalogsAlreadyWritten() throws {
        try assertAFullDiskUndoesTheRun(failingTable: 2) { failing in
            FaultyWriter(beforeCommit: { path in if path.hasSuffix(failing) { throw DiskFull() } })
        }
    }

    /// Issue 33, item 5: when every catalog fails to stream out (a full disk, an immutable
    /// folder), no table is reported written: each says its own error, and nothing is on disk.
    func testARunWhoseCatalogsAllFailToStreamOutReportsNoneWritten() throws {
        let tree = try TestTree()
        for name in ["A", "B", "C"] { try tree.write("\(name)/en.lproj/Localizable.strings", "\"k\" = \"\(name)\";\n") }
        var options = MigrationOptions()
        options.fileWriter = FaultyWriter(beforeAppend: { path in if !path.contains("/C/") { throw DiskFull() } })
        let report = ProjectMigrator.migrate(tree.root, options: options)
        XCTAssertTrue(report.hasErrors)
        XCTAssertEqual(report.tables.map(\.outcome), [.failed, .failed, .failed])
        for (index, name) in ["A", "B"].enumerated() {
            let path = tree.path("\(name)/Localizable.xcstrings")
            XCTAssertEqual(
                report.tables[index].diagnostics.filter(\.isError).map(\.description),
                ["\(path): error: cannot write \(path): No space left on device"])
        }
        XCTAssertTrue(
            report.tables[2].diagnostics.contains {
                $0.message.hasPrefix("not written: another file of this run could not be written")
            })
        XCTAssertFalse(
            tree.allFiles().contains { $0.hasSuffix(".xcstrings") || $0.contains("stringcat-") }, "\(tree.allFiles())")
    }

    private struct DiskFull: Error, CustomStringConvertible { var description: String { "No space left on device" } }

    /// Three tables A, B, C (C with the user's own catalog), migrated with `--force` while the
    /// disk fills up on the catalog of table `failingTable`: every table fails, the failing one
    /// says why, the others that they were undone, and no file of the tree is created, deleted
    /// or changed (staged temporary files included: `allFiles` lists hidden files too).
    private func assertAFullDiskUndoesTheRun(
        failingTable: Int, file: StaticString = #filePath, line: UInt = #line,
        faults: (_ failingCatalog: String) -> FaultyWriter
    ) throws {
        let tree = try TestTree()
        try tree.write("A/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try tree.write("B/en.lproj/Localizable.strings", "\"b\" = \"B\";\n")
        try tree.write("C/en.lproj/Localizable.strings", "\"c\" = \"C\";\n")
        try tree.write("C/Localizable.xcstrings", "the user's own catalog")
        let before = tree.allFiles().map { ($0, FileManager.default.contents(atPath: tree.path($0))) }

        let failing = ["A", "B", "C"][failingTable] + "/Localizable.xcstrings"
        var options = MigrationOptions()
        options.fileWriter = faults(failing)
        options.force = true
        let report = ProjectMigrator.migrate(tree.root, options: options)

        XCTAssertTrue(report.hasErrors, file: file, line: line)
        XCTAssertEqual(report.tables.map(\.outcome), [.failed, .failed, .failed], file: file, line: line)
        let failure = report.tables[failingTable].diagnostics.first(where: \.isError)
        XCTAssertEqual(
            failure?.description,
            "\(tree.path(failing)): error: cannot write \(tree.path(failing)): No space left on device", file: file,
            line: line)
        let other = failingTable == 0 ? 1 : 0
        XCTAssertTrue(
            report.tables[other].diagnostics.contains {
                $0.message.hasPrefix("not written: another file of this run could not be written")
            },
            file: file, line: line)
        let after = tree.allFiles().map { ($0, FileManager.default.contents(atPath: tree.path($0))) }
        XCTAssertEqual(after.map(\.0), before.map(\.0), "no file created or deleted", file: file, line: line)
        XCTAssertEqual(after.map(\.1), before.map(\.1), "no file changed", file: file, line: line)
    }

    func testAnInjectedFailureOnAReplacedCatalogRestoresItsContent() throws {
        let tree = try TestTree()
        try tree.write("A/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try tree.write("A/Localizable.xcstrings", "old A")
        try tree.write("B/en.lproj/Localizable.strings", "\"b\" = \"B\";\n")
        var options = MigrationOptions()
        options.fileWriter = FaultyWriter(beforeCommit: { path in
            if path.hasSuffix("B/Localizable.xcstrings") { throw CocoaError(.fileWriteOutOfSpace) }
        })
        options.force = true
        let report = ProjectMigrator.migrate(tree.root, options: options)
        XCTAssertTrue(report.hasErrors)
        XCTAssertEqual(try String(contentsOfFile: tree.path("A/Localizable.xcstrings"), encoding: .utf8), "old A")
        XCTAssertFalse(tree.exists("B/Localizable.xcstrings"))
    }

    /// Issue 23, item 6: with `--force`, the disk fills when the project file is written, after
    /// the catalogs were renamed over the user's own: every catalog comes back as the very file
    /// it was (same inode, same bytes), and the report calls undone only what is.
    func testADiskThatFillsAtTheProjectFilePutsBackEveryReplacedCatalogAndSaysSo() throws {
        let tree = try TestTree()
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Samples/LegacyApp", toPath: tree.path("App"))
        let catalogs = [
            "App/LegacyApp/Localizable.xcstrings", "App/LegacyApp/InfoPlist.xcstrings",
            "App/LegacyApp/mul.lproj/Main.xcstrings",
        ]
        for (index, catalog) in catalogs.enumerated() { try tree.write(catalog, "the user's catalog \(index)") }
        let inodes = try catalogs.map {
            try FileManager.default.attributesOfItem(atPath: tree.path($0))[.systemFileNumber] as? Int
        }
        let before = tree.allFiles().map { ($0, FileManager.default.contents(atPath: tree.path($0))) }
        var options = MigrationOptions()
        options.fileWriter = FaultyWriter(beforeCommit: { path in
            if path.hasSuffix("project.pbxproj") { throw CocoaError(.fileWriteOutOfSpace) }
        })
        options.force = true
        let report = ProjectMigrator.migrate(tree.path("App"), options: options)
        XCTAssertTrue(report.hasErrors)
        XCTAssertEqual(report.tables.map(\.outcome), [.failed, .failed, .failed])
        XCTAssertTrue(
            report.tables.allSatisfy {
                $0.diagnostics.contains {
                    $0.message == "not written: another file of this run could not be written, so the run was undone"
                }
            })
        XCTAssertTrue(
            report.diagnostics.contains {
                $0.message.contains("There isn’t enough space") && $0.location.path.hasSuffix("project.pbxproj")
            }, "\(report.diagnostics)")
        XCTAssertEqual(report.projectEdits.map(\.notWritten), [.undone])
        let after = tree.allFiles().map { ($0, FileManager.default.contents(atPath: tree.path($0))) }
        XCTAssertEqual(after.map(\.0), before.map(\.0), "no file created or left aside")
        XCTAssertEqual(after.map(\.1), before.map(\.1), "no file changed")
        XCTAssertEqual(
            try catalogs.map {
                try FileManager.default.attributesOfItem(atPath: tree.path($0))[.systemFileNumber] as? Int
            }, inodes,
            "each catalog is the very file it was")
    }
}
