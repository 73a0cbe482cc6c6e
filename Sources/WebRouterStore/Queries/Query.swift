/// Which records of a type to read, in what order, how many: conditions (all must hold),
/// orders, a limit and an offset. A query is a value, built by chaining and run by a ``Store``
/// or a ``StoreTransaction``. Records come in the order asked, then by id, so every backend
/// returns the same list.
/// ```swift
/// let page = Note.filter(\.owner == "ada")
///     .filter(\.done == false)
///     .order(by: \.createdAt, .descending)
///     .limit(20, offset: 40)
/// let notes = try await store.fetch(page)
/// ```
public struct Query<Record: StoredRecord>: Sendable {
    var conditions: [Condition<Record>] = []
    var orders: [(field: Result<String, StoreError>, direction: SortDirection)] = []
    var limit: Int?
    var offset = 0

    /// Every record of the type, by id.
    /// ```swift
    /// let all = try await store.fetch(Query<Note>())
    /// ```
    public init() {}

    /// The records of this query for which `condition` holds too.
    /// ```swift
    /// let done = Note.all.filter(\.done == true)
    /// ```
    public func filter(_ condition: Condition<Record>) -> Query {
        var query = self
        query.conditions.append(condition)
        return query
    }

    /// The records for which a field named as a string compares to `value` (see ``Field``).
    /// ```swift
    /// let open = Note.all.filter(Field("status"), .equal, "open")
    /// ```
    public func filter(_ field: Field, _ comparison: Comparison, _ value: some Encodable) -> Query {
        filter(Condition(field, comparison, value))
    }

    /// Ordered by a field (after the orders given before; the id breaks ties).
    /// ```swift
    /// let newest = Note.all.order(by: \.createdAt, .descending)
    /// ```
    public func order<Value: Encodable>(by field: KeyPath<Record, Value>, _ direction: SortDirection = .ascending) -> Query {
        var query = self
        query.orders.append((Condition<Record>.name(field), direction))
        return query
    }

    /// Ordered by a field named as a string.
    /// ```swift
    /// let byTitle = Note.all.order(by: Field("title"))
    /// ```
    public func order(by field: Field, _ direction: SortDirection = .ascending) -> Query {
        var query = self
        query.orders.append((.success(field.name), direction))
        return query
    }

    /// At most `count` records, after skipping `offset`.
    /// ```swift
    /// let secondPage = Note.all.order(by: \.title).limit(20, offset: 20)
    /// ```
    public func limit(_ count: Int, offset: Int = 0) -> Query {
        var query = self
        query.limit = max(0, count)
        query.offset = max(0, offset)
        return query
    }

    /// The query with field names resolved, as the backends run it.
    func rows() throws -> RowQuery {
        RowQuery(
            table: Record.table,
            conditions: try conditions.map { try RowCondition(field: $0.field.get(), comparison: $0.comparison, value: $0.value.get()) },
            orders: try orders.map { RowOrder(field: try $0.field.get(), descending: $0.direction == .descending) },
            limit: limit,
            offset: offset)
    }
}

extension StoredRecord {
    /// Every record of the type (a query to refine).
    /// ```swift
    /// let notes = try await store.fetch(Note.all)
    /// ```
    public static var all: Query<Self> { Query() }

    /// The records for which `condition` holds.
    /// ```swift
    /// let adas = try await store.fetch(Note.filter(\.owner == "ada"))
    /// ```
    public static func filter(_ condition: Condition<Self>) -> Query<Self> { Query().filter(condition) }

    /// The records for which a field named as a string compares to `value`.
    /// ```swift
    /// let open = Note.filter(Field("status"), .equal, "open")
    /// ```
    public static func filter(_ field: Field, _ comparison: Comparison, _ value: some Encodable) -> Query<Self> {
        Query().filter(field, comparison, value)
    }

    /// Every record, ordered by a field.
    /// ```swift
    /// let byTitle = Note.order(by: \.title)
    /// ```
    public static func order<Value: Encodable>(by field: KeyPath<Self, Value>, _ direction: SortDirection = .ascending) -> Query<Self> {
        Query().order(by: field, direction)
    }
}

/// A condition with its field resolved.
package struct RowCondition: Sendable {
    package let field: String
    package let comparison: Comparison
    package let value: StoreValue
}

/// An order with its field resolved.
package struct RowOrder: Sendable {
    package let field: String
    package let descending: Bool
}

/// A query as the backends run it: a table, resolved conditions and orders, a window.
package struct RowQuery: Sendable {
    package var table: String
    package var conditions: [RowCondition]
    package var orders: [RowOrder]
    package var limit: Int?
    package var offset: Int

    /// The query for the one record with `id`.
    package static func byID(_ table: String, _ id: StoreValue) -> RowQuery {
        RowQuery(table: table, conditions: [RowCondition(field: "id", comparison: .equal, value: id)], orders: [], limit: 1, offset: 0)
    }

    /// Every field it names.
    package var fields: [String] { conditions.map(\.field) + orders.map(\.field) }
}
