import Foundation
import XCTest

final class LintPrintCommandTests: XCTestCase {
    private var work: URL!

    override func setUpWithError() throws {
        work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    @discardableResult
    private func write(_ relative: String, _ data: Data) throws -> String {
        let url = work.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    func testLintReportsEveryFormatWithLocations() throws {
        let strings = try write(
            "App/de.lproj/Localizable.strings", Data("\"a\" = \"A\";\n\"a\" = \"B\";\n\"c\" = \"C\"\n".utf8))
        let dict = try write("App/de.lproj/Localizable.stringsdict", Data("not a plist".utf8))
        let catalog = try write(
            "App/Localizable.xcstrings",
            Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : 1\n  }\n}".utf8))
        let run = try Stringcat.run(["lint", work.path])
        XCTAssertEqual(run.status, 1)
        // Diagnostics on stderr, the count on stdout.
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "\(catalog):4:11: error: strings[\"a\"]: expected an object, found a number")
        XCTAssertTrue(lines.contains("\(strings):3:10: error: missing ';' after the value of \"c\""), run.stderr)
        XCTAssertTrue(
            lines.contains(
                "\(strings):2:1: warning: duplicate key \"a\" (also at line 1) with a different value; the last one "
                    + "wins"
            ), run.stderr)
        XCTAssertTrue(
            lines.contains("\(dict):1: error: not a valid property list: Unexpected character n at line 1"), run.stderr)
        XCTAssertEqual(run.stdout, "3 files checked: 3 errors, 1 warning\n")
    }

    func testLintWarningsDoNotFail() throws {
        let strings = try write("a.strings", Data("\"a\" = \"\\u00e9\";\n".utf8))
        let run = try Stringcat.run(["lint", strings])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.hasPrefix("\(strings):1:"), run.stderr)
        XCTAssertTrue(run.stderr.contains(": warning: '\\u' is not an escape"), run.stderr)
        XCTAssertEqual(run.stdout, "1 file checked: 0 errors, 1 warning\n")
    }

    func testLintChecksInfoPlistStringsAgainstTheInfoPlist() throws {
        let sample = Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp/LegacyApp/Info.plist")
        try write("App/Info.plist", try Data(contentsOf: sample))
        let table = try write(
            "App/de.lproj/InfoPlist.strings",
            Data("CFBundleDisplayName = \"X\";\nCFBundleIdentifier = \"com.x\";\n".utf8))
        let run = try Stringcat.run(["lint", table])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "\(table):2:1: warning: \"CFBundleIdentifier\" is not an Info.plist key the system localizes"),
            run.stderr)
    }

    func testPrintJSONOfAStringsFileInFileOrder() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "/* Hi */\n\"b\" = \"B\";\n\"a\" = \"A\\nx\";\n\"b\" = \"C\";\n".utf16 {
            bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let path = try write("x.strings", Data(bytes))
        let run = try Stringcat.run(["print", path, "--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(object["format"] as? String, "strings")
        XCTAssertEqual(object["encoding"] as? String, "utf-16le")
        let entries = object["entries"] as! [[String: Any]]
        XCTAssertEqual(entries.map { $0["key"] as! String }, ["b", "a", "b"])
        XCTAssertEqual(entries.map { $0["value"] as! String }, ["B", "A\nx", "C"])
        XCTAssertEqual(entries[0]["comment"] as? String, "Hi")
        XCTAssertTrue(entries[1]["comment"] is NSNull)
        XCTAssertEqual(entries.map { $0["line"] as! Int }, [2, 3, 4])
        XCTAssertEqual(entries.map { $0["column"] as! Int }, [1, 1, 1])
        XCTAssertTrue(run.stderr.contains("warning: duplicate key \"b\""), run.stderr)
    }

    /// The streamed JSON of a `.strings` file is, byte for byte, what JSONSerialization writes for
    /// the same object (pretty, keys sorted, slashes unescaped): quotes, backslashes, control
    /// characters, non-ASCII text, a missing comment, and a file with no entry.
    func testPrintJSONOfAStringsFileIsWhatJSONSerializationWrites() throws {
        let tricky =
            "/* a/b \\ \"q\" */\n\"k/1\" = \"tab\\there\\nline \\\"q\\\" \\U0001 é 日本 \\\\\";\n\"k2\" = \"\";\n"
        for (name, text) in [("tricky.strings", tricky), ("empty.strings", "/* nothing */\n")] {
            let path = try write(name, Data(text.utf8))
            let run = try Stringcat.run(["print", path, "--json"])
            XCTAssertEqual(run.status, 0, run.stderr)
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
            let expected = try JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            XCTAssertEqual(run.stdout, String(decoding: expected, as: UTF8.self) + "\n", name)
        }
    }

    func testPrintJSONOfAStringsDict() throws {
        let sample = Stringcat.repositoryRoot.appendingPathComponent(
            "Samples/LegacyApp/LegacyApp/ru.lproj/Localizable.stringsdict"
        ).path
        let run = try Stringcat.run(["print", sample, "--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(object["format"] as? String, "stringsdict")
        let entries = object["entries"] as! [[String: Any]]
        XCTAssertEqual(entries.map { $0["key"] as! String }, ["inbox.unread %lld", "photos.in.albums %lld %lld"])
        let rule = entries[0]["rule"] as! [String: Any]
        XCTAssertEqual(rule["kind"] as? String, "plural")
        XCTAssertEqual(rule["formatKey"] as? String, "%#@messages@")
        let variable = (rule["variables"] as! [[String: Any]])[0]
        XCTAssertEqual(variable["name"] as? String, "messages")
        XCTAssertEqual(variable["valueType"] as? String, "lld")
        XCTAssertEqual((variable["forms"] as! [String: String]).keys.sorted(), ["few", "many", "one", "other"])
    }

    func testPrintJSONOfACatalogAndOfABadFile() throws {
        let catalog = Stringcat.repositoryRoot.appendingPathComponent(
            "Tests/CLITests/Fixtures/LegacyApp-catalogs/InfoPlist.xcstrings"
        ).path
        let run = try Stringcat.run(["print", catalog, "--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(object["format"] as? String, "xcstrings")
        XCTAssertEqual(
            ((object["catalog"] as! [String: Any])["strings"] as! [String: Any]).keys.sorted(),
            ["CFBundleDisplayName", "NSCameraUsageDescription", "NSHumanReadableCopyright"])

        let bad = try write("bad.strings", Data("\"a\" = ;\n".utf8))
        let failed = try Stringcat.run(["print", bad, "--json"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stdout, "")
        XCTAssertTrue(failed.stderr.hasPrefix("\(bad):1:7: error:"), failed.stderr)
    }
}
