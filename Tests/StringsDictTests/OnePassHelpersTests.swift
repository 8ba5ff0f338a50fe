import Foundation
import StringcatSupport
import TestSupport
import XCTest
@testable import StringsDict

/// The one-pass reader's shortcuts give the answers of what they stand in for.
final class OnePassHelpersTests: XCTestCase {
    /// `UTF8OffsetPositions` is `UTF8Positions` (LF, CR, CR LF; columns in scalars), offsets in any order.
    func testOffsetPositionsAreUTF8Positions() {
        // Bytes: a b LF c d CR LF | ä (7-8) € (9-11) 😀 (12-15) x (16) CR | y (18) LF | LF (20) | end (21).
        let exact = Array("ab\ncd\r\nä€😀x\ry\n\n".utf8)
        let offsets = [16, 0, 3, 7, 2, 9, 13, 17, 18, 19, 20, 21]
        let got = exact.withUnsafeBufferPointer { UTF8OffsetPositions.positions(of: offsets, in: $0) }
        XCTAssertEqual(got.map { "\($0.line):\($0.column)" }, ["3:4", "1:1", "2:1", "3:1", "1:3", "3:2", "3:4", "3:5", "4:1", "4:2", "5:1", "6:1"])

        let pieces: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], [0x61], [0x3C], [0xC3, 0xA4], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0x09]]
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let bytes = (0..<random.below(40)).flatMap { _ in pieces[random.below(pieces.count)] }
            let reference = UTF8Positions(bytes)
            let offsets = (0..<random.below(8)).map { _ in random.below(bytes.count + 1) }
            let got = bytes.withUnsafeBufferPointer { UTF8OffsetPositions.positions(of: offsets, in: $0) }
            XCTAssertEqual(got.map { "\($0.line):\($0.column)" }, offsets.map { "\(reference.position(of: $0).line):\(reference.position(of: $0).column)" }, "\(bytes)")
        }
    }
}
