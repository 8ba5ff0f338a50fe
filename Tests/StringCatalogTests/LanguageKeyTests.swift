import Foundation
import StringcatSupport
import XCTest

@testable import StringCatalog

/// Issue 33, item 1: a catalog's language code is a path (`compile` writes `<code>.lproj`). A
/// localization key or a `sourceLanguage` that is not a language tag is an error at its line and
/// column, in every read (whole, streamed, in parallel), so no command builds a path from it.
final class LanguageKeyTests: XCTestCase {
    private func catalog(key: String, source: String = "en") -> String {
        var quoted = JSONTextWriter()
        quoted.string(key)
        let code = String(decoding: quoted.bytes, as: UTF8.self)
        return """
            {
              "sourceLanguage" : "\(source)",
              "strings" : {
                "Done" : {
                  "localizations" : {
                    \(code) : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Fertig"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }

            """
    }

    private let notALanguage =
        "not a language code (a BCP 47 tag such as en, pt-BR or zh-Hans); "
        + "nothing is read or written for it"

    func testAHostileLocalizationKeyIsAnErrorAtItsLineAndColumn() {
        let hostile = [
            ("../victim/de", "\"../victim/de\""), ("a/b", "\"a/b\""), ("x\ny", "\"x\\ny\""), ("", "\"\""),
            ("de.lproj", "\"de.lproj\""), ("/etc/passwd", "\"/etc/passwd\""), ("de ", "\"de \""),
        ]
        for (key, shown) in hostile {
            let text = catalog(key: key)
            XCTAssertEqual(
                diagnostic { _ = try parseCatalog(text, path: "L.xcstrings") }?.description,
                "L.xcstrings:6:9: error: strings[\"Done\"].localizations[\(shown)]: \(notALanguage)", key)
        }
    }

    func testAHostileSourceLanguageIsAnErrorAtItsValue() {
        let text = catalog(key: "de", source: "../x")
        XCTAssertEqual(
            diagnostic { _ = try parseCatalog(text, path: "L.xcstrings") }?.description,
            "L.xcstrings:2:22: error: sourceLanguage: \"../x\" is \(notALanguage)")
    }

    /// Every code of the reference catalogs, variants and legacy names included, still reads.
    func testLanguageTagsAsCatalogsHoldThemStillRead() throws {
        for key in [
            "de", "zh-Hans", "zh-Hant-HK", "es-419", "en-GB-instukhe", "da-instk12", "pt_BR", "English", "tzm",
            "nb-NO",
        ] {
            let parsed = try parseCatalog(catalog(key: key))
            XCTAssertEqual(parsed.strings["Done"]?.localizations.keys.first, key)
        }
    }

    /// Plural and device cases are not languages: their keys are what the format says they are.
    func testVariationKeysAreNotLanguageTags() throws {
        let text =
            "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"localizations\":{\"de\":"
            + "{\"variations\":{\"device\":"
            + "{\"apple-vision\":{\"stringUnit\":{\"state\":\"new\",\"value\":\"x\"}}}}}}}},\"version\":\"1.0\"}"
        XCTAssertNotNil(try parseCatalog(text).strings["k"]?.localizations["de"]?.variations?.device?["apple-vision"])
    }

    /// The streamed reader (verify) and the parallel one (large catalogs) refuse it the same way.
    func testStreamedAndParallelReadsRefuseItToo() throws {
        let text = catalog(key: "../victim/de")
        let expected = "L.xcstrings:6:9: error: strings[\"Done\"].localizations[\"../victim/de\"]: \(notALanguage)"
        func streamed(_ text: String) -> String? {
            let bytes = Array(text.utf8)
            return diagnostic { try CatalogReader.forEachEntry(bytes: bytes, path: "L.xcstrings") { _, _ in } }?
                .description
        }
        XCTAssertEqual(streamed(text), expected)
        XCTAssertEqual(
            streamed(catalog(key: "de", source: "a/b")),
            "L.xcstrings:2:22: error: sourceLanguage: \"a/b\" is \(notALanguage)")
        // Many entries: read in segments on every core.
        var big = "{\"sourceLanguage\":\"en\",\"strings\":{"
        let unit = "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"v\"}}"
        for index in 0..<40_000 { big += "\"k\(index)\":{\"localizations\":{\"de\":\(unit)}}," }
        big += "\"z\":{\"localizations\":{\"a/b\":\(unit)}}},\"version\":\"1.0\"}"
        XCTAssertEqual(
            diagnostic { _ = try parseCatalog(big, path: "L.xcstrings") }?.message,
            "strings[\"z\"].localizations[\"a/b\"]: \(notALanguage)")
    }

    /// `normalize` rewrites nothing it cannot read: the file stays as it is.
    func testNormalizeRefusesAHostileKeyAndLeavesTheFile() throws {
        let folder = NSTemporaryDirectory() + "language-key-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/L.xcstrings"
        let text = catalog(key: "../x")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let refusal = diagnostic { _ = try CatalogNormalizer.normalizeFile(atPath: path, check: false) }
        XCTAssertEqual(refusal?.location.line, 6)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text)
    }
}
