import Foundation
import TestSupport
import XCTest

@testable import LegacyTables

final class LprojScannerTests: XCTestCase {
    func testFindsLprojFoldersAndSkipsBuildAndDependencyFolders() throws {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        for skipped in [".build", ".git", "DerivedData", "Pods", "Carthage"] {
            try tree.write("\(skipped)/x/de.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        }
        try tree.write("App/es.lproj", "\"a\" = \"A\";\n") // a plain file named like a folder
        try tree.write("App/App.xcodeproj/project.pbxproj", "{ developmentRegion = en; }")
        try tree.write("Package.swift", "// swift-tools-version:5.9\n")
        try tree.write("App/Existing.xcstrings", "{}")

        let scan = LprojScanner.scan(tree.root)
        XCTAssertEqual(scan.lprojFolders.map(\.name), ["en"])
        XCTAssertEqual(scan.lprojFolders.first?.files, ["Localizable.strings"])
        XCTAssertEqual(scan.catalogs, [tree.path("App/Existing.xcstrings")])
        XCTAssertEqual(scan.projectFiles, [tree.path("App/App.xcodeproj/project.pbxproj"), tree.path("Package.swift")])
        XCTAssertEqual(
            scan.diagnostics.map(\.description),
            ["\(tree.path("App/es.lproj")): warning: a plain file named like a localization folder; not read"])
    }

    func testSymlinkLoopIsReportedNotFollowed() throws {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try FileManager.default.createSymbolicLink(atPath: tree.path("App/loop"), withDestinationPath: tree.path("App"))
        let scan = LprojScanner.scan(tree.root)
        XCTAssertEqual(scan.lprojFolders.count, 1)
        XCTAssertEqual(scan.diagnostics.count, 1)
        XCTAssertTrue(
            scan.diagnostics[0].description.hasPrefix("\(tree.path("App/loop")): warning: symbolic link loop"))
    }

    func testSymlinkedLprojIsReadAsItsOwnLanguage() throws {
        let tree = try TestTree()
        try tree.write("App/fr.lproj/Localizable.strings", "\"a\" = \"Bonjour\";\n")
        try FileManager.default.createSymbolicLink(
            atPath: tree.path("App/fr_CA.lproj"), withDestinationPath: tree.path("App/fr.lproj"))
        let scan = LprojScanner.scan(tree.root)
        XCTAssertEqual(scan.lprojFolders.map(\.name), ["fr", "fr_CA"])
        XCTAssertEqual(scan.lprojFolders.map(\.isSymlink), [false, true])
    }

    func testMissingPathAndFileArePlainErrors() throws {
        let tree = try TestTree()
        XCTAssertEqual(
            LprojScanner.scan(tree.path("nope")).diagnostics.map(\.description),
            ["\(tree.path("nope")): error: no such file or folder"])
        try tree.write("file.txt", "x")
        XCTAssertEqual(
            LprojScanner.scan(tree.path("file.txt")).diagnostics.map(\.description),
            ["\(tree.path("file.txt")): error: not a folder"])
    }
}

final class TableGrouperTests: XCTestCase {
    private func tables(_ tree: TestTree, source: String = "en") -> TableGrouper.Result {
        TableGrouper.group(LprojScanner.scan(tree.root), sourceLanguage: source)
    }

    func testOneCatalogPerFolderAndTable() throws {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.strings", "")
        try tree.write("App/de.lproj/Localizable.strings", "")
        try tree.write("App/de.lproj/Localizable.stringsdict", "")
        try tree.write("App/en.lproj/InfoPlist.strings", "")
        try tree.write("Widget/en.lproj/Localizable.strings", "")
        let result = tables(tree)
        XCTAssertEqual(
            result.tables.map(\.catalogPath),
            [
                tree.path("App/InfoPlist.xcstrings"), tree.path("App/Localizable.xcstrings"),
                tree.path("Widget/Localizable.xcstrings"),
            ])
        XCTAssertEqual(
            result.tables[1].files.map { "\($0.language) \($0.kind)" }, ["de strings", "de stringsdict", "en strings"])
        XCTAssertEqual(result.diagnostics, [])
    }

    func testInterfaceBuilderTablesGoToMul() throws {
        let tree = try TestTree()
        try tree.write("App/Base.lproj/Main.storyboard", "<document/>")
        try tree.write("App/Base.lproj/Settings.xib", "<document/>")
        try tree.write("App/de.lproj/Main.strings", "")
        try tree.write("App/de.lproj/Settings.strings", "")
        let result = tables(tree)
        XCTAssertEqual(
            result.tables.map(\.catalogPath),
            [tree.path("App/mul.lproj/Main.xcstrings"), tree.path("App/mul.lproj/Settings.xcstrings")])
        XCTAssertTrue(result.tables.allSatisfy(\.isInterfaceBuilder))
    }

    func testComplementaryNestedFolderJoinsTheEnclosingCatalog() throws {
        // IceCubesApp: Localization/xx.lproj/*.strings + Localization/Plurals/xx.lproj/*.stringsdict
        let tree = try TestTree()
        try tree.write("Localization/en.lproj/Localizable.strings", "")
        try tree.write("Localization/de.lproj/Localizable.strings", "")
        try tree.write("Localization/Plurals/en.lproj/Localizable.stringsdict", "")
        try tree.write("Localization/Plurals/de.lproj/Localizable.stringsdict", "")
        let result = tables(tree)
        XCTAssertEqual(result.tables.map(\.catalogPath), [tree.path("Localization/Localizable.xcstrings")])
        XCTAssertEqual(result.tables[0].files.count, 4)
        XCTAssertEqual(result.diagnostics.map(\.severity), [.note])
    }

    func testNestedFolderWithTheSameKindOfFilesIsAnotherTarget() throws {
        // transmission: macosx/xx.lproj/InfoPlist.strings and macosx/QuickLookExtension/xx.lproj/InfoPlist.strings
        let tree = try TestTree()
        try tree.write("macosx/en.lproj/InfoPlist.strings", "")
        try tree.write("macosx/QuickLookExtension/en.lproj/InfoPlist.strings", "")
        // A bundle between the two keeps them apart even when complementary.
        try tree.write("macosx/Sparkle.framework/Resources/en.lproj/InfoPlist.stringsdict", "")
        let result = tables(tree)
        XCTAssertEqual(
            result.tables.map(\.catalogPath),
            [
                tree.path("macosx/InfoPlist.xcstrings"),
                tree.path("macosx/QuickLookExtension/InfoPlist.xcstrings"),
                tree.path("macosx/Sparkle.framework/Resources/InfoPlist.xcstrings"),
            ])
    }

    func testTableSpelledTwoWaysIsOneTableAndReported() throws {
        let tree = try TestTree()
        try tree.write("App/de.lproj/infoPlist.strings", "")
        try tree.write("App/fr.lproj/InfoPlist.strings", "")
        let result = tables(tree)
        XCTAssertEqual(result.tables.map(\.name), ["InfoPlist"])
        XCTAssertEqual(result.tables[0].files.count, 2)
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "\(tree.path("App")): warning: table spelled 2 ways (InfoPlist, infoPlist); read as one table named "
                    + "InfoPlist"
            ])
    }

    func testTwoFoldersOfOneLanguage() throws {
        let tree = try TestTree()
        try tree.write("App/Base.lproj/Localizable.strings", "")
        try tree.write("App/en.lproj/Localizable.strings", "")
        try tree.write("App/English.lproj/Localizable.strings", "")
        let table = tables(tree).tables[0]
        XCTAssertEqual(table.files.map(\.lprojName), ["en"])
        XCTAssertEqual(table.shadowedFiles.map(\.lprojName), ["English", "Base"])
    }
}

/// One function decides a source language, with the reason it gives.
final class SourceLanguageDecisionTests: XCTestCase {
    func testTheCommandLineWinsThenTheOwnersDeclarationThenTheTreesThenEnglish() {
        let region = SourceLanguage.Declaration.developmentRegion("fr", file: "A.xcodeproj/project.pbxproj")
        XCTAssertEqual(
            SourceLanguage.decide(explicit: "ja", declared: region, spelling: .project),
            SourceLanguage(code: "ja", origin: "--source-language"))
        XCTAssertEqual(
            SourceLanguage.decide(explicit: nil, declared: region, spelling: .project),
            SourceLanguage(code: "fr", origin: "developmentRegion in A.xcodeproj/project.pbxproj"))
        let package = SourceLanguage.Declaration.defaultLocalization("de", file: "Package.swift")
        XCTAssertEqual(
            SourceLanguage.decide(explicit: nil, declared: package, spelling: .project),
            SourceLanguage(code: "de", origin: "defaultLocalization in Package.swift"))
        let inherited = SourceLanguage(code: "it", origin: "developmentRegion in B.xcodeproj/project.pbxproj")
        XCTAssertEqual(
            SourceLanguage.decide(explicit: nil, declared: nil, spelling: .canonical, inherited: inherited), inherited)
        XCTAssertEqual(
            SourceLanguage.decide(explicit: nil, declared: nil, spelling: .canonical), SourceLanguage.fallback)
        XCTAssertEqual(SourceLanguage.fallback.code, "en")
    }

    func testARegionIsSpelledAsItsOwnerSpellsItsFoldersAndALegacyNameIsMapped() {
        let british = SourceLanguage.Declaration.developmentRegion("en_GB", file: "A.xcodeproj/project.pbxproj")
        XCTAssertEqual(SourceLanguage.decide(explicit: nil, declared: british, spelling: .project).code, "en_GB")
        XCTAssertEqual(SourceLanguage.decide(explicit: nil, declared: british, spelling: .canonical).code, "en-GB")
        let english = SourceLanguage.Declaration.developmentRegion("English", file: "A.xcodeproj/project.pbxproj")
        XCTAssertEqual(SourceLanguage.decide(explicit: nil, declared: english, spelling: .project).code, "en")
    }

    /// A table keys its source language as it spells its own folder of that language, whatever
    /// spelling the declaration used: the catalog's `sourceLanguage` is the key of its values.
    func testATableKeysItsSourceLanguageAsItsOwnFolderIsSpelled() {
        let languages = TableLanguages(folderNames: ["en_GB", "Base", "de"], source: "en-GB", spelling: .project)
        XCTAssertEqual(languages.sourceKey, "en_GB")
        XCTAssertEqual(languages.key(forFolder: "Base"), "en_GB")
        XCTAssertEqual(languages.key(forFolder: "de"), "de")
        XCTAssertNil(languages.key(forFolder: "../x"))
        XCTAssertEqual(TableLanguages(folderNames: ["fr"], source: "en_GB", spelling: .canonical).sourceKey, "en-GB")
    }
}
