import Dispatch
import Testing
@testable import WebRouter

/// The pool runs at most its share at once, queues a bounded number, refuses the rest at once.
@Suite("BoundedWorkPool")
struct BoundedWorkPoolTests {
    @Test func runsAtMostItsShareQueuesABoundedNumberAndRefusesTheRest() async throws {
        let pool = BoundedWorkPool(maximumConcurrent: 2, maximumWaiting: 1)
        let gate = DispatchSemaphore(value: 0)
        let held = (0..<3).map { index in Task { try await pool.run { gate.wait(); return index } } }
        for _ in 0..<100_000 where pool.running < 2 || pool.waiting < 1 { await Task.yield() }
        #expect(pool.running == 2 && pool.waiting == 1)

        await #expect(throws: BoundedWorkPool.Full.self) { try await pool.run { 0 } }
        #expect(pool.refused == 1)

        for _ in 0..<3 { gate.signal() }
        var results: [Int] = []
        for task in held { results.append(try await task.value) }
        #expect(results == [0, 1, 2])
        #expect(pool.peakRunning == 2 && pool.running == 0 && pool.waiting == 0)
        #expect(try await pool.run { 42 } == 42)
    }
}
