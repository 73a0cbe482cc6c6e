/// One column of a table a migration creates or adds: its name (the record's field), type,
/// whether it may be `NULL` (an optional field), its default and whether it is unique.
/// ```swift
/// table.column("email", .text, unique: true)
/// table.column("doneAt", .date, optional: true)
/// table.column("done", .bool, default: false)
/// ```
public struct ColumnDefinition: Sendable {
    /// The column's name: the field's coding key.
    public let name: String
    /// What it holds.
    public let type: ColumnType
    /// Whether it may be `NULL` (the field is optional).
    public let isOptional: Bool
    /// The value of rows written before the column existed, or without the field.
    package let defaultValue: StoreValue?
    /// Whether two rows may not share a value.
    public let isUnique: Bool

    package init(name: String, type: ColumnType, isOptional: Bool, defaultValue: StoreValue?, isUnique: Bool) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.isUnique = isUnique
    }
}
