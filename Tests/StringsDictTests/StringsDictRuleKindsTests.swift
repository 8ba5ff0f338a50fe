import StringcatSupport
import XCTest

@testable import StringsDict

/// The three rule kinds, read from fixtures written here (the corpus has no device or width rules).
final class StringsDictRuleKindsTests: XCTestCase {
    static let pluralBody = """
        <key>Files</key>
        <dict>
        \t<key>NSStringLocalizedFormatKey</key>
        \t<string>%#@files@ in %2$#@folders@</string>
        \t<key>files</key>
        \t<dict>
        \t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t<string>NSStringPluralRuleType</string>
        \t\t<key>NSStringFormatValueTypeKey</key>
        \t\t<string>d</string>
        \t\t<key>one</key>
        \t\t<string>%d file</string>
        \t\t<key>other</key>
        \t\t<string>%d files</string>
        \t</dict>
        \t<key>folders</key>
        \t<dict>
        \t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t<string>NSStringPluralRuleType</string>
        \t\t<key>NSStringFormatValueTypeKey</key>
        \t\t<string>lld</string>
        \t\t<key>one</key>
        \t\t<string>one folder</string>
        \t\t<key>other</key>
        \t\t<string>%2$lld folders</string>
        \t</dict>
        </dict>
        """

    static let deviceBody = """
        <key>Tap</key>
        <dict>
        \t<key>NSStringDeviceSpecificRuleType</key>
        \t<dict>
        \t\t<key>mac</key>
        \t\t<string>Click here</string>
        \t\t<key>iphone</key>
        \t\t<string>Tap here</string>
        \t\t<key>applewatch</key>
        \t\t<dict>
        \t\t\t<key>NSStringLocalizedFormatKey</key>
        \t\t\t<string>%#@taps@</string>
        \t\t\t<key>taps</key>
        \t\t\t<dict>
        \t\t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t\t<string>ld</string>
        \t\t\t\t<key>one</key>
        \t\t\t\t<string>Tap once</string>
        \t\t\t\t<key>other</key>
        \t\t\t\t<string>Tap %ld times</string>
        \t\t\t</dict>
        \t\t</dict>
        \t</dict>
        </dict>
        """

    static let widthBody = """
        <key>Welcome</key>
        <dict>
        \t<key>NSStringVariableWidthRuleType</key>
        \t<dict>
        \t\t<key>1</key>
        \t\t<string>Hi</string>
        \t\t<key>22</key>
        \t\t<string>Welcome</string>
        \t\t<key>53</key>
        \t\t<string>Welcome to the app</string>
        \t</dict>
        </dict>
        """

    func testPluralRule() throws {
        let result = StringsDictReader.parse(plist(Self.pluralBody), path: "en.lproj/A.stringsdict")
        XCTAssertEqual(rendered(result.diagnostics), [])
        let entry = try XCTUnwrap(result.file?.entries.first)
        XCTAssertEqual(entry.key, "Files")
        XCTAssertEqual(entry.line, 5)
        guard case .plural(let rule) = entry.rule else { return XCTFail("not plural") }
        XCTAssertEqual(
            rule,
            PluralRule(
                formatKey: "%#@files@ in %2$#@folders@",
                variables: [
                    PluralVariable(
                        name: "folders", valueType: "lld", forms: [.one: "one folder", .other: "%2$lld folders"]),
                    PluralVariable(name: "files", valueType: "d", forms: [.one: "%d file", .other: "%d files"]),
                ]))
        XCTAssertEqual(rule.variables.map(\.name), ["files", "folders"])
        XCTAssertEqual(rule.variable(named: "files")?.normalizedValueType, "d")
        XCTAssertEqual(rule.referencedVariables.map(\.reference.name), ["files", "folders"])
        XCTAssertEqual(rule.referencedVariables.map(\.argumentIndex), [1, 2])
    }

    func testDeviceRule() throws {
        let result = StringsDictReader.parse(plist(Self.deviceBody), path: "en.lproj/A.stringsdict")
        XCTAssertEqual(rendered(result.diagnostics), [])
        let entry = try XCTUnwrap(result.file?.entries.first)
        XCTAssertEqual(entry.line, 5)
        XCTAssertEqual(
            entry.rule,
            .device(
                DeviceRule(cases: [
                    RuleCase(key: "mac", value: .string("Click here")),
                    RuleCase(key: "iphone", value: .string("Tap here")),
                    RuleCase(
                        key: "applewatch",
                        value: .plural(
                            PluralRule(
                                formatKey: "%#@taps@",
                                variables: [
                                    PluralVariable(
                                        name: "taps", valueType: "ld",
                                        forms: [.one: "Tap once", .other: "Tap %ld times"])
                                ]))),
                ])))
        guard case .device(let device) = entry.rule else { return XCTFail() }
        XCTAssertEqual(device.cases.map(\.key), ["applewatch", "iphone", "mac"])
    }

    func testWidthRule() throws {
        let result = StringsDictReader.parse(plist(Self.widthBody), path: "A.stringsdict")
        XCTAssertEqual(rendered(result.diagnostics), [])
        XCTAssertEqual(
            result.file?.entries,
            [
                StringsDictEntry(
                    key: "Welcome",
                    rule: .width(
                        WidthRule(cases: [
                            RuleCase(key: "53", value: .string("Welcome to the app")),
                            RuleCase(key: "1", value: .string("Hi")),
                            RuleCase(key: "22", value: .string("Welcome")),
                        ])), line: 5)
            ])
    }

    func testEntriesSortedByKeyWithLines() throws {
        let result = StringsDictReader.parse(
            plist(Self.widthBody + "\n" + Self.pluralBody + "\n" + Self.deviceBody), path: "A.stringsdict")
        XCTAssertEqual(rendered(result.diagnostics), [])
        XCTAssertEqual(result.file?.entries.map(\.key), ["Files", "Tap", "Welcome"])
        XCTAssertEqual(result.file?.entries.map(\.line), [17, 44, 5])
    }

    func testBinaryPlistHasNoLines() throws {
        let xml = plist(Self.pluralBody)
        let value = try PropertyListSerialization.propertyList(from: xml, format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        XCTAssertTrue(binary.starts(with: Array("bplist00".utf8)))
        let result = StringsDictReader.parse(binary, path: "A.stringsdict")
        XCTAssertEqual(result.file?.entries.map(\.key), ["Files"])
        XCTAssertEqual(result.file?.entries.first?.line, nil)
        XCTAssertEqual(
            result.file?.entries.first?.rule,
            StringsDictReader.parse(xml, path: "A.stringsdict").file?.entries.first?.rule)
    }

    func testKeysWithEntitiesGetTheirLine() throws {
        let body = Self.widthBody.replacingOccurrences(
            of: "<key>Welcome</key>", with: "<key>Fish &amp; Chips &#x263A;</key>")
        let result = StringsDictReader.parse(plist("<!-- <key>x</key> -->\n" + body), path: "A.stringsdict")
        XCTAssertEqual(result.file?.entries.map(\.key), ["Fish & Chips ☺"])
        XCTAssertEqual(result.file?.entries.first?.line, 6)
    }
}
