public import Logging
@_spi(WebRouterInternals) import WebRouterHTTP
public import WebRouter

/// An app's own records, kept in memory, in an SQLite file or on PostgreSQL with the same API:
/// `Codable` values with ids (``StoredRecord``), queries by field (``Query``), transactions,
/// versioned ``Migrations``. Every write names the live keys it changes (each record's
/// ``StoredRecord/liveKeys``), and the pages showing them refresh, on every instance: give the
/// app the store's ``broadcaster``.
/// ```swift
/// let store = try await Store.open(.sqlite("notes.sqlite"), migrations: migrations, records: [Note.self])
/// var configuration = ApplicationConfiguration(appName: "Notes")
/// configuration.live.broadcaster = store.broadcaster   // writes refresh pages, on every instance
///
/// try await store.insert(Note(id: UUID(), owner: "ada", title: "Buy milk"))
/// let notes = try await store.fetch(Note.filter(\.owner == "ada").order(by: \.title))
/// ```
public final class Store: Sendable {
    let backend: any StoreBackend
    /// Where the records are.
    public let location: StoreLocation
    let columns: Locked<[String: Set<String>]>
    private let observers = Locked<[@Sendable ([LiveKey]) -> Void]>([])
    private let logger: Logger

    private init(backend: any StoreBackend, location: StoreLocation, columns: [String: Set<String>], logger: Logger) {
        self.backend = backend
        self.location = location
        self.columns = Locked(columns)
        self.logger = logger
    }

    /// Opens the store at `location` (creating an SQLite file if missing), runs the migrations
    /// it has not run yet, and checks that each of `records` has its table and a column per
    /// field, so a forgotten migration fails here rather than at the first write.
    /// ```swift
    /// let store = try await Store.open(.sqlite("notes.sqlite"), migrations: migrations, records: [Note.self])
    /// ```
    public static func open(
        _ location: StoreLocation,
        migrations: Migrations,
        records: [any StoredRecord.Type] = [],
        logger: Logger = Logger(label: "webrouter.store")
    ) async throws -> Store {
        try migrations.validate()
        let backend = try await makeBackend(location, logger: logger)
        do {
            let ran = try await backend.migrate(migrations.names) { name, connection in
                guard let migration = migrations.migrations.first(where: { $0.name == name }) else { return }
                for step in migration.schema.steps {
                    if case .data(let body) = step {
                        try await body(StoreTransaction(connection: connection, columns: nil))
                    } else {
                        try await connection.apply(step)
                    }
                }
            }
            for name in ran { logger.info("applied the migration \"\(name)\" to \(location)") }
            let store = Store(backend: backend, location: location, columns: try await backend.tables(), logger: logger)
            for record in records { try store.check(record) }
            return store
        } catch {
            await backend.close()
            throw error as? StoreError ?? StoreError(.migration, "the migrations of \(location) were rolled back: \(error)")
        }
    }

    private static func makeBackend(_ location: StoreLocation, logger: Logger) async throws -> any StoreBackend {
        switch location.kind {
        case .memory:
            return MemoryBackend()
        case .sqlite(let path, let liveDirectory, let busyTimeout):
            #if SQLite
            return try SQLiteBackend(path: path, liveDirectory: liveDirectory, busyTimeout: busyTimeout)
            #else
            _ = (path, liveDirectory, busyTimeout)
            throw StoreError(.database, "this build has no SQLite store: enable WebRouter's SQLite trait (the default)")
            #endif
        #if PostgreSQL
        case .postgres(let address):
            return try await PostgresBackend.open(address, logger: logger)
        #endif
        }
    }

    /// `Record`'s table exists with a column for each of its fields.
    private func check<Record: StoredRecord>(_ type: Record.Type) throws {
        let fields = try FieldNames.fields(of: type)
        guard let known = columns.withLock({ $0[Record.table] }) else {
            throw StoreError(.unknownTable, "there is no table \(Record.table) for \(Record.self) (create it in a migration)")
        }
        let missing = fields.subtracting(known).sorted()
        if !missing.isEmpty {
            throw StoreError(.unknownField, "the table \(Record.table) has no column for \(Record.self)'s \(missing.joined(separator: ", ")) (add it in a migration)")
        }
        if !fields.contains("id") { throw StoreError(.invalidRecord, "\(Record.self) encodes no id field") }
    }

    /// Stops what the store runs in the background (a connection pool, a listener, a socket).
    /// ```swift
    /// defer { Task { await store.close() } }
    /// ```
    public func close() async {
        await backend.close()
    }

    // MARK: Live keys

    /// The broadcaster that carries refreshes to every instance sharing this store: in process
    /// (memory), Unix sockets beside the file (SQLite, `DirectoryBroadcaster`), `LISTEN`/`NOTIFY`
    /// (PostgreSQL, ``PostgresBroadcaster``). The store publishes its writes' keys through it, so
    /// an app that sets it as `configuration.live.broadcaster` refreshes the pages showing what a
    /// write changed, whichever instance wrote; `app.refresh` goes through it too.
    /// ```swift
    /// configuration.live.broadcaster = store.broadcaster
    /// ```
    public var broadcaster: any RefreshBroadcaster { backend.broadcaster }

    /// Calls `receive` with the keys of every write this store commits (in this process), for
    /// an app that carries refreshes its own way.
    /// ```swift
    /// store.onChange { keys in app.refresh(keys) }   // when configuration.live.broadcaster is another
    /// ```
    public func onChange(_ receive: @escaping @Sendable ([LiveKey]) -> Void) {
        observers.withLock { $0.append(receive) }
    }

    private func publish(_ keys: [LiveKey]) {
        guard !keys.isEmpty else { return }
        backend.broadcaster.publish(keys.map(\.value))
        for receive in observers.withLock({ $0 }) { receive(keys) }
    }

    // MARK: Transactions

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws;
    /// then the pages showing what it changed refresh. Writers take turns (across the instances
    /// sharing the database too); readers are never blocked. Inside, write through the
    /// transaction: a write through the store throws rather than wait for it.
    /// ```swift
    /// try await store.transaction { transaction in
    ///     for note in try await transaction.fetch(Note.filter(\.owner == "ada")) {
    ///         try await transaction.delete(note)
    ///     }
    /// }
    /// ```
    public func transaction<T: Sendable>(_ body: (StoreTransaction) async throws -> T) async throws -> T {
        if Self.writing.contains(ObjectIdentifier(self)) {
            throw StoreError(.database, "a write through the store inside one of its transactions would wait for that transaction forever: write through the transaction")
        }
        let known = columns.withLock { $0 }
        let (result, keys) = try await backend.write { connection in
            let transaction = StoreTransaction(connection: connection, columns: known)
            let result = try await Self.$writing.withValue(Self.writing.union([ObjectIdentifier(self)])) {
                try await body(transaction)
            }
            return (result, transaction.changedKeys)
        }
        publish(keys)
        return result
    }

    /// The stores whose transaction the current task is in: a write through one of them would
    /// wait for its own transaction.
    @TaskLocal private static var writing: Set<ObjectIdentifier> = []

    private func read<T: Sendable>(_ body: (StoreTransaction) async throws -> T) async throws -> T {
        let known = columns.withLock { $0 }
        return try await backend.read { connection in
            try await body(StoreTransaction(connection: connection, columns: known))
        }
    }

    // MARK: Reading

    /// The record with `id`, or `nil`.
    /// ```swift
    /// let note = try await store.find(Note.self, id: id)
    /// ```
    public func find<Record: StoredRecord>(_ type: Record.Type, id: Record.ID) async throws -> Record? {
        try await read { try await $0.find(type, id: id) }
    }

    /// The records of `query`, in its order (then by id).
    /// ```swift
    /// let notes = try await store.fetch(Note.filter(\.owner == "ada").order(by: \.createdAt, .descending).limit(20))
    /// ```
    public func fetch<Record: StoredRecord>(_ query: Query<Record>) async throws -> [Record] {
        try await read { try await $0.fetch(query) }
    }

    /// The first record of `query`, or `nil`.
    /// ```swift
    /// let newest = try await store.first(Note.order(by: \.createdAt, .descending))
    /// ```
    public func first<Record: StoredRecord>(_ query: Query<Record>) async throws -> Record? {
        try await read { try await $0.first(query) }
    }

    /// How many records `query` has.
    /// ```swift
    /// let open = try await store.count(Note.filter(\.done == false))
    /// ```
    public func count<Record: StoredRecord>(_ query: Query<Record>) async throws -> Int {
        try await read { try await $0.count(query) }
    }

    // MARK: Writing

    /// Adds `record` (a transaction of its own); throws ``StoreError/Kind/duplicate`` when its
    /// id, or a unique column's value, is taken.
    /// ```swift
    /// try await store.insert(Note(id: UUID(), owner: "ada", title: "Buy milk"))
    /// ```
    public func insert<Record: StoredRecord>(_ record: Record) async throws {
        try await transaction { try await $0.insert(record) }
    }

    /// Replaces the stored record with `record`'s id; throws ``StoreError/Kind/notFound`` when
    /// there is none.
    /// ```swift
    /// note.done = true
    /// try await store.update(note)
    /// ```
    public func update<Record: StoredRecord>(_ record: Record) async throws {
        try await transaction { try await $0.update(record) }
    }

    /// Inserts `record`, or replaces the one with its id.
    /// ```swift
    /// try await store.save(note)
    /// ```
    public func save<Record: StoredRecord>(_ record: Record) async throws {
        try await transaction { try await $0.save(record) }
    }

    /// Deletes the record with `record`'s id; whether there was one.
    /// ```swift
    /// try await store.delete(note)
    /// ```
    @discardableResult
    public func delete<Record: StoredRecord>(_ record: Record) async throws -> Bool {
        try await transaction { try await $0.delete(record) }
    }

    /// Deletes the record with `id`; whether there was one.
    /// ```swift
    /// try await store.delete(Note.self, id: id)
    /// ```
    @discardableResult
    public func delete<Record: StoredRecord>(_ type: Record.Type, id: Record.ID) async throws -> Bool {
        try await transaction { try await $0.delete(type, id: id) }
    }

    /// Deletes the records of `query`; how many.
    /// ```swift
    /// try await store.deleteAll(Note.filter(\.done == true))
    /// ```
    @discardableResult
    public func deleteAll<Record: StoredRecord>(_ query: Query<Record>) async throws -> Int {
        try await transaction { try await $0.deleteAll(query) }
    }
}
