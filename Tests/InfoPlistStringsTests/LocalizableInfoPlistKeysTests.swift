import XCTest

@testable import InfoPlistStrings

final class LocalizableInfoPlistKeysTests: XCTestCase {
    func testLocalizableKeys() {
        for key in [
            "CFBundleDisplayName", "CFBundleName", "CFBundleSpokenName", "NSHumanReadableCopyright",
            "CFBundleGetInfoString", "CFBundleShortVersionString", "NSCameraUsageDescription",
            "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
            "NSAppleEventsUsageDescription", "NSSiriUsageDescription", "NSFaceIDUsageDescription",
            "NFCReaderUsageDescription", "NSCrossWebsiteTrackingUsageDescription", "NSCameraUsageDescription~ipad",
            "MDItemKeywords",
        ] {
            XCTAssertTrue(LocalizableInfoPlistKeys.isLocalizable(key), key)
        }
    }

    func testKeysThatAreNotLocalizable() {
        for key in [
            "CFBundleIdentifier", "CFBundleExecutable", "CFBundleVersion", "UILaunchStoryboardName",
            "UIMainStoryboardFile", "ITSAppUsesNonExemptEncryption", "NSUserActivityTypes",
            "NSLocationTemporaryUsageDescriptionDictionary", "UsageDescription", "cfbundlename",
            "Default", "",
        ] {
            XCTAssertFalse(LocalizableInfoPlistKeys.isLocalizable(key), key)
        }
    }

    func testCaseInsensitiveMatch() {
        XCTAssertEqual(LocalizableInfoPlistKeys.caseInsensitiveMatch("CFBundleDisplayname"), "CFBundleDisplayName")
        XCTAssertEqual(
            LocalizableInfoPlistKeys.caseInsensitiveMatch("NSCameraUsagedescription"), "NSCameraUsageDescription")
        XCTAssertNil(LocalizableInfoPlistKeys.caseInsensitiveMatch("CFBundleIdentifier"))
    }
}
