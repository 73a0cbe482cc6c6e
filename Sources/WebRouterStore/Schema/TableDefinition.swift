/// The columns of a table a migration creates, besides `id` (see ``Schema/createTable(_:id:_:)``).
/// ```swift
/// schema.createTable("note", id: .text) { table in
///     table.column("owner", .text)
///     table.column("title", .text)
///     table.column("done", .bool, default: false)
///     table.column("doneAt", .date, optional: true)
/// }
/// ```
public struct TableDefinition: Sendable {
    /// The table's name.
    public let name: String
    /// The type of its `id` column, the primary key.
    public let idType: ColumnType
    /// Its other columns, in order.
    public private(set) var columns: [ColumnDefinition] = []
    var problems: [String] = []

    init(name: String, idType: ColumnType) {
        self.name = name
        self.idType = idType
    }

    /// Adds a column: `optional` for a field that may be `nil`, a `default` for rows that do not
    /// give it, `unique` to refuse a second row with the same value.
    /// ```swift
    /// table.column("email", .text, unique: true)
    /// ```
    public mutating func column(_ name: String, _ type: ColumnType, optional: Bool = false, unique: Bool = false) {
        add(name, type, optional: optional, default: StoreValue?.none, unique: unique)
    }

    /// Adds a column with a default value (of its type: `false`, `0`, `""`, `[String]()`, …).
    /// ```swift
    /// table.column("done", .bool, default: false)
    /// ```
    public mutating func column(_ name: String, _ type: ColumnType, optional: Bool = false, unique: Bool = false, default value: some Encodable & Sendable) {
        do {
            add(name, type, optional: optional, default: try RecordEncoder.encodeValue(value), unique: unique)
        } catch {
            problems.append("the default of \(self.name).\(name) cannot be stored: \(error)")
        }
    }

    private mutating func add(_ name: String, _ type: ColumnType, optional: Bool, default value: StoreValue?, unique: Bool) {
        if let value, !type.accepts(value) {
            problems.append("the default of \(self.name).\(name), \(value), is not a \(type.rawValue)")
        }
        columns.append(ColumnDefinition(name: name, type: type, isOptional: optional, defaultValue: value, isUnique: unique))
    }
}
