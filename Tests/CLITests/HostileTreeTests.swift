import Foundation
import Migration
import XCTest

/// Trees and machines that do not play fair: two runs at once, symbolic links out of the tree,
/// names that are not UTF-8, permissions, leftovers of a killed run.
final class HostileTreeTests: WorkFolderTestCase {
    private func copySample() throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"),
            to: work.appendingPathComponent("App"))
    }

    /// Item 2: run A holds the tree (paused at a controlled point, after taking the lock); run B,
    /// which would prove and delete legacy files, exits 1 and changes nothing; A then finishes.
    func testASecondRunOnTheSameTreeExitsWithAClearMessageAndChangesNothing() throws {
        try copySample()
        var options = MigrationOptions()
        options.noProject = true
        let a = PausedMigration(work.appendingPathComponent("App").path, options: options, pausingAt: .lockHeld)
        let before = snapshot().filter { !$0.key.hasSuffix("stringcat.lock") }

        let b = try Stringcat.run(["migrate", "App", "--table", "Localizable", "--force", "--delete-legacy"], in: work)
        XCTAssertEqual(b.status, 1, b.stdout + b.stderr)
        XCTAssertTrue(b.stderr.contains("error: another stringcat run (pid \(a.processIdentifier), started "), b.stderr)
        XCTAssertTrue(
            b.stderr.contains("is changing this tree; nothing was done. Run again when it has finished"), b.stderr)
        XCTAssertEqual(snapshot().filter { !$0.key.hasSuffix("stringcat.lock") }, before)

        let result = a.finish()
        XCTAssertFalse(result.hasErrors, result.allDiagnostics)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: work.appendingPathComponent(".stringcat.lock").path),
            "the lock file is removed when the run ends")
        // Now B may run.
        let again = try Stringcat.run(["migrate", "App", "--table", "Localizable", "--delete-legacy"], in: work)
        XCTAssertEqual(again.status, 0, again.stderr)
    }

    /// Item 3: a `.lproj` reached through a symbolic link that leaves the tree is read, never deleted.
    func testNothingIsDeletedThroughALinkThatLeavesTheTree() throws {
        try write("app/X/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("outside/fr.lproj/Localizable.strings", "\"a\" = \"Le A\";\n")
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("app/X/fr.lproj").path, withDestinationPath: "../../outside/fr.lproj")
        let run = try Stringcat.run(["migrate", "app", "--delete-legacy"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: work.appendingPathComponent("outside/fr.lproj/Localizable.strings").path))
        XCTAssertTrue(run.stdout.contains("  kept app/X/fr.lproj/Localizable.strings: it lies outside "), run.stdout)
        XCTAssertTrue(
            try String(contentsOf: work.appendingPathComponent("app/X/Localizable.xcstrings"), encoding: .utf8)
                .contains("Le A"))
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: work.appendingPathComponent("app/X/en.lproj/Localizable.strings").path))
    }

    /// Item 3: no catalog is written into a folder that a link takes out of the tree.
    func testNoCatalogIsWrittenThroughALinkThatLeavesTheTree() throws {
        try write("outside/placeholder", "")
        try write("app/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("app/Localizable.xcstrings").path,
            withDestinationPath: "../outside/Localizable.xcstrings")
        let before = snapshot()
        let run = try Stringcat.run(["migrate", "app"], in: work)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.contains(
                "app/Localizable.xcstrings: error: a symbolic link stands here (to ../outside/Localizable.xcstrings); "
                    + "the file it leads to is not replaced (--force writes the catalog into it, and the link stays)"
            ), run.stderr)
        XCTAssertEqual(snapshot(), before)

        // A table folder that is a link out of the tree: its files are read, no catalog goes there.
        try write("elsewhere/X/en.lproj/Localizable.strings", "\"b\" = \"B\";\n")
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("app2").path, withDestinationPath: "elsewhere")
        try write("tree/en.lproj/Localizable.strings", "\"c\" = \"C\";\n")
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("tree/X").path, withDestinationPath: "../elsewhere/X")
        let linked = try Stringcat.run(["migrate", "tree"], in: work)
        XCTAssertEqual(linked.status, 1)
        XCTAssertTrue(
            linked.stderr.contains("tree/X/Localizable.xcstrings: error: the catalog would be written outside "),
            linked.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: work.appendingPathComponent("elsewhere/X/Localizable.xcstrings").path))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("tree/Localizable.xcstrings").path))
    }

    /// Item 4: names that are not UTF-8, and a control character in a folder name, are reported
    /// with their escaped names; no language code is made from them, nor from a folder name that
    /// is not a language code (`xÿ.lproj`: an error that names it, the other files still read).
    func testNamesThatAreNotUTF8OrHoldControlCharactersAreReported() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let app = work.appendingPathComponent("App").path
        // `xÿ.lproj` (valid UTF-8), and names with a raw 0xFF byte (not UTF-8), made with POSIX calls.
        XCTAssertEqual(mkdir(app + "/x\u{00FF}.lproj", 0o755), 0)
        try write("App/x\u{00FF}.lproj/Localizable.strings", "\"a\" = \"Y\";\n")
        var bad: [CChar] =
            Array((app + "/x").utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)] + Array(".lproj".utf8CString)
        XCTAssertEqual(mkdir(&bad, 0o755), 0)
        var badFile: [CChar] =
            Array((app + "/en.lproj/Bad").utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)]
            + Array(".strings".utf8CString)
        let fd = open(&badFile, O_CREAT | O_WRONLY, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        try write("App/nl\n.lproj/Localizable.strings", "\"a\" = \"N\";\n")
        let run = try Stringcat.run(["migrate", "App", "--dry-run", "--verbose"], in: work)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "App/x\u{00FF}.lproj: error: the folder name \"x\u{00FF}.lproj\" is not a language code (such as en, "
                    + "pt-BR or zh-Hans), so its files are in no table: rename it"
            ), run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "App: warning: the name x\\xFF.lproj is not valid UTF-8 (each \\xNN is a byte); not read: rename it"),
            run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "App/en.lproj: warning: the name Bad\\xFF.strings is not valid UTF-8 (each \\xNN is a byte); not read: "
                    + "rename it"
            ), run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "App: warning: the folder name \"nl\\n.lproj\" holds a control character, so it names no language; not "
                    + "read: rename it"
            ), run.stderr)
        XCTAssertTrue(run.stdout.contains("would write, 1 language (en)"), run.stdout)
    }

    /// Item 5: a replaced catalog keeps its permissions.
    func testAReplacedCatalogKeepsItsMode() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/Localizable.xcstrings", "{}")
        let catalog = work.appendingPathComponent("App/Localizable.xcstrings").path
        chmod(catalog, 0o640)
        let run = try Stringcat.run(["migrate", "App", "--force"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        let mode = (try FileManager.default.attributesOfItem(atPath: catalog)[.posixPermissions] as? NSNumber)?.intValue
        XCTAssertEqual(mode, 0o640)
    }

    /// Item 6: a run killed between writing and renaming leaves a hidden temporary file; the
    /// next run removes it (its process is gone) and succeeds.
    func testTheTemporaryFileOfAKilledRunIsCleanedAndTheRerunSucceeds() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/.Localizable.xcstrings.stringcat-2147483646-12345.tmp", "half a catalog")
        let run = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: work.appendingPathComponent("App/.Localizable.xcstrings.stringcat-2147483646-12345.tmp").path))
        let again = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(again.status, 0, again.stderr)
    }
}
