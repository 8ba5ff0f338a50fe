import Foundation
import LegacyTables
import StringCatalog
import StringsFile
import TestSupport
import XCTest

@testable import Migration
@testable import Verification

/// (docs/spec/migration.md#a-line-comment-after-the-semicolon): a `// …` comment after an entry's `;` on its line (`"k"
/// = "Dark mode"; // TODO: Translate`). Xcode's migration drops that entry's localization; stringcat keeps it, since
/// dropping a translation is a loss (a documented deviation, docs/format-notes.md; golden_check
/// accepts it through the pair's `KEEP-EXTRA` line).
final class TrailingLineCommentTests: XCTestCase {
    func testTheLocalizationIsKeptAndVerified() throws {
        let tree = try TestTree()
        try tree.write("App/en.lproj/Localizable.strings", "/* Button */\n\"dark\" = \"Dark mode\";\n")
        try tree.write("App/de.lproj/Localizable.strings", "\"dark\" = \"Dark mode\"; // TODO: Translate\n")
        let report = ProjectMigrator.migrate(tree.path("App"), options: MigrationOptions())
        XCTAssertFalse(report.hasErrors)
        let catalog = try CatalogReader.read(path: tree.path("App/Localizable.xcstrings"))
        XCTAssertEqual(catalog.strings["dark"]?.localizations["de"]?.stringUnit?.value, "Dark mode")
        // The comment is the source language's, as for any key the source has.
        XCTAssertEqual(catalog.strings["dark"]?.comment, "Button")
        let proof = ProjectVerifier.verify(
            ProjectTables.find(tree.path("App"), tables: [], sourceLanguage: nil, requireTables: false))
        XCTAssertTrue(proof.isLossless)
    }

    /// reminders-menubar (shared pair): 64 lines end with a `//` comment; ours has the localization
    /// of each with the file's value. Xcode's catalog lacks 59 of them; the 5 it has (`de`, `ja`,
    /// `uk` `menuBarIconSettingsMenu`, `uk` `menuBarCounterSettingsMenu`, `pl`
    /// `upcomingRemindersDueTitle`) hold the file's values.
    func testSharedLinesAreKeptWhereXcodeDroppedThem() throws {
        let pair = try sharedFolder("goldens/DamascenoRafael__reminders-menubar")
        let tree = try TestTree()
        try FileManager.default.removeItem(atPath: tree.root)
        try FileManager.default.copyItem(atPath: "\(pair)/before", toPath: tree.root)
        try FileManager.default.copyItem(
            atPath: "\(pair)/context/reminders-menubar.xcodeproj", toPath: tree.path("reminders-menubar.xcodeproj"))
        let report = ProjectMigrator.migrate(tree.root, options: MigrationOptions())
        XCTAssertFalse(report.hasErrors, "\(report.tables.flatMap(\.diagnostics).filter(\.isError))")
        let catalogPath = "reminders-menubar/Resources/Localizable.xcstrings"
        let ours = try CatalogReader.read(path: tree.path(catalogPath))
        let xcode =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "\(pair)/after/\(catalogPath)"))) as! [String: Any]
        let xcodeStrings = xcode["strings"] as! [String: [String: Any]]
        var lines = 0
        var keptByXcode: [String] = []
        let resources = "\(pair)/before/reminders-menubar/Resources"
        for folder in try FileManager.default.contentsOfDirectory(atPath: resources).sorted()
        where folder.hasSuffix(".lproj") {
            let language = String(folder.dropLast(6))
            let path = "\(resources)/\(folder)/Localizable.strings"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let file = try XCTUnwrap(StringsFileReader.read(path: path).file)
            for entry in file.entries {
                let line = text.split(separator: "\n", omittingEmptySubsequences: false)[entry.line - 1]
                guard let semicolon = line.lastIndex(of: ";"),
                    line[line.index(after: semicolon)...].trimmingCharacters(in: .whitespaces).hasPrefix("//")
                else { continue }
                lines += 1
                XCTAssertEqual(
                    ours.strings[entry.key]?.localizations[language]?.stringUnit?.value, entry.value,
                    "\(folder): \(entry.key)")
                if let unit = (xcodeStrings[entry.key]?["localizations"] as? [String: [String: Any]])?[language] {
                    XCTAssertEqual(
                        (unit["stringUnit"] as? [String: String])?["value"], entry.value, "\(folder): \(entry.key)")
                    keptByXcode.append("\(language) \(entry.key)")
                }
            }
        }
        XCTAssertEqual(lines, 64)
        XCTAssertEqual(
            keptByXcode.sorted(),
            [
                "de menuBarIconSettingsMenu", "ja menuBarIconSettingsMenu", "pl upcomingRemindersDueTitle",
                "uk menuBarCounterSettingsMenu", "uk menuBarIconSettingsMenu",
            ])
    }
}
