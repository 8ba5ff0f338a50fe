import Foundation
import StringcatSupport
import TestSupport
import XCTest
@testable import StringsDict

/// A `.stringsdict` nested deeper than 512 levels is a located error in every form, on the fast
/// path and on Foundation's; up to 512 levels it is read, even on a secondary thread's stack.
final class StringsDictNestingTests: XCTestCase {
    private func errors(_ data: Data, fastPath: Bool = true) -> [String] {
        StringsDictReader.parse(data, path: "en.lproj/A.stringsdict", language: nil, fastPath: fastPath)
            .diagnostics.filter(\.isError).map(\.description)
    }

    func testXMLDeeperThan512LevelsIsALocatedError() {
        let expected = ["en.lproj/A.stringsdict:5:\(DeepInput.stringsDictXMLTooDeepColumn): error: nesting deeper than 512 levels"]
        for fastPath in [true, false] {
            XCTAssertEqual(errors(Data(DeepInput.stringsDictXML(depth: 50_000).utf8), fastPath: fastPath), expected)
            XCTAssertEqual(errors(Data(DeepInput.stringsDictXML(depth: 50_000, array: true).utf8), fastPath: fastPath),
                           ["en.lproj/A.stringsdict:5:\(12 + 511 * 7 + 1): error: nesting deeper than 512 levels"])
        }
        // The same file in UTF-16: the same place.
        let utf16 = DeepInput.stringsDictXML(depth: 50_000).replacingOccurrences(of: "UTF-8", with: "UTF-16").data(using: .utf16)!
        XCTAssertEqual(errors(utf16), expected)
    }

    func testOldStyleAndBinaryDeeperThan512LevelsAreErrors() {
        XCTAssertEqual(errors(Data(DeepInput.oldStyle(depth: 50_000).utf8)),
                       ["en.lproj/A.stringsdict:1:\(7 + 511 * 6): error: nesting deeper than 512 levels"])
        let binary = errors(DeepInput.binaryPlist(depth: 50_000))
        XCTAssertEqual(binary.count, 1)
        XCTAssertTrue(binary.first?.hasPrefix("en.lproj/A.stringsdict: error: nesting deeper than 512 levels (binary property list, the container at byte offset ") == true, "\(binary)")
    }

    /// A 250-byte binary plist that Foundation would expand to 2^30 dictionaries (it took 54 s
    /// and 6 GB at 2^24): refused at once.
    func testSharedBinaryContainersAreRefusedBeforeFoundationExpandsThem() {
        let start = Date()
        let found = errors(DeepInput.sharedBinaryPlist(levels: 30))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.contains("containers shared so often that the file makes more than") == true, "\(found)")
        XCTAssertEqual(errors(DeepInput.cyclicBinaryPlist()).count, 1)
    }

    /// 512 levels, the most accepted, are read by both paths on a 512 KiB stack (a secondary
    /// thread's on macOS) in a debug build: the recursion left is shallow enough.
    func test512LevelsAreReadOnASecondaryThreadsStack() {
        let xml = Data(DeepInput.stringsDictXML(depth: 511).utf8)
        let binary = DeepInput.binaryPlist(depth: 512)
        let results = onThread(stackSize: 512 * 1024) {
            [StringsDictReader.parse(xml, path: "en.lproj/A.stringsdict", language: nil, fastPath: true),
             StringsDictReader.parse(xml, path: "en.lproj/A.stringsdict", language: nil, fastPath: false),
             StringsDictReader.parse(binary, path: "en.lproj/A.stringsdict", language: nil, fastPath: true)]
        }
        for result in results {
            XCTAssertNotNil(result.file)
            XCTAssertEqual(result.diagnostics.map(\.message), ["\"k\": missing NSStringLocalizedFormatKey; entry skipped"])
        }
    }
}
