import XCTest
@testable import LegacyTables
import TestSupport

final class LanguageCodeTests: XCTestCase {
    func testFolderNamesBecomeCatalogCodes() {
        XCTAssertEqual(LanguageCode.forLproj("Base", sourceLanguage: "ja"), "ja")
        XCTAssertEqual(LanguageCode.forLproj("zh_Hans", sourceLanguage: "en"), "zh-Hans")
        XCTAssertEqual(LanguageCode.forLproj("pt_BR", sourceLanguage: "en"), "pt-BR")
        XCTAssertEqual(LanguageCode.forLproj("no", sourceLanguage: "en"), "nb")
        XCTAssertEqual(LanguageCode.forLproj("no_NO", sourceLanguage: "en"), "nb-NO")
        XCTAssertEqual(LanguageCode.forLproj("English", sourceLanguage: "de"), "en")
        XCTAssertEqual(LanguageCode.forLproj("German", sourceLanguage: "en"), "de")
        XCTAssertEqual(LanguageCode.forLproj("Japanese", sourceLanguage: "en"), "ja")
        // Kept as they are (formats.md 5.7).
        for code in ["pt-BR", "pt-PT", "en-GB", "es-419", "zh-Hant-TW", "nb-NO", "se", "ars"] {
            XCTAssertEqual(LanguageCode.forLproj(code, sourceLanguage: "en"), code)
        }
    }

    func testBaseLanguage() {
        XCTAssertEqual(LanguageCode.baseLanguage(of: "zh-Hans"), "zh")
        XCTAssertEqual(LanguageCode.baseLanguage(of: "de"), "de")
    }

    /// In a project (xcode-project.md F4), a region keeps its `_`, a script and `no` are canonicalised.
    func testProjectLanguageCodes() {
        XCTAssertEqual(LanguageCode.forProjectLproj("zh_CN", sourceLanguage: "en"), "zh_CN")
        XCTAssertEqual(LanguageCode.forProjectLproj("zh_Hans", sourceLanguage: "en"), "zh-Hans")
        XCTAssertEqual(LanguageCode.forProjectLproj("no", sourceLanguage: "en"), "nb")
        XCTAssertEqual(LanguageCode.forProjectLproj("English", sourceLanguage: "en"), "en")
        XCTAssertEqual(LanguageCode.forProjectLproj("Base", sourceLanguage: "ja"), "ja")
        XCTAssertEqual(LanguageCode.forProjectLproj("pt-BR", sourceLanguage: "en"), "pt-BR")
    }
}
