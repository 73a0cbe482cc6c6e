/// What one migration changes, written in Swift and applied in each backend's SQL (or in
/// memory): tables, columns, indexes, and data moved with the store's own API. Steps run in
/// order, in the migration's transaction.
/// ```swift
/// migrations.add("v2 tags") { schema in
///     schema.addColumn("tags", .text, to: "note", default: [String]())
///     schema.createIndex("note_by_title", on: "note", ["title"])
/// }
/// ```
public struct Schema: Sendable {
    var steps: [SchemaStep] = []
    var problems: [String] = []

    init() {}

    /// Creates a table with an `id` primary key of `id`'s type and the columns `build` adds.
    /// ```swift
    /// schema.createTable("note", id: .text) { table in
    ///     table.column("title", .text)
    /// }
    /// ```
    public mutating func createTable(_ name: String, id: ColumnType = .text, _ build: (inout TableDefinition) -> Void) {
        var table = TableDefinition(name: name, idType: id)
        build(&table)
        problems += table.problems
        for column in table.columns where column.name == "id" {
            problems.append("\(name) declares a column id; the table has one already (its type is createTable's id:)")
        }
        check(name)
        for column in table.columns { check(column.name) }
        steps.append(.createTable(table))
    }

    /// Adds a column to a table: existing rows get `default`, or `NULL` when it is `optional`.
    /// ```swift
    /// schema.addColumn("doneAt", .date, to: "note", optional: true)
    /// ```
    public mutating func addColumn(_ name: String, _ type: ColumnType, to table: String, optional: Bool = false) {
        if !optional {
            problems.append("\(table).\(name) is added to rows that exist already: give it a default, or make it optional")
        }
        check(name)
        steps.append(.addColumn(table: table, ColumnDefinition(name: name, type: type, isOptional: optional, defaultValue: nil, isUnique: false)))
    }

    /// Adds a column with the value existing rows get.
    /// ```swift
    /// schema.addColumn("pinned", .bool, to: "note", default: false)
    /// ```
    public mutating func addColumn(_ name: String, _ type: ColumnType, to table: String, optional: Bool = false, default value: some Encodable & Sendable) {
        var definition = TableDefinition(name: table, idType: .text)
        definition.column(name, type, optional: optional, default: value)
        problems += definition.problems
        check(name)
        if let column = definition.columns.first { steps.append(.addColumn(table: table, column)) }
    }

    /// Creates an index on columns of a table (`unique`: no two rows share their values).
    /// ```swift
    /// schema.createIndex("note_by_owner", on: "note", ["owner", "createdAt"])
    /// ```
    public mutating func createIndex(_ name: String, on table: String, _ columns: [String], unique: Bool = false) {
        check(name)
        columns.forEach { check($0) }
        steps.append(.createIndex(name: name, table: table, columns: columns, unique: unique))
    }

    /// Drops an index.
    /// ```swift
    /// schema.dropIndex("note_by_title")
    /// ```
    public mutating func dropIndex(_ name: String) {
        check(name)
        steps.append(.dropIndex(name: name))
    }

    /// Drops a table and its records.
    /// ```swift
    /// schema.dropTable("draft")
    /// ```
    public mutating func dropTable(_ name: String) {
        check(name)
        steps.append(.dropTable(name))
    }

    /// Takes over a table the store did not create, one an earlier version of the app made with
    /// its own SQL: when `legacy` exists, its rows are copied into `table` (created by an
    /// earlier step, with an `id`), each column named in `columns` (the store's column: the
    /// legacy column it is read from; the others get their defaults), and `legacy` is dropped.
    /// Where there is no `legacy` table (a new database, memory) the step does nothing, so one
    /// history serves old databases and new ones.
    /// ```swift
    /// schema.createTable("profiles", id: .text) { table in
    ///     table.column("display_name", .text)
    /// }
    /// schema.adoptTable("profile", into: "profiles", columns: ["id": "username", "display_name": "display_name"])
    /// ```
    public mutating func adoptTable(_ legacy: String, into table: String, columns: [String: String]) {
        check(legacy)
        check(table)
        for (column, legacyColumn) in columns {
            check(column)
            check(legacyColumn)
        }
        if columns["id"] == nil { problems.append("adopting \(legacy) into \(table) names no legacy column for id") }
        steps.append(.adoptTable(legacy: legacy, into: table, columns: columns))
    }

    /// Reads and writes records with the store's API, in the migration's transaction (after the
    /// steps before it): filling a new column, moving data between tables.
    /// ```swift
    /// schema.update { transaction in
    ///     for var note in try await transaction.fetch(Note.all) {
    ///         note.title = note.title.trimmingCharacters(in: .whitespaces)
    ///         try await transaction.update(note)
    ///     }
    /// }
    /// ```
    public mutating func update(_ body: @escaping @Sendable (StoreTransaction) async throws -> Void) {
        steps.append(.data(body))
    }

    /// Names are identifiers in every backend's SQL: letters, digits and `_`, not starting
    /// with a digit.
    private mutating func check(_ name: String) {
        if !Self.isIdentifier(name) {
            problems.append("\"\(name)\" is not a name a table, column or index can have (letters, digits and _, not starting with a digit)")
        }
    }

    package static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 63 else { return false }
        let letters = Unicode.Scalar("a").value...Unicode.Scalar("z").value
        let capitals = Unicode.Scalar("A").value...Unicode.Scalar("Z").value
        let digits = Unicode.Scalar("0").value...Unicode.Scalar("9").value
        func allowed(_ scalar: Unicode.Scalar) -> Bool {
            letters.contains(scalar.value) || capitals.contains(scalar.value) || digits.contains(scalar.value) || scalar == "_"
        }
        return !digits.contains(first.value) && name.unicodeScalars.allSatisfy(allowed)
    }
}
