#if SQLite
@_spi(WebRouterInternals) import WebRouterHTTP

/// Read-only connections to one SQLite file (WAL mode) for the one-row reads pages make on
/// every request (`SQLiteAccountStorage`'s `hasSession`, an app's profile row): a read takes an idle
/// connection (a lock, no queue), steps a statement kept compiled on that connection, and gives
/// the connection back, all on the calling thread. GRDB's `DatabasePool.read` costs ~100,000
/// instructions around the same read (its pool's semaphore and barrier queue, a serial queue
/// per connection, `BEGIN`/`COMMIT` and a schema check; BENCHMARKS.md, "Issue 35: the page
/// that reads the database"); one SELECT in autocommit mode is already a consistent snapshot
/// of the last committed transaction, so no explicit transaction is needed.
///
/// Writes stay with GRDB: a connection here is opened `SQLITE_OPEN_READONLY`. A connection is
/// used by one thread at a time (`SQLITE_OPEN_NOMUTEX`: SQLite's multi-thread mode, without
/// its per-call mutex); at most `keptIdle` idle ones are kept, the rest closed when given back.
///
/// ```swift
/// let readers = SQLiteReaders(path: "webapp.sqlite")
/// let name = try readers.firstRow("SELECT display_name FROM account WHERE username = ?", ["demo"]) { $0.text(0) }
/// ```
public final class SQLiteReaders: Sendable {
    /// The database file.
    public let path: String
    /// How long a read waits for a lock (SQLite's busy timeout), in milliseconds: as long as
    /// GRDB's own readers wait (10 s).
    public let busyTimeoutMilliseconds: Int32
    /// Idle connections kept open for the next read.
    public let keptIdle: Int
    private let idle = Locked<[SQLiteReadConnection]>([])

    /// Readers of the SQLite file at `path` (opened on the first read).
    public init(path: String, busyTimeoutMilliseconds: Int32 = 10_000, keptIdle: Int = 16) {
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.keptIdle = keptIdle
    }

    /// Runs `sql` with `arguments` (bound as text) and decodes its first row with `decode`;
    /// `nil` when there is none. A failure of SQLite is thrown as GRDB's `DatabaseError`, so
    /// callers report it as they report GRDB's.
    public func firstRow<T>(_ sql: String, _ arguments: [String], _ decode: (SQLiteColumns) throws -> T) throws -> T? {
        let connection = try idle.withLock { $0.popLast() } ?? SQLiteReadConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        defer {
            let closing: SQLiteReadConnection? = idle.withLock { connections in
                guard connections.count < keptIdle else { return connection }
                connections.append(connection)
                return nil
            }
            withExtendedLifetime(closing) {}
        }
        return try connection.firstRow(sql, arguments, decode)
    }
}
#endif
