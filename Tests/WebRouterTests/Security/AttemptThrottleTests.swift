import Testing
@testable import WebRouter
import WebRouterTesting

/// The throttle's arithmetic: free attempts, doubling delays up to the maximum, forgetting,
/// success, two tables, bounded memory.
@Suite("AttemptThrottle")
struct AttemptThrottleTests {
    @Test func delaysDoubleAfterTheFreeAttemptsUpToTheMaximum() {
        let throttle = AttemptThrottle(freeAttemptsPerAccount: 2, firstDelay: 1, maximumDelay: 4)
        let keys: [AttemptThrottle.Key] = [.account("ada")]
        var waits: [Int?] = []
        var now = 100
        for _ in 0..<6 {
            throttle.recordFailure(keys, now: now)
            let wait = throttle.retryAfter(keys, now: now)
            waits.append(wait)
            now += wait ?? 0   // the next guess as soon as it is allowed
        }
        #expect(waits == [nil, nil, 1, 2, 4, 4])
        #expect(throttle.retryAfter(keys, now: now) == nil, "the delay has passed")
        #expect(throttle.retryAfter([.account("bob")], now: 100) == nil, "other accounts are not touched")
    }

    @Test func anAccountPaddedOrInAnotherCaseOrFormShareItsLock() {
        // Issue 42: the lock was checked with the raw field, so "demo " slipped past "demo"'s.
        let throttle = AttemptThrottle(freeAttemptsPerAccount: 0)
        throttle.recordFailure([.account("demo")], now: 0)
        for spelling in ["demo ", " demo", "Demo", "DEMO\t", "demo\u{00A0}"] {
            #expect(throttle.retryAfter([.account(spelling)], now: 0) == 1, "\(spelling.debugDescription)")
        }
        throttle.recordFailure([.account("Jose\u{301}")], now: 0)
        #expect(throttle.retryAfter([.account("jos\u{E9}")], now: 0) == 1, "NFC: one name however it is composed")
        #expect(AttemptThrottle.Key.normalizedName("  Demo ") == "demo")
    }

    @Test func failuresWhileLockedDoNotLengthenTheLock() {
        // Guesses checked before the lock, failing after it (a burst of parallel attempts).
        let throttle = AttemptThrottle(freeAttemptsPerAccount: 1)
        let keys: [AttemptThrottle.Key] = [.account("ada")]
        for _ in 0..<8 { throttle.recordFailure(keys, now: 0) }
        #expect(throttle.retryAfter(keys, now: 0) == 1)
        throttle.recordFailure(keys, now: 1)
        #expect(throttle.retryAfter(keys, now: 1) == 2, "the next window's failure doubles it")
    }

    @Test func successAndQuietTimeStartOver() {
        let throttle = AttemptThrottle(freeAttemptsPerAccount: 0, forgetAfter: 60)
        let keys: [AttemptThrottle.Key] = [.account("ada")]
        throttle.recordFailure(keys, now: 0)
        throttle.recordFailure(keys, now: 1)
        #expect(throttle.retryAfter(keys, now: 1) == 2)
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
        throttle.recordFailure([.account("a")], now: 1)
        #expect(throttle.retryAfter([.account("a"), client], now: 1) == 2, "the account's third failure: 2 s")
    }

    @Test func aFloodOfNewKeysStaysWithinCapacityAndKeepsTheOtherTable() {
        let throttle = AttemptThrottle(freeAttemptsPerAccount: 0, capacity: 100)
        throttle.recordFailure([.account("victim")], now: 0)
        for index in 0..<1_000 { throttle.recordFailure([.client(address: "10.0.\(index / 256).\(index % 256)")], now: 0) }
        #expect(throttle.trackedKeys <= 200)
        #expect(throttle.retryAfter([.account("victim")], now: 0) == 1, "clients cannot push accounts out")
    }

    @Test func aThrottledRequestOutsideAFormIsTheAppsErrorPageWithRetryAfter() throws {
        let app = try NotesApp.make()
        let page = app.errorPage(.tooManyRequests(AttemptThrottle.message(retryAfter: 30), retryAfter: 30))
        #expect(page.status == .tooManyRequests)
        #expect(page.headers["Retry-After"] == "30")
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("Too many failed attempts. Try again in 30 seconds.") && html.contains("Too Many Requests"))
    }

    @Test func theMessageSaysHowLong() {
        #expect(AttemptThrottle.message(retryAfter: 1) == "Too many failed attempts. Try again in a second.")
        #expect(AttemptThrottle.message(retryAfter: 8) == "Too many failed attempts. Try again in 8 seconds.")
        #expect(AttemptThrottle.message(retryAfter: 900) == "Too many failed attempts. Try again in 15 minutes.")
    }
}
