@_spi(WebRouterInternals) import WebRouterHTTP

/// A thread-safe map that holds at most `capacity` entries: when full it is emptied and
/// refills with the keys in use. For memoising pure functions of client input (a cookie
/// value) on the request path, where an attacker sending endless new keys can only make
/// it miss, never grow it.
///
/// ```swift
/// let parsed = BoundedCache<String, TabMemory>(capacity: 1024)
/// let memory = parsed.value(for: cookie) { TabMemory(cookie: cookie, table: table) }
/// ```
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries: Locked<[Key: Value]>
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity > 0, "a cache needs room for at least one entry")
        self.capacity = capacity
        self.entries = Locked([:])
    }

    /// The value remembered for `key`, if any.
    subscript(key: Key) -> Value? {
        get { entries.withLock { $0[key] } }
        set {
            entries.withLock { entries in
                if newValue != nil, entries.count >= capacity, entries[key] == nil {
                    entries.removeAll(keepingCapacity: true)
                }
                entries[key] = newValue
            }
        }
    }

    /// The remembered value for `key`, else `make()`'s, remembered (computed outside the lock).
    func value(for key: Key, orMake make: () -> Value) -> Value {
        if let known = self[key] { return known }
        let made = make()
        self[key] = made
        return made
    }

    /// Forgets every entry.
    func removeAll() {
        entries.withLock { $0.removeAll(keepingCapacity: true) }
    }

    /// How many entries are remembered.
    var count: Int { entries.withLock { $0.count } }
}
