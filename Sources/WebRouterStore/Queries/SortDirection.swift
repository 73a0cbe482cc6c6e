/// The direction of a ``Query``'s order.
/// ```swift
/// let newest = Note.order(by: \.createdAt, .descending)
/// ```
public enum SortDirection: Sendable, Hashable {
    /// Smallest first (`NULL` first).
    case ascending
    /// Largest first (`NULL` last).
    case descending
}
