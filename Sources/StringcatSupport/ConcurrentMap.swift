import Dispatch
import Foundation

/// `map` over independent items on every core (files parse independently, languages compile
/// independently). Results come back in the order of the input.
public enum ConcurrentMap {
    public static func map<Item: Sendable, Result>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result] {
        let box = Box<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
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
