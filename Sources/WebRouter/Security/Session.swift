import WebRouterHTML
/// A small key/value session that travels in a signed cookie, so no server-side store is needed
/// and any instance sharing the secret can serve any request.
///
/// Keep it small: the whole session must fit in one cookie (see `SessionCookieCodec`).
///
/// ```swift
/// var session = Session(issuedAt: now)
/// session["user"] = "ada"
/// let header = try codec.setCookieHeader(session)
/// ```
public struct Session: Sendable, Hashable {
    /// The session's entries.
    public var values: [String: String]
    /// When the session was issued, in Unix seconds; it expires `maxAge` seconds later.
    public var issuedAt: Int

    /// A session holding `values`, issued at `issuedAt` (Unix seconds).
    public init(values: [String: String] = [:], issuedAt: Int) {
        self.values = values
        self.issuedAt = issuedAt
    }

    /// The value for `key`; assigning `nil` removes it.
    public subscript(key: String) -> String? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Whether the session holds no entries.
    public var isEmpty: Bool { values.isEmpty }
}
