import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import StringsDict

/// The one-pass reader (`StringsDictOnePassReader`) against the route through
/// PropertyListSerialization (`StringsDictReader.parseWithFoundation`) and the tests' reference
/// reader (`ReferenceStringsDictReader`): the same entries (lines included), the same dropped
/// parts and the same diagnostics, at the same lines and columns. Files it does not read itself
/// go to PropertyListSerialization whole.
final class StringsDictOnePassTests: XCTestCase {
    private static let path = "/p/de.lproj/Localizable.stringsdict"

    /// The public reading of `data`, after checking it is the route through Foundation's and the
    /// reference reader's.
    private func read(
        _ data: Data, path: String = StringsDictOnePassTests.path, language: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> StringsDictReadResult {
        let read = StringsDictReader.parse(data, path: path, language: language)
        let foundation = StringsDictReader.parseWithFoundation(data, path: path, language: language)
        XCTAssertEqual(read.file, foundation.file, "public vs Foundation's route: \(path)", file: file, line: line)
        XCTAssertEqual(
            read.diagnostics, foundation.diagnostics, "public vs Foundation's route: \(path)", file: file, line: line)
        let reference = ReferenceStringsDictReader.parse(data, path: path, language: language)
        XCTAssertEqual(read.file, reference.file, "public vs reference: \(path)", file: file, line: line)
        XCTAssertEqual(read.diagnostics, reference.diagnostics, "public vs reference: \(path)", file: file, line: line)
        return read
    }

    private func readsInOnePass(_ data: Data, path: String = StringsDictOnePassTests.path) -> Bool {
        StringsDictOnePassReader.read(data, path: path, language: nil) != nil
    }

    // MARK: - Shared files

    /// Every `.stringsdict` of ../shared/corpus and ../shared/goldens: all read in one pass, each
    /// exactly as the route through PropertyListSerialization and the reference reader read it.
    func testSharedFilesReadTheSameThroughEveryRoute() throws {
        for (folder, expected) in [("corpus", 178), ("goldens", 39)] {
            let files = stringsdictFiles(under: try sharedFolder(folder))
            XCTAssertEqual(files.count, expected, folder)
            var onePass = 0, diagnostics = 0
            for path in files {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                diagnostics += read(data, path: path).diagnostics.count
                if readsInOnePass(data, path: path) { onePass += 1 }
            }
            XCTAssertEqual(onePass, files.count, "\(folder): files the one-pass reader handed over")
            print(
                "stringsdict \(folder): \(onePass) of \(files.count) files read in one pass, \(diagnostics) diagnostics"
            )
        }
    }

    // MARK: - Read in one pass

    /// Every check, at its key: columns in scalars; lines across CR LF, a lone CR, a line break in a
    /// form and a header on two lines; entries (and so their warnings) in key order; entities and
    /// non-ASCII names.
    func testWarningsAtTheirKeysInKeyOrder() throws {
        let text =
            "<?xml version='1.0' encoding='utf-8'?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\"\n"
            + " \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\r\n"
                + """
                \t<key>zeta &amp; co</key>
                \t<dict>
                \t\t<key>NSStringLocalizedFormatKey</key>
                \t\t<string>%1$#@n@ · %2$#@m@ %1#@bad@</string>
                \t\t<key>n</key>
                \t\t<dict>
                \t\t\t<key>NSStringFormatSpecTypeKey</key>
                \t\t\t<string>NSStringPluralRuleType</string>
                \t\t\t<key>NSStringFormatValueTypeKey</key>
                \t\t\t<string>%ld</string>
                \t\t\t<key>other</key>
                \t\t\t<string>%ld Dinge %2$@ %@</string>
                \t\t\t<key>one</key>
                \t\t\t<string>ein Ding %#@m@ %#@ghost@</string>
                \t\t\t<key>few</key>
                \t\t\t<string>ä</string>
                \t\t</dict>
                \t\t<key>m</key>
                \t\t<dict>
                \t\t\t<key>NSStringFormatValueTypeKey</key>
                \t\t\t<string>long</string>
                \t\t\t<key>zero</key>
                \t\t\t<string>kei
                ne</string>
                \t\t</dict>
                \t\t<key>ünused</key><dict><key>NSStringFormatSpecTypeKey</key><string>Plural</string><key>NSStringFormatValueTypeKey</key><string>@</string><key>other</key><string>%d</string></dict>
                \t</dict>\r\t<key>alpha</key>
                \t<dict><key>NSStringLocalizedFormatKey</key><string>no variable</string></dict>
                </dict>
                </plist>

                """
        let data = Data(text.utf8)
        XCTAssertTrue(readsInOnePass(data))
        let result = read(data)
        XCTAssertEqual(
            rendered(result.diagnostics),
            [
                // `\t</dict>` ends line 32 with a lone CR: alpha's key is on line 33, its format key on 34.
                "34:8: warning: \"alpha\": NSStringLocalizedFormatKey 'no variable' references no variable",
                // Line 8: a header of 5 lines (the DOCTYPE on two), its last ending in CR LF.
                "8:3: warning: \"zeta & co\": malformed variable reference '%1#@bad@' in NSStringLocalizedFormatKey "
                    + "(expected %#@bad@ or %N$#@bad@)",
                "8:3: warning: \"zeta & co\": NSStringLocalizedFormatKey references variable 'bad' that is not defined",
                "18:4: warning: \"zeta & co\" > n > one: form references variable 'ghost' that is not defined",
                "23:3: warning: \"zeta & co\" > m: missing NSStringFormatSpecTypeKey (expected NSStringPluralRuleType)",
                "25:4: warning: \"zeta & co\" > m: NSStringFormatValueTypeKey 'long' is not a printf conversion (e.g. "
                    + "d, ld, lld, @, f)",
                "23:3: warning: \"zeta & co\" > m: missing required 'other' form",
                "14:4: warning: \"zeta & co\" > n: NSStringFormatValueTypeKey '%ld' starts with '%'; read as 'ld'",
                "20:4: warning: \"zeta & co\" > n > few: category 'few' is not used by language 'de' (CLDR 47: one, "
                    + "other); kept",
                // %2$@ reads argument 2, not n's; %@ reads n's value.
                "16:4: warning: \"zeta & co\" > n > other: form uses %@ (object) but NSStringFormatValueTypeKey is "
                    + "'ld' (integer)",
                "31:3: warning: \"zeta & co\" > ünused: variable is defined but never referenced",
                // Columns count scalars: ü is two bytes, one column.
                "31:26: warning: \"zeta & co\" > ünused: NSStringFormatSpecTypeKey is 'Plural', expected "
                    + "NSStringPluralRuleType",
                "31:140: warning: \"zeta & co\" > ünused > other: form uses %d (integer) but "
                    + "NSStringFormatValueTypeKey is '@' (object)",
            ])
        XCTAssertEqual(result.file?.entries.map(\.key), ["alpha", "zeta & co"])
        XCTAssertEqual(result.file?.entries.map(\.line), [33, 6])
        guard case .plural(let rule) = result.file?.entries.last?.rule else { return XCTFail("not a plural rule") }
        XCTAssertEqual(
            rule,
            PluralRule(
                formatKey: "%1$#@n@ · %2$#@m@ %1#@bad@",
                variables: [
                    PluralVariable(
                        name: "n", valueType: "%ld",
                        forms: [.one: "ein Ding %#@m@ %#@ghost@", .few: "ä", .other: "%ld Dinge %2$@ %@"]),
                    PluralVariable(name: "m", specType: "", valueType: "long", forms: [.zero: "kei\nne"]),
                    PluralVariable(name: "ünused", specType: "Plural", valueType: "@", forms: [.other: "%d"]),
                ]))
    }

    /// The language (given, or the `.lproj` folder's) decides the category warnings.
    func testLanguageDecidesTheCategoryWarnings() {
        let data = plist(
            Self.entry.replacingOccurrences(
                of: "<key>other</key>",
                with:
                    "<key>zero</key><string>0</string><key>one</key><string>1</string><key>two</key><string>2</string><key>other</key>"
            ))
        XCTAssertTrue(readsInOnePass(data))
        XCTAssertEqual(
            rendered(read(data, path: "/p/ja.lproj/L.stringsdict").diagnostics),
            [
                "5:259: warning: \"k\" > n > one: category 'one' is not used by language 'ja' (CLDR 47: other); kept",
                "5:291: warning: \"k\" > n > two: category 'two' is not used by language 'ja' (CLDR 47: other); kept",
            ])
        XCTAssertEqual(rendered(read(data, path: "/p/ja.lproj/L.stringsdict", language: "cy").diagnostics), [])
        XCTAssertEqual(
            rendered(read(data, path: "/p/ru.lproj/L.stringsdict").diagnostics),
            [
                "5:291: warning: \"k\" > n > two: category 'two' is not used by language 'ru' (CLDR 47: one, few, "
                    + "many, other); kept"
            ])
        for path in [
            "/p/Base.lproj/L.stringsdict", "/p/L.stringsdict", "L.stringsdict", "/p/x y/ja.lproj/../L.stringsdict",
        ] {
            XCTAssertEqual(rendered(read(data, path: path).diagnostics), [], path)
        }
    }

    /// An empty top-level dictionary, a `<plist>` without attributes, no DOCTYPE; keys with
    /// entities and beyond ASCII, sorted as Swift sorts them.
    func testPlainVariantsReadInOnePass() throws {
        let empty = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist><dict></dict></plist>"#.utf8)
        XCTAssertTrue(readsInOnePass(empty))
        let emptyResult = read(empty)
        XCTAssertEqual(emptyResult.file?.entries, [])
        XCTAssertEqual(emptyResult.diagnostics, [])

        let keys = ["Zebra", "apple", "Äpfel", "&lt;tag&gt; &amp; &quot;q&quot; &apos;a&apos;", "名前"]
        let body = keys.map { Self.entry.replacingOccurrences(of: "<key>k</key>", with: "<key>\($0)</key>") }.joined(
            separator: "\n")
        let data = Data(
            (#"<?xml version="1.0" encoding="UTF-8"?>"#
                + "\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n").utf8)
        XCTAssertTrue(readsInOnePass(data))
        let result = read(data)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.file?.entries.map(\.key), ["<tag> & \"q\" 'a'", "Zebra", "apple", "Äpfel", "名前"])
        XCTAssertEqual(result.file?.entries.map(\.line), [7, 4, 5, 6, 8])
    }

    // MARK: - Handed over

    /// An entry the decoder reads without a word (`plist(entry)` is read in one pass).
    static let entry = """
        <key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>\
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\
        <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d</string></dict></dict>
        """

    /// Every shape the one-pass reader leaves to PropertyListSerialization, each read as the
    /// reference reads it: what the decoder warns about or refuses, what is outside the plain XML
    /// form, and keys that only Swift's string equality makes equal.
    func testEveryOtherShapeIsHandedOverAndReadAsBefore() throws {
        let entry = Self.entry
        XCTAssertTrue(readsInOnePass(plist(entry)))
        XCTAssertEqual(rendered(read(plist(entry)).diagnostics), [])
        let bodies: [String: String] = [
            // What the decoder says something about.
            "top-level string": "<key>s</key><string>x</string>\n" + entry,
            "variable that is a string": entry.replacingOccurrences(
                of: "<key>n</key><dict>", with: "<key>v</key><string>x</string><key>n</key><dict>"),
            "form that is a dictionary": entry.replacingOccurrences(of: "<string>%d</string>", with: "<dict></dict>"),
            "spec type that is a dictionary": entry.replacingOccurrences(
                of: "<string>NSStringPluralRuleType</string>", with: "<dict></dict>"),
            "format key that is a dictionary": entry.replacingOccurrences(
                of: "<string>%#@n@</string>", with: "<dict></dict>"),
            "unknown variable key": entry.replacingOccurrences(
                of: "<key>other</key>", with: "<key>Few</key><string>x</string><key>other</key>"),
            "missing format key": entry.replacingOccurrences(
                of: "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>", with: ""),
            "empty entry": "<key>e</key><dict></dict>",
            "device rule":
                "<key>d</key><dict><key>NSStringDeviceSpecificRuleType</key><dict><key>mac</key><string>Click</string></dict></dict>",
            "width rule":
                "<key>w</key><dict><key>NSStringVariableWidthRuleType</key><dict><key>1</key><string>Hi</string></dict></dict>",
            "nested rule": entry.replacingOccurrences(
                of: "<key>n</key><dict>",
                with: "<key>NSStringDeviceSpecificRuleType</key><dict></dict><key>n</key><dict>"),
            "repeated top-level key": entry + "\n" + entry,
            "repeated form": entry.replacingOccurrences(
                of: "<key>other</key>",
                with: "<key>one</key><string>1</string><key>one</key><string>2</string><key>other</key>"),
            "repeated spec type": entry.replacingOccurrences(
                of: "<key>other</key>", with: "<key>NSStringFormatSpecTypeKey</key><string>x</string><key>other</key>"),
            "repeated format key": entry.replacingOccurrences(
                of: "<key>n</key><dict>",
                with: "<key>NSStringLocalizedFormatKey</key><string>x</string><key>n</key><dict>"),
            "repeated variable": entry.replacingOccurrences(
                of: "<key>n</key><dict>", with: "<key>n</key><dict></dict><key>n</key><dict>"),
            // Keys equal only as Swift strings (canonical equivalence; U+212A KELVIN SIGN is K).
            "NFC and NFD keys": entry.replacingOccurrences(of: "<key>k</key>", with: "<key>\u{E9}</key>") + "\n"
                + entry.replacingOccurrences(of: "<key>k</key>", with: "<key>e\u{301}</key>"),
            "NFC and NFD variables": entry.replacingOccurrences(of: "%#@n@", with: "%#@\u{E9}@")
                .replacingOccurrences(
                    of: "<key>n</key><dict>",
                    with: "<key>\u{E9}</key><dict><key>other</key><string>a</string></dict><key>e\u{301}</key><dict>"),
            "format key with a Kelvin sign": entry.replacingOccurrences(
                of: "NSStringLocalizedFormatKey", with: "NSStringLocalizedFormat\u{212A}ey"),
            "format key twice, once with a Kelvin sign": entry.replacingOccurrences(
                of: "<key>n</key><dict>",
                with: "<key>NSStringLocalizedFormat\u{212A}ey</key><string>x</string><key>n</key><dict>"),
            "spec type with a Kelvin sign": entry.replacingOccurrences(
                of: "NSStringFormatSpecTypeKey", with: "NSStringFormatSpecType\u{212A}ey"),
            // Outside the plain XML form.
            "comment": "<!-- c -->\n" + entry,
            "CDATA": entry.replacingOccurrences(of: "<string>%d</string>", with: "<string><![CDATA[%d <b>]]></string>"),
            "numeric reference": entry.replacingOccurrences(
                of: "<string>%d</string>", with: "<string>&#x1F600; %d</string>"),
            "unknown entity": entry.replacingOccurrences(of: "<string>%d</string>", with: "<string>&nbsp;%d</string>"),
            "array": entry + "<key>a</key><array><string>x</string></array>",
            "integer": entry + "<key>i</key><integer>3</integer>",
            "boolean": entry + "<key>b</key><true/>",
            "empty key tag": entry + "<key/><dict></dict>",
            "empty string tag": entry.replacingOccurrences(of: "<string>%d</string>", with: "<string/>"),
            "empty dict tag": entry + "<key>e</key><dict/>",
            "CR LF in text": entry.replacingOccurrences(of: "<string>%d</string>", with: "<string>a\r\nb %d</string>"),
            "control character": entry.replacingOccurrences(
                of: "<string>%d</string>", with: "<string>a\u{1}b %d</string>"),
            "byte order mark in text": entry.replacingOccurrences(
                of: "<string>%d</string>", with: "<string>\u{FEFF}%d</string>"),
            "attribute on a tag": entry.replacingOccurrences(
                of: "<key>other</key>", with: "<key xml:space=\"preserve\">other</key>"),
            "space in a key's tag": entry.replacingOccurrences(of: "<key>other</key>", with: "<key>other </key>"),
            "text between elements": entry + " stray",
        ]
        for (name, body) in bodies.sorted(by: { $0.key < $1.key }) {
            let data = plist(body)
            XCTAssertFalse(readsInOnePass(data), name)
            _ = read(data)
        }
        let document = String(decoding: plist(entry), as: UTF8.self)
        let documents: [String: Data] = [
            "no encoding": Data(document.replacingOccurrences(of: " encoding=\"UTF-8\"", with: "").utf8),
            "UTF-16 declared": Data(document.replacingOccurrences(of: "UTF-8", with: "UTF-16").utf8),
            "UTF-16": document.replacingOccurrences(of: "UTF-8", with: "UTF-16").data(using: .utf16)!,
            "leading white space": Data(("\n" + document).utf8),
            "byte order mark": Data(("\u{FEFF}" + document).utf8),
            "trailing text": Data((document + "x").utf8),
            "internal DTD subset": Data(
                document.replacingOccurrences(
                    of: "PropertyList-1.0.dtd\">", with: "PropertyList-1.0.dtd\" [<!ENTITY x \"y\">]>"
                ).utf8),
            "plist attributes on the next line": Data(
                document.replacingOccurrences(of: "<plist version", with: "<plist\n version").utf8),
            "array at the top": Data(
                document.replacingOccurrences(of: "<dict>\n", with: "<array><dict>\n").replacingOccurrences(
                    of: "</dict>\n</plist>", with: "</dict></array>\n</plist>"
                ).utf8),
            "binary": try PropertyListSerialization.data(
                fromPropertyList: PropertyListSerialization.propertyList(from: plist(entry), format: nil),
                format: .binary, options: 0),
            "old-style": Data(
                ("{ k = { NSStringLocalizedFormatKey = \"%#@n@\"; n = { NSStringFormatSpecTypeKey = "
                    + "NSStringPluralRuleType; NSStringFormatValueTypeKey = d; other = \"%d\"; }; }; }")
                    .utf8),
            "invalid UTF-8": Data(document.utf8.map { $0 == UInt8(ascii: "%") ? 0xFF : $0 }),
            "empty": Data(),
        ]
        for (name, data) in documents.sorted(by: { $0.key < $1.key }) {
            XCTAssertFalse(readsInOnePass(data), name)
            _ = read(data)
        }
        // Exactly, for a few: the decoder's error, its warning for a repeated key, the old-style file's.
        XCTAssertEqual(
            rendered(read(plist(bodies["top-level string"]!)).diagnostics),
            ["5:1: error: \"s\": value is a string, not a dictionary; entry skipped"])
        XCTAssertEqual(
            rendered(read(plist(bodies["repeated form"]!)).diagnostics),
            ["5:258: warning: \"k\" > n > one: duplicate key; the last one wins"])
        XCTAssertEqual(read(documents["old-style"]!, path: "A.stringsdict").diagnostics.map(\.description), [])
    }

    /// A file that is not XML Foundation reads is Foundation's error, at the line it names.
    func testMalformedXMLIsFoundationsErrorAtItsLine() {
        let cases: [(text: String, line: Int?, linuxMessage: String)] = [
            ("<key>a</key>\n<strin>x</string>", 6, "Encountered unknown tag strin on line 6"),
            ("<key>a</key>\n<string>x</dict>", 6, "Close tag on line 6 does not match open tag string"),
        ]
        for (body, line, linuxMessage) in cases {
            let data = plist(body)
            XCTAssertFalse(readsInOnePass(data))
            let result = read(data, path: "A.stringsdict")
            XCTAssertNil(result.file)
            XCTAssertEqual(result.diagnostics.map(\.severity), [.error])
            XCTAssertEqual(result.diagnostics.first?.location, SourceLocation(path: "A.stringsdict", line: line))
            XCTAssertEqual(result.diagnostics.first?.message.hasPrefix("not a valid property list: "), true)
            #if os(Linux)
                // macOS's CoreFoundation words its messages its own way.
                XCTAssertEqual(result.diagnostics.first?.message, "not a valid property list: " + linuxMessage)
            #endif
        }
        let truncated = Data(String(decoding: plist(Self.entry), as: UTF8.self).dropLast(20).utf8)
        XCTAssertFalse(readsInOnePass(truncated))
        XCTAssertEqual(read(truncated, path: "A.stringsdict").diagnostics.map(\.severity), [.error])
    }
}
