import Foundation
import StringcatSupport
import StringsFile
import XCTest

@testable import InfoPlistStrings

/// The repository root, located from this file (3 levels up).
func repositoryRoot() -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// A fresh temporary folder, removed when the test ends.
func makeTemporaryFolder(_ test: XCTestCase) throws -> String {
    let path = NSTemporaryDirectory() + "infoplist-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
}

/// Writes a property list in the given format, creating folders as needed.
func writePlist(_ object: Any, format: PropertyListSerialization.PropertyListFormat, to path: String) throws {
    let data = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
    try writeFile(data, to: path)
}

func writeFile(_ data: Data, to path: String) throws {
    try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: path, contents: data) else {
        throw NSError(domain: "test", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot write \(path)"])
    }
}

func writeText(_ text: String, to path: String) throws { try writeFile(Data(text.utf8), to: path) }

/// Parses UTF-8 text that must be a valid .strings table.
func stringsFile(
    _ text: String, path: String = "en.lproj/InfoPlist.strings", file: StaticString = #filePath, line: UInt = #line
) throws -> StringsFile {
    let result = StringsFileReader.parse(Array(text.utf8), path: path)
    return try XCTUnwrap(result.file, "expected the text to parse, got \(result.diagnostics)", file: file, line: line)
}
