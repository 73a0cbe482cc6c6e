import Foundation
import Synchronization

/// Runs ``ConnectionDeadlines/sweep()`` every ``ConnectionDeadlines/sweepInterval`` on a thread
/// of its own while the server runs: the defence against slow clients must not wait for a
/// Swift concurrency pool thread, which a busy server (or a test run's load) can keep from it
/// for seconds.
///
/// ```swift
/// let sweeper = DeadlineSweeper(deadlines)   // starts sweeping
/// sweeper.stop()                             // the thread ends within one interval
/// ```
final class DeadlineSweeper: Sendable {
    /// Set once the server stops; read by the sweeping thread.
    private final class Flag: Sendable {
        let stopped = Atomic<Bool>(false)
    }

    private let flag = Flag()

    init(_ deadlines: ConnectionDeadlines) {
        let interval = Double(deadlines.sweepInterval.components.seconds)
            + Double(deadlines.sweepInterval.components.attoseconds) / 1e18
        let flag = flag
        let thread = Thread {
            while !flag.stopped.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: interval)
                if flag.stopped.load(ordering: .relaxed) { break }
                deadlines.sweep()
            }
        }
        thread.name = "webrouter.deadlines"
        thread.start()
    }

    /// Ends the sweeping (the thread finishes its current wait, then returns).
    func stop() { flag.stopped.store(true, ordering: .relaxed) }
}
