import TestSupport
import XCTest

@testable import StringsDict

final class PluralRulesTests: XCTestCase {
    private func cats(_ code: String) -> [String]? {
        PluralRules.categories(for: code)?.sorted().map(\.rawValue)
    }

    func testSpotChecks() {
        XCTAssertEqual(cats("en"), ["one", "other"])
        XCTAssertEqual(cats("ru"), ["one", "few", "many", "other"])
        XCTAssertEqual(cats("ar"), ["zero", "one", "two", "few", "many", "other"])
        XCTAssertEqual(cats("ja"), ["other"])
        XCTAssertEqual(cats("pl"), ["one", "few", "many", "other"])
        XCTAssertEqual(cats("cy"), ["zero", "one", "two", "few", "many", "other"])
        XCTAssertEqual(cats("he"), ["one", "two", "other"])
        XCTAssertEqual(cats("fr"), ["one", "many", "other"])
        XCTAssertEqual(cats("lv"), ["zero", "one", "other"])
        XCTAssertEqual(cats("gd"), ["one", "two", "few", "other"])
        XCTAssertEqual(PluralRules.cldrVersion, "47")
    }

    func testRegionsScriptsAndSpellings() {
        XCTAssertEqual(cats("pt"), ["one", "many", "other"])
        XCTAssertEqual(cats("pt-BR"), cats("pt"))
        // pt-PT has its own CLDR rules (one: i = 1 and v = 0) with the same categories.
        XCTAssertEqual(cats("pt-PT"), ["one", "many", "other"])
        XCTAssertEqual(cats("pt_PT"), ["one", "many", "other"])
        XCTAssertEqual(cats("zh-Hans"), ["other"])
        XCTAssertEqual(cats("zh_Hant"), ["other"])
        XCTAssertEqual(cats("zh_HK"), ["other"])
        XCTAssertEqual(cats("sr-Latn"), ["one", "few", "other"])
        XCTAssertEqual(cats("no"), ["one", "other"])
        XCTAssertEqual(cats("nb"), ["one", "other"])
        XCTAssertEqual(cats("nb-NO"), ["one", "other"])
        XCTAssertEqual(cats("English"), ["one", "other"])
        XCTAssertEqual(cats("kmr"), ["one", "other"])
        XCTAssertNil(PluralRules.categories(for: "Base"))
        XCTAssertNil(PluralRules.categories(for: "xx"))
        XCTAssertNil(PluralRules.categories(for: ""))
    }

    func testEveryCorpusLanguageIsKnown() throws {
        let corpus = try sharedFolder("corpus")
        let folders = try lprojNames(under: corpus)
        XCTAssertGreaterThan(folders.count, 50)
        let unknown = folders.filter { $0 != "Base" && PluralRules.categories(for: $0) == nil }
        XCTAssertEqual(unknown, [], "languages without plural rules")
    }

    func testEveryTableRowIncludesOther() {
        for code in PluralRules.knownLanguages {
            XCTAssertTrue(PluralRules.categories(for: code)!.contains(.other), code)
        }
        XCTAssertGreaterThan(PluralRules.knownLanguages.count, 200)
    }

    func testCategoryOrder() {
        XCTAssertEqual(PluralCategory.allCases.sorted(), [.zero, .one, .two, .few, .many, .other])
        XCTAssertTrue(PluralCategory.many < .other)
    }
}
