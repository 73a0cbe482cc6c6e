import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One TCP connection's deadline: the moment after which ``ConnectionDeadlines`` cuts it,
/// whatever bytes it is still trickling.
///
/// libmicrohttpd's `MHD_OPTION_CONNECTION_TIMEOUT` is an idle timeout that every byte resets,
/// so a client sending one byte every few seconds keeps a connection forever. The deadline
/// here only moves when the request moves on: it is set when the connection opens (and when a
/// response has been sent) to the header deadline, pushed by the body's bytes at the minimum
/// rate, and lifted while the pipeline answers and the response is sent.
///
/// The deadline is the only field another thread reads (the sweep); the body's counters are
/// touched only by the connection's libmicrohttpd thread.
final class ConnectionClock: @unchecked Sendable {
    /// The connection's socket, shut down by the sweep when the deadline passes.
    let fd: Int32
    /// Monotonic nanoseconds after which the connection is cut; `Int64.max` for none.
    let deadline = Atomic<Int64>(.max)
    /// When the current request's header block was complete (the connection's thread only).
    var bodyStart: Int64 = 0
    /// The current request's body bytes so far (the connection's thread only).
    var bodyBytes = 0
    /// Whether the sweep has already shut it down (under the registry's lock).
    var isCut = false
    /// Monotonic nanoseconds since the connection waits for a request's header block (it
    /// opened, or answered its last request), `0` while it reads a body or answers.
    let waitingSince = Atomic<Int64>(0)
    /// Who the connection counts against (``ClientConnections``), `nil` when exempt.
    let client: ClientKey?

    init(fd: Int32, client: ClientKey? = nil) {
        self.fd = fd
        self.client = client
    }
}

/// The header deadline and minimum body rate of an ``HTTPServer``: a registry of open
/// connections and a periodic sweep that shuts down the ones past their deadline.
///
/// Modelled on nginx's `client_header_timeout` (which trickling cannot extend) and Apache's
/// `mod_reqtimeout` (`body=…,MinRate=…`): a request's header block must be complete within
/// ``ServerConfiguration/requestHeaderTimeout`` of the connection opening or of the previous
/// response being sent, and its body may take ``ServerConfiguration/requestBodyGracePeriod``
/// plus one second per ``ServerConfiguration/minimumBodyRate`` bytes received.
///
/// The sweep shuts the socket down (`shutdown(2)`), which libmicrohttpd sees as the client
/// going away: it closes the connection on its own thread and frees it as usual. The
/// registry's lock is held from the check to the `shutdown`, and libmicrohttpd reports a
/// connection closed (``closed(_:)``, which takes the same lock) before it closes its socket,
/// so the sweep never touches a descriptor that was reused for another connection.
/// ```swift
/// let deadlines = ConnectionDeadlines(configuration: configuration)
/// let clock = deadlines.opened(fd: fd)      // MHD_CONNECTION_NOTIFY_STARTED
/// deadlines.headersComplete(clock)          // the access handler's first call
/// deadlines.sweep()                         // every sweepInterval
/// ```
final class ConnectionDeadlines: Sendable {
    /// Nanoseconds for the header block; `0` turns the deadline off.
    let headerTimeout: Int64
    /// Nanoseconds a body may take before the rate applies.
    let bodyGrace: Int64
    /// Bytes per second a body must average after the grace period; `0` turns it off.
    let minimumBodyRate: Int
    /// How often ``sweep()`` should run: a quarter of the shortest limit, between 10 ms and 1 s.
    let sweepInterval: Duration
    private let open = Locked(Registry())

    /// The open connections, and how many of them are cut but not yet closed, so the ones
    /// still live are counted without a walk (each accepted connection asks, and a launch's
    /// ten thousand event streams made that walk quadratic).
    struct Registry {
        var clocks: [ObjectIdentifier: ConnectionClock] = [:]
        var cut = 0
        var live: Int { clocks.count - cut }

        mutating func cut(_ clock: ConnectionClock) {
            clock.isCut = true
            cut += 1
            _ = shutdown(clock.fd, Int32(SHUT_RDWR))
        }
    }

    init(configuration: ServerConfiguration) {
        headerTimeout = Self.nanoseconds(configuration.requestHeaderTimeout)
        bodyGrace = Self.nanoseconds(configuration.requestBodyGracePeriod)
        minimumBodyRate = max(configuration.minimumBodyRate, 0)
        let limits: [Int64] = [headerTimeout, minimumBodyRate > 0 ? bodyGrace : 0]
        let shortest: Int64 = limits.filter { $0 > 0 }.min() ?? 1_000_000_000
        let interval: Int64 = Swift.min(Swift.max(shortest / 4, 10_000_000), 1_000_000_000)
        sweepInterval = .nanoseconds(interval)
    }

    /// Whether any deadline is on (otherwise the server needs no sweep).
    var isEnabled: Bool { headerTimeout > 0 || minimumBodyRate > 0 }

    /// Monotonic nanoseconds.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        return seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow
            ? .max / 2 : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// A connection opened: its header block is due within the header timeout.
    func opened(fd: Int32, client: ClientKey? = nil) -> ConnectionClock {
        let clock = ConnectionClock(fd: fd, client: client)
        awaitHeaders(clock)
        open.withLock { $0.clocks[ObjectIdentifier(clock)] = clock }
        return clock
    }

    /// libmicrohttpd is about to close the connection's socket: forget it.
    func closed(_ clock: ConnectionClock) {
        open.withLock { open in
            if open.clocks.removeValue(forKey: ObjectIdentifier(clock))?.isCut == true { open.cut -= 1 }
        }
    }

    /// The connection waits for a request's header block (it opened, or sent a response).
    func awaitHeaders(_ clock: ConnectionClock) {
        let now = Self.now()
        clock.waitingSince.store(now, ordering: .relaxed)
        clock.deadline.store(headerTimeout > 0 ? now + headerTimeout : .max, ordering: .relaxed)
    }

    /// The header block is complete: the body, if any, has the grace period, then the rate.
    func headersComplete(_ clock: ConnectionClock) {
        let now = Self.now()
        clock.waitingSince.store(0, ordering: .relaxed)
        clock.bodyStart = now
        clock.bodyBytes = 0
        clock.deadline.store(minimumBodyRate > 0 ? now + bodyGrace : .max, ordering: .relaxed)
    }

    /// `count` more bytes of the body: each buys `1 / minimumBodyRate` seconds.
    func bodyReceived(_ clock: ConnectionClock, count: Int) {
        clock.bodyBytes += count
        guard minimumBodyRate > 0 else { return }
        let earned = Int64(clock.bodyBytes / minimumBodyRate) * 1_000_000_000
            + Int64(clock.bodyBytes % minimumBodyRate) * 1_000_000_000 / Int64(minimumBodyRate)
        clock.deadline.store(clock.bodyStart + bodyGrace + earned, ordering: .relaxed)
    }

    /// The request is read: no deadline while the pipeline answers and the response is sent
    /// (the idle timeout still applies to a client that stops reading).
    func answering(_ clock: ConnectionClock) {
        clock.waitingSince.store(0, ordering: .relaxed)
        clock.deadline.store(.max, ordering: .relaxed)
    }

    /// Under pressure, sheds idle and slow connections first: when `target` or more
    /// connections are open, shuts down the ones that have waited longest for a request's
    /// header block (idle keep-alive connections, tricklers) until fewer than `target` are
    /// left, never one that reads a body or answers (a page being sent, an event stream).
    /// Returns how many it cut.
    @discardableResult
    func shed(keepingBelow target: Int) -> Int {
        open.withLock { open in
            let live = open.live
            guard live >= target else { return 0 }
            var waiting: [(since: Int64, clock: ConnectionClock)] = []
            for clock in open.clocks.values where !clock.isCut {
                let since = clock.waitingSince.load(ordering: .relaxed)
                if since > 0 { waiting.append((since, clock)) }
            }
            waiting.sort { $0.since < $1.since }
            var cut = 0
            for (_, clock) in waiting.prefix(live - target + 1) {
                open.cut(clock)
                cut += 1
            }
            return cut
        }
    }

    /// Marks a connection to be cut at the next sweep (a stream whose client stopped reading).
    func cutSoon(_ clock: ConnectionClock) {
        clock.deadline.store(0, ordering: .relaxed)
    }

    /// The number of connections open now (for tests).
    var openCount: Int { open.withLock { $0.clocks.count } }

    /// Shuts down every connection past its deadline; returns how many it cut.
    @discardableResult
    func sweep() -> Int {
        let now = Self.now()
        return open.withLock { open in
            var cut = 0
            for clock in open.clocks.values where !clock.isCut && clock.deadline.load(ordering: .relaxed) < now {
                open.cut(clock)
                cut += 1
            }
            return cut
        }
    }
}
