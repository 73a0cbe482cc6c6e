import Foundation

/// Runs ``ConnectionDeadlines/sweep()`` every ``ConnectionDeadlines/sweepInterval`` on a thread
/// of its own while the server runs: the defence against slow clients must not wait for a
/// Swift concurrency pool thread, which a busy server (or a test run's load) can keep from it
/// for seconds.
///
/// ```swift
/// let sweeper = DeadlineSweeper(deadlines)   // starts sweeping
/// sweeper.stop()                             // returns once no sweep runs or will run
/// ```
final class DeadlineSweeper: @unchecked Sendable {
    /// Guards ``stopped`` and ``sweeping``; the thread waits on it between sweeps, so that
    /// ``stop()`` wakes it at once.
    private let condition = NSCondition()
    private var stopped = false
    private var sweeping = false

    init(_ deadlines: ConnectionDeadlines) {
        let interval = Double(deadlines.sweepInterval.components.seconds)
            + Double(deadlines.sweepInterval.components.attoseconds) / 1e18
        let thread = Thread { [self] in
            condition.lock()
            while !stopped {
                _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
                if stopped { break }
                sweeping = true
                condition.unlock()
                _ = deadlines.sweep()
                condition.lock()
                sweeping = false
                condition.broadcast()
            }
            condition.unlock()
        }
        thread.name = "webrouter.deadlines"
        thread.start()
    }

    /// Ends the sweeping: wakes the thread and waits for a sweep under way, so that no
    /// connection is shut down by this sweeper once it returns.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while sweeping { condition.wait() }
        condition.unlock()
    }
}
