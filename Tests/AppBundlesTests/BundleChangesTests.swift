import AppBundles
import Languages
import XCTest

/// Comparing two bundles (docs/spec/app-bundle.md#comparing-two-bundles), with contents given
/// here rather than read.
final class BundleChangesTests: XCTestCase {
    /// Contents from tables; fails the test if asked for a file it was not given.
    private struct Given: BundleContentSource {
        var legacy: [String: Int] = [:]
        var catalogs: [String: CatalogOutput] = [:]
        var replaced: Set<String> = []
        func keyCount(ofLegacyFiles paths: [String]) -> Int? {
            paths.map { path -> Int in
                guard let count = legacy[path] else {
                    XCTFail("read \(path)")
                    return 0
                }
                return count
            }.max()
        }
        func output(ofCatalog path: String) -> CatalogOutput? {
            guard let output = catalogs[path] else {
                XCTFail("read \(path)")
                return nil
            }
            return output
        }
        func replaces(catalog path: String) -> Bool { replaced.contains(path) }
    }

    private func tag(_ code: String) -> LanguageTag { LanguageTag(code)! }

    private func strings(_ path: String, _ language: String) -> BundleInput {
        BundleInput(path: path, kind: .strings, folder: .language(tag(language)), table: "Localizable")
    }

    private func bundle(_ inputs: [BundleInput]) -> TargetBundle {
        TargetBundle(
            owner: .projectTarget(project: "/p/App.xcodeproj/project.pbxproj", id: "T"), name: "App",
            kind: ProductKind(platform: "iOS", product: "app"), sourceLanguage: tag("en"), inputs: inputs, failures: [])
    }

    func testALanguageATableAndKeysLostAreEachSaid() {
        let before = bundle([
            strings("/p/en.lproj/L.strings", "en"), strings("/p/de.lproj/L.strings", "de"),
            strings("/p/fr.lproj/L.strings", "fr"),
            BundleInput(path: "/p/fr.lproj/Credits.rtf", kind: .other, folder: .language(tag("fr")), table: nil),
        ])
        let after = bundle([
            BundleInput(path: "/p/L.xcstrings", kind: .catalog, folder: .topLevel, table: "Localizable")
        ])
        let legacy = Given(legacy: ["/p/en.lproj/L.strings": 3, "/p/de.lproj/L.strings": 3, "/p/fr.lproj/L.strings": 0])
        let catalog = Given(catalogs: [
            "/p/L.xcstrings": CatalogOutput(
                sourceLanguage: tag("en"), keys: [tag("en"): 3, tag("de"): 2], ownSourceValues: 3)
        ])
        let changes = BundleChanges.losses(before: before, legacy, after: after, catalog)
        XCTAssertEqual(
            changes,
            [
                .languageLost(tag("fr")), .keysLost(table: "Localizable", language: tag("de"), before: 3, after: 2),
                .resourceLost("fr.lproj/Credits.rtf"),
            ])
        XCTAssertEqual(
            BundleChange.summarized(changes),
            ["loses fr (no fr.lproj left)", "loses 1 of the 3 keys of Localizable in de", "loses fr.lproj/Credits.rtf"])
    }

    /// A catalog both sides build unchanged is never read while no language may have gone.
    func testAnUnchangedCatalogIsNotRead() {
        let catalog = BundleInput(path: "/p/Other.xcstrings", kind: .catalog, folder: .topLevel, table: "Other")
        let before = bundle([catalog, strings("/p/en.lproj/L.strings", "en")])
        let after = bundle([catalog, strings("/p/en.lproj/L.strings", "en")])
        let given = Given(legacy: ["/p/en.lproj/L.strings": 1])
        XCTAssertEqual(BundleChanges.losses(before: before, given, after: after, given), [])
    }

    /// The development language's table that only repeats its keys loses nothing a lookup shows,
    /// but the language's folder, when nothing else makes it, is gone.
    func testSourceValuesEqualToTheirKeysLoseNoKeyButTheFolder() {
        let before = bundle([strings("/p/en.lproj/L.strings", "en")])
        let after = bundle([
            BundleInput(path: "/p/L.xcstrings", kind: .catalog, folder: .topLevel, table: "Localizable")
        ])
        let changes = BundleChanges.losses(
            before: before, Given(legacy: ["/p/en.lproj/L.strings": 2]), after: after,
            Given(catalogs: [
                "/p/L.xcstrings": CatalogOutput(sourceLanguage: tag("en"), keys: [tag("en"): 2], ownSourceValues: 0)
            ]))
        XCTAssertEqual(changes, [.languageLost(tag("en"))])
    }
}
