import Dispatch
import Foundation

/// `map` over independent items on every core (files parse independently, languages compile
/// independently). Results come back in the order of the input.
public enum ConcurrentMap {
    public static func map<Item: Sendable, Result>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result]
    {
        let box = Box<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            box.set(index, transform(items[index]))
        }
        return box.values
    }

    /// `map(_:_:)` that starts the costliest items first (by `cost`, an estimate such as a file's
    /// size), so that no core is left with one large item once the others are done. Results
    /// still come back in the order of the input.
    public static func map<Item: Sendable, Result>(
        _ items: [Item], costliestFirst cost: (Item) -> Int,
        _ transform: @Sendable (Item) -> Result
    ) -> [Result] {
        let costs = items.map(cost)
        let order = items.indices.sorted { (costs[$0], $1) > (costs[$1], $0) }
        let box = Box<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { position in
            let index = order[position]
            box.set(index, transform(items[index]))
        }
        return box.values
    }

    /// Collects results written from several threads.
    private final class Box<Result>: @unchecked Sendable {
        private var storage: [Result?]
        private let lock = NSLock()

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Result) {
            lock.lock()
            storage[index] = value
            lock.unlock()
        }

        var values: [Result] { storage.map { $0! } }
    }
}
