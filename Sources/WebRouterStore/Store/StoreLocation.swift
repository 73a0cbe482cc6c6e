import Foundation

/// Where a ``Store`` keeps its records: in memory (tests), in an SQLite file (the default: one
/// host, instances sharing the file), or on a PostgreSQL server (instances on several hosts).
/// The SQLite and PostgreSQL locations exist when the package's `SQLite` (default) and
/// `PostgreSQL` traits are enabled.
/// ```swift
/// let store = try await Store.open(.sqlite("notes.sqlite"), migrations: migrations)
/// let test = try await Store.open(.memory, migrations: migrations)
/// let anywhere = try await Store.open(try StoreLocation(parsing: "postgres://notes@db/notes"), migrations: migrations)
/// ```
public struct StoreLocation: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case memory
        case sqlite(path: String, liveDirectory: String?, busyTimeout: Duration)
        #if PostgreSQL
        case postgres(PostgresAddress)
        #endif
    }

    let kind: Kind

    /// In memory: gone with the process, seen by this process only.
    /// ```swift
    /// let store = try await Store.open(.memory, migrations: migrations)
    /// ```
    public static var memory: StoreLocation { StoreLocation(kind: .memory) }

    #if SQLite
    /// An SQLite file at `path`, created if missing, in WAL mode: readers never wait, and the
    /// instances on one host sharing the file take turns to write (a writer that finds it busy
    /// waits up to `busyTimeout`). Their pages refresh each other through Unix sockets in
    /// `liveDirectory` (default: the file's path followed by `.live`).
    /// ```swift
    /// let location = StoreLocation.sqlite("/var/lib/notes/notes.sqlite")
    /// ```
    public static func sqlite(_ path: String, liveDirectory: String? = nil, busyTimeout: Duration = .seconds(5)) -> StoreLocation {
        StoreLocation(kind: .sqlite(path: path, liveDirectory: liveDirectory, busyTimeout: busyTimeout))
    }
    #endif

    #if PostgreSQL
    /// A PostgreSQL server, for instances on several hosts: their pages refresh each other
    /// through its `LISTEN`/`NOTIFY`.
    /// ```swift
    /// let location = StoreLocation.postgres(try PostgresAddress(parsing: "postgres://notes@db.internal/notes"))
    /// ```
    public static func postgres(_ address: PostgresAddress) -> StoreLocation {
        StoreLocation(kind: .postgres(address))
    }
    #endif

    /// A location from configuration text: `postgres://…` (or `postgresql://…`) is a
    /// PostgreSQL server, `:memory:` is memory, anything else an SQLite file's path. Throws when
    /// the address is incomplete or this build lacks the trait that location needs.
    /// ```swift
    /// let location = try StoreLocation(parsing: ProcessInfo.processInfo.environment["NOTES_DATABASE"] ?? "notes.sqlite")
    /// ```
    public init(parsing text: String) throws {
        if text == ":memory:" {
            kind = .memory
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            #if PostgreSQL
            kind = .postgres(try PostgresAddress(parsing: text))
            #else
            throw StoreError(.database, "this build has no PostgreSQL store: enable WebRouter's PostgreSQL trait (traits: [\"SQLite\", \"PostgreSQL\"])")
            #endif
        } else {
            #if SQLite
            kind = .sqlite(path: text, liveDirectory: nil, busyTimeout: .seconds(5))
            #else
            throw StoreError(.database, "this build has no SQLite store: enable WebRouter's SQLite trait (the default)")
            #endif
        }
    }

    private init(kind: Kind) {
        self.kind = kind
    }

    /// Where it is, without a password: `memory`, the file's path, the server's address.
    /// ```swift
    /// logger.info("records in \(location)")
    /// ```
    public var description: String {
        switch kind {
        case .memory: "memory"
        case .sqlite(let path, _, _): URL(fileURLWithPath: path).standardizedFileURL.path
        #if PostgreSQL
        case .postgres(let address): address.description
        #endif
        }
    }
}
