import Foundation
import StringcatSupport
import StringsFile
import XCTest

@testable import InfoPlistStrings

final class InfoPlistStringsCheckerTests: XCTestCase {
    private let plist = InfoPlist(
        path: "App/Info.plist",
        topLevelKeys: ["CFBundleIdentifier", "LSRequiresIPhoneOS"],
        values: [
            "CFBundleDisplayName": "App", "CFBundleIdentifier": "com.example.app", "NSCameraUsageDescription": "Scan.",
        ],
        documentTypeNames: ["App Document"],
        shortcutItemTexts: ["NewPostShortcutItemTitle"],
        locationTemporaryPurposes: ["ManualUpdate": "[localized in strings file]"])

    func testCleanTableHasNoFindings() throws {
        let file = try stringsFile(
            """
            /* Name under the icon */
            CFBundleDisplayName = "Appli";
            "NSCameraUsageDescription" = "Scanner.";
            "App Document" = "Document de l'app";
            "NewPostShortcutItemTitle" = "Nouveau";
            "ManualUpdate" = "Précision";
            """)
        XCTAssertEqual(InfoPlistStringsChecker.check(file, infoPlist: plist), [])
    }

    func testNonLocalizableKeyIsWarnedAtItsLineAndColumn() throws {
        let file = try stringsFile(
            "CFBundleDisplayName = \"Appli\";\n\n   \"CFBundleIdentifier\" = \"fr.example\";\n",
            path: "fr.lproj/InfoPlist.strings")
        XCTAssertEqual(
            InfoPlistStringsChecker.check(file, infoPlist: plist).map(\.description),
            [
                "fr.lproj/InfoPlist.strings:3:4: warning: \"CFBundleIdentifier\" is not an Info.plist key the system "
                    + "localizes; only the app's own code sees this value (Bundle.object(forInfoDictionaryKey:))"
            ])
    }

    func testMisspeltKeyGetsADidYouMean() throws {
        let file = try stringsFile("x = \"y\";\nCFBundleDisplayname = \"Appli\";")
        XCTAssertEqual(
            InfoPlistStringsChecker.check(file, infoPlist: plist).map(\.description),
            [
                "en.lproj/InfoPlist.strings:1:1: warning: \"x\" is not an Info.plist key the system localizes; only "
                    + "the app's own code sees this value (Bundle.object(forInfoDictionaryKey:))",
                "en.lproj/InfoPlist.strings:2:1: warning: \"CFBundleDisplayname\" is not an Info.plist key the system "
                    + "localizes; only the app's own code sees this value (Bundle.object(forInfoDictionaryKey:)); did "
                    + "you mean \"CFBundleDisplayName\"?",
            ])
    }

    func testKeyMissingFromTheInfoPlist() throws {
        let file = try stringsFile("CFBundleDisplayName = \"A\";\n  NSMicrophoneUsageDescription = \"Record.\";")
        XCTAssertEqual(
            InfoPlistStringsChecker.check(file, infoPlist: plist).map(\.description),
            [
                "en.lproj/InfoPlist.strings:2:3: warning: \"NSMicrophoneUsageDescription\" is not in the Info.plist "
                    + "(App/Info.plist); unless a build setting adds it (INFOPLIST_KEY_NSMicrophoneUsageDescription), "
                    + "the system may never show this translation"
            ])
    }

    func testDeviceModifiedKeyFollowsItsBaseKey() throws {
        let file = try stringsFile("\"NSCameraUsageDescription~ipad\" = \"Scan on iPad.\";")
        XCTAssertEqual(InfoPlistStringsChecker.check(file, infoPlist: plist), [])
    }

    func testWithoutAnInfoPlistKeysAreCheckedByNameOnly() throws {
        let file = try stringsFile("NSMicrophoneUsageDescription = \"Record.\";\n\"App Document\" = \"Doc\";")
        XCTAssertEqual(
            InfoPlistStringsChecker.check(file, infoPlist: nil).map(\.description),
            [
                "en.lproj/InfoPlist.strings: note: no Info.plist found for this table; its keys were checked by name "
                    + "only",
                "en.lproj/InfoPlist.strings:2:1: warning: \"App Document\" is not an Info.plist key the system "
                    + "localizes; only the app's own code sees this value (Bundle.object(forInfoDictionaryKey:))",
            ])
    }

    func testSourceValuesSkipBuildVariables() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>CFBundleDisplayName</key>
            \t<string>$(PRODUCT_NAME)</string>
            \t<key>CFBundleIdentifier</key>
            \t<string>com.example.app</string>
            \t<key>CFBundleName</key>
            \t<string>${PRODUCT_NAME} Helper</string>
            \t<key>NSCameraUsageDescription</key>
            \t<string>Scan a document.</string>
            \t<key>NSHumanReadableCopyright</key>
            \t<string></string>
            \t<key>CFBundleDocumentTypes</key>
            \t<array><dict><key>CFBundleTypeName</key><string>App Document</string></dict></array>
            \t<key>NSLocationTemporaryUsageDescriptionDictionary</key>
            \t<dict><key>ManualUpdate</key><string>Needed for the map.</string></dict>
            </dict>
            </plist>
            """
        let (read, _) = InfoPlist.parse(Data(text.utf8), path: "App/Info.plist")
        let (entries, diagnostics) = InfoPlistStringsChecker.sourceValues(from: try XCTUnwrap(read))
        XCTAssertEqual(
            entries,
            [
                StringsEntry(key: "App Document", value: "App Document"),
                StringsEntry(key: "ManualUpdate", value: "Needed for the map."),
                StringsEntry(key: "NSCameraUsageDescription", value: "Scan a document."),
                StringsEntry(key: "NSHumanReadableCopyright", value: ""),
            ])
        XCTAssertEqual(
            diagnostics.map(\.description),
            [
                "App/Info.plist:4: note: \"CFBundleDisplayName\" is \"$(PRODUCT_NAME)\", which holds a build variable "
                    + "resolved only when the app is built; not offered as a source-language value",
                "App/Info.plist:8: note: \"CFBundleName\" is \"${PRODUCT_NAME} Helper\", which holds a build variable "
                    + "resolved only when the app is built; not offered as a source-language value",
            ])
    }

    func testTableWrittenFromAnXMLInfoPlistOnDiskChecksClean() throws {
        // End to end: a binary Info.plist found by the locator, read, and a table checked against it.
        let root = try makeTemporaryFolder(self)
        try writePlist(
            ["CFBundleName": "Tool", "NSHumanReadableCopyright": "© Me"], format: .binary,
            to: root + "/Tool/Tool-Info.plist")
        try writeText(
            "CFBundleName = \"Werkzeug\";\nNSHumanReadableCopyright = \"© Ich\";\n",
            to: root + "/Tool/Resources/de.lproj/infoPlist.strings")
        let path = try XCTUnwrap(InfoPlistLocator.infoPlist(forTableIn: root + "/Tool/Resources"))
        XCTAssertEqual(path, root + "/Tool/Tool-Info.plist")
        let (plist, plistDiagnostics) = InfoPlist.read(path: path)
        XCTAssertEqual(plistDiagnostics, [])
        let read = StringsFileReader.read(path: root + "/Tool/Resources/de.lproj/infoPlist.strings")
        let file = try XCTUnwrap(read.file)
        XCTAssertEqual(InfoPlistStringsChecker.check(file, infoPlist: plist), [])
        XCTAssertEqual(
            InfoPlistStringsChecker.sourceValues(from: try XCTUnwrap(plist)).entries.map(\.key),
            ["CFBundleName", "NSHumanReadableCopyright"])
    }
}
