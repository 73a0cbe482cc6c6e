/// How a ``Condition`` compares a field with a value, as SQL does: a comparison with a `NULL`
/// field is false, except `== nil` and `!= nil`, which ask whether it is `NULL`.
/// ```swift
/// let recent = Note.filter(Field("createdAt"), .greaterThan, since)
/// ```
public enum Comparison: String, Sendable, Hashable {
    /// `==`
    case equal = "="
    /// `!=`
    case notEqual = "<>"
    /// `<`
    case lessThan = "<"
    /// `<=`
    case lessThanOrEqual = "<="
    /// `>`
    case greaterThan = ">"
    /// `>=`
    case greaterThanOrEqual = ">="
}
