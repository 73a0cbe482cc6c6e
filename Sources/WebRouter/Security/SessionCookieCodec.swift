import WebRouterHTML
@_spi(WebRouterInternals) import WebRouterHTTP
/// Turns a `Session` into a signed cookie and back: no server-side store, tampering detected.
///
/// The cookie value is a `MessageSigner` token (purpose `"session"`), so it only ever contains
/// `[A-Za-z0-9-_.]` whatever the session holds. A missing, malformed, tampered or expired
/// cookie decodes to `nil` — treat that as "no session".
///
/// ```swift
/// let codec = SessionCookieCodec(secret: secret, secure: true)
/// var session = codec.decode(request.cookie(codec.cookieName), now: now) ?? Session(issuedAt: now)
/// session["user"] = "ada"
/// response.headers.add("Set-Cookie", try codec.setCookieHeader(session))
/// ```
struct SessionCookieCodec: Sendable {
    /// The most bytes a cookie value may have; browsers keep about 4096 per cookie in total.
    static let maximumValueLength = 4000

    /// How long a session stays valid after `issuedAt`, and the cookie's `Max-Age`, in seconds.
    let maxAge: Int

    /// The session cookie (purpose `"session"`).
    private var cookie: SignedCookie
    /// Cookie values that already verified, so each is checked by HMAC once, not per request.
    let verified: VerifiedSessionCache

    /// The name of the session cookie.
    var cookieName: String { cookie.name }
    /// Whether the cookie carries `Secure` (serve over HTTPS, or behind a TLS proxy).
    var secure: Bool { cookie.secure }

    /// A codec signing with `secret`'s session key.
    ///
    /// - Precondition: `cookieName` is a valid cookie name (letters, digits, `_`, `-`, …) and
    ///   `maxAge` is positive; both are configuration, not request input.
    init(
        secret: AppSecret,
        cookieName: String = "wr_session",
        maxAge: Int = 60 * 60 * 24 * 14,
        secure: Bool = false
    ) {
        precondition(maxAge > 0, "a session's maxAge must be positive, got \(maxAge)")
        self.maxAge = maxAge
        self.cookie = SignedCookie(secret: secret, purpose: "session", name: cookieName, secure: secure)
        self.verified = VerifiedSessionCache(capacity: 4096)
    }

    /// The same codec, with the same key and verified-cookie cache, marking its cookies `Secure`
    /// (for requests that came over TLS).
    func markedSecure() -> SessionCookieCodec {
        var copy = self
        copy.cookie = cookie.markedSecure()
        return copy
    }

    /// The session in `cookieValue`; `nil` when it is missing, malformed, tampered with,
    /// expired (older than `maxAge` at `now`, Unix seconds) or issued too far in the future.
    func decode(_ cookieValue: String?, now: Int) -> Session? {
        guard let cookieValue, !cookieValue.isEmpty, cookieValue.utf8.count <= Self.maximumValueLength else { return nil }
        let session: Session
        if let known = verified[cookieValue] {
            session = known
        } else {
            guard let payload = cookie.verify(cookieValue), let decoded = SessionWireFormat.decode(payload) else { return nil }
            verified[cookieValue] = decoded
            session = decoded
        }
        guard SignedCookie.isFresh(issuedAt: session.issuedAt, now: now, lifetime: maxAge) else { return nil }
        return session
    }

    /// The signed cookie value for `session`.
    ///
    /// - Throws: `SessionCookieError.tooLarge` when it would exceed `maximumValueLength` bytes.
    func encode(_ session: Session) throws(SessionCookieError) -> String {
        let payloadSize = SessionWireFormat.encodedSize(of: session)
        let valueLength = Base64URL.encodedLength(of: payloadSize) + 1 + MessageSigner.macTextLength
        guard valueLength <= Self.maximumValueLength else {
            throw .tooLarge(byteCount: valueLength, limit: Self.maximumValueLength)
        }
        return cookie.sign(SessionWireFormat.encode(session))
    }

    /// The full `Set-Cookie` header value storing `session` (`Path=/; Max-Age; HttpOnly;
    /// SameSite=Lax`, and `Secure` when configured), or, for `nil`, one that clears the cookie.
    ///
    /// - Throws: `SessionCookieError.tooLarge` when the session does not fit in a cookie.
    func setCookieHeader(_ session: Session?) throws(SessionCookieError) -> String {
        guard let session else { return clearCookieHeader }
        return cookie.setCookieHeader(value: try encode(session), maxAge: maxAge)
    }

    /// A `Set-Cookie` header value that removes the session cookie (`Max-Age=0`), such as on sign-out.
    var clearCookieHeader: String {
        cookie.clearCookieHeader
    }
}
