import Foundation
import StringcatSupport
import XCTest

@testable import Verification

/// The pipeline between a catalog's reading thread and the comparison: every item is prepared
/// once and consumed once, in order, whichever thread prepared it; the producer's error comes
/// after the items before it.
final class EntryPipelineTests: XCTestCase {
    /// Counts calls from several threads.
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var byProducer = 0
        private(set) var byConsumer = 0

        func count(onMain: Bool) {
            lock.lock()
            if onMain { byConsumer += 1 } else { byProducer += 1 }
            lock.unlock()
        }
    }

    func testASlowConsumerGetsItemsPreparedByTheProducerInOrderAndEachOnce() throws {
        let tally = Tally()
        var consumed: [Int] = []
        try EntryPipeline.run(
            produce: { deliver in
                for item in 0..<20_000 { deliver(item) }
            },
            prepare: { (item: Int) -> Int in
                tally.count(onMain: Thread.isMainThread)
                return item * 2
            }
        ) { prepared in
            // The comparison's side is the slower one here: batches wait, so the producer helps.
            if prepared % 512 == 0 { usleep(2_000) }
            consumed.append(prepared)
        }
        XCTAssertEqual(consumed, (0..<20_000).map { $0 * 2 })
        XCTAssertEqual(tally.byProducer + tally.byConsumer, 20_000)
        XCTAssertGreaterThan(tally.byProducer, 0, "the producer never prepared a batch although the queue was full")
        XCTAssertGreaterThan(tally.byConsumer, 0)
    }

    func testTheProducersErrorComesAfterTheItemsBeforeIt() {
        var consumed: [Int] = []
        XCTAssertThrowsError(
            try EntryPipeline.run(
                produce: { deliver throws(Diagnostic) in
                    for item in 0..<1_000 { deliver(item) }
                    throw Diagnostic.error("cut short", at: .file("catalog"))
                }, prepare: { (item: Int) -> Int in item }
            ) { consumed.append($0) }
        ) { error in
            XCTAssertEqual((error as? Diagnostic)?.message, "cut short")
        }
        XCTAssertEqual(consumed, Array(0..<1_000))
    }
}
