/// What a page shows that can change while it is open: a key such as `match/12`. A screen
/// names the keys it shows (``ContentScreen/liveKeys(for:)``); the app signals a change with
/// `Application.refresh(_:)`, and every open page showing that key refreshes in place.
/// ```swift
/// let key: LiveKey = "scores"
/// let match = LiveKey("match", 12)        // "match/12"
/// ```
public struct LiveKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key as sent in the page's event-stream URL and in `event: refresh`.
    public let value: String

    /// A key spelled out: `LiveKey("match/12")`.
    /// ```swift
    /// let key = LiveKey("inbox/\(user.id)")
    /// ```
    public init(_ value: String) {
        self.value = value
    }

    /// A key of a kind and an id: `LiveKey("match", 12)` is `match/12`.
    /// ```swift
    /// let key = LiveKey("match", match.id)
    /// ```
    public init(_ kind: String, _ id: some CustomStringConvertible) {
        self.value = kind + "/" + id.description
    }

    /// A key written as a literal: `"scores"`.
    /// ```swift
    /// let key: LiveKey = "scores"
    /// ```
    public init(stringLiteral value: String) {
        self.value = value
    }

    /// The key itself (`match/12`).
    /// ```swift
    /// print(LiveKey("match", 12))   // match/12
    /// ```
    public var description: String { value }
}
