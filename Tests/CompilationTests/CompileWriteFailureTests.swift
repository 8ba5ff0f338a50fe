import Foundation
import StringCatalog
import StringcatSupport
import TestSupport
import XCTest

@testable import Compilation

/// A compile whose disk fails mid-run (write error injected through `CompileOptions.fileWriter`)
/// reports the error and leaves every file as it was: the files already written are removed and
/// the ones it replaced get their old bytes back. (migrate: MigrationSafetyTests.)
final class CompileWriteFailureTests: XCTestCase {
    private struct DiskFull: Error, CustomStringConvertible {
        var description: String { "No space left on device" }
    }

    private func catalog(_ tree: TestTree) throws -> String {
        try tree.write(
            "Localizable.xcstrings",
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "a" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "A-de" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "A" } },
                    "fr" : { "stringUnit" : { "state" : "translated", "value" : "A-fr" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """)
    }

    private func snapshot(_ tree: TestTree) -> [String: Data?] {
        Dictionary(
            uniqueKeysWithValues: tree.allFiles().map { ($0, FileManager.default.contents(atPath: tree.path($0))) })
    }

    func testDiskFullOnTheLastFileRemovesTheFilesAlreadyWritten() throws {
        let tree = try TestTree()
        let path = try catalog(tree)
        let before = snapshot(tree)
        var attempts: [String] = []
        var options = CompileOptions()
        options.fileWriter = FaultyWriter(beforeCommit: { target in
            attempts.append(target)
            if target.hasSuffix("fr.lproj/Localizable.strings") { throw DiskFull() }
        })
        let report = CatalogCompiler.run([path], options: options)
        XCTAssertEqual(
            attempts.map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent },
            ["de.lproj", "en.lproj", "fr.lproj"], "de and en are written before fr fails")
        XCTAssertTrue(report.hasErrors)
        XCTAssertFalse(report.written)
        XCTAssertEqual(
            report.diagnostics.filter(\.isError).map(\.description),
            [
                "\(tree.path("fr.lproj/Localizable.strings")): error: cannot write "
                    + "\(tree.path("fr.lproj/Localizable.strings")): No space left on device; the files this run wrote "
                    + "were put back as they were"
            ])
        XCTAssertEqual(snapshot(tree), before, "no file created, changed or deleted")
    }

    func testDiskFullRestoresTheBytesOfAReplacedFile() throws {
        let tree = try TestTree()
        let path = try catalog(tree)
        try tree.write("de.lproj/Localizable.strings", "\"a\" = \"the user's own\";\n")
        try tree.write("en.lproj/Localizable.strings", Data([0xFF, 0xFE, 0x22, 0x00])) // any bytes, kept exactly
        let before = snapshot(tree)
        var options = CompileOptions()
        options.fileWriter = FaultyWriter(beforeCommit: { target in
            if target.hasSuffix("fr.lproj/Localizable.strings") { throw CocoaError(.fileWriteOutOfSpace) }
        })
        options.force = true
        let report = CatalogCompiler.run([path], options: options)
        XCTAssertTrue(report.hasErrors)
        XCTAssertFalse(report.written)
        let error = try XCTUnwrap(report.diagnostics.first(where: \.isError))
        XCTAssertTrue(
            error.description.hasPrefix(
                "\(tree.path("fr.lproj/Localizable.strings")): error: cannot write "
                    + "\(tree.path("fr.lproj/Localizable.strings")): "
            ), error.description)
        XCTAssertEqual(snapshot(tree), before)
    }

    func testDiskFullOnTheFirstFileWritesNothing() throws {
        let tree = try TestTree()
        let path = try catalog(tree)
        let before = snapshot(tree)
        var options = CompileOptions()
        options.fileWriter = FaultyWriter(beforeCommit: { _ in throw DiskFull() })
        let report = CatalogCompiler.run([path], options: options)
        XCTAssertTrue(report.hasErrors)
        XCTAssertEqual(report.diagnostics.filter(\.isError).count, 1)
        XCTAssertEqual(snapshot(tree), before)
    }
}
