import Foundation
import LegacyTables
import StringcatSupport
import TestSupport
import Verification
import XCTest

@testable import Migration

/// Issue 33, item 2: an I/O error is not "not there". A `stat` of `X.xcodeproj` that fails (EIO,
/// ESTALE, EACCES) made the run read the folder as a bare one and delete every legacy file the
/// project still listed; a legacy file whose `stat` failed silently left its language out. Here
/// every such failure is an error naming the file and the errno, and the run stops before it
/// writes (or, when the proof before deleting cannot read a file, undoes what it wrote).
///
/// The failures come from `MigrationOptions.fileProbe`, a probe that fails chosen calls as a failing
/// disk would; `Tests/IOFaults/inject-stat-errors.sh` does the same to the real binary with strace.
final class UnreadableFileTests: XCTestCase {
    /// Fails `stat`/`lstat` (`statuses`) or whole-file reads (`reads`) of the paths whose answer
    /// the predicate gives an errno for; asks the system otherwise. Counts the calls per path.
    final class FailingProbe: FileProbing, @unchecked Sendable {
        let failStatus: Fault
        let failRead: Fault
        private let lock = NSLock()
        private var statusCalls: [String: Int] = [:]
        private var readCalls: [String: Int] = [:]

        typealias Fault = (_ path: String, _ call: Int) -> Int32?

        init(status: @escaping Fault = { _, _ in nil }, read: @escaping Fault = { _, _ in nil }) {
            failStatus = status
            failRead = read
        }

        private static func error(_ code: Int32) -> POSIXError { POSIXError(POSIXErrorCode(rawValue: code)!) }

        private func count(_ path: String, in calls: inout [String: Int]) -> Int {
            lock.lock()
            defer { lock.unlock() }
            calls[path, default: 0] += 1
            return calls[path]!
        }

        func status(_ path: String, followingLinks: Bool) -> Result<FileProbe.Kind, POSIXError> {
            if let code = failStatus(path, count(path, in: &statusCalls)) { return .failure(Self.error(code)) }
            return SystemFileProbe().status(path, followingLinks: followingLinks)
        }

        func read(_ path: String) -> Result<[UInt8], POSIXError> {
            if let code = failRead(path, count(path, in: &readCalls)) { return .failure(Self.error(code)) }
            return SystemFileProbe().read(path)
        }

        func list(_ path: String) -> Result<[String], POSIXError> {
            if let code = failRead(path, count(path, in: &readCalls)) { return .failure(Self.error(code)) }
            return SystemFileProbe().list(path)
        }
    }

    /// The sample app, copied, with every file's bytes as they are before the run.
    private func sample() throws -> (tree: TestTree, app: String, before: [(String, Data?)]) {
        let tree = try TestTree()
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Samples/LegacyApp", toPath: tree.path("App"))
        return (tree, tree.path("App"), snapshot(tree))
    }

    private func snapshot(_ tree: TestTree) -> [(String, Data?)] {
        tree.allFiles().filter { !$0.hasSuffix(".stringcat.lock") }.map { file in
            (file, FileManager.default.contents(atPath: tree.path(file)))
        }
    }

    private func assertUnchanged(
        _ tree: TestTree, _ before: [(String, Data?)],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let after = snapshot(tree)
        XCTAssertEqual(after.map(\.0), before.map(\.0), "no file created or deleted", file: file, line: line)
        XCTAssertTrue(zip(after, before).allSatisfy { $0.1 == $1.1 }, "every file as it was", file: file, line: line)
    }

    /// `migrate --delete-legacy` on `path`, the file system's answers coming from `probe`.
    private func deleteLegacy(_ path: String, probe: any FileProbing = SystemFileProbe()) -> MigrationReport {
        var options = MigrationOptions()
        options.deleteLegacy = true
        options.fileProbe = FileProbe(probe)
        return ProjectMigrator.migrate(path, options: options)
    }

    private let eioText = "Input/output error (EIO)"

    /// True for the error that says `path` cannot be read (EIO).
    private func failed(_ diagnostic: Diagnostic, at path: String) -> Bool {
        diagnostic.isError && diagnostic.location.path == path && diagnostic.message.contains(eioText)
    }

    /// Found by `Tests/IOFaults/inject-stat-errors.sh`: the record this run wrote, read back after
    /// the deletions to take the deleted files out, failed (EIO) and was taken for an empty one,
    /// so it stayed on disk listing 23 files just deleted, exit 0. It is taken from the bytes the
    /// run wrote: the run ends as an uninjected one does (every file deleted, no record).
    func testTheRecordThisRunWroteIsNotReadBackAfterTheDeletions() throws {
        let (tree, app, _) = try sample()
        let record = app + "/LegacyApp.xcodeproj/stringcat-migration.json"
        let probe = FailingProbe(read: { path, _ in
            path == record && FileManager.default.fileExists(atPath: record) ? EIO : nil
        })
        let report = deleteLegacy(app, probe: probe)
        XCTAssertFalse(report.hasErrors, "\((report.tables + report.leftovers).flatMap(\.diagnostics))")
        try assertRecordListsNoFile(tree)
        XCTAssertEqual(report.tables.map(\.deletedFiles.count), [6, 12, 5])
    }

    /// Found by `Tests/IOFaults/inject-stat-errors.sh` (1 of 704 runs): after the deletions the
    /// project file was read again to take the deleted files out of synchronized folders; a
    /// failing read there stopped a run whose deletions were done (exit 1, neither the tree of an
    /// uninjected run nor the tree as it was). The edit starts from the bytes this run wrote.
    func testTheProjectFileIsNotReadAgainAfterTheDeletions() throws {
        /// Deletes for real; the first deletion takes the project file away until the test puts
        /// it back, as a disk that fails every read of it from then on.
        struct HidingRemover: FileRemoving {
            let project: String
            func removeFile(_ path: String) throws(RemovalError) {
                if FileManager.default.fileExists(atPath: project) {
                    try? FileManager.default.moveItem(atPath: project, toPath: project + ".hidden")
                }
                try SystemFileRemover().removeFile(path)
            }
            func removeEmptyFolder(_ path: String) throws(RemovalError) {
                try SystemFileRemover().removeEmptyFolder(path)
            }
        }
        let (tree, app, _) = try sample()
        let pbxproj = app + "/LegacyApp.xcodeproj/project.pbxproj"
        var options = MigrationOptions()
        options.deleteLegacy = true
        options.fileRemover = HidingRemover(project: pbxproj)
        let report = ProjectMigrator.migrate(app, options: options)
        try FileManager.default.moveItem(atPath: pbxproj + ".hidden", toPath: pbxproj)
        XCTAssertFalse(report.hasErrors, "\(report.diagnostics)")
        XCTAssertEqual(report.tables.map(\.deletedFiles.count), [6, 12, 5])
        try assertRecordListsNoFile(tree)
    }

    /// Once every legacy file is gone the record lists none; it keeps the bundle before the
    /// migration, which verify compares the app with (docs/spec/app-bundle.md).
    private func assertRecordListsNoFile(_ tree: TestTree, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = tree.path("App/LegacyApp.xcodeproj/stringcat-migration.json")
        let record = try XCTUnwrap(
            MigrationRecord.parse(try Data(contentsOf: URL(fileURLWithPath: path)), path: path).record,
            file: file, line: line)
        XCTAssertEqual(record.tables, [:], file: file, line: line)
        XCTAssertEqual(record.bundles.values.map(\.title), ["LegacyApp (iOS app)"], file: file, line: line)
    }

    func testAProjectWhoseStatFailsIsAnErrorNotABareFolderAndNothingIsDeleted() throws {
        for code in [EIO, ESTALE, EACCES] {
            let (tree, app, before) = try sample()
            let probe = FailingProbe(status: { path, _ in path.hasSuffix("/LegacyApp.xcodeproj") ? code : nil })
            let report = deleteLegacy(app, probe: probe)
            XCTAssertTrue(report.hasErrors)
            XCTAssertTrue(report.tables.isEmpty)
            let errors = report.diagnostics.filter(\.isError)
            XCTAssertEqual(errors.map(\.location.path), [app + "/LegacyApp.xcodeproj"], "\(errors)")
            let reason = String(cString: strerror(code))
            XCTAssertTrue(errors[0].message.hasPrefix("cannot read it: \(reason) ("), errors[0].message)
            XCTAssertTrue(errors[0].message.contains("nothing was written or deleted"))
            assertUnchanged(tree, before)
        }
    }

    func testAProjectFileWhoseStatFailsStopsTheRun() throws {
        let (tree, app, before) = try sample()
        let probe = FailingProbe(status: { path, _ in path.hasSuffix("/project.pbxproj") ? EIO : nil })
        let report = deleteLegacy(app, probe: probe)
        let project = app + "/LegacyApp.xcodeproj/project.pbxproj"
        XCTAssertEqual(report.diagnostics.filter(\.isError).map(\.location.path), [project])
        XCTAssertTrue(report.diagnostics.contains { $0.message.contains(eioText) })
        assertUnchanged(tree, before)
    }

    /// A project file that cannot be read is not one that does not parse: the errno is said.
    func testAProjectFileThatCannotBeReadIsSaidWithItsErrno() throws {
        let (tree, app, before) = try sample()
        let project = app + "/LegacyApp.xcodeproj/project.pbxproj"
        let probe = FailingProbe(read: { path, _ in path == project ? EIO : nil })
        let report = deleteLegacy(app, probe: probe)
        XCTAssertEqual(report.diagnostics.filter(\.isError).map(\.location.path), [project])
        XCTAssertTrue(
            report.diagnostics.first(where: \.isError)?.message.hasPrefix("cannot read it: \(eioText)") ?? false)
        assertUnchanged(tree, before)
    }

    /// The project lists `ru.lproj/Localizable.strings`; a failed `stat` of it was "not on disk":
    /// Russian silently left the catalog, and a re-run did not bring it back.
    func testALegacyFileWhoseStatFailsStopsTheRunInsteadOfLeavingItsLanguageOut() throws {
        let (tree, app, before) = try sample()
        let russian = app + "/LegacyApp/ru.lproj/Localizable.strings"
        let probe = FailingProbe(status: { path, _ in path == russian ? EIO : nil })
        let report = deleteLegacy(app, probe: probe)
        XCTAssertTrue(report.tables.isEmpty)
        XCTAssertEqual(report.diagnostics.filter(\.isError).map(\.location.path), [russian])
        XCTAssertTrue(report.diagnostics.contains { $0.message.contains(eioText) })
        assertUnchanged(tree, before)
    }

    func testALanguageFolderThatCannotBeLookedAtStopsTheRun() throws {
        let (tree, app, before) = try sample()
        let folder = app + "/LegacyApp/ja.lproj"
        let probe = FailingProbe(status: { path, _ in path == folder ? ESTALE : nil })
        let report = deleteLegacy(app, probe: probe)
        XCTAssertEqual(report.diagnostics.filter(\.isError).map(\.location.path), [folder])
        XCTAssertTrue(report.diagnostics.contains { $0.message.contains("(ESTALE)") })
        assertUnchanged(tree, before)
    }

    /// The files were found, then one could not be read: no catalog is built from the others.
    func testALegacyFileThatCannotBeReadStopsTheRunBeforeAnythingIsWritten() throws {
        let (tree, app, before) = try sample()
        let german = app + "/LegacyApp/de.lproj/Localizable.stringsdict"
        let probe = FailingProbe(read: { path, _ in path == german ? EIO : nil })
        let report = deleteLegacy(app, probe: probe)
        XCTAssertTrue(report.hasErrors)
        XCTAssertEqual(report.diagnostics.filter(\.isError).map(\.location.path), [german])
        XCTAssertTrue(
            report.diagnostics.first(where: \.isError)?.message.hasPrefix("cannot read it: \(eioText)") ?? false)
        XCTAssertTrue(report.projectEdits.isEmpty)
        assertUnchanged(tree, before)
    }

    /// Whether a catalog is already there decides between writing it, merging, or refusing: a
    /// `stat` of it that fails stops the run, and no catalog of the run is written.
    func testACatalogDestinationThatCannotBeLookedAtStopsTheRun() throws {
        let (tree, app, before) = try sample()
        let catalog = app + "/LegacyApp/Localizable.xcstrings"
        let probe = FailingProbe(status: { path, _ in path == catalog ? EIO : nil })
        let report = deleteLegacy(app, probe: probe)
        XCTAssertTrue(report.hasErrors)
        let table = try XCTUnwrap(report.tables.first { $0.catalogPath == catalog })
        XCTAssertTrue(table.diagnostics.contains { failed($0, at: catalog) }, "\(table.diagnostics)")
        XCTAssertTrue(report.tables.allSatisfy { $0.outcome == .failed }, "\(report.tables.map(\.outcome))")
        assertUnchanged(tree, before)
    }

    /// Read well when the catalogs were built, then not when the proof before deleting reads it
    /// again: what the run wrote (catalogs, project, record) is undone, nothing is deleted.
    func testAFileTheProofCannotReadUndoesTheRunAndDeletesNothing() throws {
        let (tree, app, before) = try sample()
        let japanese = app + "/LegacyApp/ja.lproj/Main.strings"
        let probe = FailingProbe(read: { path, call in path == japanese && call == 2 ? EIO : nil })
        let report = deleteLegacy(app, probe: probe)
        XCTAssertTrue(report.hasErrors)
        XCTAssertTrue(report.diagnostics.contains { failed($0, at: japanese) }, "\(report.diagnostics)")
        XCTAssertEqual(report.tables.map(\.outcome), [.failed, .failed, .failed])
        XCTAssertTrue(report.tables.allSatisfy(\.deletedFiles.isEmpty))
        XCTAssertTrue(report.projectEdits.allSatisfy { !$0.written })
        assertUnchanged(tree, before)
    }

    /// A comment-only French table is the only thing that puts French in the folder: the run
    /// leaves the table alone (its bundle would lose French) and deletes nothing; the model reads
    /// the folders the scan listed, so no listing after the proofs can fail.
    func testATableWhoseFileAloneDeclaresALanguageIsLeftAloneAndNothingIsDeleted() throws {
        let tree = try TestTree()
        try tree.write("Res/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try tree.write("Res/fr.lproj/Localizable.strings", "/* nothing translated yet */\n")
        let before = snapshot(tree)
        let report = deleteLegacy(tree.path("Res"))
        XCTAssertFalse(report.hasErrors, "\(report.diagnostics)")
        XCTAssertEqual(report.tables.map(\.outcome), [.leftAlone])
        XCTAssertTrue(report.tables.allSatisfy(\.deletedFiles.isEmpty))
        assertUnchanged(tree, before)
    }

    /// Not there is still not there: a file the project lists that is gone is a warning, and the
    /// rest is migrated (the probe does not turn absence into an error).
    func testAFileThatIsNotThereIsStillAWarningNotAnError() throws {
        let (tree, app, _) = try sample()
        defer { withExtendedLifetime(tree) {} }
        try FileManager.default.removeItem(atPath: app + "/LegacyApp/ru.lproj/Main.strings")
        let report = deleteLegacy(app)
        XCTAssertFalse(report.hasErrors, "\(report.diagnostics.filter(\.isError))")
        XCTAssertTrue(report.diagnostics.contains { $0.severity == .warning && $0.message.contains("not on disk") })
    }

    func testFileProbeTellsAbsenceFromFailure() throws {
        let tree = try TestTree()
        let file = try tree.write("a.txt", "a")
        let system = FileProbe()
        XCTAssertEqual(try system.kind(file), .file)
        XCTAssertNil(try system.kind(tree.path("missing")))
        XCTAssertNil(try system.kind(file + "/below"), "ENOTDIR: a part of the path is a file")
        XCTAssertNil(try system.bytes(tree.path("missing")))
        XCTAssertEqual(try system.bytes(file), Array("a".utf8))
        let failing = FileProbe(FailingProbe(status: { _, _ in EIO }, read: { _, _ in ESTALE }))
        XCTAssertThrowsError(try failing.kind(file)) { error in
            XCTAssertEqual(error as? FileProbe.Failure, FileProbe.Failure(path: file, code: EIO))
            XCTAssertEqual((error as? FileProbe.Failure)?.description, "cannot read \(file): Input/output error (EIO)")
        }
        XCTAssertThrowsError(try failing.bytes(file)) { error in
            XCTAssertEqual((error as? FileProbe.Failure)?.reason, "Stale file handle (ESTALE)")
        }
    }
}
