/// One step of a migration, as the backends apply it.
package enum SchemaStep: Sendable {
    case createTable(TableDefinition)
    case addColumn(table: String, ColumnDefinition)
    case createIndex(name: String, table: String, columns: [String], unique: Bool)
    case dropIndex(name: String)
    case dropTable(String)
    /// The rows of `legacy` (a table the store did not create) copied into `table`, each
    /// column of `table` in `columns` from the legacy column it names; then `legacy` dropped.
    /// Nothing where `legacy` does not exist.
    case adoptTable(legacy: String, into: String, columns: [String: String])
    /// Records read and written through the store's own API, inside the migration's transaction.
    case data(@Sendable (StoreTransaction) async throws -> Void)
}
