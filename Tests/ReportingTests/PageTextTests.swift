import XCTest

@testable import Reporting

/// The page's small pieces: numbers the same in every locale, Markdown that shows project text as
/// written, file lists that name every file in one line per table.
final class PageTextTests: XCTestCase {
    func testNumbersAreGroupedByThreesWithACommaWhateverTheLocale() {
        XCTAssertEqual(
            [0, 7, 999, 1_000, 1_250, 12_431, 1_234_567, -4_321].map(NumberText.grouped),
            ["0", "7", "999", "1,000", "1,250", "12,431", "1,234,567", "-4,321"])
        XCTAssertEqual(NumberText.counted(1, "key"), "1 key")
        XCTAssertEqual(NumberText.counted(1_250, "entry", "entries"), "1,250 entries")
    }

    func testAShareRoundsToTheNearestPercentButOnlyAWholeOneIs100AndOnlyNoneIs0() {
        XCTAssertEqual(NumberText.percent(1_012, of: 1_250), 81)
        XCTAssertEqual(NumberText.percent(1_249, of: 1_250), 99)
        XCTAssertEqual(NumberText.percent(1_250, of: 1_250), 100)
        XCTAssertEqual(NumberText.percent(1, of: 1_000), 1)
        XCTAssertEqual(NumberText.percent(0, of: 5), 0)
        XCTAssertEqual(NumberText.percent(0, of: 0), 0)
        XCTAssertEqual(NumberText.percent(1, of: 2), 50)
    }

    func testTheBarHasTenCellsFilledByTheSameRule() {
        XCTAssertEqual(NumberText.bar(1_012, of: 1_250), "████████░░")
        XCTAssertEqual(NumberText.bar(1_249, of: 1_250), "█████████░")
        XCTAssertEqual(NumberText.bar(1, of: 1_000), "█░░░░░░░░░")
        XCTAssertEqual(NumberText.bar(5, of: 5), "██████████")
        XCTAssertEqual(NumberText.bar(0, of: 5), "░░░░░░░░░░")
    }

    func testCoverageLinesAreAlignedAndSortedFromTheMostCovered() {
        var de = CatalogFacts(sourceLanguage: "en")
        de.keyCount = 1_250
        de.translated = ["en": 1_250, "de": 1_012, "fr": 1_250, "zh-Hans": 1_012, "ja": 3]
        XCTAssertEqual(
            Coverage([de]).lines(),
            [
                "fr       ██████████  100%  (1,250 / 1,250)",
                "de       ████████░░   81%  (1,012 / 1,250)",
                "zh-Hans  ████████░░   81%  (1,012 / 1,250)",
                "ja       █░░░░░░░░░    1%  (3 / 1,250)",
            ])
    }

    func testACatalogsSourceLanguageCountsOnlyInTheOtherCatalogs() {
        var english = CatalogFacts(sourceLanguage: "en")
        english.keyCount = 10
        english.translated = ["en": 10, "de": 5]
        var german = CatalogFacts(sourceLanguage: "de")
        german.keyCount = 4
        german.translated = ["de": 4, "en": 2]
        let coverage = Coverage([english, german])
        XCTAssertEqual(
            coverage.rows,
            [
                Coverage.Row(language: "de", translated: 5, total: 10),
                Coverage.Row(language: "en", translated: 2, total: 4),
            ])
        XCTAssertEqual(coverage.sourceLanguages, ["de", "en"])
    }

    func testProjectTextIsEscapedSoItShowsAsWrittenAndKeepsTheTableWhole() {
        XCTAssertEqual(
            Markdown.text("a|b <i>*x*</i> [l](u) `c` & _"), "a\\|b \\<i\\>\\*x\\*\\</i\\> \\[l\\](u) \\`c\\` \\& \\_")
        XCTAssertEqual(Markdown.text("two\nlines"), "two\\\\nlines")
        XCTAssertEqual(Markdown.code("App/de.lproj/Localizable.strings"), "`App/de.lproj/Localizable.strings`")
        XCTAssertEqual(Markdown.code("a`b"), "``a`b``")
        XCTAssertEqual(Markdown.code("`x"), "`` `x ``")
        XCTAssertEqual(Markdown.code("a|b"), "`a\\|b`")
        XCTAssertEqual(Markdown.html("<a & b>"), "&lt;a &amp; b&gt;")
    }

    func testOnlyALongListFoldsIntoDetails() {
        XCTAssertEqual(Markdown.collapsed(["- a", "- b"], summary: "2 files", limit: 2), ["- a", "- b"])
        XCTAssertEqual(
            Markdown.collapsed(["- a", "- b", "- c"], summary: "3 <files>", limit: 2),
            ["<details>", "<summary>3 &lt;files&gt;</summary>", "", "- a", "- b", "- c", "", "</details>"])
    }

    func testFilesOfOneNameInSeveralLanguageFoldersAreOneItem() {
        XCTAssertEqual(
            FileList.compact([
                "App/de.lproj/Localizable.strings", "App/fr.lproj/Localizable.strings", "App/de.lproj/Main.strings",
                "Other/ja.lproj/Localizable.strings", "README.strings", "en.lproj/Root.strings",
            ]),
            [
                "App/{de,fr}.lproj/Localizable.strings", "App/de.lproj/Main.strings",
                "Other/ja.lproj/Localizable.strings",
                "README.strings", "en.lproj/Root.strings",
            ])
    }

    func testPathsAreRelativeToTheRootAndNeverAbsolute() {
        let paths = PagePaths(root: "/work/App", output: "/tmp/out")
        XCTAssertEqual(paths.relative("/work/App/de.lproj/L.strings"), "de.lproj/L.strings")
        XCTAssertEqual(paths.relative("/work/App"), ".")
        XCTAssertEqual(paths.relative("/tmp/out/L.xcstrings"), "L.xcstrings")
        XCTAssertEqual(paths.relative("/elsewhere/deep/x/L.strings"), "…/x/L.strings")
        XCTAssertEqual(
            paths.scrubbed("it lies outside /work/App, through a link to /work/App/x"),
            "it lies outside ., through a link to x")
        XCTAssertEqual(paths.scrubbed("/work/App2/y and /tmp/out/z"), "/work/App2/y and z")
        XCTAssertEqual(PagePaths(root: "/").relative("/App/L.strings"), "App/L.strings")
    }

    func testDiagnosticsOfOneMessageWithOtherParticularsAreOneKind() {
        XCTAssertEqual(
            DiagnosticKind.of("duplicate key \"a\" (also at line 3)"),
            DiagnosticKind.of("duplicate key \"b\" (also at line 19)"))
        XCTAssertNotEqual(
            DiagnosticKind.of("duplicate key \"a\" (also at line 3)"), DiagnosticKind.of("missing ';' after \"a\""))
        XCTAssertEqual(
            DiagnosticKind.of("\"k\" > count > zero: not used by language 'ja'"),
            "\"…\" > … > …: not used by language '…'")
        XCTAssertEqual(DiagnosticKind.of("the catalog's value"), "the catalog's value")
    }
}
