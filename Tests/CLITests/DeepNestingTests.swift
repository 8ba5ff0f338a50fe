import Foundation
import TestSupport
import XCTest

/// Input nested 50,000 deep is a located error and exit 1 from every command that reads it, in
/// every reader, never a crash (a `.stringsdict` nested this deep made `lint`, `migrate` and
/// `verify` exit 139, issue 17).
final class DeepNestingTests: WorkFolderTestCase {
    private let tooDeep = "nesting deeper than 512 levels"

    private func write(_ relative: String, _ data: Data) throws {
        let url = work.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Runs `stringcat` in the work folder: exit 1 (not a signal), and each expected line on stderr.
    private func expect(_ arguments: [String], lines: [String], file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let run = try Stringcat.run(arguments, in: work)
        XCTAssertEqual(
            run.status, 1, "\(arguments): stdout:\n\(run.stdout)\nstderr:\n\(run.stderr.prefix(2000))", file: file,
            line: line)
        let printed = run.stderr.split(separator: "\n").map(String.init)
        for expected in lines {
            XCTAssertTrue(
                printed.contains { $0 == expected || (expected.hasSuffix("…") && $0.hasPrefix(expected.dropLast())) },
                "\(arguments): expected the line\n  \(expected)\nin:\n\(run.stderr.prefix(2000))", file: file,
                line: line)
        }
    }

    func testStringsDictNestedDeepInEveryCommand() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/de.lproj/Localizable.strings", "\"a\" = \"B\";\n")
        try write("App/de.lproj/Localizable.stringsdict", DeepInput.stringsDictXML(depth: 50_000))
        let location = "App/de.lproj/Localizable.stringsdict:5:\(DeepInput.stringsDictXMLTooDeepColumn)"
        try expect(["lint", "App/de.lproj/Localizable.stringsdict"], lines: ["\(location): error: \(tooDeep)"])
        try expect(["print", "App/de.lproj/Localizable.stringsdict"], lines: ["\(location): error: \(tooDeep)"])
        try expect(["migrate", "App"], lines: ["\(location): error: \(tooDeep)"])
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("App/Localizable.xcstrings").path))
        try expect(["verify", "App"], lines: ["\(location): error: cannot be compared, it does not parse: \(tooDeep)"])

        // Arrays, old-style text, binary: the same refusal, at the place each form has.
        try write("Forms/arrays.stringsdict", DeepInput.stringsDictXML(depth: 50_000, array: true))
        try write("Forms/text.stringsdict", DeepInput.oldStyle(depth: 50_000))
        try write("Forms/binary.stringsdict", DeepInput.binaryPlist(depth: 50_000))
        try write("Forms/shared.stringsdict", DeepInput.sharedBinaryPlist(levels: 30))
        try write("Forms/set.stringsdict", DeepInput.binaryPlistWithSet())
        try expect(
            ["lint", "Forms"],
            lines: [
                "Forms/arrays.stringsdict:5:\(12 + 511 * 7 + 1): error: \(tooDeep)",
                "Forms/text.stringsdict:1:\(7 + 511 * 6): error: \(tooDeep)",
                "Forms/binary.stringsdict: error: \(tooDeep) (binary property list, the container at byte offset …",
                "Forms/shared.stringsdict: error: containers shared so often that the file makes more than …",
                // Foundation on Linux segfaulted on a set (found by fuzzing).
                "Forms/set.stringsdict: error: a set, which property lists do not hold (Foundation on Linux crashes "
                    + "reading one) …",
            ])
        // The binary form in a table, through migrate and verify.
        try write("App/de.lproj/Localizable.stringsdict", DeepInput.binaryPlist(depth: 50_000))
        try expect(
            ["migrate", "App"],
            lines: [
                "App/de.lproj/Localizable.stringsdict: error: \(tooDeep) (binary property list, the container at byte "
                    + "offset …"
            ])
        try expect(
            ["verify", "App"],
            lines: [
                "App/de.lproj/Localizable.stringsdict: error: cannot be compared, it does not parse: \(tooDeep) "
                    + "(binary …"
            ])
    }

    /// A `.strings` that is an XML property list (what `xcstringstool compile` writes).
    func testPropertyListStringsNestedDeepInEveryCommand() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/de.lproj/Localizable.strings", DeepInput.stringsDictXML(depth: 50_000))
        let location = "App/de.lproj/Localizable.strings:5:\(DeepInput.stringsDictXMLTooDeepColumn)"
        try expect(["lint", "App/de.lproj/Localizable.strings"], lines: ["\(location): error: \(tooDeep)"])
        try expect(["migrate", "App"], lines: ["\(location): error: \(tooDeep)"])
        try expect(["verify", "App"], lines: ["\(location): error: cannot be compared, it does not parse: \(tooDeep)"])
    }

    func testCatalogNestedDeepInEveryCommand() throws {
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try write("App/Localizable.xcstrings", DeepInput.catalog(depth: 50_000))
        // The `{` of level 513: the entry's unknown field `x` is level 4.
        let location = "App/Localizable.xcstrings:1:\(44 + 509 * 5)"
        try expect(["lint", "App/Localizable.xcstrings"], lines: ["\(location): error: \(tooDeep)"])
        try expect(["migrate", "App", "--merge"], lines: ["\(location): error: \(tooDeep)"])
        try expect(["verify", "App"], lines: ["\(location): error: \(tooDeep)"])
        try expect(["normalize", "App/Localizable.xcstrings"], lines: ["\(location): error: \(tooDeep)"])
        try expect(
            ["compile", "App/Localizable.xcstrings", "--output", "Out"], lines: ["\(location): error: \(tooDeep)"])
    }

    func testProjectFileNestedDeepInEveryCommand() throws {
        let project = work.appendingPathComponent("LegacyApp")
        try FileManager.default.copyItem(
            at: Stringcat.repositoryRoot.appendingPathComponent("Samples/LegacyApp"), to: project)
        let pbxproj = project.appendingPathComponent("LegacyApp.xcodeproj/project.pbxproj")
        let (text, line) = DeepInput.pbxproj(try String(contentsOf: pbxproj, encoding: .utf8), depth: 50_000)
        try text.write(to: pbxproj, atomically: true, encoding: .utf8)
        // The project reader's limit is 200 levels: the 200th `{` after `\tdeep = `.
        let expected =
            "LegacyApp/LegacyApp.xcodeproj/project.pbxproj:\(line):\(9 + 199 * 5): error: nesting deeper than 200 "
            + "levels"
        try expect(["migrate", "LegacyApp", "--output", "Out"], lines: [expected])
        try expect(["verify", "LegacyApp"], lines: [expected])
        try expect(["status", "LegacyApp"], lines: [expected])
        XCTAssertEqual(try String(contentsOf: pbxproj, encoding: .utf8), text)
    }
}
