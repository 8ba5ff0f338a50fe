import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import StringsDict

/// A `.stringsdict` nested deeper than 512 levels is a located error in every form, through every
/// route (the one-pass reader hands such a file over: it reads three levels), and in the reference
/// reader; up to 512 levels it is read, even on a secondary thread's stack.
final class StringsDictNestingTests: XCTestCase {
    /// The readings compared: the public one, the route through Foundation, the reference.
    private static let readers: [@Sendable (Data, String, String?) -> StringsDictReadResult] = [
        { StringsDictReader.parse($0, path: $1, language: $2) }, StringsDictReader.parseWithFoundation,
        ReferenceStringsDictReader.parse,
    ]

    private func errors(_ data: Data, reader: Int = 0) -> [String] {
        Self.readers[reader](data, "en.lproj/A.stringsdict", nil).diagnostics.filter(\.isError).map(\.description)
    }

    func testXMLDeeperThan512LevelsIsALocatedError() {
        let expected = [
            "en.lproj/A.stringsdict:5:\(DeepInput.stringsDictXMLTooDeepColumn): error: nesting deeper than 512 levels"
        ]
        for reader in Self.readers.indices {
            XCTAssertEqual(errors(Data(DeepInput.stringsDictXML(depth: 50_000).utf8), reader: reader), expected)
            XCTAssertEqual(
                errors(Data(DeepInput.stringsDictXML(depth: 50_000, array: true).utf8), reader: reader),
                ["en.lproj/A.stringsdict:5:\(12 + 511 * 7 + 1): error: nesting deeper than 512 levels"])
        }
        // The same file in UTF-16: the same place.
        let utf16 = DeepInput.stringsDictXML(depth: 50_000).replacingOccurrences(of: "UTF-8", with: "UTF-16").data(
            using: .utf16)!
        XCTAssertEqual(errors(utf16), expected)
    }

    func testOldStyleAndBinaryDeeperThan512LevelsAreErrors() {
        XCTAssertEqual(
            errors(Data(DeepInput.oldStyle(depth: 50_000).utf8)),
            ["en.lproj/A.stringsdict:1:\(7 + 511 * 6): error: nesting deeper than 512 levels"])
        let binary = errors(DeepInput.binaryPlist(depth: 50_000))
        XCTAssertEqual(binary.count, 1)
        XCTAssertTrue(
            binary.first?.hasPrefix(
                "en.lproj/A.stringsdict: error: nesting deeper than 512 levels (binary property list, the container at "
                    + "byte offset "
            ) == true, "\(binary)")
    }

    /// A 250-byte binary plist that Foundation would expand to 2^30 dictionaries (it took 54 s
    /// and 6 GB at 2^24): refused at once.
    func testSharedBinaryContainersAreRefusedBeforeFoundationExpandsThem() {
        let start = Date()
        let found = errors(DeepInput.sharedBinaryPlist(levels: 30))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            found.first?.contains("containers shared so often that the file makes more than") == true, "\(found)")
        XCTAssertEqual(errors(DeepInput.cyclicBinaryPlist()).count, 1)
        // A set: Foundation on Linux segfaulted (found by fuzzing).
        XCTAssertEqual(
            errors(DeepInput.binaryPlistWithSet()),
            [
                "en.lproj/A.stringsdict: error: a set, which property lists do not hold (Foundation on Linux crashes "
                    + "reading one) (binary property list, the container at byte offset 19)"
            ])
    }

    /// 512 levels, the most accepted, are read by both routes on a 512 KiB stack (a secondary
    /// thread's on macOS) in a debug build: the recursion left is shallow enough.
    func test512LevelsAreReadOnASecondaryThreadsStack() {
        let xml = Data(DeepInput.stringsDictXML(depth: 511).utf8)
        let binary = DeepInput.binaryPlist(depth: 512)
        let results = onThread(stackSize: 512 * 1024) {
            [
                StringsDictReader.parse(xml, path: "en.lproj/A.stringsdict"),
                StringsDictReader.parseWithFoundation(xml, path: "en.lproj/A.stringsdict", language: nil),
                StringsDictReader.parse(binary, path: "en.lproj/A.stringsdict"),
            ]
        }
        for result in results {
            XCTAssertNotNil(result.file)
            XCTAssertEqual(
                result.diagnostics.map(\.message), ["\"k\": missing NSStringLocalizedFormatKey; entry skipped"])
        }
    }

    /// Key positions cost no more than the bytes: a one-line file of 20,000 entries (each one a
    /// diagnostic with its column) took 11 s when every column decoded its line from the start,
    /// and a file 500 deep with 30,000 keys kept a 500-key path per key (1 GB for 2 MB).
    func testKeyPositionsStayLinearOnLongLinesAndDeepFiles() throws {
        let entries = (0..<20_000).map { "<key>k\($0)</key><string>v</string>" }.joined()
        let oneLine =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + entries + "</dict></plist>\n"
        // Without, then with a comment: both through Foundation (the values are no plural rules)
        // and the XML scan of the key lines.
        for text in [oneLine, oneLine.replacingOccurrences(of: "<dict>", with: "<!-- c --><dict>")] {
            let start = Date()
            let errors = StringsDictReader.parse(Data(text.utf8), path: "A.stringsdict").diagnostics.filter(\.isError)
            XCTAssertLessThan(Date().timeIntervalSince(start), 5)
            XCTAssertEqual(errors.count, 20_000)
            // Entries come in key order: the last error is k9999's, whose column is its offset + 1.
            let k9999 = text.utf8.distance(from: text.startIndex, to: text.range(of: "<key>k9999<")!.lowerBound)
            XCTAssertEqual(errors.last?.location.column, k9999 + 1)
        }

        let keys = (0..<30_000).map { "<key>k\($0)</key><string>v</string>\n" }.joined()
        let deep =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><!-- c --><dict>"# + "\n"
            + String(repeating: "<key>k</key><dict>", count: 500) + keys + String(repeating: "</dict>", count: 500)
            + "</dict></plist>\n"
        let start = Date()
        let result = StringsDictReader.parse(Data(deep.utf8), path: "A.stringsdict")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            ["A.stringsdict:2:1: warning: \"k\": missing NSStringLocalizedFormatKey; entry skipped"])
    }
}
