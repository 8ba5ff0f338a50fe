import Dispatch
import Foundation
import StringcatSupport
import TestSupport
import XCTest

@testable import StringCatalog

/// `ASCIIKeyOrder` (the fast path of `CatalogKeyOrder`) gives exactly Foundation's order: on every
/// key of the corpus, on every string of up to two ASCII characters (and up to four of the hard
/// ones), and on millions of random pairs built to hit the hard cases. Foundation's comparator
/// itself (`CatalogKeyOrder.foundationPrecedes`) is the judge in every test.
final class ASCIIKeyOrderTests: XCTestCase {
    /// Foundation's order: -1, 0, 1.
    private static func foundation(_ a: String, _ b: String) -> Int {
        a.compare(
            b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex,
            locale: NSLocale.system
        ).rawValue
    }

    /// The fast order of two eligible keys (-1, 0, 1), by the direct comparator.
    private static func fast(_ a: String, _ b: String) -> Int? {
        ASCIIKeyOrder.compare(a, b).map { $0 < 0 ? -1 : ($0 > 0 ? 1 : 0) }
    }

    /// The fast order by primary sort keys (bytes), then the comparator on equal ones: what
    /// `KeySorter` does.
    private static func bySortKey(_ a: String, _ b: String) -> Int? {
        var keyA: [UInt8] = []
        var keyB: [UInt8] = []
        var a = a
        var b = b
        guard a.withUTF8({ ASCIIKeyOrder.appendPrimaryKey(of: $0, to: &keyA) }),
            b.withUTF8({ ASCIIKeyOrder.appendPrimaryKey(of: $0, to: &keyB) })
        else { return nil }
        if keyA != keyB { return keyA.lexicographicallyPrecedes(keyB) ? -1 : 1 }
        return ASCIIKeyOrderTests.fast(a, b)
    }

    private static func isEligible(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { ASCIIKeyOrder.isEligible($0) }
    }

    /// Sorts `keys` (distinct) with Foundation alone and with `KeySorter`'s fast path, checks that
    /// both give the same array and that the fast comparator puts every adjacent pair of eligible
    /// keys in Foundation's order. Returns (eligible keys, adjacent eligible pairs checked).
    @discardableResult
    private func checkSort(_ keys: [String], _ label: String, file: StaticString = #filePath, line: UInt = #line) -> (
        keys: Int, pairs: Int
    ) {
        let expected = KeySorter.sortedIndices(keys, by: CatalogKeyOrder.foundationPrecedes).map { keys[$0] }
        let sorted = KeySorter.sortedIndices(keys).map { keys[$0] }
        XCTAssertEqual(sorted.count, expected.count, label, file: file, line: line)
        if let first = sorted.indices.first(where: { sorted[$0] != expected[$0] }) {
            // The first place they differ, and the keys Foundation puts between the two.
            let (a, b) = (sorted[first], expected[first])
            let between = expected[first...(expected.firstIndex(of: a) ?? first)].map(\.debugDescription)
            XCTFail(
                "\(label): the fast sort differs from Foundation's at \(first): \(a.debugDescription) where Foundation "
                    + "has \(b.debugDescription); Foundation's order from there: \(between)",
                file: file, line: line)
        }
        let eligible = expected.map(ASCIIKeyOrderTests.isEligible)
        var pairs = 0
        var reported = 0
        for index in expected.indices.dropLast() where eligible[index] && eligible[index + 1] {
            pairs += 1
            let (a, b) = (expected[index], expected[index + 1])
            if ASCIIKeyOrderTests.fast(a, b) != -1 || ASCIIKeyOrderTests.bySortKey(a, b) != -1 {
                reported += 1
                if reported <= 10 {
                    XCTFail(
                        "\(label): Foundation orders \(a.debugDescription) < \(b.debugDescription); fast "
                            + "\(String(describing: ASCIIKeyOrderTests.fast(a, b))), sort key "
                            + "\(String(describing: ASCIIKeyOrderTests.bySortKey(a, b)))",
                        file: file, line: line)
                }
            }
        }
        XCTAssertEqual(reported, 0, "\(label): adjacent pairs out of Foundation's order", file: file, line: line)
        return (eligible.filter { $0 }.count, pairs)
    }

    // MARK: - Rules

    func testRulesOnExamples() {
        // docs/spec/catalog-format.md#the-key-order, and the cases each rule of `ASCIIKeyOrder` was found from.
        let ordered = [
            "", "\t%@", "\n", "  %@", " %@", "_x", "-x", ": %@", ".dot", "(Re)define it", "%@", "$5", "0", "00",
            "7 days",
            "10 minutes", "75", "100", "a", "A", "a01", "A1", "Hello", "hello world", "Hello world", "help",
        ]
        for (a, b) in zip(ordered, ordered.dropFirst()) {
            XCTAssertEqual(
                ASCIIKeyOrderTests.foundation(a, b), -1, "Foundation: \(a.debugDescription) < \(b.debugDescription)")
            XCTAssertEqual(ASCIIKeyOrderTests.fast(a, b), -1, "\(a.debugDescription) < \(b.debugDescription)")
            XCTAssertEqual(ASCIIKeyOrderTests.fast(b, a), 1, "\(b.debugDescription) > \(a.debugDescription)")
        }
        // Equal runs: the letters after them decide first, then the first run length, then case.
        let pairs: [(String, String)] = [
            ("0sa-UX-oa3.title", "00y-6C-LDt.title"), ("0cE-0y-BcT.title", "0sa-UX-oa3.title"),
            ("ble.errorcode.6 %@", "ble.errorcode.14 %@"), ("1A", "01a"), ("100C", "0100c"), ("a01", "A1"),
            ("x1y01", "x01y1"), ("aB", "Ab"),
        ]
        for (a, b) in pairs {
            XCTAssertEqual(
                ASCIIKeyOrderTests.foundation(a, b), -1, "Foundation: \(a.debugDescription) < \(b.debugDescription)")
            XCTAssertEqual(ASCIIKeyOrderTests.fast(a, b), -1, "\(a.debugDescription) < \(b.debugDescription)")
            XCTAssertEqual(ASCIIKeyOrderTests.bySortKey(a, b), -1, "\(a.debugDescription) < \(b.debugDescription)")
        }
        XCTAssertEqual(ASCIIKeyOrderTests.fast("same", "same"), 0)
    }

    func testWhatGoesToFoundation() {
        for key in [
            "é", "Couldn\u{2019}t", "日本", "a\u{0}", "\u{1}", "x\u{7F}", "\u{1F}y", "12345678901234567890",
            "a18446744073709551617",
        ] {
            XCTAssertFalse(ASCIIKeyOrderTests.isEligible(key), key.debugDescription)
            XCTAssertNil(ASCIIKeyOrder.compare(key, "a"), key.debugDescription)
        }
        for key in [
            "", "\t\n\u{0B}\u{0C}\r", "~$|", "1234567890123456789", "0000000000000000000000001234567890123456789",
        ] {
            XCTAssertTrue(ASCIIKeyOrderTests.isEligible(key), key.debugDescription)
        }
        // Why: CoreFoundation adds the digits of a run it compares into a UInt64 that wraps, while
        // ICU (where the keys differ before the run) compares the true values; so Foundation's
        // order is not even transitive on such keys: p < q < r < p.
        XCTAssertEqual(ASCIIKeyOrderTests.foundation("18446744073709551617", "2"), -1)
        let (p, q, r) = ("x18446744073709551617", "x2", "X3")
        XCTAssertEqual(
            [
                ASCIIKeyOrderTests.foundation(p, q), ASCIIKeyOrderTests.foundation(q, r),
                ASCIIKeyOrderTests.foundation(r, p),
            ], [-1, -1, -1])
    }

    // MARK: - Exhaustive short strings

    /// Every string of at most two characters over the 100 ASCII characters the fast path handles
    /// (10,101 strings: the sorted arrays being equal means every pair among them agrees), and every
    /// string of at most four over eleven hard ones (16,105 strings).
    func testAllShortStrings() {
        let handled = (0..<128).map { UInt8($0) }.filter { ASCIIKeyOrder.primaryWeights[Int($0)] != 0 }
        XCTAssertEqual(handled.count, 100)
        var strings: [String] = [""]
        for x in handled {
            strings.append(String(decoding: [x], as: UTF8.self))
            for y in handled { strings.append(String(decoding: [x, y], as: UTF8.self)) }
        }
        checkSort(strings, "length <= 2")

        let hard = Array("0019aAbB -_".utf8)
        var short: Set<[UInt8]> = [[]]
        var frontier: [[UInt8]] = [[]]
        for _ in 0..<4 {
            frontier = frontier.flatMap { prefix in hard.map { prefix + [$0] } }
            short.formUnion(frontier)
        }
        checkSort(short.map { String(decoding: $0, as: UTF8.self) }, "length <= 4 over \"0019aAbB -_\"")
    }

    // MARK: - Random pairs

    /// Random ASCII strings that hit the hard cases: digit runs with leading zeros and of different
    /// lengths (up to 24 digits), mixed case, every punctuation character, whitespace, control
    /// characters, empty strings; and pairs that are near-misses of each other (a case flipped, a zero
    /// added, a character inserted or removed, a prefix).
    private struct PairGenerator {
        var random: SplitMix64
        static let punctuation = Array(" _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$\t\n\u{0B}\u{0C}\r".utf8)
        static let controls: [UInt8] = Array(0...8) + Array(14...31) + [127]

        mutating func character() -> UInt8 {
            if random.below(200) == 0 { return Self.controls[random.below(Self.controls.count)] }
            switch random.below(60) {
            case 0..<18: return UInt8(48 + random.below(random.below(2) == 0 ? 2 : 10))
            case 18..<36:
                let letter = UInt8(97 + random.below(random.below(2) == 0 ? 3 : 26))
                return random.below(2) == 0 ? letter : letter - 32
            case 36..<52: return Self.punctuation[random.below(Self.punctuation.count)]
            default: return UInt8(32 + random.below(95))
            }
        }

        mutating func string() -> [UInt8] {
            var bytes: [UInt8] = []
            let length = random.below(random.below(3) == 0 ? 25 : 8)
            while bytes.count < length {
                if random.below(12) == 0 {
                    // A long digit run, often with leading zeros.
                    bytes +=
                        [UInt8](repeating: 48, count: random.below(4))
                        + (0..<(1 + random.below(21))).map { _ in UInt8(48 + random.below(10)) }
                } else {
                    bytes.append(character())
                }
            }
            return bytes
        }

        mutating func nearMiss(of bytes: [UInt8]) -> [UInt8] {
            var bytes = bytes
            for _ in 0..<(1 + random.below(3)) {
                switch random.below(8) {
                case 0:
                    if !bytes.isEmpty {
                        let index = random.below(bytes.count)
                        if ASCIIKeyOrder.isUpper(bytes[index]) {
                            bytes[index] += 32
                        } else if bytes[index] &- 97 < 26 {
                            bytes[index] -= 32
                        }
                    }
                case 1: bytes.insert(48, at: random.below(bytes.count + 1))
                case 2: if !bytes.isEmpty { bytes.remove(at: random.below(bytes.count)) }
                case 3: bytes.insert(character(), at: random.below(bytes.count + 1))
                case 4: if !bytes.isEmpty { bytes.removeLast(1 + random.below(bytes.count)) }
                case 5: bytes += (0..<(1 + random.below(3))).map { _ in character() }
                case 6:
                    if let index = bytes.indices.randomElement(using: &random), ASCIIKeyOrder.isDigit(bytes[index]) {
                        bytes.insert(48, at: index)
                    }
                default: if !bytes.isEmpty { bytes[random.below(bytes.count)] = character() }
                }
            }
            return bytes
        }
    }

    /// Pairs of eligible keys checked: 1,000,000 in release (`swift test -c release`), 400,000 in
    /// a debug build to stay within a few seconds; STRINGCAT_KEY_ORDER_PAIRS=N checks N instead.
    /// Pairs with a key that goes to Foundation come on top (about one in ten).
    private static let randomPairs: Int = {
        if let count = ProcessInfo.processInfo.environment["STRINGCAT_KEY_ORDER_PAIRS"].flatMap({ Int($0) }) {
            return count
        }
        #if DEBUG
            return 400_000
        #else
            return 1_000_000
        #endif
    }()

    func testRandomPairsAgreeWithFoundation() {
        let chunks = 2
        let perChunk = ASCIIKeyOrderTests.randomPairs / chunks
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var checked = 0, routed = 0, mismatches = 0, failures: [String] = []
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var generator = PairGenerator(random: SplitMix64(seed: 0x5EED_0000 + UInt64(chunk)))
            var checked = 0, routed = 0, mismatches = 0
            var failures: [String] = []
            while checked < perChunk {
                let a = generator.string()
                let b = generator.random.below(4) == 0 ? generator.string() : generator.nearMiss(of: a)
                let keyA = String(decoding: a, as: UTF8.self)
                let keyB = String(decoding: b, as: UTF8.self)
                guard let direct = ASCIIKeyOrderTests.fast(keyA, keyB) else { routed += 1; continue }
                checked += 1
                let expected = ASCIIKeyOrderTests.foundation(keyA, keyB)
                let sortKey = ASCIIKeyOrderTests.bySortKey(keyA, keyB)
                if direct != expected || sortKey != expected {
                    mismatches += 1
                    if failures.count < 10 {
                        failures.append(
                            "\(keyA.debugDescription) vs \(keyB.debugDescription): Foundation \(expected), fast "
                                + "\(direct), sort key \(String(describing: sortKey))"
                        )
                    }
                }
            }
            results.lock.lock()
            results.checked += checked
            results.routed += routed
            results.mismatches += mismatches
            results.failures += failures
            results.lock.unlock()
        }
        for failure in results.failures { XCTFail(failure) }
        // The pairs with a key that goes to Foundation exercise the routing.
        XCTAssertEqual(results.mismatches, 0, "pairs where the fast order differs from Foundation's")
        XCTAssertEqual(results.checked, perChunk * chunks)
        XCTAssertGreaterThan(results.routed, 0)
        print(
            "ASCIIKeyOrderTests: \(results.checked) random pairs agree with Foundation (\(results.routed) more went to "
                + "Foundation)"
        )
    }

    /// Random sets of keys, with non-ASCII keys, control characters and long digit runs among them
    /// (those go to Foundation and are merged in), sort as Foundation sorts them.
    func testRandomSetsSortAsFoundation() {
        var generator = PairGenerator(random: SplitMix64(seed: 42))
        let others = [
            "é", "Éclair", "e\u{301}", "Couldn\u{2019}t", "Couldn't", "日本", "🧭", "ß", "ss", "a\u{1}", "1\u{7F}",
            "\u{0}",
        ]
        for round in 0..<40 {
            var keys: Set<String> = []
            // A Set's order changes from one process to the next: near-misses are made of keys
            // picked in the order they were made, so that the seed alone decides the keys.
            var made: [String] = []
            let count = [2, 3, 10, 100, 1000, KeySorter.parallelThreshold + 7][round % 6]
            while keys.count < count {
                let bytes =
                    generator.random.below(3) == 0 && !made.isEmpty
                    ? generator.nearMiss(of: Array(made.randomElement(using: &generator.random)!.utf8))
                    : generator.string()
                let key = String(decoding: bytes, as: UTF8.self)
                // Not keys with a run of more than 19 significant digits: Foundation's order is not
                // a total order on them (`testWhatGoesToFoundation`), so its own sort depends on the
                // order of its input and there is no one order to agree with.
                if !Self.hasLongDigitRun(bytes), keys.insert(key).inserted { made.append(key) }
            }
            // Some rounds without any key that goes to Foundation, some with a few, some with many.
            switch round % 4 {
            case 0: keys = keys.filter(ASCIIKeyOrderTests.isEligible)
            case 1: keys.formUnion(others.prefix(1 + generator.random.below(others.count)))
            case 2: keys.formUnion((0..<count / 2).map { "\(others[$0 % others.count]) \($0)" })
            default: break
            }
            checkSort(keys.sorted().shuffled(using: &generator.random), "random set \(round)")
        }
    }

    /// True when a digit run of `bytes` has more than 19 digits after its leading zeros.
    private static func hasLongDigitRun(_ bytes: [UInt8]) -> Bool {
        var significant = 0
        for byte in bytes {
            if !ASCIIKeyOrder.isDigit(byte) {
                significant = 0
            } else if significant > 0 || byte != UInt8(ascii: "0") {
                significant += 1
                if significant > ASCIIKeyOrder.maximumSignificantDigits { return true }
            }
        }
        return false
    }

    // MARK: - Corpus

    /// Every key of every catalog (the keys of every object), `.strings` and `.stringsdict` (the
    /// keys of every dictionary) under ../shared/goldens, goldens-compile and corpus: each file's
    /// keys, and all of them together, sort as Foundation sorts them.
    func testCorpusKeysSortAsFoundation() throws {
        let folders = ["goldens", "goldens-compile", "corpus"].compactMap { sharedFolderIfPresent($0) }
        guard !folders.isEmpty else { throw XCTSkip(sharedFolderMissing("goldens, goldens-compile or corpus")) }
        var all: Set<String> = []
        // Most tables have the same keys in every language: each set of keys is sorted once.
        var keySets: Set<Set<String>> = []
        var files = 0, unreadable: [String] = [], perFile = (keys: 0, pairs: 0)
        for folder in folders {
            for path in TestSupport.files(under: folder, endingIn: ".xcstrings", ".strings", ".stringsdict") {
                guard let keys = Self.keys(ofFileAt: path) else { unreadable.append(path); continue }
                files += 1
                all.formUnion(keys)
                guard keys.count > 1, keySets.insert(keys).inserted else { continue }
                let checked = checkSort(Array(keys), path)
                perFile.keys += checked.keys
                perFile.pairs += checked.pairs
            }
        }
        XCTAssertGreaterThan(files, 100)
        let union = checkSort(Array(all), "all corpus keys")
        print(
            "ASCIIKeyOrderTests: \(files) files (\(unreadable.count) unreadable by Foundation, skipped), "
                + "\(keySets.count) distinct sets of keys: \(perFile.keys) ASCII keys, \(perFile.pairs) adjacent ASCII "
                + "pairs; "
                + "all together: \(all.count) distinct keys, \(union.keys) ASCII, \(union.pairs) adjacent ASCII pairs")
    }

    /// The keys of every object/dictionary in the file, read with Foundation; nil when Foundation
    /// cannot read it.
    private static func keys(ofFileAt path: String) -> Set<String>? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let object: Any?
        if path.hasSuffix(".xcstrings") {
            object = try? JSONSerialization.jsonObject(with: data)
        } else {
            object = try? PropertyListSerialization.propertyList(from: data, format: nil)
        }
        guard let object else { return nil }
        var keys: Set<String> = []
        func collect(_ value: Any) {
            if let dictionary = value as? [String: Any] {
                for (key, member) in dictionary {
                    keys.insert(key)
                    collect(member)
                }
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(object)
        return keys
    }
}
