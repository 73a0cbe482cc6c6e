/// A stored field named as a string, for what a key path cannot name (a field whose type
/// refuses made-up values, a field of a migration's own). Checked against the table's columns
/// when the query runs.
/// ```swift
/// let query = Note.filter(Field("status"), .equal, "open").order(by: Field("title"))
/// ```
public struct Field: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The field's name: the record's coding key, the table's column.
    public let name: String

    /// The field called `name`.
    /// ```swift
    /// let title = Field("title")
    /// ```
    public init(_ name: String) {
        self.name = name
    }

    /// A field written as a literal: `"title"`.
    /// ```swift
    /// let title: Field = "title"
    /// ```
    public init(stringLiteral name: String) {
        self.name = name
    }

    /// The field's name.
    /// ```swift
    /// print(Field("title"))   // title
    /// ```
    public var description: String { name }
}
