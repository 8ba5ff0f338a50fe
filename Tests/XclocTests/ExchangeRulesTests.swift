import Foundation
import StringCatalog
import TestSupport
import XCTest
import XLIFF

@testable import Xcloc

/// The rules export and import share (docs/spec/xliff.md §1, §2.2, §2.4–2.7), each from a fixture
/// written from the rule.
final class ExchangeRulesTests: XCTestCase {
    // MARK: Orders

    func testUnitsSortByIdWithDigitRunsByValueAndCaseSensitively() {
        let ids = [
            "Add inner member", "%ld meters, %ld points|==|plural.one", "12-hour", "186-0W-Nrr.title", "Add Website",
            "%ld meters, %ld points, %ld waypoints|==|plural.one", "8iI-nH-O9H.title", "2. Find 'Roots'",
        ]
        XCTAssertEqual(
            ids.sorted(by: UnitOrder.precedes),
            [
                "%ld meters, %ld points, %ld waypoints|==|plural.one", "%ld meters, %ld points|==|plural.one",
                "2. Find 'Roots'", "8iI-nH-O9H.title", "12-hour", "186-0W-Nrr.title", "Add Website", "Add inner member",
            ])
        XCTAssertEqual(
            [
                "k|==|plural.zero", "k|==|plural.one", "k|==|plural.other", "k|==|plural.few", "k|==|plural.many",
                "k|==|plural.two",
            ]
            .sorted(by: UnitOrder.precedes),
            [
                "k|==|plural.few", "k|==|plural.many", "k|==|plural.one", "k|==|plural.other",
                "k|==|plural.two", "k|==|plural.zero",
            ])
    }

    func testUnitOrderOnASCIIGivesFoundationsNumericComparison() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aBz0123456789_|. -\t\n%@$#=,".utf8) + [0x0D, 0x7F, 0x01]
        for _ in 0..<20_000 {
            let a = String(
                decoding: (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                }, as: UTF8.self)
            let b = String(
                decoding: (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                }, as: UTF8.self)
            XCTAssertEqual(
                UnitOrder.compare(a, b), a.compare(b, options: .numeric),
                "\(a.debugDescription) vs \(b.debugDescription)")
        }
        // Digit runs beyond 64 bits, and non-ASCII, are Foundation's own answer.
        XCTAssertEqual(
            UnitOrder.compare("99999999999999999999999", "2"), "99999999999999999999999".compare("2", options: .numeric)
        )
        XCTAssertEqual(UnitOrder.compare("é", "f"), "é".compare("f", options: .numeric))
    }

    func testFilesSortByOriginalIgnoringCase() {
        XCTAssertEqual(
            [
                "damus/InfoPlist.xcstrings", "damus/en-US.lproj/Localizable.strings", "POI/a.xcstrings",
                "PhotoShare/b.xcstrings",
            ]
            .sorted(by: FileOrder.precedes),
            [
                "damus/en-US.lproj/Localizable.strings", "damus/InfoPlist.xcstrings", "PhotoShare/b.xcstrings",
                "POI/a.xcstrings",
            ])
    }

    // MARK: Ids and paths

    func testUnitIdsJoinKeyAndPathAndReadBackEitherWay() {
        XCTAssertEqual(UnitID.make(key: "%ld Days", path: "plural.few"), "%ld Days|==|plural.few")
        XCTAssertEqual(UnitID.make(key: "Done", path: ""), "Done")
        let readings = UnitID.readings(of: "a|==|b|==|plural.one").map { "\($0.key) / \($0.path)" }
        XCTAssertEqual(readings, ["a|==|b|==|plural.one / ", "a|==|b / plural.one", "a / b|==|plural.one"])
        XCTAssertEqual(
            VariationPath(text: "substitutions.meters.plural.one")?.segments, [.substitution("meters"), .plural("one")])
        XCTAssertEqual(VariationPath(text: "device.iphone.plural.few")?.text, "device.iphone.plural.few")
        XCTAssertNil(VariationPath(text: "substitutions.meters"))
        XCTAssertNil(VariationPath(text: "width.100"))
        XCTAssertNil(VariationPath(text: "plural"))
    }

    // MARK: Plural categories

    func testLanguagesWithoutATranslationGetXcodesCategories() {
        XCTAssertEqual(PluralCategories.exported(for: "de"), ["one", "other"])
        XCTAssertEqual(PluralCategories.exported(for: "ja"), ["other"])
        XCTAssertEqual(PluralCategories.exported(for: "zh-Hant-TW"), ["other"])
        XCTAssertEqual(PluralCategories.exported(for: "ru"), ["one", "few", "many", "other"])
        XCTAssertEqual(PluralCategories.exported(for: "ar"), ["zero", "one", "two", "few", "many", "other"])
        for language in ["es", "it", "fr", "pt", "pt-BR", "pt-PT", "ca", "ca-ES"] {
            XCTAssertEqual(PluralCategories.exported(for: language), ["one", "other"], language)
        }
        // The language as LanguageTag reads it: a legacy name or an `_` is the same language.
        for language in ["French", "pt_BR", "Spanish"] {
            XCTAssertEqual(PluralCategories.exported(for: language), ["one", "other"], language)
        }
        XCTAssertNil(PluralCategories.exported(for: "tlh"))
        XCTAssertTrue(PluralCategories.allowed(for: "es").isSuperset(of: ["many", "zero", "one", "other"]))
        XCTAssertFalse(PluralCategories.allowed(for: "de").contains("few"))
        XCTAssertEqual(PluralCategories.allowed(for: "tlh").count, 6)
    }

    // MARK: Substitutions

    func testSubstitutionsAreNumberedOnExportAndUnnumberedOnImport() {
        XCTAssertEqual(
            SubstitutionRewrite.main("%#@meters@, %#@nodes@", argumentNumbers: ["meters": 1, "nodes": 2]),
            "%1$#@meters@, %2$#@nodes@")
        // Only the names the defining localization has (et has no `meters`).
        XCTAssertEqual(
            SubstitutionRewrite.main("%#@meters@, %#@nodes@", argumentNumbers: ["nodes": 2]), "%#@meters@, %2$#@nodes@")
        XCTAssertEqual(SubstitutionRewrite.leaf("%arg files", argNum: 2, formatSpecifier: "ld"), "%2$ld files")
        XCTAssertEqual(SubstitutionRewrite.leaf("%arg files", argNum: nil, formatSpecifier: "ld"), "%arg files")
        XCTAssertEqual(
            SubstitutionRewrite.undoMain("%1$#@meters@, %2$#@nodes@", names: ["meters", "nodes"]),
            "%#@meters@, %#@nodes@")
        XCTAssertEqual(SubstitutionRewrite.undoLeaf("%2$ld files", argNum: 2, formatSpecifier: "ld"), "%arg files")
        // Lenient: a translator moved the `%` away (I11).
        XCTAssertEqual(SubstitutionRewrite.undoMain("…%米后 驶入2$#@nodes@", names: ["nodes"]), "…%米后 驶入%#@nodes@")
        // Names the catalog does not have stay as written.
        XCTAssertEqual(SubstitutionRewrite.undoMain("%1$#@other@", names: ["nodes"]), "%1$#@other@")
    }

    // MARK: States

    func testStatesMapBothWays() {
        XCTAssertEqual(XLIFFStates.xliffState(.translated), "translated")
        XCTAssertEqual(XLIFFStates.xliffState(.needsReview), "needs-review-l10n")
        XCTAssertEqual(XLIFFStates.xliffState(.new), "new")
        XCTAssertEqual(XLIFFStates.xliffState(.stale), "x-stale")
        XCTAssertEqual(XLIFFStates.reading(nil), .write(.translated))
        XCTAssertEqual(XLIFFStates.reading("translated"), .write(.translated))
        XCTAssertEqual(XLIFFStates.reading("final"), .write(.translated))
        XCTAssertEqual(XLIFFStates.reading("signed-off"), .write(.translated))
        XCTAssertEqual(XLIFFStates.reading("needs-review-l10n"), .write(.needsReview))
        XCTAssertEqual(XLIFFStates.reading("needs-review-translation"), .write(.needsReview))
        XCTAssertEqual(XLIFFStates.reading("new"), .write(.new))
        XCTAssertEqual(XLIFFStates.reading("x-stale"), .write(.stale))
        XCTAssertEqual(
            XLIFFStates.reading("needs-translation"), .skip("state needs-translation: not a translation yet"))
        XCTAssertEqual(XLIFFStates.reading("done"), .unknown)
    }

    // MARK: The package

    func testContentsJSONIsXcodesWithoutAFinalLineBreak() {
        let project = XclocLayout.contentsJSON(
            developmentRegion: "en", container: .project("geteduroam.xcodeproj"), targetLocale: "de",
            toolVersion: "16.0", toolBuild: "16A242")
        XCTAssertEqual(
            String(decoding: project, as: UTF8.self),
            """
            {
              "developmentRegion" : "en",
              "project" : "geteduroam.xcodeproj",
              "targetLocale" : "de",
              "toolInfo" : {
                "toolBuildNumber" : "16A242",
                "toolID" : "com.apple.dt.xcode",
                "toolName" : "Xcode",
                "toolVersion" : "16.0"
              },
              "version" : "1.0"
            }
            """)
        let workspace = String(
            decoding: XclocLayout.contentsJSON(
                developmentRegion: "en", container: .workspace("K.xcworkspace"), targetLocale: "de",
                toolVersion: "16.4", toolBuild: "16F6"), as: UTF8.self)
        XCTAssertTrue(
            workspace.hasSuffix("  \"version\" : \"1.0\",\n  \"workspace\" : \"K.xcworkspace\"\n}"), workspace)
        XCTAssertEqual(
            XclocLayout.sourceContentsPath("App/Localizable.xcstrings"), "Source Contents/App/Localizable.xcstrings")
        XCTAssertNil(XclocLayout.sourceContentsPath("../Shared/Localizable.xcstrings"))
    }

    /// A name is escaped as Xcode's JSON writer escapes it (the catalogs' writer): `/` as it is.
    func testContentsJSONEscapesNamesAsTheCatalogWriterDoes() {
        let bytes = XclocLayout.contentsJSON(
            developmentRegion: "en", container: .project("My \"App\"\\1/2\t.xcodeproj"),
            targetLocale: "de", toolVersion: "16.0", toolBuild: "16A242")
        let json = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(json.contains(#"  "project" : "My \"App\"\\1/2\t.xcodeproj",\#n"#), json)
    }

    func testInterfaceBuilderCatalogsAreNamedAfterTheirDocument() throws {
        let tree = try TestTree()
        try tree.write("App.xcodeproj/project.pbxproj", "")
        try tree.write("App/Settings/mul.lproj/Settings.xcstrings", "{}")
        try tree.write("App/Settings/Base.lproj/Settings.xib", "<document/>")
        try tree.write("App/Other/mul.lproj/Main.xcstrings", "{}")
        try tree.write("App/Other/en.lproj/Main.storyboard", "<document/>")
        try tree.write("App/Lone/mul.lproj/Gone.xcstrings", "{}")
        XCTAssertEqual(
            ExchangeProject.interfaceBuilderDocument(ofCatalog: tree.path("App/Settings/mul.lproj/Settings.xcstrings")),
            tree.path("App/Settings/Base.lproj/Settings.xib"))
        XCTAssertEqual(
            ExchangeProject.interfaceBuilderDocument(ofCatalog: tree.path("App/Other/mul.lproj/Main.xcstrings")),
            tree.path("App/Other/en.lproj/Main.storyboard"))
        XCTAssertNil(
            ExchangeProject.interfaceBuilderDocument(ofCatalog: tree.path("App/Lone/mul.lproj/Gone.xcstrings")))
        XCTAssertNil(ExchangeProject.interfaceBuilderDocument(ofCatalog: tree.path("App/Localizable.xcstrings")))
        let project = ExchangeProject(
            projectFolder: tree.root, container: nil, developmentRegion: "en", catalogs: [], legacyTables: [])
        XCTAssertEqual(
            project.interfaceBuilderOriginals(ofCatalog: tree.path("App/Lone/mul.lproj/Gone.xcstrings")),
            [
                "App/Lone/Base.lproj/Gone.storyboard", "App/Lone/Base.lproj/Gone.xib",
                "App/Lone/mul.lproj/Gone.xcstrings",
            ])
        XCTAssertEqual(project.original(of: tree.path("App/Localizable.xcstrings")), "App/Localizable.xcstrings")
    }
}
