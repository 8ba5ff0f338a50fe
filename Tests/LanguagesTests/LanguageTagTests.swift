import Languages
import XCTest

/// A language code is decided here only: which texts are codes, their two spellings, the legacy
/// names, and what an `.lproj` folder's name says.
final class LanguageTagTests: XCTestCase {
    func testAProjectKeepsItsRegionSeparatorAndABareFolderIsCanonical() {
        let cases: [(written: String, project: String, canonical: String)] = [
            ("zh_CN", "zh_CN", "zh-CN"), ("zh_Hans", "zh-Hans", "zh-Hans"), ("zh-hans", "zh-Hans", "zh-Hans"),
            ("zh_hant_tw", "zh-Hant_TW", "zh-Hant-TW"), ("pt_br", "pt_BR", "pt-BR"), ("PT-br", "pt-BR", "pt-BR"),
            ("en_GB", "en_GB", "en-GB"), ("no", "nb", "nb"), ("no_NO", "nb_NO", "nb-NO"), ("no-NO", "no-NO", "nb-NO"),
            ("es-419", "es-419", "es-419"), ("sr-latn", "sr-Latn", "sr-Latn"),
            ("en-gb-instukhe", "en-GB-instukhe", "en-GB-instukhe"),
            ("English", "en", "en"), ("german", "de", "de"), ("Chinese", "zh-Hans", "zh-Hans"), ("DE", "de", "de"),
            ("de-CH-1996", "de-CH-1996", "de-CH-1996"), ("ca-valencia", "ca-valencia", "ca-valencia"),
        ]
        for (written, project, canonical) in cases {
            let tag = LanguageTag(written)
            XCTAssertEqual(tag?.spelled(.project), project, written)
            XCTAssertEqual(tag?.spelled(.canonical), canonical, written)
        }
    }

    func testTextsThatAreNotLanguageCodesGiveNoTag() {
        for text in [
            "", "e", "../victim/de", "a/b", "de/..", "x\ny", "de\n", "not a code!", "en-", "-en", "de-DE-x", "Base",
            "1de",
            "de..", "de DE", "zh_Hans_", "englisch", "de\u{0}", "dé",
        ] {
            XCTAssertNil(LanguageTag(text), text.debugDescription)
        }
    }

    func testACommandLineCodeIsNeverALegacyName() {
        XCTAssertNil(LanguageTag(code: "English"))
        XCTAssertEqual(LanguageTag("English")?.canonical, "en")
        XCTAssertEqual(LanguageTag(code: "en_GB")?.canonical, "en-GB")
    }

    func testTwoSpellingsOfOneLanguageAreTheSameLanguage() throws {
        let underscore = try XCTUnwrap(LanguageTag("en_GB")), hyphen = try XCTUnwrap(LanguageTag("en-gb"))
        XCTAssertTrue(underscore.isSameLanguage(as: hyphen))
        XCTAssertFalse(underscore.isSameLanguage(as: try XCTUnwrap(LanguageTag("en"))))
        XCTAssertEqual(try XCTUnwrap(LanguageTag("zh_Hans")).language, "zh")
    }

    func testTheFolderNameOfAFileIsReadFromItsPath() {
        let cases: [(String, String?)] = [
            ("/a/de.lproj/X.stringsdict", "de"), ("/a/pt-BR.lproj/Localizable.strings", "pt-BR"),
            ("/a/zh_Hans.lproj/X", "zh_Hans"),
            ("/a/b c.lproj/X", "b c"), ("/a/de.lproj.x/X", nil), ("/a/.lproj/X", nil), ("/a/b/X", nil),
            ("/de.lproj/X", "de"),
            ("de.lproj/X", "de"), ("X", nil), ("", nil), ("/a/de.lproj/", "de"), ("/a/Über.lproj/X", "Über"),
        ]
        for (path, name) in cases { XCTAssertEqual(LprojFolderName.of(file: path), name, path) }
        XCTAssertEqual(LprojFolderName.of(folder: "Base.lproj"), "Base")
        XCTAssertNil(LprojFolderName.of(folder: "Base"))
    }

    func testFolderNamesAndLprojChecksComeFromOnePlace() {
        XCTAssertEqual(LprojFolderName.folder("de"), "de.lproj")
        XCTAssertEqual(LprojFolderName.baseFolder, "Base.lproj")
        XCTAssertEqual(LprojFolderName.multilingualFolder, "mul.lproj")
        XCTAssertTrue(LprojFolderName.isLproj("de.lproj"))
        XCTAssertTrue(LprojFolderName.isLproj("de.lproj"[...]))
        XCTAssertFalse(LprojFolderName.isLproj("de.lproj.x"))
        XCTAssertFalse(LprojFolderName.isLproj("Localizable.strings"))
        XCTAssertEqual(LprojFolderName.of(folder: LprojFolderName.multilingualFolder), LprojFolderName.multilingual)
    }
}
