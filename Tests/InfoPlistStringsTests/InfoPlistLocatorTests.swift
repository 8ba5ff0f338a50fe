import Foundation
import StringcatSupport
import XCTest

@testable import InfoPlistStrings

final class InfoPlistLocatorTests: XCTestCase {
    private func touch(_ path: String) throws { try writeText("<plist/>", to: path) }

    func testBesideTheLprojFolders() throws {
        let root = try makeTemporaryFolder(self)
        try touch(root + "/App/en.lproj/InfoPlist.strings")
        try touch(root + "/App/Info.plist")
        try touch(root + "/Info.plist") // a parent's plist loses to the folder's own
        XCTAssertEqual(InfoPlistLocator.infoPlist(forTableIn: root + "/App"), root + "/App/Info.plist")
    }

    func testParentThenGrandparent() throws {
        let root = try makeTemporaryFolder(self)
        try touch(root + "/A/B/Resources/en.lproj/InfoPlist.strings")
        try touch(root + "/A/Info.plist")
        XCTAssertEqual(InfoPlistLocator.infoPlist(forTableIn: root + "/A/B/Resources"), root + "/A/Info.plist")
        try touch(root + "/A/B/B-Info.plist")
        XCTAssertEqual(InfoPlistLocator.infoPlist(forTableIn: root + "/A/B/Resources"), root + "/A/B/B-Info.plist")
        // Three levels up is too far.
        XCTAssertNil(InfoPlistLocator.infoPlist(forTableIn: root + "/A/B/Resources/en.lproj/X"))
    }

    func testSubfoldersInNameOrderSkippingLprojFolders() throws {
        let root = try makeTemporaryFolder(self)
        try touch(root + "/Top/Res/en.lproj/Info.plist") // inside an lproj: not the bundle's
        try touch(root + "/Top/Res/Zeta/Info.plist")
        try touch(root + "/Top/Res/Alpha/Alpha-Info.plist")
        try touch(root + "/Top/Res/.hidden/Info.plist")
        XCTAssertEqual(
            InfoPlistLocator.infoPlist(forTableIn: root + "/Top/Res"), root + "/Top/Res/Alpha/Alpha-Info.plist")
    }

    func testChoiceWithinOneFolderAndGoogleServiceExcluded() throws {
        let root = try makeTemporaryFolder(self)
        let folder = root + "/P/Q/Importer" // two parents inside the temporary folder
        try touch(folder + "/GoogleService-Info.plist")
        XCTAssertEqual(InfoPlistLocator.locate(forTableIn: folder).path, nil)
        XCTAssertEqual(
            InfoPlistLocator.locate(forTableIn: folder).diagnostics.map(\.description),
            ["\(folder): note: no Info.plist found in this folder, its two parents or its subfolders"])
        try touch(folder + "/ImporterTests-Info.plist")
        try touch(folder + "/Zed-Info.plist")
        XCTAssertEqual(
            InfoPlistLocator.candidates(in: folder), [folder + "/Zed-Info.plist", folder + "/ImporterTests-Info.plist"])
        try touch(folder + "/Importer-Info.plist")
        XCTAssertEqual(InfoPlistLocator.infoPlist(forTableIn: folder), folder + "/Importer-Info.plist")
        // adium's Spotlight importer: Info.plist beside AdiumFauxSpotlightImporter-Info.plist.
        try touch(folder + "/Info.plist")
        let (path, diagnostics) = InfoPlistLocator.locate(forTableIn: folder)
        XCTAssertEqual(path, folder + "/Info.plist")
        XCTAssertEqual(
            diagnostics.map(\.description),
            [
                "\(folder)/Info.plist: note: several Info.plist files beside this table; using Info.plist (also: "
                    + "Importer-Info.plist, Zed-Info.plist, ImporterTests-Info.plist)"
            ])
    }

    func testAFolderNamedInfoPlistIsNotACandidate() throws {
        let root = try makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: root + "/X/Info.plist", withIntermediateDirectories: true)
        XCTAssertEqual(InfoPlistLocator.candidates(in: root + "/X"), [])
    }
}
