import Foundation
import StringCatalog
import StringcatSupport

/// Reads and compiles a catalog's entries on a thread of their own while the caller compares
/// them: a catalog is read in file order, so this is how one catalog uses two cores (reading and
/// compiling take about as long as turning units into leaves and comparing them).
///
/// At most `depth` batches wait between the two, so memory stays a few hundred entries whatever
/// the catalog's size.
enum EntryPipeline {
    static let batchSize = 256
    static let depth = 8

    /// Calls `consume` with every item `produce` delivers (on a thread of its own), in order, on
    /// the calling thread; throws the producer's error once the items before it were consumed.
    static func run<Item: Sendable>(produce: @escaping @Sendable (_ deliver: (Item) -> Void) throws(Diagnostic) -> Void,
                                    consume: (Item) -> Void) throws(Diagnostic) {
        let pipe = Pipe<Item>()
        let reader = Thread {
            var batch: [Item] = []
            batch.reserveCapacity(batchSize)
            do throws(Diagnostic) {
                try produce { item in
                    batch.append(item)
                    if batch.count == batchSize {
                        pipe.put(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                pipe.put(batch)
                pipe.finish(nil)
            } catch {
                pipe.finish(error)
            }
        }
        // The decoder recurses once per level of a catalog's nesting (at most 512 + 64 levels).
        reader.stackSize = 16 << 20
        reader.start()
        while let batch = pipe.take() {
            for item in batch { consume(item) }
        }
        if let error = pipe.error { throw error }
    }

    /// The batches between the two threads.
    private final class Pipe<Item>: @unchecked Sendable {
        typealias Batch = [Item]
        private let condition = NSCondition()
        private var batches: [Batch] = []
        private var finished = false
        private var readError: Diagnostic?

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
