import AppBundles
import Foundation
import Languages
import LegacyTables
import TestSupport
import XCTest
import XcodeProject

/// A target's bundle from the project (docs/spec/app-bundle.md#a-targets-bundle-from-the-project)
/// and what stops its build (#what-stops-a-build), on projects built here.
final class ProjectTargetsTests: XCTestCase {
    private func model(_ tree: TestTree) -> AppModel {
        AppModel(ProjectTables.find(tree.root, TableSearch(requireTables: false)))
    }

    private func languages(_ bundle: TargetBundle?) -> [String] {
        (bundle?.languages(ReadingContents()) ?? []).map(\.canonical).sorted()
    }

    func testAVariantGroupGivesEachTargetThatBuildsItItsLanguagesEvenFromAnEmptyFile() throws {
        let tree = try TestTree()
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en", "de", "zh_CN"], targets: ["App"])
        project.variantGroup("InfoPlist.strings", in: "App", languages: ["en", "fr"], targets: ["Widget"])
        try tree.write("App.xcodeproj/project.pbxproj", project.text())
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try tree.write("App/de.lproj/Localizable.strings", "")
        try tree.write("App/zh_CN.lproj/Localizable.strings", "/* later */\n")
        try tree.write("App/en.lproj/InfoPlist.strings", "")
        try tree.write("App/fr.lproj/InfoPlist.strings", "")
        let bundles = model(tree).bundles
        XCTAssertEqual(bundles.map(\.title), ["App (iOS app)", "Widget (iOS app)"])
        XCTAssertEqual(languages(bundles.first), ["de", "en", "zh-CN"])
        XCTAssertEqual(languages(bundles.last), ["en", "fr"])
        XCTAssertEqual(bundles.first?.failures, [])
        let contents = BundleContents(bundles[0], ReadingContents())
        XCTAssertEqual(contents.tables["Localizable"]?[LanguageTag("en")!]?.keys, 1)
        XCTAssertEqual(contents.tables["Localizable"]?[LanguageTag("de")!]?.keys, 0)
    }

    /// A synchronized folder builds every file but its target's exceptions; `/Localized/` stands
    /// for every language of a file (KeePassium).
    func testASynchronizedFolderBuildsEveryFileButTheTargetsExceptions() throws {
        let tree = try TestTree()
        var project = MiniProject()
        project.objectVersion = 77
        project.synchronizedFolder(
            "App", targets: ["App", "Lite"],
            exceptions: ["Lite": ["/Localized/Settings.strings", "fr.lproj/Extra.strings"]])
        try tree.write("App.xcodeproj/project.pbxproj", project.text())
        for language in ["en", "fr"] {
            try tree.write("App/\(language).lproj/Settings.strings", "\"a\" = \"A\";\n")
        }
        try tree.write("App/fr.lproj/Extra.strings", "\"b\" = \"B\";\n")
        try tree.write("App/Kit.bundle/de.lproj/Root.strings", "\"c\" = \"C\";\n")
        let bundles = model(tree).bundles
        let app = bundles.first { $0.name == "App" }, lite = bundles.first { $0.name == "Lite" }
        XCTAssertEqual(app?.tableNames, ["Extra", "Settings"])
        XCTAssertEqual(languages(app), ["en", "fr"], "a bundle's own .lproj are not the target's")
        XCTAssertNil(lite, "Lite builds none of the folder's localized files")
    }

    func testAMissingFileACatalogInALanguageFolderAndATableBuiltTwiceStopTheBuild() throws {
        let tree = try TestTree()
        var project = MiniProject()
        project.variantGroup("Localizable.strings", in: "App", languages: ["en", "ja"], targets: ["App"])
        _ = project.plainFile("de.lproj/Other.xcstrings", in: "App", targets: ["App"])
        _ = project.plainFile("Localizable.xcstrings", in: "App", targets: ["App"])
        try tree.write("App.xcodeproj/project.pbxproj", project.text())
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try tree.write(
            "App/de.lproj/Other.xcstrings",
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}")
        try tree.write(
            "App/Localizable.xcstrings",
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}")
        let app = try XCTUnwrap(model(tree).bundles.first)
        let said = app.failures.map { $0.description.replacingOccurrences(of: tree.root + "/", with: "") }
        XCTAssertEqual(
            said,
            [
                "it builds App/ja.lproj/Localizable.strings, which is not there",
                "it builds the catalog App/de.lproj/Other.xcstrings, inside a language's .lproj folder",
                "it builds the table Localizable twice (App/Localizable.xcstrings, App/en.lproj/Localizable.strings, "
                    + "App/ja.lproj/Localizable.strings): \"Multiple commands produce …\"",
            ].sorted())
        XCTAssertEqual(
            languages(app), ["en", "ja"],
            "a missing file still says where the project puts it; an empty catalog gives no language")
    }
}
