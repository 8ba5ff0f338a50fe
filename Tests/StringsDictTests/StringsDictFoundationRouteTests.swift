import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import StringsDict

/// The route through PropertyListSerialization (`StringsDictReader.parseWithFoundation`: the
/// decoder and the one plural checker, key places from `PlistKeyLines`) against the tests'
/// reference reader: the same model, the same diagnostics at the same lines and columns, on
/// the corpus (which the public route reads in one pass) and on files that leave the plain form.
final class StringsDictFoundationRouteTests: XCTestCase {
    private func assertSameAsReference(
        _ data: Data, path: String = "/p/de.lproj/Localizable.stringsdict",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let route = StringsDictReader.parseWithFoundation(data, path: path, language: nil)
        let reference = ReferenceStringsDictReader.parse(data, path: path)
        XCTAssertEqual(route.file, reference.file, file: file, line: line)
        XCTAssertEqual(
            route.diagnostics.map(\.description), reference.diagnostics.map(\.description), file: file, line: line)
    }

    func testCorpusReadsAsTheReferenceReadsIt() throws {
        let files = stringsdictFiles(under: try sharedFolder("corpus"))
        var diagnostics = 0
        for path in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            assertSameAsReference(data, path: path)
            diagnostics += StringsDictReader.parseWithFoundation(data, path: path, language: nil).diagnostics.count
        }
        // The checks are exercised: the corpus has files with warnings.
        XCTAssertGreaterThan(diagnostics, 100)
    }

    func testPlainFileWithEntitiesAndNonASCII() throws {
        let data = plist(
            """
            <key>Tom &amp; Jerry &lt;%d&gt;</key>
            <dict>
            \t<key>NSStringLocalizedFormatKey</key>
            \t<string>&quot;%#@n@&quot; &apos;x&apos; → ok</string>
            \t<key>n</key>
            \t<dict>
            \t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t<string>NSStringPluralRuleType</string>
            \t\t<key>NSStringFormatValueTypeKey</key>
            \t\t<string>d</string>
            \t\t<key>one</key>
            \t\t<string>eine
            Zeile</string>
            \t\t<key>other</key>
            \t\t<string></string>
            \t</dict>
            </dict>
            """)
        XCTAssertNotNil(StringsDictOnePassReader.read(data, path: "/p/de.lproj/Localizable.stringsdict", language: nil))
        let result = StringsDictReader.parse(data, path: "/p/de.lproj/Localizable.stringsdict")
        let entry = try XCTUnwrap(result.file?.entries.first)
        XCTAssertEqual(entry.key, "Tom & Jerry <%d>")
        XCTAssertEqual(entry.line, 5)
        guard case .plural(let rule) = entry.rule else { return XCTFail("not a plural: \(entry.rule)") }
        XCTAssertEqual(rule.formatKey, "\"%#@n@\" 'x' → ok")
        XCTAssertEqual(rule.variables.first?.forms, [.one: "eine\nZeile", .other: ""])
        assertSameAsReference(data)
    }

    /// Warnings point at the same line and column (in scalars: `ä` before a key counts once).
    func testDiagnosticPositionsMatch() throws {
        let data = plist(
            """
            <key>ä</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key>
            <dict><key>NSStringFormatSpecTypeKey</key><string>Plural</string><key>one</key><string>x</string>
            <key>seven</key><string>y</string></dict><key>unused</key><dict><key>NSStringFormatValueTypeKey</key><string>%ld</string></dict></dict>
            <key>no dict</key><string>text</string>
            """)
        let result = StringsDictReader.parse(data, path: "/p/de.lproj/Localizable.stringsdict")
        XCTAssertEqual(
            rendered(result.diagnostics),
            [
                "8:1: error: \"no dict\": value is a string, not a dictionary; entry skipped",
                "7:1: warning: \"ä\" > n > seven: unknown key 'seven' (not a plural category: zero, one, two, few, "
                    + "many, other); ignored",
                "6:7: warning: \"ä\" > n: NSStringFormatSpecTypeKey is 'Plural', expected NSStringPluralRuleType",
                // Column 78 in scalars (79 in bytes: ä is two).
                "5:78: warning: \"ä\" > n: missing NSStringFormatValueTypeKey",
                "5:78: warning: \"ä\" > n: missing required 'other' form",
                "7:42: warning: \"ä\" > unused: variable is defined but never referenced",
                "7:42: warning: \"ä\" > unused: missing NSStringFormatSpecTypeKey (expected NSStringPluralRuleType)",
                "7:65: warning: \"ä\" > unused: NSStringFormatValueTypeKey '%ld' starts with '%'; read as 'ld'",
                "7:42: warning: \"ä\" > unused: missing required 'other' form",
            ])
        assertSameAsReference(data)
    }

    /// Each of these leaves the plain form: the one-pass reader declines, and the result is the
    /// reference's.
    func testAnythingElseGoesThroughFoundation() throws {
        let entry = """
            <key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>\
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d</string></dict></dict>
            """
        let bodies: [String: String] = [
            "comment": "<!-- c -->\n" + entry,
            "CDATA": entry.replacingOccurrences(of: "<string>%d</string>", with: "<string><![CDATA[%d <b>]]></string>"),
            "numeric reference": entry.replacingOccurrences(
                of: "<string>%d</string>", with: "<string>&#x1F600; &#65;</string>"),
            "unknown entity": entry.replacingOccurrences(of: "<string>%d</string>", with: "<string>&nbsp;%d</string>"),
            "array": entry + "<key>a</key><array><string>x</string></array>",
            "integer": entry + "<key>i</key><integer>3</integer>",
            "boolean": entry + "<key>b</key><true/>",
            "repeated key": entry + "\n" + entry,
            "repeated nested key": entry.replacingOccurrences(
                of: "<key>other</key>",
                with: "<key>one</key><string>1</string><key>one</key><string>2</string><key>other</key>"),
            "empty key tag": entry + "<key/><string>x</string>",
            "empty string tag": entry.replacingOccurrences(of: "<string>%d</string>", with: "<string/>"),
            "empty dict tag": entry + "<key>e</key><dict/>",
            "CR LF in text": entry.replacingOccurrences(of: "<string>%d</string>", with: "<string>a\r\nb %d</string>"),
            "control character": entry.replacingOccurrences(
                of: "<string>%d</string>", with: "<string>a\u{1}b %d</string>"),
            "byte order mark in text": entry.replacingOccurrences(
                of: "<string>%d</string>", with: "<string>\u{FEFF}%d</string>"),
            "attribute on a tag": entry.replacingOccurrences(
                of: "<key>other</key>", with: "<key xml:space=\"preserve\">other</key>"),
            "text between elements": entry + " stray",
        ]
        for (name, body) in bodies.sorted(by: { $0.key < $1.key }) {
            let data = plist(body)
            XCTAssertNil(StringsDictOnePassReader.read(data, path: "A.stringsdict", language: nil), name)
            assertSameAsReference(data)
        }
        let document = String(decoding: plist(entry), as: UTF8.self)
        let documents: [String: String] = [
            "no encoding": document.replacingOccurrences(of: " encoding=\"UTF-8\"", with: ""),
            "UTF-16 declared": document.replacingOccurrences(of: "UTF-8", with: "UTF-16"),
            "leading white space": "\n" + document,
            "byte order mark": "\u{FEFF}" + document,
            "trailing text": document + "x",
            "internal DTD subset": document.replacingOccurrences(
                of: "PropertyList-1.0.dtd\">", with: "PropertyList-1.0.dtd\" [<!ENTITY x \"y\">]>"),
            "no plist element": document.replacingOccurrences(of: "<plist version=\"1.0\">", with: "")
                .replacingOccurrences(of: "</plist>", with: ""),
            "array at the top": document.replacingOccurrences(of: "<dict>\n", with: "<array><dict>\n")
                .replacingOccurrences(of: "</dict>\n</plist>", with: "</dict></array>\n</plist>"),
        ]
        for (name, text) in documents.sorted(by: { $0.key < $1.key }) {
            let data = Data(text.utf8)
            XCTAssertNil(StringsDictOnePassReader.read(data, path: "A.stringsdict", language: nil), name)
            assertSameAsReference(data)
        }
        var invalid = [UInt8](plist(entry))
        invalid[invalid.firstIndex(of: UInt8(ascii: "%"))!] = 0xFF
        XCTAssertNil(
            StringsDictOnePassReader.read(Data(invalid), path: "A.stringsdict", language: nil), "invalid UTF-8")
        assertSameAsReference(Data(invalid))
        // And the plain form itself is read in one pass.
        XCTAssertNotNil(StringsDictOnePassReader.read(plist(entry), path: "A.stringsdict", language: nil))
        XCTAssertNotNil(
            StringsDictOnePassReader.read(
                plist(entry.replacingOccurrences(of: "<dict>", with: "\r\n<dict>")), path: "A.stringsdict",
                language: nil))
    }
}
