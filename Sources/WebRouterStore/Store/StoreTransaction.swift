@_spi(WebRouterInternals) import WebRouterHTTP
public import WebRouter

/// The records of a ``Store`` inside one transaction (``Store/transaction(_:)``): reads see
/// the transaction's own writes; everything commits together when the closure returns, or
/// nothing does when it throws. The live keys of its writes are published once, after the
/// commit. An error inside a transaction ends it: let it propagate (PostgreSQL refuses any
/// further statement in a failed transaction).
/// ```swift
/// try await store.transaction { transaction in
///     guard var account = try await transaction.find(Account.self, id: "ada") else { return }
///     account.balance -= 10
///     try await transaction.update(account)
///     try await transaction.insert(Payment(id: UUID(), from: "ada", amount: 10))
/// }
/// ```
public final class StoreTransaction: Sendable {
    let connection: any BackendConnection
    /// The tables' columns to check names against (`nil` inside migrations: the database says).
    let columns: [String: Set<String>]?
    let changed = Locked<[LiveKey]>([])

    init(connection: any BackendConnection, columns: [String: Set<String>]?) {
        self.connection = connection
        self.columns = columns
    }

    /// The keys its writes changed, in order, once each.
    var changedKeys: [LiveKey] {
        var seen = Set<LiveKey>()
        return changed.withLock { $0 }.filter { seen.insert($0).inserted }
    }

    // MARK: Reading

    /// The record with `id`, or `nil`.
    /// ```swift
    /// let note = try await transaction.find(Note.self, id: id)
    /// ```
    public func find<Record: StoredRecord>(_ type: Record.Type, id: Record.ID) async throws -> Record? {
        let rows = try await connection.select(try RowQuery.byID(Record.table, Self.value(of: id)))
        return try rows.first.map { try RecordDecoder.decode(Record.self, from: $0) }
    }

    /// The records of `query`, in its order (then by id).
    /// ```swift
    /// let notes = try await transaction.fetch(Note.filter(\.owner == "ada"))
    /// ```
    public func fetch<Record: StoredRecord>(_ query: Query<Record>) async throws -> [Record] {
        let rows = try await connection.select(try checked(query))
        return try rows.map { try RecordDecoder.decode(Record.self, from: $0) }
    }

    /// The first record of `query`, or `nil`.
    /// ```swift
    /// let newest = try await transaction.first(Note.order(by: \.createdAt, .descending))
    /// ```
    public func first<Record: StoredRecord>(_ query: Query<Record>) async throws -> Record? {
        var one = query
        one.limit = min(query.limit ?? 1, 1)
        return try await fetch(one).first
    }

    /// How many records `query` has.
    /// ```swift
    /// let open = try await transaction.count(Note.filter(\.done == false))
    /// ```
    public func count<Record: StoredRecord>(_ query: Query<Record>) async throws -> Int {
        try await connection.count(try checked(query))
    }

    // MARK: Writing

    /// Adds `record`; throws ``StoreError/Kind/duplicate`` when its id (or a unique column's
    /// value) is taken.
    /// ```swift
    /// try await transaction.insert(Note(id: UUID(), owner: "ada", title: "Buy milk"))
    /// ```
    public func insert<Record: StoredRecord>(_ record: Record) async throws {
        let fields = try fields(of: record)
        guard try await connection.insert(Record.table, fields) else {
            throw StoreError(.duplicate, "\(Record.table) already has a record with id \(fields["id"]?.keyText ?? "")")
        }
        changed.withLock { $0 += record.liveKeys }
    }

    /// Replaces the stored record with `record`'s id; throws ``StoreError/Kind/notFound`` when
    /// there is none.
    /// ```swift
    /// note.done = true
    /// try await transaction.update(note)
    /// ```
    public func update<Record: StoredRecord>(_ record: Record) async throws {
        let fields = try fields(of: record)
        guard try await connection.update(Record.table, fields) else {
            throw StoreError(.notFound, "\(Record.table) has no record with id \(fields["id"]?.keyText ?? "")")
        }
        changed.withLock { $0 += record.liveKeys }
    }

    /// Inserts `record`, or replaces the one with its id.
    /// ```swift
    /// try await transaction.save(note)
    /// ```
    public func save<Record: StoredRecord>(_ record: Record) async throws {
        try await connection.upsert(Record.table, try fields(of: record))
        changed.withLock { $0 += record.liveKeys }
    }

    /// Deletes the record with `record`'s id; whether there was one.
    /// ```swift
    /// try await transaction.delete(note)
    /// ```
    @discardableResult
    public func delete<Record: StoredRecord>(_ record: Record) async throws -> Bool {
        let deleted = try await connection.delete(try RowQuery.byID(Record.table, Self.value(of: record.id))) > 0
        if deleted { changed.withLock { $0 += record.liveKeys } }
        return deleted
    }

    /// Deletes the record with `id`; whether there was one.
    /// ```swift
    /// try await transaction.delete(Note.self, id: id)
    /// ```
    @discardableResult
    public func delete<Record: StoredRecord>(_ type: Record.Type, id: Record.ID) async throws -> Bool {
        guard let record = try await find(type, id: id) else { return false }
        return try await delete(record)
    }

    /// Deletes the records of `query`; how many.
    /// ```swift
    /// try await transaction.deleteAll(Note.filter(\.done == true))
    /// ```
    @discardableResult
    public func deleteAll<Record: StoredRecord>(_ query: Query<Record>) async throws -> Int {
        var deleted = 0
        for record in try await fetch(query) where try await delete(record) { deleted += 1 }
        return deleted
    }

    /// Also refreshes the pages showing `keys` when the transaction commits (a summary, a
    /// count, a page the records' own keys do not name).
    /// ```swift
    /// transaction.refresh(LiveKey("notes-of", owner))
    /// ```
    public func refresh(_ keys: LiveKey...) {
        changed.withLock { $0 += keys }
    }

    // MARK: Checks

    static func value<ID: Encodable>(of id: ID) throws -> StoreValue {
        let value = try RecordEncoder.encodeValue(id)
        if value.isNull { throw StoreError(.invalidRecord, "a record's id cannot be nil") }
        return value
    }

    /// `record`'s fields, checked against its table's columns.
    private func fields<Record: StoredRecord>(of record: Record) throws -> [String: StoreValue] {
        let fields = try RecordEncoder.encode(record)
        guard let id = fields["id"], !id.isNull else {
            throw StoreError(.invalidRecord, "\(Record.self) encodes no id field")
        }
        try check(Record.table, Array(fields.keys), of: Record.self)
        return fields
    }

    private func checked<Record: StoredRecord>(_ query: Query<Record>) throws -> RowQuery {
        let rows = try query.rows()
        try check(Record.table, rows.fields, of: Record.self)
        return rows
    }

    private func check<Record>(_ table: String, _ fields: [String], of type: Record.Type) throws {
        guard let columns else { return }
        guard let known = columns[table] else {
            throw StoreError(.unknownTable, "there is no table \(table) for \(Record.self) (create it in a migration)")
        }
        for field in fields where !known.contains(field) {
            throw StoreError(.unknownField, "the table \(table) has no column \(field) for \(Record.self)'s field (add it in a migration)")
        }
    }
}
