import XCTest

@testable import XLIFF

/// The XLIFF text as Xcode writes it (docs/spec/xliff.md §2.1, §2.3, §2.4, §2.6–2.8), byte for byte.
final class XLIFFWriterTests: XCTestCase {
    let tool = XLIFFTool(version: "16.4", build: "16F6")

    func testDocumentSkeletonIsXcodesWithAFinalLineBreak() {
        let file = XLIFFFile(
            header: XLIFFFileHeader(
                original: "App/Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "de", tool: tool),
            units: [
                XLIFFUnit(
                    id: "Done", source: .plain("Done"),
                    target: XLIFFTarget(text: .plain("Fertig"), state: "translated"),
                    note: "A button")
            ])
        let text = String(decoding: XLIFFWriter.document([file]), as: UTF8.self)
        XCTAssertEqual(
            text,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
              <file original="App/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
                <header>
                  <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="16.4" build-num="16F6"/>
                </header>
                <body>
                  <trans-unit id="Done" xml:space="preserve">
                    <source>Done</source>
                    <target state="translated">Fertig</target>
                    <note>A button</note>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """)
    }

    func testLegacyTableWithoutTranslationPutsDatatypeSecond() {
        let header = XLIFFFileHeader(
            original: "P/en.lproj/Localizable.strings", sourceLanguage: "en", targetLanguage: "ar",
            attributeOrder: .datatypeFirst, tool: tool)
        var out: [UInt8] = []
        XLIFFWriter.append(XLIFFFile(header: header, units: []), to: &out)
        XCTAssertTrue(
            String(decoding: out, as: UTF8.self).hasPrefix(
                "  <file original=\"P/en.lproj/Localizable.strings\" datatype=\"plaintext\" source-language=\"en\" "
                    + "target-language=\"ar\">\n"
            ))
    }

    func testUnitVariantsAreWrittenAsXcodeWritesThem() {
        let units = [
            XLIFFUnit(
                id: "7z8-pS-A86.title", translate: false, source: .plain("Check"),
                target: XLIFFTarget(text: .plain(""), state: "translated"),
                note: "Class = \"NSButtonCell\"; title = \"Check\";"),
            XLIFFUnit(id: "CFBundleGetInfoString", source: .plain(""), note: nil),
            XLIFFUnit(id: "Generated", source: .plain("Hello"), note: "Greeting", noteFrom: "auto-generated"),
            XLIFFUnit(
                id: "Search", source: .set(["Search on ${applicationName}"]),
                target: XLIFFTarget(text: .set(["Suche in ${applicationName}", "Finde"]), state: "new"), note: ""),
        ]
        var out: [UInt8] = []
        for unit in units { XLIFFWriter.append(unit, to: &out) }
        XCTAssertEqual(
            String(decoding: out, as: UTF8.self),
            """
                  <trans-unit id="7z8-pS-A86.title" translate="no" xml:space="preserve">
                    <source>Check</source>
                    <target state="translated"/>
                    <note>Class = "NSButtonCell"; title = "Check";</note>
                  </trans-unit>
                  <trans-unit id="CFBundleGetInfoString" xml:space="preserve">
                    <source/>
                    <note/>
                  </trans-unit>
                  <trans-unit id="Generated" xml:space="preserve">
                    <source>Hello</source>
                    <note from="auto-generated">Greeting</note>
                  </trans-unit>
                  <trans-unit id="Search" xml:space="preserve">
                    <source>
                      <mrk mtype="x-set" mid="0">Search on ${applicationName}</mrk>
                    </source>
                    <target state="new">
                      <mrk mtype="x-set" mid="0">Suche in ${applicationName}</mrk>
                      <mrk mtype="x-set" mid="1">Finde</mrk>
                    </target>
                    <note/>
                  </trans-unit>

            """)
    }

    func testAttributesEscapeQuotesLineBreaksAndTabsButNotApostrophes() {
        var out: [UInt8] = []
        XMLEscaping.appendAttribute("\"%@\" <a> & 'b'\n\tc\r", to: &out)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "&quot;%@&quot; &lt;a&gt; &amp; 'b'&#10;&#9;c&#13;")
    }

    func testElementTextEscapesOnlyAmpersandAndAngleBracketsAndCarriageReturn() {
        var out: [UInt8] = []
        XMLEscaping.appendText("\"%@\" <a> & 'b'\n\tc\r", to: &out)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "\"%@\" &lt;a&gt; &amp; 'b'\n\tc&#13;")
    }

    func testCharactersXMLCannotHoldAreFound() {
        XCTAssertNil(XMLEscaping.firstInvalidCharacter(in: "tab\tline\nreturn\r, ünïcödé, 😀"))
        XCTAssertEqual(XMLEscaping.firstInvalidCharacter(in: "a\u{18}b"), "\u{18}")
        XCTAssertEqual(XMLEscaping.firstInvalidCharacter(in: "x\u{FFFE}"), "\u{FFFE}")
        XCTAssertEqual(XMLEscaping.firstInvalidCharacter(in: "\u{0}"), "\u{0}")
    }
}
