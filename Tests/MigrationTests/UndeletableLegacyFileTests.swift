import Foundation
import LegacyTables
import StringcatSupport
import TestSupport
import Verification
import XCTest

@testable import Migration

/// Issue 33, item 4: a legacy file `--delete-legacy` cannot delete (immutable, EPERM; a failing
/// disk, EIO) stays beside a catalog whose other files are gone. The catalog still holds it:
/// later runs and `verify` must not call it a loss, and the failure names its errno.
final class UndeletableLegacyFileTests: XCTestCase {
    /// Fails with `code` on the paths ending with one of `suffixes`; removes the rest for real.
    struct FailingRemover: FileRemoving {
        var suffixes: [String]
        var code: Int32
        func removeFile(_ path: String) throws(RemovalError) {
            if suffixes.contains(where: path.hasSuffix) { throw RemovalError(code: code) }
            try SystemFileRemover().removeFile(path)
        }
        func removeEmptyFolder(_ path: String) throws(RemovalError) {
            if suffixes.contains(where: path.hasSuffix) { throw RemovalError(code: code) }
            try SystemFileRemover().removeEmptyFolder(path)
        }
    }

    private func deleteLegacy(_ root: String, failing: [String], code: Int32 = EPERM) -> MigrationReport {
        var options = MigrationOptions()
        options.deleteLegacy = true
        options.fileRemover = FailingRemover(suffixes: failing, code: code)
        return ProjectMigrator.migrate(root, options: options)
    }

    private func verify(_ root: String) -> VerificationReport {
        ProjectVerifier.verify(ProjectTables.find(root, tables: [], sourceLanguage: nil, requireTables: false))
    }

    /// A key whose comment differs between the source language and German: once the English file
    /// is gone, the German one alone would ask for its own comment.
    private func commentedKey(in tree: TestTree, _ folder: String) throws {
        for (language, comment) in [("en", "Shown on the title bar"), ("de", "Titelleiste")] {
            let path = tree.path("\(folder)/\(language).lproj/Localizable.strings")
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            try tree.write(
                "\(folder)/\(language).lproj/Localizable.strings",
                text + "\n/* \(comment) */\n\"title.bar\" = \"\(language == "en" ? "Title" : "Titel")\";\n")
        }
    }

    func testAnUndeletableFileOfAProjectIsNoLossForLaterRunsNorVerify() throws {
        let tree = try TestTree()
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Samples/LegacyApp", toPath: tree.path("App"))
        try commentedKey(in: tree, "App/LegacyApp")
        let stuck = "LegacyApp/de.lproj/Localizable.strings"
        let first = deleteLegacy(tree.path("App"), failing: [stuck])
        let table = try XCTUnwrap(first.tables.first { $0.table.name == "Localizable" })
        XCTAssertEqual(
            table.diagnostics.filter(\.isError).map(\.description),
            [
                tree.path("App/" + stuck)
                    + ": error: cannot delete: Operation not permitted (EPERM): the file or its folder is immutable or "
                    + "append-only (chattr, chflags), or the folder is sticky and the file is another user's; the "
                    + "file stays, and the catalog holds it (verify still proves it)"
            ])
        XCTAssertEqual(table.keptFiles.map(\.reason), ["it could not be deleted (EPERM)"])
        XCTAssertTrue(tree.exists("App/" + stuck))
        XCTAssertFalse(tree.exists("App/LegacyApp/en.lproj/Localizable.strings"))

        let proof = verify(tree.path("App"))
        XCTAssertEqual(proof.tables.flatMap(\.losses).map(\.diagnostic.description), [])
        XCTAssertTrue(proof.tables.allSatisfy(\.isProven))

        // The next run: the same file still cannot go, which is said again, and nothing else.
        let second = deleteLegacy(tree.path("App"), failing: [stuck])
        let errors = (second.tables + second.leftovers).flatMap(\.diagnostics).filter(\.isError).map(\.message)
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors[0].hasPrefix("cannot delete: Operation not permitted (EPERM)"), errors[0])
        // Once it can be deleted, it goes, and the record lists no file (it keeps the bundle before).
        let third = deleteLegacy(tree.path("App"), failing: [])
        XCTAssertFalse(third.hasErrors, "\((third.tables + third.leftovers).flatMap(\.diagnostics))")
        XCTAssertFalse(tree.exists("App/" + stuck))
        let path = tree.path("App/LegacyApp.xcodeproj/stringcat-migration.json")
        let record = MigrationRecord.parse(try Data(contentsOf: URL(fileURLWithPath: path)), path: path).record
        XCTAssertEqual(record?.tables, [:])
        XCTAssertEqual(record?.bundles.count, 1)
    }

    func testAnUndeletableFileOfABareFolderIsNoLossForVerify() throws {
        let tree = try TestTree()
        try commentedKey(in: tree, "T")
        let report = deleteLegacy(tree.root, failing: ["T/de.lproj/Localizable.strings"], code: EIO)
        XCTAssertTrue(
            report.tables[0].diagnostics.contains {
                $0.message.hasPrefix("cannot delete: Input/output error (EIO): the disk failed to do it")
            })
        let proof = verify(tree.root)
        XCTAssertEqual(proof.tables.flatMap(\.losses).map(\.diagnostic.description), [])
        // The run's record (beside the bare folder's catalogs) lists the English file it deleted:
        // verify names it as gone, and says which comments it therefore cannot check.
        XCTAssertEqual(
            proof.tables[0].notes.map(\.message).filter { $0.hasPrefix("1 legacy file") },
            [
                "1 legacy file that stringcat's record lists for this table is gone (--delete-legacy deletes a table's "
                    + "files only once they are proven held); without it, the files left cannot say which comment a "
                    + "key "
                    + "missing from the source language had: such comments are not checked"
            ])
    }

    /// Issue 33, item 8: with `--force`, the user's catalog is kept aside while the new one is put
    /// in place; when that copy cannot be removed afterwards (EIO), it is named, exit 1, not left
    /// as a hidden `.old` file with exit 0.
    func testAPreviousVersionThatCannotBeRemovedIsNamed() throws {
        let tree = try TestTree()
        try tree.write("T/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try tree.write("T/Localizable.xcstrings", "the user's own catalog")
        var options = MigrationOptions()
        options.force = true
        options.fileRemover = FailingRemover(suffixes: [".old"], code: EIO)
        let report = ProjectMigrator.migrate(tree.root, options: options)
        XCTAssertTrue(report.hasErrors)
        XCTAssertEqual(report.tables.map(\.outcome), [.written])
        let aside = try XCTUnwrap(tree.allFiles().first { $0.hasSuffix(".old") })
        XCTAssertEqual(
            report.diagnostics.map(\.description),
            [
                tree.path("T/Localizable.xcstrings")
                    + ": error: written, but its previous version, kept aside while the new one was put in place, "
                    + "could not be removed (Input/output error (EIO): the disk failed to do it; check it before "
                    + "going on): delete \(tree.path(aside))"
            ])
        XCTAssertEqual(try String(contentsOfFile: tree.path(aside), encoding: .utf8), "the user's own catalog")
    }

    func testAnEmptiedFolderThatCannotBeRemovedIsSaid() throws {
        let tree = try TestTree()
        try commentedKey(in: tree, "T")
        let report = deleteLegacy(tree.root, failing: ["T/de.lproj"], code: EROFS)
        XCTAssertTrue(tree.exists("T/de.lproj"))
        XCTAssertEqual(report.tables[0].removedFolders, [tree.path("T/en.lproj")])
        XCTAssertEqual(
            report.tables[0].diagnostics.filter(\.isError).map(\.description),
            [
                tree.path("T/de.lproj")
                    + ": error: cannot remove the emptied folder: Read-only file system (EROFS): the disk is mounted "
                    + "read-only; it is empty and stays"
            ])
    }
}
