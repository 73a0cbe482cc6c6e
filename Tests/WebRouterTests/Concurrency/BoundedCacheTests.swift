import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// The cache behind verified sessions and decoded tab-memory cookies: it answers a known
/// key without recomputing, and no stream of new keys makes it outgrow its capacity.
@Suite struct BoundedCacheTests {
    @Test func aKnownKeyIsNotComputedAgain() {
        let cache = BoundedCache<String, Int>(capacity: 4)
        var computed = 0
        for _ in 0..<3 {
            #expect(cache.value(for: "a", orMake: { computed += 1; return 1 }) == 1)
        }
        #expect(computed == 1)
    }

    @Test func newKeysPastTheCapacityEmptyItInsteadOfGrowingIt() {
        let cache = BoundedCache<String, Int>(capacity: 4)
        for index in 0..<10 { cache["key-\(index)"] = index }
        #expect(cache.count <= 4)
        #expect(cache["key-9"] == 9, "the newest entry survives the emptying")
        #expect(cache["key-0"] == nil)
    }
}
