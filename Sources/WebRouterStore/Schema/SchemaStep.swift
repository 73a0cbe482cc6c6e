/// One step of a migration, as the backends apply it.
package enum SchemaStep: Sendable {
    case createTable(TableDefinition)
    case addColumn(table: String, ColumnDefinition)
    case createIndex(name: String, table: String, columns: [String], unique: Bool)
    case dropIndex(name: String)
    case dropTable(String)
    /// Records read and written through the store's own API, inside the migration's transaction.
    case data(@Sendable (StoreTransaction) async throws -> Void)
}
