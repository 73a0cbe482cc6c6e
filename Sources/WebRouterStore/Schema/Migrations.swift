/// An app's schema history: named migrations, oldest first, each applied once, in order, in
/// its own transaction, and recorded by name in the table `webrouter_migration`. Instances
/// starting together on one database take turns (SQLite's write lock, a PostgreSQL advisory
/// lock), so each migration runs exactly once. Never edit a released migration: add one.
/// ```swift
/// var migrations = Migrations()
/// migrations.add("v1 notes") { schema in
///     schema.createTable("note", id: .text) { table in
///         table.column("owner", .text)
///         table.column("title", .text)
///         table.column("done", .bool, default: false)
///     }
///     schema.createIndex("note_by_owner", on: "note", ["owner"])
/// }
/// migrations.add("v2 pinned notes") { schema in
///     schema.addColumn("pinned", .bool, to: "note", default: false)
/// }
/// let store = try await Store.open(.sqlite("notes.sqlite"), migrations: migrations)
/// ```
public struct Migrations: Sendable {
    struct Migration: Sendable {
        let name: String
        let schema: Schema
    }

    var migrations: [Migration] = []

    /// No migrations yet.
    /// ```swift
    /// var migrations = Migrations()
    /// ```
    public init() {}

    /// Adds the migration `name` (unique, never renamed: it is how the database remembers that
    /// it ran) with the changes `build` writes.
    /// ```swift
    /// migrations.add("v3 drop drafts") { schema in schema.dropTable("draft") }
    /// ```
    public mutating func add(_ name: String, _ build: (inout Schema) -> Void) {
        var schema = Schema()
        build(&schema)
        if migrations.contains(where: { $0.name == name }) {
            schema.problems.append("a migration named \"\(name)\" was added twice")
        }
        migrations.append(Migration(name: name, schema: schema))
    }

    /// The migrations' names, in order.
    /// ```swift
    /// print(migrations.names)   // ["v1 notes", "v2 pinned notes"]
    /// ```
    public var names: [String] { migrations.map(\.name) }

    /// Every problem of the declared steps (a bad name, a column without default added to
    /// existing rows), thrown before anything runs.
    func validate() throws {
        let problems = migrations.flatMap { migration in migration.schema.problems.map { "migration \"\(migration.name)\": \($0)" } }
        if !problems.isEmpty { throw StoreError(.migration, problems.joined(separator: "; ")) }
    }
}
