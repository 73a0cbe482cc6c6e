@_spi(WebRouterInternals) import WebRouterHTTP
import WebRouter

/// The store in memory (tests, previews): gone with the process, reached by this process's
/// pages only. Writers take turns; a transaction works on a copy, swapped in at commit.
final class MemoryBackend: StoreBackend {
    private let database = Locked(MemoryDatabase())
    private let writers = AsyncLock()
    let broadcaster: any RefreshBroadcaster = InProcessBroadcaster()

    func write<T: Sendable>(_ body: (any BackendConnection) async throws -> T) async throws -> T {
        try await writers.withLock {
            let connection = MemoryConnection(database.withLock { $0 })
            let result = try await body(connection)
            let committed = connection.database.withLock { $0 }
            database.withLock { $0 = committed }
            return result
        }
    }

    func read<T: Sendable>(_ body: (any BackendConnection) async throws -> T) async throws -> T {
        try await body(MemoryConnection(database.withLock { $0 }))
    }

    func migrate(_ names: [String], apply: (String, any BackendConnection) async throws -> Void) async throws -> [String] {
        try await write { connection in
            let connection = connection as! MemoryConnection
            var ran: [String] = []
            for name in names where !connection.database.withLock({ $0.applied.contains(name) }) {
                try await apply(name, connection)
                connection.database.withLock { $0.applied.append(name) }
                ran.append(name)
            }
            return ran
        }
    }

    func tables() async throws -> [String: Set<String>] {
        database.withLock { $0.tables.mapValues { Set($0.columns.map(\.name)) } }
    }

    func close() async {}
}

/// A transaction's (or a read's) copy of the data.
final class MemoryConnection: BackendConnection {
    let database: Locked<MemoryDatabase>

    init(_ database: MemoryDatabase) {
        self.database = Locked(database)
    }

    func insert(_ table: String, _ fields: [String: StoreValue]) async throws -> Bool {
        try database.withLock { try $0.insert(fields, into: table) }
    }

    func upsert(_ table: String, _ fields: [String: StoreValue]) async throws {
        try database.withLock { database in
            if try !database.update(fields, in: table) { _ = try database.insert(fields, into: table) }
        }
    }

    func update(_ table: String, _ fields: [String: StoreValue]) async throws -> Bool {
        try database.withLock { try $0.update(fields, in: table) }
    }

    func delete(_ query: RowQuery) async throws -> Int {
        try database.withLock { database in
            let ids = try database.select(query).compactMap { $0["id"] }
            for id in ids { database.tables[query.table]?.rows[id] = nil }
            return ids.count
        }
    }

    func select(_ query: RowQuery) async throws -> [[String: StoreValue]] {
        try database.withLock { try $0.select(query) }
    }

    func count(_ query: RowQuery) async throws -> Int {
        try database.withLock { try $0.select(query).count }
    }

    func apply(_ step: SchemaStep) async throws {
        try database.withLock { try $0.apply(step) }
    }
}
