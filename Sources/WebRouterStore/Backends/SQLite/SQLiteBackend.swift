#if SQLite
import Foundation
import GRDB
import WebRouter

/// The store in an SQLite file through GRDB: a `DatabasePool` in WAL mode (readers never wait
/// for the writer), one writer per process at a time (an `AsyncLock` held from `BEGIN
/// IMMEDIATE` to `COMMIT`, so a transaction may await between its statements), and SQLite's
/// file lock between the processes sharing the file, each waiting up to the busy timeout.
/// Refreshes reach those processes through a `DirectoryBroadcaster` beside the file.
final class SQLiteBackend: StoreBackend {
    let pool: DatabasePool
    private let writers = AsyncLock()
    private let directoryBroadcaster: DirectoryBroadcaster
    var broadcaster: any RefreshBroadcaster { directoryBroadcaster }

    init(path: String, liveDirectory: String?, busyTimeout: Duration) throws {
        var configuration = Configuration()
        let timeout = busyTimeout.components
        configuration.busyMode = .timeout(TimeInterval(timeout.seconds) + TimeInterval(timeout.attoseconds) / 1e18)
        configuration.label = "webrouter.store"
        // A transaction spans several accesses (the app's closure awaits between statements);
        // `writers` keeps every other writer of this process out meanwhile.
        configuration.allowsUnsafeTransactions = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")   // safe in WAL mode, and much cheaper
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            directoryBroadcaster = try DirectoryBroadcaster(directory: liveDirectory ?? path + ".live")
        } catch let error as DirectoryBroadcaster.SetupError {
            throw StoreError(.database, "the store's refreshes cannot cross instances: \(error)")
        } catch {
            throw SQLiteConnection.storeError(error, doing: "opening \(path)")
        }
    }

    func write<T: Sendable>(_ body: (any BackendConnection) async throws -> T) async throws -> T {
        try await writers.withLock {
            do {
                try await pool.writeWithoutTransaction { db in try db.beginTransaction(.immediate) }
            } catch {
                throw SQLiteConnection.storeError(error, doing: "starting a transaction")
            }
            do {
                let result = try await body(SQLiteConnection(pool: pool, writes: true))
                try SQLiteConnection.writeHere(pool) { db in try db.commit() }
                return result
            } catch {
                Self.rollback(pool)
                throw SQLiteConnection.storeError(error, doing: "a transaction")
            }
        }
    }

    /// Rolls back the open transaction, synchronously: a cancelled task's async access would
    /// not run at all.
    private static func rollback(_ pool: DatabasePool) {
        try? pool.writeWithoutTransaction { db in
            if db.isInsideTransaction { try db.rollback() }
        }
    }

    func read<T: Sendable>(_ body: (any BackendConnection) async throws -> T) async throws -> T {
        try await body(SQLiteConnection(pool: pool, writes: false))
    }

    func migrate(_ names: [String], apply: (String, any BackendConnection) async throws -> Void) async throws -> [String] {
        // BEGIN IMMEDIATE takes the file's write lock: an instance starting at the same moment
        // waits, then finds these migrations recorded.
        try await write { connection in try await (connection as! SQLiteConnection).runMigrations(names, apply: apply) }
    }

    func tables() async throws -> [String: Set<String>] {
        do {
            return try await pool.read { db in
                var tables: [String: Set<String>] = [:]
                let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                for name in names {
                    tables[name] = Set(try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [name]))
                }
                return tables
            }
        } catch {
            throw SQLiteConnection.storeError(error, doing: "reading the schema")
        }
    }

    func close() async {
        directoryBroadcaster.close()
        try? pool.close()
    }
}

/// Statements on the writer (inside the transaction) or on a reader.
final class SQLiteConnection: SQLConnection {
    let pool: DatabasePool
    let writes: Bool
    let builder = SQLBuilder(dialect: .sqlite)

    init(pool: DatabasePool, writes: Bool) {
        self.pool = pool
        self.writes = writes
    }

    /// Runs `work` on the writer (inside the transaction ``SQLiteBackend/write(_:)`` began) or
    /// on a reader, in the calling thread.
    ///
    /// Neither hands its work to GRDB's queue and back (two thread switches, more than the CPU
    /// a one-row statement takes). In WAL mode a reader never waits for a lock, and SQLite
    /// answers from its page cache in microseconds; the writer's statements run once its
    /// transaction holds the file's write lock (the one wait, up to the busy timeout, is in
    /// `BEGIN IMMEDIATE`, which stays asynchronous) and this process's other writers wait on
    /// ``SQLiteBackend``'s lock, so the writer's queue is free. The calling thread runs them as
    /// it runs any other synchronous work of the page.
    private func access<T: Sendable>(_ doing: String, _ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            try Task.checkCancellation()
            return writes ? try Self.writeHere(pool, work) : try Self.readHere(pool, work)
        } catch {
            throw Self.storeError(error, doing: doing)
        }
    }

    /// GRDB's blocking read of one statement (a synchronous function, so that its `async`
    /// overload is not chosen).
    ///
    /// Its `unsafeRead`: a lone `SELECT` already reads one snapshot (SQLite wraps it in a read
    /// transaction of its own), and `read` added `BEGIN DEFERRED`…`COMMIT` around it, two more
    /// statements per read. The schema check that empties the kept statements stays.
    private static func readHere<T>(_ pool: DatabasePool, _ work: (Database) throws -> T) throws -> T {
        try pool.unsafeRead(work)
    }

    /// GRDB's blocking access to the writer, outside any transaction of GRDB's own.
    static func writeHere<T>(_ pool: DatabasePool, _ work: (Database) throws -> T) throws -> T {
        try pool.writeWithoutTransaction(work)
    }

    func execute(_ sql: String, _ binds: [StoreValue]) async throws {
        let arguments = StatementArguments(binds.map(Self.databaseValue))
        try await access(sql) { db in try db.execute(sql: sql, arguments: arguments) }
    }

    func rows(_ statement: SQLStatement) async throws -> [[String: StoreValue]] {
        let arguments = StatementArguments(statement.binds.map(Self.databaseValue))
        let sql = statement.sql
        let writes = self.writes
        return try await access(sql) { db in
            // A reader keeps its prepared statements: preparing (parsing, resolving names,
            // GRDB's authorizer) was most of a one-row read's cost. GRDB empties a reader's
            // cache whenever the file's schema version moves, also when another process
            // migrated it; it checks that only on readers, so the writer prepares afresh.
            let statement = writes ? try db.makeStatement(sql: sql) : try db.cachedStatement(sql: sql)
            return try Row.fetchAll(statement, arguments: arguments).map { row in
                var fields: [String: StoreValue] = [:]
                for (column, value) in row { fields[column] = Self.storeValue(value) }
                return fields
            }
        }
    }

    static func databaseValue(_ value: StoreValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        case .bool(let flag): (flag ? 1 as Int64 : 0).databaseValue
        case .date(let date): date.microsecondsSince1970.databaseValue
        case .blob(let bytes): Data(bytes).databaseValue
        }
    }

    static func storeValue(_ value: DatabaseValue) -> StoreValue {
        switch value.storage {
        case .null: .null
        case .int64(let number): .integer(number)
        case .double(let number): .real(number)
        case .string(let text): .text(text)
        case .blob(let data): .blob(Array(data))
        }
    }

    /// GRDB's error as the store's: a broken uniqueness is a duplicate, a NULL where none may
    /// be an invalid record, a missing table or column what it is.
    static func storeError(_ error: any Error, doing: String) -> any Error {
        if error is StoreError || error is CancellationError { return error }
        // The app's own errors (thrown in a transaction) go through as they are.
        guard let error = error as? DatabaseError else { return error }
        let message = error.message ?? "\(error)"
        switch error.extendedResultCode {
        case .SQLITE_CONSTRAINT_PRIMARYKEY, .SQLITE_CONSTRAINT_UNIQUE:
            return StoreError(.duplicate, "a record with these values exists already (\(message))")
        case .SQLITE_CONSTRAINT_NOTNULL, .SQLITE_CONSTRAINT_DATATYPE:
            return StoreError(.invalidRecord, message)
        default:
            if message.hasPrefix("no such table") { return StoreError(.unknownTable, message) }
            if message.contains("no such column") || message.contains("has no column") { return StoreError(.unknownField, message) }
            return StoreError(.database, "\(doing): \(message)")
        }
    }
}
#endif
