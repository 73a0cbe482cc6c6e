import Testing
@testable import WebRouter
@testable import WebRouterHTML
@_spi(WebRouterInternals) @testable import WebRouterHTTP

/// `Locked` is the lock behind the server's shared state; `make sanitize` runs this suite
/// under ThreadSanitizer, which must see the lock order every contended critical section.
@Suite struct LockedTests {
    @Test func contendedUpdatesAreNeitherLostNorReportedAsRaces() async {
        let counter = Locked((total: 0, log: [Int]()))
        let tasks = 8, rounds = 5_000
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for round in 0..<rounds {
                        counter.withLock { state in
                            state.total += 1
                            if round % 1_000 == 0 { state.log.append(task) }
                        }
                    }
                }
            }
        }
        let (total, log) = counter.withLock { ($0.total, $0.log) }
        #expect(total == tasks * rounds)
        #expect(log.count == tasks * (rounds / 1_000))
    }

    @Test func errorsThrownInsideLeaveTheLockReleasedAndTheValueAsChanged() {
        struct Refused: Error {}
        let value = Locked(1)
        #expect(throws: Refused.self) {
            try value.withLock { (number: inout Int) throws(Refused) in
                number = 2
                throw Refused()
            }
        }
        #expect(value.withLock { $0 } == 2, "the lock is free again and kept the change")
    }
}
