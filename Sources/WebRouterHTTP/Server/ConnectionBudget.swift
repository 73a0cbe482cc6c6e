#if canImport(Glibc)
import Glibc
#endif

/// The connections a machine can hold, from its file descriptors and its memory: the default
/// of ``ServerConfiguration/connectionLimit`` rather than a fixed 1,024.
///
/// Each connection takes one descriptor, and about ``ServerConfiguration/connectionMemoryLimit``
/// plus ``overheadPerConnection`` of memory (libmicrohttpd's pool, its connection, an event
/// stream's state). The limit is the smaller of the descriptors left after
/// ``reservedDescriptors`` and what a quarter of the memory holds.
/// ```swift
/// let budget = ConnectionBudget(descriptors: 20_000, memory: 8 << 30)
/// budget.connectionLimit(memoryPerConnection: 16 * 1024)   // 19,872: the descriptors bound it
/// ```
package struct ConnectionBudget: Sendable, Equatable {
    /// The descriptors the process may hold open: the hard `RLIMIT_NOFILE`, which
    /// ``raiseDescriptorLimit()`` makes the soft one at start-up.
    package var descriptors: Int
    /// The memory the process may use in bytes: its cgroup's `memory.max`, else the machine's.
    package var memory: Int

    /// Descriptors kept for everything but connections: the listening socket, epoll and its
    /// wake-up pipe, database files, logs, static files being sent.
    package static let reservedDescriptors = 128
    /// A connection's memory beyond its pool: libmicrohttpd's connection, the server's
    /// clocks and an event stream's buffer and waker (about 1 KB in RSS beside a 16 KB pool, see
    /// BENCHMARKS.md), and room for the kernel's socket buffers, which RSS does not show.
    package static let overheadPerConnection = 8 * 1024
    /// The fewest connections any budget allows.
    package static let minimumConnections = 64

    package init(descriptors: Int, memory: Int) {
        self.descriptors = descriptors
        self.memory = memory
    }

    /// The most simultaneous connections: the descriptors left after ``reservedDescriptors``,
    /// or a quarter of ``memory`` at `memoryPerConnection` + ``overheadPerConnection`` each,
    /// whichever is smaller (at least ``minimumConnections``).
    package func connectionLimit(memoryPerConnection: Int) -> Int {
        let byDescriptors = descriptors - Self.reservedDescriptors
        let byMemory = memory / 4 / max(memoryPerConnection + Self.overheadPerConnection, 1)
        return max(min(byDescriptors, byMemory), Self.minimumConnections)
    }

    /// This machine's budget (read once): the hard descriptor limit (capped at the kernel's
    /// `fs.nr_open` when unlimited) and the memory of the process's cgroup or the machine.
    package static let machine = ConnectionBudget(descriptors: descriptorCeiling(), memory: memoryCeiling())

    /// The descriptors the soft limit can be raised to: the hard limit, or `fs.nr_open`
    /// (the most a process may open) when the hard limit is larger or infinite.
    static func descriptorCeiling() -> Int {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return 1024 }
        let nrOpen = readNumber("/proc/sys/fs/nr_open") ?? 1_048_576
        if limits.rlim_max == rlim_t.max { return nrOpen }
        return min(Int(clamping: limits.rlim_max), nrOpen)
    }

    /// The memory the process may use: the cgroup's `memory.max` (v2) or
    /// `memory.limit_in_bytes` (v1) when set, else the machine's physical memory.
    static func memoryCeiling() -> Int {
        let physical = Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
        let cgroup = readNumber("/sys/fs/cgroup/memory.max") ?? readNumber("/sys/fs/cgroup/memory/memory.limit_in_bytes")
        guard let cgroup, cgroup > 0 else { return max(physical, 0) }
        return physical > 0 ? min(cgroup, physical) : cgroup
    }

    /// Raises the soft `RLIMIT_NOFILE` to ``descriptorCeiling()`` where allowed (a process
    /// may always raise its soft limit up to its hard one), and returns the soft limit then.
    /// Systemd and most shells start services at a soft limit of 1,024, far below the hard one.
    @discardableResult
    package static func raiseDescriptorLimit() -> Int {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return 0 }
        let ceiling = rlim_t(descriptorCeiling())
        if limits.rlim_cur != rlim_t.max, limits.rlim_cur < ceiling {
            var raised = limits
            raised.rlim_cur = ceiling
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return Int(clamping: ceiling) }
        }
        return limits.rlim_cur == rlim_t.max ? Int.max : Int(clamping: limits.rlim_cur)
    }

    /// The number a `/proc` or `/sys` file holds (`nil` when absent, or `max`).
    private static func readNumber(_ path: String) -> Int? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Int(text.filter { !$0.isWhitespace })
    }
}
