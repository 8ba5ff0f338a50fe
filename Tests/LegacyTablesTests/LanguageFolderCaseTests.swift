import Foundation
import Languages
import TestSupport
import XCTest

@testable import LegacyTables

/// (docs/spec/languages.md#case-is-canonical): a language folder in another case (`zh-hans.lproj`) gives the code in
/// BCP 47 casing (`zh-Hans`: language lower case, script title case, region upper case), as Xcode writes
/// it, in a folder reading and in a project alike; the other rules stay (a region keeps its `_`
/// in a project: `zh_cn` -> `zh_CN`). The evidence is a held-out migration (docs/spec/languages.md).
final class LanguageFolderCaseTests: XCTestCase {
    func testFolderNamesInAnyCaseGiveCanonicalCodes() {
        let cases = [
            ("zh-hans", "zh-Hans"), ("zh-hant", "zh-Hant"), ("zh-HANS", "zh-Hans"), ("ZH-Hans", "zh-Hans"),
            ("zh_hans", "zh-Hans"),
            ("pt-br", "pt-BR"), ("PT-br", "pt-BR"), ("en-gb", "en-GB"), ("zh-hant-tw", "zh-Hant-TW"),
            ("zh-hant-hk", "zh-Hant-HK"),
            ("es-419", "es-419"), ("DE", "de"), ("no-no", "nb-NO"), ("sr-latn", "sr-Latn"),
            // A variant is kept as written.
            ("en-gb-instukhe", "en-GB-instukhe"), ("da-instk12", "da-instk12"), ("English", "en"),
        ]
        for (folder, code) in cases {
            XCTAssertEqual(LanguageTag(folder)?.spelled(.canonical), code, folder)
        }
    }

    func testProjectFoldersInAnyCaseKeepTheirOtherRules() {
        let cases = [
            ("zh-hans", "zh-Hans"), ("zh_hans", "zh-Hans"), ("zh_cn", "zh_CN"), ("zh_CN", "zh_CN"), ("zh_TW", "zh_TW"),
            ("zh_Hans", "zh-Hans"), ("pt-br", "pt-BR"), ("pt_br", "pt_BR"), ("no", "nb"), ("no_NO", "nb_NO"),
            ("zh_hant_tw", "zh-Hant_TW"), ("English", "en"), ("Base", "ja"),
        ]
        for (folder, code) in cases {
            XCTAssertEqual(
                TableLanguages(folderNames: [folder], source: "ja", spelling: .project).key(forFolder: folder), code,
                folder)
        }
    }

    /// Canonical codes are left as they are.
    func testCanonicalCodesAreUnchanged() {
        for code in [
            "en", "pt-BR", "pt-PT", "en-GB", "es-419", "zh-Hans", "zh-Hant-TW", "nb-NO", "se", "ars", "tzm", "ca-ES",
            "sv-instk12",
        ] {
            XCTAssertEqual(LanguageTag(code)?.spelled(.canonical), code)
            XCTAssertEqual(LanguageTag(code)?.spelled(.project), code)
        }
    }

    /// No shared golden has a folder in another case (the rule's evidence is held out); what
    /// they show is that every code Xcode wrote for their folders is what the rules give, case
    /// included: each `.lproj` folder of `before/` whose code appears in no catalog of `after/`
    /// would be a miss.
    func testSharedFoldersGiveTheCodesXcodeWrote() throws {
        let goldens = try sharedFolder("goldens")
        var checked = 0
        for pair in try FileManager.default.contentsOfDirectory(atPath: goldens).sorted() {
            let after = "\(goldens)/\(pair)/after"
            var written: Set<String> = []
            for relative in FileManager.default.subpaths(atPath: after) ?? [] where relative.hasSuffix(".xcstrings") {
                let catalog =
                    try JSONSerialization.jsonObject(
                        with: Data(contentsOf: URL(fileURLWithPath: "\(after)/\(relative)"))) as! [String: Any]
                for entry in (catalog["strings"] as? [String: [String: Any]] ?? [:]).values {
                    written.formUnion((entry["localizations"] as? [String: Any] ?? [:]).keys)
                }
            }
            let folders = Set(
                (FileManager.default.subpaths(atPath: "\(goldens)/\(pair)/before") ?? []).compactMap {
                    path -> String? in
                    path.split(separator: "/").last { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }
                })
            for folder in folders.sorted() where folder != "Base" {
                let code = LanguageTag(folder)?.spelled(.project) ?? folder
                guard !written.contains(code) else {
                    checked += 1
                    continue
                }
                // Not written at all: a folder whose files Xcode did not migrate into entries.
                XCTAssertFalse(
                    written.contains { $0.lowercased() == code.lowercased() },
                    "\(pair): \(folder) -> \(code), Xcode wrote another case")
            }
        }
        XCTAssertGreaterThan(checked, 200)
    }
}
