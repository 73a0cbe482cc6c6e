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

    /// The key of ``id`` among ``values``.
    public static let idKey = "sid"

    /// The id the app's ``SessionRegistry`` knows this session by (stored under ``idKey``),
    /// so the session can be ended on the server: set it when signing in, with an id the
    /// registry issued (``newID()`` makes a suitable one).
    ///
    /// ```swift
    /// let id = try await accounts.startSession(username: user.username)
    /// router.request.updateSession { $0["user"] = user.username; $0.id = id }
    /// ```
    public var id: String? {
        get { values[Self.idKey] }
        set { values[Self.idKey] = newValue }
    }

    /// A new random session id: 128 bits, base64url (22 characters).
    public static func newID() -> String {
        Base64URL.encode(CryptoPrimitives.randomBytes(16))
    }
}
