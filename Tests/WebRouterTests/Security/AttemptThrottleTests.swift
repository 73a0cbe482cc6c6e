import Testing
@testable import WebRouter

/// The throttle's arithmetic: free attempts, doubling delays up to the maximum, forgetting,
/// success, two tables, bounded memory.
@Suite("AttemptThrottle")
struct AttemptThrottleTests {
    @Test func delaysDoubleAfterTheFreeAttemptsUpToTheMaximum() {
        let throttle = AttemptThrottle(freeAttemptsPerAccount: 2, firstDelay: 1, maximumDelay: 4)
        let keys: [AttemptThrottle.Key] = [.account("ada")]
        var waits: [Int?] = []
        for _ in 0..<6 {
            throttle.recordFailure(keys, now: 100)
            waits.append(throttle.retryAfter(keys, now: 100))
        }
        #expect(waits == [nil, nil, 1, 2, 4, 4])
        #expect(throttle.retryAfter(keys, now: 104) == nil, "the delay has passed")
        #expect(throttle.retryAfter([.account("bob")], now: 100) == nil, "other accounts are not touched")
    }

    @Test func successAndQuietTimeStartOver() {
        let throttle = AttemptThrottle(freeAttemptsPerAccount: 0, forgetAfter: 60)
        let keys: [AttemptThrottle.Key] = [.account("ada")]
        throttle.recordFailure(keys, now: 0)
        throttle.recordFailure(keys, now: 0)
        #expect(throttle.retryAfter(keys, now: 0) == 2)
        throttle.recordSuccess(keys)
        #expect(throttle.retryAfter(keys, now: 0) == nil)
        throttle.recordFailure(keys, now: 0)
        throttle.recordFailure(keys, now: 1000)   // forgotten: counts as the first again
        #expect(throttle.retryAfter(keys, now: 1000) == 1)
    }

    @Test func clientsGetMoreFreeAttemptsThanAccountsAndTheLongestWaitWins() {
        let throttle = AttemptThrottle(freeAttemptsPerAccount: 1, freeAttemptsPerClient: 3)
        let client = AttemptThrottle.Key.client(address: "[::FFFF:192.0.2.1]")
        for name in ["a", "b", "c"] { throttle.recordFailure([.account(name), client], now: 0) }
        #expect(throttle.retryAfter([client], now: 0) == nil)
        throttle.recordFailure([.account("a"), .client(address: "192.0.2.1")], now: 0)
        #expect(throttle.retryAfter([client], now: 0) == 1, "the same address however it is written")
        throttle.recordFailure([.account("a")], now: 0)
        #expect(throttle.retryAfter([.account("a"), client], now: 0) == 2, "the account's third failure: 2 s")
    }

    @Test func aFloodOfNewKeysStaysWithinCapacityAndKeepsTheOtherTable() {
        let throttle = AttemptThrottle(freeAttemptsPerAccount: 0, capacity: 100)
        throttle.recordFailure([.account("victim")], now: 0)
        for index in 0..<1_000 { throttle.recordFailure([.client(address: "10.0.\(index / 256).\(index % 256)")], now: 0) }
        #expect(throttle.trackedKeys <= 200)
        #expect(throttle.retryAfter([.account("victim")], now: 0) == 1, "clients cannot push accounts out")
    }

    @Test func theMessageSaysHowLong() {
        #expect(AttemptThrottle.message(retryAfter: 1) == "Too many failed attempts. Try again in a second.")
        #expect(AttemptThrottle.message(retryAfter: 8) == "Too many failed attempts. Try again in 8 seconds.")
        #expect(AttemptThrottle.message(retryAfter: 900) == "Too many failed attempts. Try again in 15 minutes.")
    }
}
