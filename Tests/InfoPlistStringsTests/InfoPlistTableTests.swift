import StringcatSupport
import XCTest

@testable import InfoPlistStrings

final class InfoPlistTableTests: XCTestCase {
    func testRecognisesTheTableInAnyCase() {
        XCTAssertTrue(InfoPlistTable.isInfoPlistTable(fileName: "InfoPlist.strings"))
        XCTAssertTrue(InfoPlistTable.isInfoPlistTable(fileName: "infoPlist.strings"))
        XCTAssertTrue(InfoPlistTable.isInfoPlistTable(fileName: "INFOPLIST.STRINGS"))
        XCTAssertTrue(InfoPlistTable.isInfoPlistTable(fileName: "Mastodon/Resources/de.lproj/infoPlist.strings"))
        XCTAssertFalse(InfoPlistTable.isInfoPlistTable(fileName: "InfoPlist.stringsdict"))
        XCTAssertFalse(InfoPlistTable.isInfoPlistTable(fileName: "MyInfoPlist.strings"))
        XCTAssertFalse(InfoPlistTable.isInfoPlistTable(fileName: "Localizable.strings"))
        XCTAssertFalse(InfoPlistTable.isInfoPlistTable(fileName: "InfoPlist.strings/x"))
    }

    func testTwoSpellingsInOneProjectAreOneWarningNamingBoth() {
        // The mastodon layout (corpus item 36).
        let paths = [
            "M/Resources/en.lproj/InfoPlist.strings",
            "M/Resources/de.lproj/infoPlist.strings",
            "M/Resources/Base.lproj/infoPlist.strings",
            "M/Resources/ar.lproj/InfoPlist.strings",
            "M/Resources/en.lproj/Localizable.strings",
        ]
        let diagnostics = InfoPlistTable.spellingDiagnostics(paths: paths)
        XCTAssertEqual(
            diagnostics.map(\.description),
            [
                "M/Resources/Base.lproj/infoPlist.strings: warning: the InfoPlist table is spelled 2 ways in this "
                    + "project: "
                    + "InfoPlist.strings (2 files, e.g. M/Resources/ar.lproj/InfoPlist.strings); "
                    + "infoPlist.strings (2 files, e.g. M/Resources/Base.lproj/infoPlist.strings); "
                    + "the bundle looks for InfoPlist.strings, and a case-sensitive file system may not find another "
                    + "spelling"
            ])
    }

    func testThreeSpellingsWithoutTheCanonicalOne() {
        let diagnostics = InfoPlistTable.spellingDiagnostics(paths: [
            "a/x.lproj/infoplist.strings", "a/y.lproj/INFOPLIST.strings", "a/z.lproj/infoPlist.strings",
        ])
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?.severity, .warning)
        XCTAssertEqual(diagnostics.first?.location, .file("a/y.lproj/INFOPLIST.strings"))
        XCTAssertTrue(
            diagnostics.first?.message.hasPrefix(
                "the InfoPlist table is spelled 3 ways in this project: INFOPLIST.strings (1 file, e.g. "
                    + "a/y.lproj/INFOPLIST.strings); infoPlist.strings (1 file"
            ) ?? false,
            diagnostics.first?.message ?? "")
    }

    func testOneSpellingIsQuiet() {
        XCTAssertEqual(
            InfoPlistTable.spellingDiagnostics(paths: ["a/en.lproj/InfoPlist.strings", "a/de.lproj/InfoPlist.strings"]),
            [])
        XCTAssertEqual(InfoPlistTable.spellingDiagnostics(paths: ["a/en.lproj/infoPlist.strings"]), [])
        XCTAssertEqual(InfoPlistTable.spellingDiagnostics(paths: []), [])
    }
}
