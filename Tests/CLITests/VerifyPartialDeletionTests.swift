import Foundation
import XCTest

/// `verify`'s line for a table counts what it compared, the legacy files left; when the catalog
/// builds more than that (its legacy files partly deleted), the line says both (issue 42).
final class VerifyPartialDeletionTests: WorkFolderTestCase {
    func testATableWithFewerLegacyFilesThanItsCatalogSaysWhatWasComparedAndWhatTheCatalogBuilds() throws {
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"),
            to: work.appendingPathComponent("App"))
        XCTAssertEqual(try Stringcat.run(["migrate", "App", "--quiet"], in: work).status, 0)
        // Every legacy file of Localizable gone but an empty German one.
        let folder = work.appendingPathComponent("App/LegacyApp")
        for lproj in try FileManager.default.contentsOfDirectory(atPath: folder.path) where lproj.hasSuffix(".lproj") {
            for name in ["Localizable.strings", "Localizable.stringsdict"] {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent("\(lproj)/\(name)"))
            }
        }
        try Data().write(to: folder.appendingPathComponent("de.lproj/Localizable.strings"))
        let run = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "App/LegacyApp/Localizable.xcstrings: catalog on disk: 0 languages, 0 keys, compared with the legacy "
                    + "files left (the catalog builds 9 keys in 6 languages), no loss\n"), run.stdout)
        // A table whose legacy files are all there says only what was compared.
        XCTAssertTrue(
            run.stdout.contains("App/LegacyApp/InfoPlist.xcstrings: catalog on disk: 6 languages, 3 keys, no loss\n"),
            run.stdout)
    }
}
