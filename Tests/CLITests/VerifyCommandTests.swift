import Foundation
import TestSupport
import XCTest

/// `stringcat verify` as a user runs it: exit 0 when the catalog holds everything, 1 naming the
/// key when it does not.
final class VerifyCommandTests: WorkFolderTestCase {
    /// `%1$#@passwords@` whose forms name `%2$#@accounts@`, a plural of its own.
    private func writeNestedTable() throws {
        let german = stringsDictXML([
            (
                "passwords.reused", "%1$#@passwords@",
                [
                    (
                        "passwords", "d",
                        [
                            ("one", "Ein Passwort wird in deinem %2$#@accounts@ wiederverwendet."),
                            ("other", "%1$d Passwörter werden in deinen %2$#@accounts@ wiederverwendet."),
                        ]
                    ),
                    ("accounts", "d", [("one", "Konto"), ("other", "%2$d Konten")]),
                ]
            )
        ])
        try write("App/de.lproj/Localizable.stringsdict", german)
        try write(
            "App/en.lproj/Localizable.stringsdict",
            german.replacingOccurrences(of: "Konten", with: "accounts").replacingOccurrences(
                of: "Konto", with: "account"))
    }

    func testNestedVariableMigratesAndVerifiesAndALostSubstitutionExitsOne() throws {
        try writeNestedTable()
        let migrate = try Stringcat.run(["migrate", "App"], in: work)
        XCTAssertEqual(migrate.status, 0, migrate.stderr)
        let catalog = try String(contentsOf: work.appendingPathComponent("App/Localizable.xcstrings"), encoding: .utf8)
        XCTAssertTrue(catalog.contains("\"value\" : \"Konto\""), catalog)
        XCTAssertTrue(catalog.contains("\"value\" : \"%2$d Konten\""), catalog)

        let clean = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertTrue(clean.stdout.hasSuffix("verify: 1 table, 1 key in 2 languages: nothing lost\n"), clean.stdout)

        // The accounts substitution of de removed from the catalog (as the old converter did).
        let url = work.appendingPathComponent("App/Localizable.xcstrings")
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        var strings = object["strings"] as! [String: Any]
        var entry = strings["passwords.reused"] as! [String: Any]
        var localizations = entry["localizations"] as! [String: Any]
        var german = localizations["de"] as! [String: Any]
        var substitutions = german["substitutions"] as! [String: Any]
        substitutions["accounts"] = nil
        german["substitutions"] = substitutions
        localizations["de"] = german
        entry["localizations"] = localizations
        strings["passwords.reused"] = entry
        object["strings"] = strings
        try JSONSerialization.data(withJSONObject: object).write(to: url)

        let lossy = try Stringcat.run(["verify", "App"], in: work)
        XCTAssertEqual(lossy.status, 1)
        // The losses are diagnostics on stderr; the table lines and the summary stay on stdout.
        XCTAssertTrue(
            lossy.stderr.contains(
                "App/de.lproj/Localizable.stringsdict:5:1: error: \"passwords.reused\" [de]: form missing: %2.one: "
                    + "\"Konto\""
            ), lossy.stderr)
        XCTAssertFalse(lossy.stdout.contains("error:"), lossy.stdout)
        XCTAssertTrue(
            lossy.stdout.hasSuffix("verify: 1 table, 1 key in 2 languages: 4 losses in 1 table\n"), lossy.stdout)
    }
}
