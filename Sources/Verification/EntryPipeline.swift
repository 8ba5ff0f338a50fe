import Foundation
import StringCatalog
import StringcatSupport

/// Reads a catalog's entries on a thread of their own while the caller compiles and compares
/// them: a catalog is read in file order, so this is how one catalog uses two cores. Compiling
/// goes to whichever side has room (decoding takes less than compiling and comparing at 10,000
/// keys, about as long at 2,500).
///
/// At most `depth` batches wait between the two, so memory stays a few hundred entries whatever
/// the catalog's size.
enum EntryPipeline {
    static let batchSize = 256
    static let depth = 8

    /// Calls `consume` with every item `produce` delivers (on a thread of its own), in order, on
    /// the calling thread, once `prepare` made it ready; throws the producer's error once the
    /// items before it were consumed.
    ///
    /// Either thread may take `prepare`: the calling thread prepares each item before consuming
    /// it, unless the producer already did. The producer does so for a batch whenever the
    /// batches waiting reach half the queue: instead of waiting for room, it takes work off the
    /// busier side, so the two threads share the work as it comes, whatever the catalog.
    static func run<Item: Sendable, Prepared: Sendable>(
        produce: @escaping @Sendable (_ deliver: (Item) -> Void) throws(Diagnostic) -> Void,
        prepare: @escaping @Sendable (Item) -> Prepared,
        consume: (Prepared) -> Void
    ) throws(Diagnostic) {
        let pipe = Pipe<Work<Item, Prepared>>()
        let reader = Thread {
            var batch: [Work<Item, Prepared>] = []
            batch.reserveCapacity(batchSize)
            func send() {
                if pipe.waiting >= depth / 2 {
                    for index in batch.indices {
                        if case .item(let item) = batch[index] { batch[index] = .prepared(prepare(item)) }
                    }
                }
                pipe.put(batch)
                batch.removeAll(keepingCapacity: true)
            }
            do throws(Diagnostic) {
                try produce { item in
                    batch.append(.item(item))
                    if batch.count == batchSize { send() }
                }
                send()
                pipe.finish(nil)
            } catch {
                // The items delivered before the error are consumed first, as for any end.
                send()
                pipe.finish(error)
            }
        }
        // The decoder recurses once per level of a catalog's nesting (at most 512 + 64 levels).
        reader.stackSize = 16 << 20
        reader.start()
        while let batch = pipe.take() {
            for work in batch {
                switch work {
                case .item(let item): consume(prepare(item))
                case .prepared(let prepared): consume(prepared)
                }
            }
        }
        if let error = pipe.error { throw error }
    }

    /// An item as the producer delivered it, or already prepared by the producer.
    private enum Work<Item: Sendable, Prepared: Sendable>: Sendable {
        case item(Item)
        case prepared(Prepared)
    }

    /// The batches between the two threads.
    private final class Pipe<Item>: @unchecked Sendable {
        typealias Batch = [Item]
        private let condition = NSCondition()
        private var batches: [Batch] = []
        private var finished = false
        private var readError: Diagnostic?

        /// The batches put and not yet taken (read without waiting: a hint for the producer).
        var waiting: Int {
            condition.lock()
            defer { condition.unlock() }
            return batches.count
        }

        /// What stopped the reader, once `take` returned nil.
        var error: Diagnostic? {
            condition.lock()
            defer { condition.unlock() }
            return readError
        }

        func put(_ batch: Batch) {
            guard !batch.isEmpty else { return }
            condition.lock()
            while batches.count >= depth { condition.wait() }
            batches.append(batch)
            condition.broadcast()
            condition.unlock()
        }

        func finish(_ error: Diagnostic?) {
            condition.lock()
            readError = error
            finished = true
            condition.broadcast()
            condition.unlock()
        }

        /// The next batch, or nil once the reader finished and every batch was taken.
        func take() -> Batch? {
            condition.lock()
            defer { condition.unlock() }
            while batches.isEmpty && !finished { condition.wait() }
            if batches.isEmpty { return nil }
            let batch = batches.removeFirst()
            condition.broadcast()
            return batch
        }
    }
}
