import Dispatch
import Foundation
@_spi(WebRouterInternals) import WebRouterHTTP

/// Runs slow CPU work (password hashing) off the server's threads, at most
/// ``maximumConcurrent`` jobs at a time, with at most ``maximumWaiting`` more queued; beyond
/// that a job is refused at once with ``BoundedWorkPool/Full``, so a flood of sign-ins takes at most a set share
/// of the CPU and cannot queue without end.
///
/// ```swift
/// let hashing = BoundedWorkPool(maximumConcurrent: BoundedWorkPool.halfTheCores, maximumWaiting: 32)
///
/// do {
///     let matches = try await hashing.run { storedHash.verifies(password) }
/// } catch {
///     // BoundedWorkPool.Full: answer 503 (or 429 in the form) with Retry-After
///     throw HTTPError(.serviceUnavailable, "The server is busy. Try again in a moment.")
/// }
/// ```
/// ``running``, ``peakRunning``, ``waiting`` and ``refused`` are gauges for logs and tests.
public final class BoundedWorkPool: Sendable {
    /// The pool had ``BoundedWorkPool/maximumWaiting`` jobs queued already: the job was not run.
    public struct Full: Error, Sendable, CustomStringConvertible {
        /// "the … pool is full (2 running, 32 waiting)".
        public let description: String
    }

    /// The most jobs running at once.
    public let maximumConcurrent: Int
    /// The most jobs waiting for a turn.
    public let maximumWaiting: Int
    /// Names the pool in ``BoundedWorkPool/Full``'s message and its threads' queue.
    public let label: String

    /// Half the machine's active cores, at least one: a share of the CPU that leaves the rest
    /// to pages.
    public static var halfTheCores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / 2) }

    private struct State: Sendable {
        var running = 0
        var peakRunning = 0
        var refused = 0
        var waiters: [CheckedContinuation<Bool, Never>] = []
    }

    private let state = Locked(State())
    private let queue: DispatchQueue

    /// A pool running at most `maximumConcurrent` jobs, with at most `maximumWaiting` queued.
    ///
    /// - Precondition: `maximumConcurrent` is positive and `maximumWaiting` is not negative.
    public init(maximumConcurrent: Int = BoundedWorkPool.halfTheCores, maximumWaiting: Int = 32,
                label: String = "webrouter.work-pool") {
        precondition(maximumConcurrent > 0, "a work pool runs at least one job at a time")
        precondition(maximumWaiting >= 0, "maximumWaiting cannot be negative")
        self.maximumConcurrent = maximumConcurrent
        self.maximumWaiting = maximumWaiting
        self.label = label
        self.queue = DispatchQueue(label: label, qos: .userInitiated, attributes: .concurrent)
    }

    /// Runs `work` on one of the pool's threads when its turn comes, and returns its result.
    ///
    /// - Throws: ``BoundedWorkPool/Full`` at once, without running `work`, when ``maximumWaiting`` jobs wait already.
    public func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async throws(Full) -> Value {
        let admitted = await admit()
        guard admitted else {
            let (running, waiting) = state.withLock { ($0.running, $0.waiters.count) }
            throw Full(description: "the \(label) pool is full (\(running) running, \(waiting) waiting)")
        }
        let result = await withCheckedContinuation { (done: CheckedContinuation<Value, Never>) in
            queue.async { done.resume(returning: work()) }
        }
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            if state.waiters.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiters.removeFirst()   // the slot passes on: `running` stays
        }
        next?.resume(returning: true)
        return result
    }

    private enum Decision { case run, wait, refuse }

    /// Waits for a slot: `true` once the job may run, `false` at once when the queue is full.
    private func admit() async -> Bool {
        await withCheckedContinuation { (turn: CheckedContinuation<Bool, Never>) in
            let decision = state.withLock { state -> Decision in
                if state.running < maximumConcurrent {
                    state.running += 1
                    state.peakRunning = max(state.peakRunning, state.running)
                    return .run
                }
                guard state.waiters.count < maximumWaiting else {
                    state.refused += 1
                    return .refuse
                }
                state.waiters.append(turn)
                return .wait
            }
            switch decision {
            case .run: turn.resume(returning: true)
            case .refuse: turn.resume(returning: false)
            case .wait: break   // resumed by a finishing job, which hands over its slot
            }
        }
    }

    /// Jobs running now.
    public var running: Int { state.withLock { $0.running } }
    /// The most jobs that ever ran at once (never above ``maximumConcurrent``).
    public var peakRunning: Int { state.withLock { $0.peakRunning } }
    /// Jobs waiting for a turn now.
    public var waiting: Int { state.withLock { $0.waiters.count } }
    /// Jobs refused with ``BoundedWorkPool/Full`` so far.
    public var refused: Int { state.withLock { $0.refused } }
}
