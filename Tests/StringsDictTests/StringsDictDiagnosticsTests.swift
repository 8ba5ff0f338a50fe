import StringcatSupport
import XCTest

@testable import StringsDict

/// Each diagnostic the reader reports, with its exact message, line and column.
final class StringsDictDiagnosticsTests: XCTestCase {
    func testMissingFormatKeySkipsTheEntry() {
        let result = StringsDictReader.parse(
            plist(
                """
                <key>NoFormat</key>
                <dict>
                \t<key>n</key>
                \t<dict>
                \t\t<key>other</key>
                \t\t<string>x</string>
                \t</dict>
                </dict>
                """), path: "en.lproj/A.stringsdict")
        XCTAssertEqual(
            rendered(result.diagnostics),
            [
                "5:1: warning: \"NoFormat\": missing NSStringLocalizedFormatKey; entry skipped"
            ])
        XCTAssertEqual(result.file?.entries, [])
    }

    func testVariableAndFormProblems() throws {
        let result = StringsDictReader.parse(
            plist(
                """
                <key>K</key>
                <dict>
                \t<key>NSStringLocalizedFormatKey</key>
                \t<string>%#@a@ %#@missing@</string>
                \t<key>a</key>
                \t<dict>
                \t\t<key>NSStringFormatSpecTypeKey</key>
                \t\t<string>NSStringPluralRuleType</string>
                \t\t<key>NSStringFormatValueTypeKey</key>
                \t\t<string>d</string>
                \t\t<key>one</key>
                \t\t<string>%@ item</string>
                \t\t<key>Few</key>
                \t\t<string>x</string>
                \t\t<key>many</key>
                \t\t<integer>3</integer>
                \t</dict>
                \t<key>unused</key>
                \t<dict>
                \t\t<key>NSStringFormatSpecTypeKey</key>
                \t\t<string>NSStringPluralRuleType</string>
                \t\t<key>NSStringFormatValueTypeKey</key>
                \t\t<string>%ld</string>
                \t\t<key>other</key>
                \t\t<string>%ld</string>
                \t</dict>
                \t<key>junk</key>
                \t<string>x</string>
                </dict>
                """), path: "en.lproj/A.stringsdict")
        XCTAssertEqual(
            rendered(result.diagnostics),
            [
                "17:3: warning: \"K\" > a > Few: unknown key 'Few' (not a plural category: zero, one, two, few, many, "
                    + "other); ignored",
                "19:3: warning: \"K\" > a > many: form is a number, not a string; ignored",
                "31:2: warning: \"K\" > junk: value is a string, not a variable dictionary; ignored",
                "7:2: warning: \"K\": NSStringLocalizedFormatKey references variable 'missing' that is not defined",
                "9:2: warning: \"K\" > a: missing required 'other' form",
                "15:3: warning: \"K\" > a > one: form uses %@ (object) but NSStringFormatValueTypeKey is 'd' (integer)",
                "22:2: warning: \"K\" > unused: variable is defined but never referenced",
                "26:3: warning: \"K\" > unused: NSStringFormatValueTypeKey '%ld' starts with '%'; read as 'ld'",
            ])
        XCTAssertFalse(result.diagnostics.containsError)
        // The entry is kept with what could be read.
        guard case .plural(let rule) = try XCTUnwrap(result.file?.entries.first).rule else { return XCTFail() }
        XCTAssertEqual(
            rule.variables,
            [
                PluralVariable(name: "a", valueType: "d", forms: [.one: "%@ item"]),
                PluralVariable(name: "unused", valueType: "%ld", forms: [.other: "%ld"]),
            ])
    }

    func testSpecAndValueTypeProblems() {
        let result = StringsDictReader.parse(
            plist(
                """
                <key>K</key>
                <dict>
                \t<key>NSStringLocalizedFormatKey</key>
                \t<string>%#@a@%#@b@</string>
                \t<key>a</key>
                \t<dict>
                \t\t<key>NSStringFormatSpecTypeKey</key>
                \t\t<string>NSStringGenderRuleType</string>
                \t\t<key>NSStringFormatValueTypeKey</key>
                \t\t<string>long</string>
                \t\t<key>other</key>
                \t\t<string>x</string>
                \t</dict>
                \t<key>b</key>
                \t<dict>
                \t\t<key>other</key>
                \t\t<string>%2$@ and %1$d</string>
                \t</dict>
                </dict>
                """), path: "A.stringsdict")
        XCTAssertEqual(
            rendered(result.diagnostics),
            [
                "11:3: warning: \"K\" > a: NSStringFormatSpecTypeKey is 'NSStringGenderRuleType', expected "
                    + "NSStringPluralRuleType",
                "13:3: warning: \"K\" > a: NSStringFormatValueTypeKey 'long' is not a printf conversion (e.g. d, ld, "
                    + "lld, @, f)",
                "18:2: warning: \"K\" > b: missing NSStringFormatSpecTypeKey (expected NSStringPluralRuleType)",
                "18:2: warning: \"K\" > b: missing NSStringFormatValueTypeKey",
            ])
    }

    func testMalformedReferencesAreWarnedAndKept() throws {
        let result = StringsDictReader.parse(
            plist(
                """
                <key>K</key>
                <dict>
                \t<key>NSStringLocalizedFormatKey</key>
                \t<string>%1#@count@ / %#1@count@ / %# @sites @</string>
                \t<key>count</key>
                \t<dict>
                \t\t<key>NSStringFormatSpecTypeKey</key>
                \t\t<string>NSStringPluralRuleType</string>
                \t\t<key>NSStringFormatValueTypeKey</key>
                \t\t<string>lld</string>
                \t\t<key>other</key>
                \t\t<string>%lld things</string>
                \t</dict>
                \t<key>sites</key>
                \t<dict>
                \t\t<key>NSStringFormatSpecTypeKey</key>
                \t\t<string>NSStringPluralRuleType</string>
                \t\t<key>NSStringFormatValueTypeKey</key>
                \t\t<string>d</string>
                \t\t<key>other</key>
                \t\t<string>%2$@ sites</string>
                \t</dict>
                </dict>
                """), path: "A.stringsdict")
        XCTAssertEqual(
            rendered(result.diagnostics),
            [
                "7:2: warning: \"K\": malformed variable reference '%1#@count@' in NSStringLocalizedFormatKey "
                    + "(expected %#@count@ or %N$#@count@)",
                "7:2: warning: \"K\": malformed variable reference '%#1@count@' in NSStringLocalizedFormatKey "
                    + "(expected %#@count@ or %N$#@count@)",
                "7:2: warning: \"K\": malformed variable reference '%# @sites @' in NSStringLocalizedFormatKey "
                    + "(expected %#@sites@ or %N$#@sites@)",
            ])
        guard case .plural(let rule) = try XCTUnwrap(result.file?.entries.first).rule else { return XCTFail() }
        XCTAssertEqual(rule.formatKey, "%1#@count@ / %#1@count@ / %# @sites @")
        XCTAssertEqual(rule.referencedVariables.map(\.reference.isMalformed), [true, true, true])
        XCTAssertEqual(rule.referencedVariables.map(\.argumentIndex), [nil, nil, nil])
    }

    func testCategoriesTheLanguageDoesNotUseAreKept() throws {
        let body = """
            <key>K</key>
            <dict>
            \t<key>NSStringLocalizedFormatKey</key>
            \t<string>%#@n@</string>
            \t<key>n</key>
            \t<dict>
            \t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t<string>NSStringPluralRuleType</string>
            \t\t<key>NSStringFormatValueTypeKey</key>
            \t\t<string>d</string>
            \t\t<key>zero</key>
            \t\t<string>none</string>
            \t\t<key>one</key>
            \t\t<string>%d item</string>
            \t\t<key>other</key>
            \t\t<string>%d items</string>
            \t</dict>
            </dict>
            """
        let ja = StringsDictReader.parse(plist(body), path: "X/ja.lproj/A.stringsdict")
        // `zero` is Apple's form for 0 in every language: carried, never warned about.
        XCTAssertEqual(
            rendered(ja.diagnostics),
            [
                "17:3: warning: \"K\" > n > one: category 'one' is not used by language 'ja' (CLDR 47: other); kept"
            ])
        guard case .plural(let rule) = try XCTUnwrap(ja.file?.entries.first).rule else { return XCTFail() }
        XCTAssertEqual(rule.variable(named: "n")?.forms.count, 3)
        // An explicit language wins over the folder name; Base and unknown folders are not checked.
        XCTAssertEqual(
            rendered(
                StringsDictReader.parse(plist(body), path: "X/ja.lproj/A.stringsdict", language: "cy").diagnostics), [])
        XCTAssertEqual(
            rendered(StringsDictReader.parse(plist(body), path: "X/Base.lproj/A.stringsdict").diagnostics), [])
        XCTAssertEqual(rendered(StringsDictReader.parse(plist(body), path: "A.stringsdict").diagnostics), [])
        XCTAssertEqual(
            StringsDictReader.parse(plist(body), path: "pt_PT.lproj/A.stringsdict").diagnostics.map(\.message), [])
    }

    func testDeviceAndWidthProblems() {
        let result = StringsDictReader.parse(
            plist(
                """
                <key>D</key>
                <dict>
                \t<key>NSStringDeviceSpecificRuleType</key>
                \t<dict>
                \t\t<key>iphone</key>
                \t\t<dict>
                \t\t\t<key>NSStringLocalizedFormatKey</key>
                \t\t\t<string>%#@n@</string>
                \t\t</dict>
                \t\t<key>toaster</key>
                \t\t<string>Toast</string>
                \t\t<key>mac</key>
                \t\t<array/>
                \t</dict>
                \t<key>extra</key>
                \t<string>x</string>
                </dict>
                <key>W</key>
                <dict>
                \t<key>NSStringVariableWidthRuleType</key>
                \t<dict>
                \t\t<key>wide</key>
                \t\t<string>Wide</string>
                \t</dict>
                </dict>
                """), path: "A.stringsdict")
        XCTAssertEqual(
            rendered(result.diagnostics),
            [
                "19:2: warning: \"D\" > extra: unexpected key 'extra' next to NSStringDeviceSpecificRuleType; ignored",
                "16:3: warning: \"D\" > mac: value is an array, not a string or a plural rule; ignored",
                "14:3: warning: \"D\" > toaster: unknown device 'toaster' (known: appletv, applevision, applewatch, "
                    + "ipad, iphone, ipod, mac, other); kept",
                "26:3: warning: \"W\" > wide: width 'wide' is not a whole number; kept",
                "11:4: warning: \"D\" > iphone: NSStringLocalizedFormatKey references variable 'n' that is not defined",
            ])
        XCTAssertEqual(
            result.file?.entries.map(\.rule),
            [
                .device(
                    DeviceRule(cases: [
                        RuleCase(key: "iphone", value: .plural(PluralRule(formatKey: "%#@n@", variables: []))),
                        RuleCase(key: "toaster", value: .string("Toast")),
                    ])),
                .width(WidthRule(cases: [RuleCase(key: "wide", value: .string("Wide"))])),
            ])
    }

    func testDuplicateKeyIsReported() {
        let result = StringsDictReader.parse(
            plist(
                """
                <key>W</key>
                <dict>
                \t<key>NSStringVariableWidthRuleType</key>
                \t<dict>
                \t\t<key>1</key>
                \t\t<string>A</string>
                \t\t<key>1</key>
                \t\t<string>B</string>
                \t</dict>
                </dict>
                """), path: "A.stringsdict")
        XCTAssertEqual(rendered(result.diagnostics), ["11:3: warning: \"W\" > 1: duplicate key; the last one wins"])
        XCTAssertEqual(
            result.file?.entries.first?.rule, .width(WidthRule(cases: [RuleCase(key: "1", value: .string("B"))])))
    }

    // MARK: - Errors: the file or an entry is unusable

    func testNotAPlistGivesErrorWithLine() {
        let data = Data(
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist "
                + "version=\"1.0\">\n<dict>\n<key>a</key>\n<strin>x</string>\n</dict>\n</plist>\n")
                .utf8)
        let result = StringsDictReader.parse(data, path: "A.stringsdict")
        XCTAssertNil(result.file)
        XCTAssertEqual(result.diagnostics.count, 1)
        XCTAssertEqual(result.diagnostics.first?.severity, .error)
        XCTAssertEqual(result.diagnostics.first?.location, SourceLocation(path: "A.stringsdict", line: 5))
        XCTAssertTrue(result.diagnostics.first?.message.hasPrefix("not a valid property list: ") ?? false)
    }

    func testEmptyFileIsAnErrorWithoutLine() {
        let result = StringsDictReader.parse(Data(), path: "A.stringsdict")
        XCTAssertNil(result.file)
        XCTAssertEqual(result.diagnostics.map(\.severity), [.error])
        XCTAssertEqual(result.diagnostics.first?.location.path, "A.stringsdict")
    }

    func testTopLevelNotADictionary() {
        let data = Data(
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist "
                + "version=\"1.0\">\n<array><string>x</string></array>\n</plist>\n")
                .utf8)
        XCTAssertEqual(
            StringsDictReader.parse(data, path: "A.stringsdict").diagnostics.map(\.description),
            ["A.stringsdict: error: top level is an array, not a dictionary"])
    }

    func testRuleThatIsNotADictionary() {
        let result = StringsDictReader.parse(
            plist("<key>S</key>\n<string>plain</string>\n" + StringsDictRuleKindsTests.widthBody), path: "A.stringsdict"
        )
        XCTAssertEqual(
            rendered(result.diagnostics), ["5:1: error: \"S\": value is a string, not a dictionary; entry skipped"])
        XCTAssertEqual(result.file?.entries.map(\.key), ["Welcome"])
    }

    func testReadMissingFile() {
        let result = StringsDictReader.read(path: "/nonexistent/en.lproj/X.stringsdict")
        XCTAssertNil(result.file)
        XCTAssertEqual(
            result.diagnostics.map(\.description), ["/nonexistent/en.lproj/X.stringsdict: error: no such file"])
    }

    func testLanguageFromPath() {
        XCTAssertEqual(StringsDictReader.languageFromPath("/a/pt-BR.lproj/Localizable.stringsdict"), "pt-BR")
        XCTAssertEqual(StringsDictReader.languageFromPath("Localizable.stringsdict"), nil)
        XCTAssertEqual(StringsDictReader.languageFromPath("/a/b/Localizable.stringsdict"), nil)
    }
}

/// Issue 33, item 8: a `.stringsdict` that is not UTF-8 where it says it is gets the line and
/// column of the first bad byte (Foundation's "Unable to convert string to correct encoding"
/// names no place).
final class StringsDictEncodingErrorTests: XCTestCase {
    func testAByteThatIsNotUTF8HasItsLineAndColumn() throws {
        let text: [UInt8] =
            Array(
                ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n<string>é "
                    + "ok ")
                    .utf8)
            + [0xFF, 0xFE] + Array(" bad</string>\n</dict>\n</plist>\n".utf8)
        let result = StringsDictReader.parse(Data(text), path: "/x/de.lproj/Localizable.stringsdict", language: "de")
        XCTAssertNil(result.file)
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "/x/de.lproj/Localizable.stringsdict:5:14: error: not valid UTF-8: byte 0xFF cannot stand here (byte "
                    + "offset \(text.firstIndex(of: 0xFF)!)); save the file as UTF-8"
            ])
    }

    func testAnOverlongFormAndASurrogateAreNotUTF8() {
        XCTAssertEqual(InvalidUTF8.firstOffset(in: [0x61, 0xC0, 0xAF]), 1)
        XCTAssertEqual(InvalidUTF8.firstOffset(in: [0x61, 0xED, 0xA0, 0x80]), 1)
        XCTAssertEqual(InvalidUTF8.firstOffset(in: [0xF4, 0x90, 0x80, 0x80]), 0)
        XCTAssertEqual(InvalidUTF8.firstOffset(in: [0xE2, 0x82]), 0)
        XCTAssertNil(InvalidUTF8.firstOffset(in: Array("é 日本 🙂".utf8)))
    }
}
