import Foundation
import StringcatSupport
import XCTest

@testable import StringsFile

/// Parses UTF-8 text as the file `t.strings`.
func parse(_ text: String, path: String = "t.strings") -> StringsReadResult {
    StringsFileReader.parse(Array(text.utf8), path: path)
}

/// Parses text that must be accepted and returns its entries.
func entries(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [StringsEntry] {
    let result = parse(text)
    XCTAssertNotNil(result.file, "expected the text to parse, got \(result.diagnostics)", file: file, line: line)
    return result.file?.entries ?? []
}

/// The single value of a one-entry text.
func value(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    let list = entries(text, file: file, line: line)
    XCTAssertEqual(list.count, 1, "expected one entry", file: file, line: line)
    return list.first?.value
}

/// Unicode scalar values of a string, for exact comparisons of invisible characters.
func scalars(_ s: String?) -> [UInt32] { s.map { $0.unicodeScalars.map(\.value) } ?? [] }

/// Descriptions of all diagnostics.
func descriptions(_ result: StringsReadResult) -> [String] { result.diagnostics.map(\.description) }
