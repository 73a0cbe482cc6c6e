#if PostgreSQL
import Foundation
import Logging
import NIOCore
import PostgresNIO
@_spi(WebRouterInternals) import WebRouterHTTP
import WebRouter

/// The store on a PostgreSQL server through postgres-nio, for instances on several hosts: a
/// connection pool (`PostgresClient`, running until `close()`), transactions on one pooled
/// connection, and refreshes through `LISTEN`/`NOTIFY` (``PostgresBroadcaster``). Writers take
/// turns, as on SQLite: each write transaction starts by taking one advisory lock, so a
/// transaction that reads then writes never loses another's update, whichever host ran it;
/// reads never wait. Migrations run in such a transaction too, so instances starting together
/// apply each one once.
final class PostgresBackend: StoreBackend {
    let client: PostgresClient
    private let running: Task<Void, Never>
    private let listening: Task<Void, Never>
    private let postgresBroadcaster: PostgresBroadcaster
    private let logger: Logger
    /// The text columns by table, to order text byte-wise (refreshed by `tables()`).
    private let textColumns = Locked<[String: Set<String>]>([:])
    var broadcaster: any RefreshBroadcaster { postgresBroadcaster }

    /// The advisory lock every write transaction takes, the same number in every instance.
    private static let writeLock: Int64 = 0x7765_6272_7374   // "webrst"

    private init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
        // Started in place: `run()` marks the client running before its first suspension, so
        // the first query (in `open`) never finds it not yet started (postgres-nio then warns
        // "run() hasn't been called yet").
        running = Task.immediate { await client.run() }
        postgresBroadcaster = PostgresBroadcaster(client: client, logger: logger)
        let broadcaster = postgresBroadcaster
        listening = Task { await broadcaster.run() }
    }

    /// Connects to `address` and listens for the other instances' refreshes; throws when the
    /// server cannot be reached (then nothing keeps running).
    static func open(_ address: PostgresAddress, logger: Logger) async throws -> PostgresBackend {
        var configuration = address.configuration
        configuration.options.connectTimeout = .seconds(10)
        let backend = PostgresBackend(client: PostgresClient(configuration: configuration, backgroundLogger: logger), logger: logger)
        do {
            try await backend.client.query("SELECT 1", logger: logger)
        } catch {
            await backend.close()
            throw Self.storeError(error, doing: "connecting to \(address)")
        }
        if await !backend.postgresBroadcaster.waitUntilListening(timeout: .seconds(10)) {
            logger.warning("not yet listening for refreshes on \(address); pages refresh from this instance only until it does")
        }
        return backend
    }

    private var builder: SQLBuilder {
        SQLBuilder(dialect: .postgres, textColumns: textColumns.withLock { $0 })
    }

    func write<T: Sendable>(_ body: (any BackendConnection) async throws -> T) async throws -> T {
        let builder = builder
        do {
            return try await client.withTransaction(logger: logger) { connection in
                let connection = PostgresStoreConnection(connection: connection, builder: builder, logger: logger)
                try await connection.execute("SELECT pg_advisory_xact_lock(\(Self.writeLock))")
                return try await body(connection)
            }
        } catch let error as PostgresTransactionError {
            throw Self.storeError(error.closureError ?? error.beginError ?? error.commitError ?? (error as any Error), doing: "a transaction")
        } catch {
            throw Self.storeError(error, doing: "a transaction")
        }
    }

    func read<T: Sendable>(_ body: (any BackendConnection) async throws -> T) async throws -> T {
        let builder = builder
        do {
            return try await client.withConnection { connection in
                try await body(PostgresStoreConnection(connection: connection, builder: builder, logger: logger))
            }
        } catch {
            throw Self.storeError(error, doing: "a read")
        }
    }

    func migrate(_ names: [String], apply: (String, any BackendConnection) async throws -> Void) async throws -> [String] {
        // One instance at a time (the write lock): the others wait, then find them recorded.
        try await write { connection in try await (connection as! PostgresStoreConnection).runMigrations(names, apply: apply) }
    }

    func tables() async throws -> [String: Set<String>] {
        let statement = SQLStatement(
            sql: "SELECT table_name::text AS \"table\", column_name::text AS \"column\", data_type::text AS \"type\" FROM information_schema.columns WHERE table_schema = current_schema()",
            binds: [])
        let rows = try await read { connection in try await (connection as! PostgresStoreConnection).rows(statement) }
        var tables: [String: Set<String>] = [:]
        var text: [String: Set<String>] = [:]
        for row in rows {
            guard case .text(let table)? = row["table"], case .text(let column)? = row["column"] else { continue }
            tables[table, default: []].insert(column)
            if case .text("text")? = row["type"] { text[table, default: []].insert(column) }
        }
        textColumns.withLock { $0 = text }
        return tables
    }

    func close() async {
        listening.cancel()
        running.cancel()
    }

    /// postgres-nio's error as the store's, by SQLSTATE: a broken uniqueness is a duplicate,
    /// a NULL where none may be an invalid record, a missing table or column what it is.
    static func storeError(_ error: any Error, doing: String) -> any Error {
        if error is StoreError || error is CancellationError { return error }
        // The app's own errors (thrown in a transaction) go through as they are.
        guard let error = error as? PSQLError else { return error }
        let message = error.serverInfo?[.message] ?? String(reflecting: error)
        switch error.serverInfo?[.sqlState] {
        case "23505": return StoreError(.duplicate, "a record with these values exists already (\(message))")
        case "23502", "22P02", "42804": return StoreError(.invalidRecord, message)
        case "42P01": return StoreError(.unknownTable, message)
        case "42703": return StoreError(.unknownField, message)
        default: return StoreError(.database, "\(doing): \(message)")
        }
    }
}

/// Statements on one pooled connection (inside the transaction, or for a read).
final class PostgresStoreConnection: SQLConnection, @unchecked Sendable {
    // A PostgresConnection is used by one task at a time here: the transaction's or the read's.
    let connection: PostgresConnection
    let builder: SQLBuilder
    let logger: Logger

    init(connection: PostgresConnection, builder: SQLBuilder, logger: Logger) {
        self.connection = connection
        self.builder = builder
        self.logger = logger
    }

    func rows(_ statement: SQLStatement) async throws -> [[String: StoreValue]] {
        var binds = PostgresBindings(capacity: statement.binds.count)
        for value in statement.binds { Self.bind(value, into: &binds) }
        do {
            var result: [[String: StoreValue]] = []
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: statement.sql, binds: binds), logger: logger) {
                var fields: [String: StoreValue] = [:]
                for cell in row { fields[cell.columnName] = try Self.value(cell) }
                result.append(fields)
            }
            return result
        } catch {
            throw PostgresBackend.storeError(error, doing: statement.sql)
        }
    }

    static func bind(_ value: StoreValue, into binds: inout PostgresBindings) {
        switch value {
        case .null: binds.appendNull()
        case .integer(let number): binds.append(number)
        case .real(let number): binds.append(number)
        case .text(let text): binds.append(text)
        case .bool(let flag): binds.append(flag)
        case .date(let date): binds.append(date)
        case .blob(let bytes): binds.append(ByteBuffer(bytes: bytes))
        }
    }

    static func value(_ cell: PostgresCell) throws -> StoreValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self, context: .default))
        case .float4, .float8: return .real(try cell.decode(Double.self, context: .default))
        case .bool: return .bool(try cell.decode(Bool.self, context: .default))
        case .timestamptz, .timestamp: return .date(rounding: try cell.decode(Date.self, context: .default))
        case .bytea:
            var buffer = try cell.decode(ByteBuffer.self, context: .default)
            return .blob(buffer.readBytes(length: buffer.readableBytes) ?? [])
        default: return .text(try cell.decode(String.self, context: .default))
        }
    }
}
#endif
