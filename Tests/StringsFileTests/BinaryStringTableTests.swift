import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import StringsFile

/// `BinaryStringTable` reads a binary `.strings` without Foundation only where it reads what
/// PropertyListSerialization reads: every table it returns must be Foundation's, and the reader's
/// result must be what the Foundation path gives (sorted entries, the same note).
final class BinaryStringTableTests: XCTestCase {
    /// What `StringsFileReader` made of a binary table before the fast path: Foundation's
    /// dictionary, sorted by key.
    private func foundationEntries(_ bytes: [UInt8]) -> [StringsEntry]? {
        guard
            let table = (try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil))
                as? [String: Any]
        else { return nil }
        var entries: [StringsEntry] = []
        for key in table.keys.sorted() {
            guard let value = table[key] as? String else { return nil }
            entries.append(StringsEntry(key: key, value: value))
        }
        return entries
    }

    private func fastPairs(_ bytes: [UInt8]) -> [(key: String, value: String)]? {
        bytes.withUnsafeBufferPointer { BinaryStringTable.read($0) }
    }

    /// Fast path taken, and the same table as Foundation's.
    private func assertReadLikeFoundation(
        _ bytes: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let pairs = fastPairs(bytes) else {
            XCTFail("not read by BinaryStringTable: \(what)", file: file, line: line)
            return
        }
        let expected = foundationEntries(bytes)
        XCTAssertEqual(pairs.count, expected?.count, what, file: file, line: line)
        let result = StringsFileReader.parse(bytes, path: "t.strings")
        XCTAssertEqual(result.file?.entries, expected, what, file: file, line: line)
        XCTAssertEqual(result.file?.encoding, .binaryPlist, file: file, line: line)
        XCTAssertEqual(
            descriptions(result),
            [
                "t.strings: note: this .strings file is a binary property list, not text; read as a property list (no "
                    + "comments, no line numbers)"
            ], file: file, line: line)
    }

    /// A `bplist00` of the dictionary { key1: "x", key2: "y" }, one-letter ASCII keys, written by hand.
    private static func table(keys key1: Character, _ key2: Character) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        bytes += [0xD2, 1, 2, 3, 4] // object 0 at 8: a dictionary of 2, key refs 1 2, value refs 3 4
        for c in [key1, key2, "x", "y"] { bytes += [0x51, c.asciiValue!] } // objects 1-4 at 13, 15, 17, 19
        bytes += [8, 13, 15, 17, 19] // the offset table, at 21
        bytes +=
            [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 5] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 21]
        return bytes
    }

    private let samples = [
        "", "a", "k", "é", "e\u{301}", "ü", "Don’t", "Wait…", "a—b", "5 €", "😀", "a\u{0}b", "\u{A0}x", "日本語のテキスト",
        "x\r\ny", "%@ and %1$ld",
        "a long ASCII string well beyond fifteen bytes", "ملف", "Ω≈ç√∫", String(repeating: "z", count: 300),
    ]

    func testGeneratedTablesAreReadLikeFoundation() throws {
        var rng = SplitMix64(seed: 0xB1A5_2026)
        var fast = 0
        for round in 0..<300 {
            var table: [String: String] = [:]
            // Up to 600 keys: extended counts, and 2-byte object references past 255 objects.
            let count = round % 10 == 0 ? 200 + rng.below(400) : rng.below(20)
            for k in 0..<count {
                let key = samples[rng.below(samples.count)] + (rng.below(3) == 0 ? "" : String(k))
                table[key] = samples[rng.below(samples.count)] + String(rng.below(1000))
            }
            let bytes = [UInt8](
                try PropertyListSerialization.data(fromPropertyList: table, format: .binary, options: 0))
            if table.keys.allSatisfy({ $0.unicodeScalars.allSatisfy { BinaryStringTable.isKeyCharacter($0.value) } }) {
                assertReadLikeFoundation(bytes, "round \(round)")
                fast += 1
            } else {
                // Left to Foundation (see BinaryStringTable on the order of such keys).
                XCTAssertNil(fastPairs(bytes), "round \(round)")
                XCTAssertEqual(
                    StringsFileReader.parse(bytes, path: "t.strings").file?.dictionary, table, "round \(round)")
            }
        }
        XCTAssertGreaterThan(fast, 50)
    }

    func testCorpusBinaryTablesAreReadLikeFoundation() throws {
        let root = try sharedFolder("corpus/transmission__transmission/macosx/Sparkle.framework/Versions/B/Resources")
        var files = 0
        for folder in try FileManager.default.contentsOfDirectory(atPath: root) where folder.hasSuffix(".lproj") {
            guard let data = FileManager.default.contents(atPath: root + "/" + folder + "/Sparkle.strings") else {
                continue
            }
            assertReadLikeFoundation([UInt8](data), folder)
            files += 1
        }
        XCTAssertGreaterThan(files, 30)
    }

    /// Anything else goes to Foundation: values that are not strings, nested containers, other
    /// top objects, keys Swift's String == merges (CF keeps both).
    func testOtherPropertyListsAreLeftToFoundation() throws {
        let others: [Any] = [
            ["k": 1], ["k": ["a": "b"]], ["k": ["a"]], ["a", "b"], "one string", ["k": Data([1, 2])], ["k": true],
        ]
        for object in others {
            let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
            XCTAssertNil(fastPairs([UInt8](data)), "\(object)")
        }
        // Keys with other characters (see BinaryStringTable).
        XCTAssertNil(
            fastPairs(
                [UInt8](try PropertyListSerialization.data(fromPropertyList: ["日本": "v"], format: .binary, options: 0)))
        )
        // A key written twice (which one CF keeps is its business).
        XCTAssertNotNil(fastPairs(Self.table(keys: "a", "b")))
        XCTAssertEqual(
            foundationEntries(Self.table(keys: "a", "b")),
            [StringsEntry(key: "a", value: "x"), StringsEntry(key: "b", value: "y")])
        XCTAssertNil(fastPairs(Self.table(keys: "a", "a")))
        XCTAssertNil(fastPairs(Array("bplist00".utf8)))
        XCTAssertNil(fastPairs([]))
    }

    /// Damaged copies of real tables: whenever the fast path reads one, Foundation reads the same
    /// table (the fast path accepts a subset of what CF accepts).
    /// Found by the damage test below (its base table's order varies with the process's hash
    /// seed): a key that is an empty UTF-16 string. CF cannot allocate its zero characters and
    /// rejects the file; the fast path must not read it.
    func testAnEmptyUTF16StringIsLeftToFoundationWhichRejectsIt() throws {
        let bytes: [UInt8] = [
            98, 112, 108, 105, 115, 116, 48, 48, 213, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 85, 76, 97, 116, 101, 114, 95, 16,
            38, 108, 111, 110, 103, 32, 107, 101, 121, 32, 116, 104, 97, 116, 32, 110, 101, 101, 100, 115, 32, 109,
            111, 114, 101, 32, 116, 104, 97, 110, 32, 49, 53, 32, 98, 121, 116, 101, 115, 96, 97, 0, 233, 85, 95, 105,
            116, 108, 101, 102, 0, 83, 0, 112, 0, 228, 0, 116, 0, 101, 0, 114, 81, 118, 89, 101, 109, 112, 116, 121,
            32, 107, 101, 121, 99, 0, 223, 216, 61, 222, 0, 95, 16, 16, 85, 112, 100, 97, 116, 101, 32, 97, 118, 97,
            105, 108, 97, 98, 108, 101, 8, 19, 25, 66, 67, 70, 76, 89, 91, 101, 108, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0,
            0, 0, 0, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 127,
        ]
        XCTAssertEqual(bytes[66], 0x60, "the key at offset 66 is a UTF-16 string of no characters")
        XCTAssertNil(foundationEntries(bytes))
        XCTAssertNil(fastPairs(bytes))
        let result = StringsFileReader.parse(bytes, path: "t.strings")
        XCTAssertNil(result.file)
        XCTAssertTrue(result.diagnostics.containsError, "\(result.diagnostics)")
    }

    func testDamagedTablesReadByTheFastPathAreFoundations() throws {
        var rng = SplitMix64(seed: 0xDA4A_6E5D)
        let table = [
            "title": "Update available", "é": "ü😀", "Later": "Später", "": "empty key",
            "long key that needs more than 15 bytes": "v",
        ]
        let base = [UInt8](try PropertyListSerialization.data(fromPropertyList: table, format: .binary, options: 0))
        var read = 0
        for round in 0..<3000 {
            var bytes = base
            for _ in 0..<(1 + rng.below(3)) {
                let at = rng.below(bytes.count)
                switch rng.below(3) {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes[at] ^= 1 << UInt8(rng.below(8))
                default: bytes[at] = [0x00, 0x0F, 0x10, 0x5F, 0x6F, 0xD0, 0xDF, 0xFF][rng.below(8)]
                }
            }
            guard let pairs = fastPairs(bytes) else { continue }
            read += 1
            // Foundation must read it, as the same table.
            guard let expected = foundationEntries(bytes) else {
                XCTFail("round \(round): read by the fast path, rejected by Foundation: \(bytes)")
                continue
            }
            XCTAssertEqual(
                pairs.sorted { $0.key < $1.key }.map { StringsEntry(key: $0.key, value: $0.value) }, expected,
                "round \(round)")
        }
        XCTAssertGreaterThan(read, 100, "some damaged copies should still be tables (a changed character)")
    }
}
