import Foundation
import TestSupport
import XCTest

/// The project `stringcat-bench` generates is a real Xcode project (issue 24): the tool's
/// commands run on it with their defaults, no `--all-files`, as a user runs them, and do what
/// they do on any localized app. A small one (4 languages x 60 keys) is generated here; the bench
/// times the same commands on the 40 x 10,000 one.
final class BenchProjectTests: XCTestCase {
    private func generate(into root: String) throws {
        let process = Process()
        process.executableURL = Stringcat.productsDirectory.appendingPathComponent("stringcat-bench")
        process.arguments = ["generate", root, "--languages", "4", "--keys", "60"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "stringcat-bench generate")
    }

    private func run(
        _ arguments: [String], expecting lastLine: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> StringcatRun {
        let result = try Stringcat.run(arguments)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(
            result.stdout.split(separator: "\n").last.map(String.init), lastLine, "\(arguments)", file: file, line: line
        )
        return result
    }

    func testMigrateVerifyStatusAndCompileRunOnItWithTheirDefaults() throws {
        let tree = try TestTree()
        let project = tree.root + "/App"
        try generate(into: project)
        let pbxproj = project + "/BenchApp.xcodeproj/project.pbxproj"
        let before = try String(contentsOfFile: pbxproj, encoding: .utf8)
        XCTAssertEqual(
            before.components(separatedBy: "isa = PBXVariantGroup;").count - 1, 5,
            "Localizable .strings and .stringsdict, InfoPlist, Main and LaunchScreen")

        try run(["status", project], expecting: "status: 3 tables: 3 legacy only")
        let migrate = try run(["migrate", project], expecting: "wrote 3 of 3 catalogs (68 entries, 4 languages)")
        XCTAssertTrue(
            migrate.stdout.contains("BenchApp/Resources/mul.lproj/Main.xcstrings: written, 3 languages"), migrate.stdout
        )
        let after = try String(contentsOfFile: pbxproj, encoding: .utf8)
        XCTAssertEqual(
            after.components(separatedBy: "isa = PBXVariantGroup;").count - 1, 2,
            "Main (Base + mul) and LaunchScreen stay")
        XCTAssertTrue(
            after.contains("path = Localizable.xcstrings;") && after.contains("path = InfoPlist.xcstrings;")
                && after.contains("path = mul.lproj/Main.xcstrings;"), "the catalogs are referenced")
        try run(
            ["verify", project],
            expecting:
                "verify: 3 tables, 68 keys in 4 languages: nothing lost; 1 target: the same bundle as before the "
                + "migration")
        try run(["status", project], expecting: "status: 3 tables: 3 half-migrated")
        try run(
            ["migrate", project, "--delete-legacy"],
            expecting: "nothing left to migrate: 3 tables are already migrated; deleted 15 legacy files")
        try run(["compile", project], expecting: "wrote 15 files for 3 catalogs (4 languages)")
        try run(["status", project], expecting: "status: 3 tables: 3 migrated")
    }
}
