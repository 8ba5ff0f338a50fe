import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import InfoPlistStrings

final class InfoPlistReadTests: XCTestCase {
    static var plist: [String: Any] {
        [
            "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)",
            "CFBundleDisplayName": "Reader",
            "CFBundleName": "$(PRODUCT_NAME)",
            "CFBundleIdentifier": "com.example.reader",
            "LSRequiresIPhoneOS": true,
            "CFBundleDocumentTypes": [
                ["CFBundleTypeName": "Reader Document", "CFBundleTypeRole": "Editor"],
                ["CFBundleTypeRole": "Viewer"],
            ],
            "UTExportedTypeDeclarations": [
                ["UTTypeDescription": "Reader Archive", "UTTypeIdentifier": "com.example.archive"]
            ],
            "UIApplicationShortcutItems": [
                [
                    "UIApplicationShortcutItemTitle": "NewPostTitle",
                    "UIApplicationShortcutItemSubtitle": "NewPostSubtitle",
                ]
            ],
            "NSLocationTemporaryUsageDescriptionDictionary": ["ManualUpdate": "[localized in strings file]"],
        ]
    }

    func testXMLAndBinaryGiveTheSameModel() throws {
        let folder = try makeTemporaryFolder(self)
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let path = folder + "/\(format == .xml ? "xml" : "binary")/Info.plist"
            try writePlist(Self.plist, format: format, to: path)
            let (read, diagnostics) = InfoPlist.read(path: path)
            XCTAssertEqual(diagnostics, [])
            let plist = try XCTUnwrap(read)
            XCTAssertEqual(plist.path, path)
            XCTAssertEqual(
                plist.values,
                [
                    "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)", "CFBundleDisplayName": "Reader",
                    "CFBundleName": "$(PRODUCT_NAME)", "CFBundleIdentifier": "com.example.reader",
                ])
            XCTAssertEqual(plist.topLevelKeys, Set(Self.plist.keys))
            XCTAssertEqual(plist.developmentRegion, "$(DEVELOPMENT_LANGUAGE)")
            XCTAssertEqual(plist.documentTypeNames, ["Reader Document"])
            XCTAssertEqual(plist.typeDescriptions, ["Reader Archive"])
            XCTAssertEqual(plist.shortcutItemTexts, ["NewPostTitle", "NewPostSubtitle"])
            XCTAssertEqual(plist.locationTemporaryPurposes, ["ManualUpdate": "[localized in strings file]"])
            XCTAssertEqual(plist.nestedKeyKind("Reader Document"), "document type name (CFBundleTypeName)")
            XCTAssertEqual(
                plist.nestedKeyKind("ManualUpdate"),
                "location purpose key (NSLocationTemporaryUsageDescriptionDictionary)")
            XCTAssertNil(plist.nestedKeyKind("CFBundleName"))
            if format == .binary { XCTAssertEqual(plist.keyLines, [:]) }
        }
    }

    func testKeyLinesOfAnXMLFile() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleDevelopmentRegion</key>
            \t<string>English</string>
            \t<key>CFBundleName</key>\r\t<string>${PRODUCT_NAME}</string>
            \t<key>NSHumanReadableCopyright</key>
            \t<string>© 2006</string>
            </dict>
            </plist>
            """
        let (read, diagnostics) = InfoPlist.parse(Data(text.utf8), path: "Info.plist")
        XCTAssertEqual(diagnostics, [])
        let plist = try XCTUnwrap(read)
        XCTAssertEqual(plist.developmentRegion, "English")
        XCTAssertEqual(
            plist.keyLines, ["CFBundleDevelopmentRegion": 5, "CFBundleName": 7, "NSHumanReadableCopyright": 9])
        XCTAssertEqual(plist.values["NSHumanReadableCopyright"], "© 2006")
        XCTAssertEqual(plist.location(of: "CFBundleName").description, "Info.plist:7")
        XCTAssertEqual(plist.location(of: "Other").description, "Info.plist")
    }

    /// A key's line is that of the top-level `<key>` Foundation takes the value from: the last of
    /// a repeated one, not a nested key of the same name; entities decoded, comments skipped.
    func testKeyLinesAreThoseOfTheTopLevelKeys() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>UIApplicationShortcutItems</key>
            \t<array><dict><key>CFBundleName</key><string>nested</string></dict></array>
            \t<!-- <key>NSCameraUsageDescription</key> -->
            \t<key>CFBundleName</key><string>first</string>
            \t<key>NSCameraUsageDescription</key><string>Scan &amp; save</string>
            \t<key>CFBundleName</key><string>second</string>
            \t<key>A &amp; B</key><string>x</string>
            </dict>
            </plist>
            """
        let plist = try XCTUnwrap(InfoPlist.parse(Data(text.utf8), path: "Info.plist").0)
        XCTAssertEqual(plist.values["CFBundleName"], "second")
        XCTAssertEqual(
            plist.keyLines,
            ["UIApplicationShortcutItems": 4, "CFBundleName": 9, "NSCameraUsageDescription": 8, "A & B": 10])
    }

    func testMissingDevelopmentRegionIsNil() throws {
        let (read, _) = InfoPlist.parse(
            try PropertyListSerialization.data(fromPropertyList: ["CFBundleName": "x"], format: .xml, options: 0),
            path: "p")
        XCTAssertNil(try XCTUnwrap(read).developmentRegion)
    }

    func testBadFilesAreWarningsNotCrashes() throws {
        let folder = try makeTemporaryFolder(self)
        let (missing, missingDiagnostics) = InfoPlist.read(path: folder + "/nope/Info.plist")
        XCTAssertNil(missing)
        XCTAssertEqual(
            missingDiagnostics.map(\.description), ["\(folder)/nope/Info.plist: warning: Info.plist not found"])

        let (directory, directoryDiagnostics) = InfoPlist.read(path: folder)
        XCTAssertNil(directory)
        XCTAssertEqual(directoryDiagnostics.map(\.description), ["\(folder): warning: is a folder, not an Info.plist"])

        try writePlist(["a", "b"], format: .xml, to: folder + "/Array.plist")
        let (array, arrayDiagnostics) = InfoPlist.read(path: folder + "/Array.plist")
        XCTAssertNil(array)
        XCTAssertEqual(
            arrayDiagnostics.map(\.description),
            ["\(folder)/Array.plist: warning: the Info.plist's top level is not a dictionary"])

        try writeText("<?xml version=\"1.0\"?>\n<plist><dict><key>A</key>", to: folder + "/Broken.plist")
        let (broken, brokenDiagnostics) = InfoPlist.read(path: folder + "/Broken.plist")
        XCTAssertNil(broken)
        XCTAssertEqual(brokenDiagnostics.count, 1)
        XCTAssertEqual(brokenDiagnostics.first?.severity, .warning)
        XCTAssertTrue(
            brokenDiagnostics.first?.message.hasPrefix("cannot parse the Info.plist: ") ?? false,
            brokenDiagnostics.first?.message ?? "")
    }

    /// An Info.plist nested 50,000 deep, in any form, is a located warning before Foundation
    /// sees it (issue 17): the translations are still migrated without it.
    func testDeepInfoPlistIsAWarningNotACrash() {
        let (xml, xmlDiagnostics) = InfoPlist.parse(
            Data(DeepInput.stringsDictXML(depth: 50_000).utf8), path: "Info.plist")
        XCTAssertNil(xml)
        XCTAssertEqual(
            xmlDiagnostics.map(\.description),
            [
                "Info.plist:5:\(DeepInput.stringsDictXMLTooDeepColumn): warning: cannot parse the Info.plist: nesting "
                    + "deeper than 512 levels"
            ])
        for data in [
            Data(DeepInput.oldStyle(depth: 50_000).utf8), DeepInput.binaryPlist(depth: 50_000),
            DeepInput.sharedBinaryPlist(levels: 30),
            DeepInput.binaryPlistWithSet(),
        ] {
            let (read, diagnostics) = InfoPlist.parse(data, path: "Info.plist")
            XCTAssertNil(read)
            XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        }
    }

    func testPreprocessedInfoPlistIsReadWithDirectivesIgnored() throws {
        // The owncloud shape: INFOPLIST_PREPROCESS directives around a key.
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t#ifndef DISABLE_PLAIN_HTTP
            \t<key>NSAppTransportSecurity</key>
            \t<dict><key>NSAllowsArbitraryLoads</key><true/></dict>
            \t#endif
            \t<key>NSCameraUsageDescription</key>
            \t<string>#1 camera</string>
            </dict>
            </plist>
            """
        let (read, diagnostics) = InfoPlist.parse(Data(text.utf8), path: "Info.plist")
        XCTAssertEqual(
            diagnostics.map(\.description),
            [
                "Info.plist: note: Info.plist with C preprocessor directives (INFOPLIST_PREPROCESS): read with the "
                    + "directive lines ignored, so the keys of every #if branch count"
            ])
        let plist = try XCTUnwrap(read)
        XCTAssertEqual(plist.topLevelKeys, ["NSAppTransportSecurity", "NSCameraUsageDescription"])
        XCTAssertEqual(plist.values, ["NSCameraUsageDescription": "#1 camera"])
        XCTAssertEqual(plist.keyLines["NSCameraUsageDescription"], 8)
    }

    func testDirectiveLinesAreBlankedKeepingLineBreaks() {
        let stripped = InfoPlistPreprocessor.withoutDirectives(Array("a\n  #if X\r\n#endif\n#notadirective\n".utf8))
        XCTAssertEqual(stripped.map { String(decoding: $0, as: UTF8.self) }, "a\n       \r\n      \n#notadirective\n")
        XCTAssertNil(InfoPlistPreprocessor.withoutDirectives(Array("<key>#if</key>".utf8)))
    }
}
