import Foundation
import TestSupport
import XCTest

@testable import StringCatalog

/// `KeySorter` gives Foundation's order (the same as `sorted(by:)` with Foundation's comparator)
/// with fewer comparisons, on one thread and on two, with the comparator it is given and with its
/// own fast path for ASCII keys (`ASCIIKeyOrder`; proven in `ASCIIKeyOrderTests`).
final class KeySorterTests: XCTestCase {
    /// Counts calls of the comparator (from two threads too).
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.lock(); value += 1; lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return value }
    }

    private func sortedCounting(_ keys: [String]) -> (keys: [String], comparisons: Int) {
        let counter = Counter()
        let order = KeySorter.sortedIndices(keys) { a, b in
            counter.increment()
            return CatalogKeyOrder.precedes(a, b)
        }
        XCTAssertEqual(order.sorted(), Array(keys.indices), "a permutation")
        return (order.map { keys[$0] }, counter.count)
    }

    /// Keys of every shape catalogs hold: numbers, case, punctuation, non-ASCII.
    private func mixedKeys(_ count: Int) -> [String] {
        let stems = [
            "item", "Item", "ITEM", "a.b", "a_b", "a-b", "%@ files", "(Re)load", "é", "E", "ß", "ss", "日本",
            "🧭", " lead", "x01", "x1", "Couldn\u{2019}t", "Couldn't", "",
        ]
        return (0..<count).map { "\(stems[$0 % stems.count]) \($0 / stems.count)" }
    }

    func testSameOrderAsFoundationSort() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 3, 7, 64, 500, KeySorter.parallelThreshold + 1] {
            let keys = mixedKeys(count).shuffled(using: &generator)
            let expected = keys.sorted(by: CatalogKeyOrder.foundationPrecedes)
            XCTAssertEqual(sortedCounting(keys).keys, expected, "\(count) keys")
            XCTAssertEqual(KeySorter.sortedIndices(keys).map { keys[$0] }, expected, "\(count) keys")
            XCTAssertEqual(CatalogKeyOrder.sorted(keys), expected, "\(count) keys")
        }
    }

    func testGoldenCatalogKeysSortAsTheFilesHaveThem() throws {
        let goldens = try sharedFolder("goldens")
        var checked = 0
        for path in catalogFiles(under: goldens) where path.contains("/after/") {
            let catalog = try CatalogReader.read(path: path)
            let inFileOrder = catalog.keyOrderHint
            guard inFileOrder.count > 1 else { continue }
            XCTAssertEqual(sortedCounting(inFileOrder.reversed()).keys, inFileOrder, path)
            XCTAssertEqual(sortedCounting(inFileOrder.shuffled()).keys, inFileOrder, path)
            // The fast path, against the order Xcode wrote.
            let shuffled = inFileOrder.shuffled()
            XCTAssertEqual(KeySorter.sortedIndices(shuffled).map { shuffled[$0] }, inFileOrder, path)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 5)
    }

    func testComparisonCounts() {
        let keys = mixedKeys(4096)
        let inOrder = keys.sorted(by: CatalogKeyOrder.precedes)
        // In order: one comparison per merge.
        XCTAssertEqual(sortedCounting(inOrder).comparisons, 4095)
        // Shuffled: at most n log2 n (49,152); `sorted(by:)` makes about twice as many.
        let shuffled = sortedCounting(inOrder.shuffled()).comparisons
        XCTAssertLessThanOrEqual(shuffled, 4096 * 12)
        XCTAssertGreaterThan(shuffled, 4096 * 10)
    }
}
