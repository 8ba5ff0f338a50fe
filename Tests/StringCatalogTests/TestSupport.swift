import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import StringCatalog

/// Every `.xcstrings` below `folder`, sorted.
func catalogFiles(under folder: String) -> [String] { files(under: folder, endingIn: ".xcstrings") }

/// Parses a catalog written inline in a test.
func parseCatalog(_ text: String, path: String = "Test.xcstrings") throws -> StringCatalog {
    try CatalogReader.parse(Data(text.utf8), path: path)
}

/// The writer's output as text.
func written(_ catalog: StringCatalog) -> String {
    String(decoding: CatalogWriter.data(for: catalog), as: UTF8.self)
}

/// The diagnostic `body` throws, or a failure.
func diagnostic(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
    do {
        try body()
        XCTFail("expected a diagnostic", file: file, line: line)
        return nil
    } catch let diagnostic as Diagnostic {
        return diagnostic
    } catch {
        XCTFail("expected a Diagnostic, got \(error)", file: file, line: line)
        return nil
    }
}
