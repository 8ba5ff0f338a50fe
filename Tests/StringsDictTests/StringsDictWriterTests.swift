import StringcatSupport
import XCTest

@testable import StringsDict

final class StringsDictWriterTests: XCTestCase {
    func testWritesSortedXML() {
        let entries = [
            StringsDictEntry(key: "W", rule: .width(WidthRule(cases: [RuleCase(key: "1", value: .string("Hi"))]))),
            StringsDictEntry(
                key: "K",
                rule: .plural(
                    PluralRule(
                        formatKey: "%#@n@",
                        variables: [
                            PluralVariable(name: "n", valueType: "d", forms: [.other: "%d items", .one: "%d item"])
                        ]))),
        ]
        let xml = String(decoding: StringsDictWriter.data(entries), as: UTF8.self)
        XCTAssertEqual(
            xml,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>K</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@n@</string>
            \t\t<key>n</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>d</string>
            \t\t\t<key>one</key>
            \t\t\t<string>%d item</string>
            \t\t\t<key>other</key>
            \t\t\t<string>%d items</string>
            \t\t</dict>
            \t</dict>
            \t<key>W</key>
            \t<dict>
            \t\t<key>NSStringVariableWidthRuleType</key>
            \t\t<dict>
            \t\t\t<key>1</key>
            \t\t\t<string>Hi</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """)
    }

    func testRoundTripOfAllRuleKinds() throws {
        let body =
            StringsDictRuleKindsTests.pluralBody + "\n" + StringsDictRuleKindsTests.deviceBody + "\n"
            + StringsDictRuleKindsTests.widthBody
        let first = try XCTUnwrap(StringsDictReader.parse(plist(body), path: "A.stringsdict").file)
        let written = StringsDictWriter.data(first.entries)
        let second = StringsDictReader.parse(written, path: "B.stringsdict")
        XCTAssertEqual(rendered(second.diagnostics), [])
        XCTAssertEqual(second.file?.entries.map(\.rule), first.entries.map(\.rule))
        XCTAssertEqual(second.file?.entries.map(\.key), ["Files", "Tap", "Welcome"])
        // The writer's own layout puts the keys on these lines.
        XCTAssertEqual(second.file?.entries.map(\.line), [5, 32, 58])
    }

    func testSpecialCharactersSurvive() throws {
        let entries = [
            StringsDictEntry(
                key: "a & <b> \"c\" ‘${d}’ 🎉",
                rule: .plural(
                    PluralRule(
                        formatKey: "%1$#@v@ 100%%",
                        variables: [
                            PluralVariable(
                                name: "v", valueType: "%ld", forms: [.zero: "", .other: "line\nbreak &amp;"])
                        ])))
        ]
        let read = try XCTUnwrap(StringsDictReader.parse(StringsDictWriter.data(entries), path: "A.stringsdict").file)
        XCTAssertEqual(read.entries.map(\.rule), entries.map(\.rule))
        XCTAssertEqual(read.entries.map(\.key), entries.map(\.key))
        XCTAssertEqual(read.entries.first?.line, 5)
    }
}
