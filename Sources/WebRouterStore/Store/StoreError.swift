/// Why a store operation failed: what kind of failure (to branch on) and a sentence naming the
/// table, field or record concerned.
/// ```swift
/// do {
///     try await store.insert(note)
/// } catch let error as StoreError where error.kind == .duplicate {
///     print(error)   // "note already has a record with id 3F2A…"
/// }
/// ```
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in kinds an app can branch on.
    public enum Kind: Sendable, Hashable {
        /// `insert` of an id the table already has, or a write that breaks a unique index.
        case duplicate
        /// `update` of an id the table does not have.
        case notFound
        /// A query or a record names a field the table has no column for, or a key path that
        /// is not one of the record's stored fields.
        case unknownField
        /// A record's table was never created by a migration.
        case unknownTable
        /// A record that cannot be stored or read back as the store keeps records.
        case invalidRecord
        /// A migration that failed (it was rolled back) or an invalid schema step.
        case migration
        /// The database refused or could not be reached.
        case database
    }

    /// The kind of failure.
    public let kind: Kind
    /// What failed, naming the table, field or record.
    public let description: String

    /// An error of `kind`, described.
    /// ```swift
    /// throw StoreError(.notFound, "no note 12")
    /// ```
    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
