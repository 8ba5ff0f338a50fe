import Foundation
import TestSupport
import XCTest

/// Issue 33, item 8: a link that leads back to itself is not called "broken", and a broken link
/// says where it points; both in the scan of a tree and when the file is named.
final class UnreachableFileTests: WorkFolderTestCase {
    func testASymbolicLinkLoopAndABrokenLinkAreToldApart() throws {
        try write("T/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let lproj = work.appendingPathComponent("T/de.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: lproj.appendingPathComponent("Localizable.strings").path, withDestinationPath: "Other.strings")
        try FileManager.default.createSymbolicLink(
            atPath: lproj.appendingPathComponent("Other.strings").path, withDestinationPath: "Localizable.strings")
        try FileManager.default.createSymbolicLink(
            atPath: lproj.appendingPathComponent("Main.strings").path, withDestinationPath: "Gone.strings")

        let scan = try Stringcat.run(["migrate", "T", "--dry-run"], in: work)
        XCTAssertEqual(scan.status, 1)
        XCTAssertTrue(
            scan.stderr.contains(
                "T/de.lproj/Localizable.strings: error: a symbolic link loop (ELOOP): following it leads back to a "
                    + "link already passed; not read"
            ), scan.stderr)
        XCTAssertTrue(
            scan.stderr.contains(
                "T/de.lproj/Main.strings: error: a broken symbolic link to Gone.strings: its target does not exist; "
                    + "not read"
            ), scan.stderr)
        XCTAssertFalse(scan.stderr.contains("no such file"), scan.stderr)

        let lint = try Stringcat.run(["lint", "T/de.lproj/Localizable.strings"], in: work)
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(
            lint.stderr.contains("T/de.lproj/Localizable.strings: error: a symbolic link loop (ELOOP)"), lint.stderr)
    }
}
