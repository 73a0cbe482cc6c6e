import WebRouterHTTP

/// The core of a cookie whose value the server signed: its name, its `Secure` flag, the
/// signing and verifying of its value, the freshness rule and its `Set-Cookie` header.
///
/// The session cookie (`SessionCookieCodec`) and the CSRF browser-id cookie and form tokens
/// (`CSRFProtection`) are built on it; each keeps only what is its own (what the payload is,
/// what it is bound to, how long it lives). Values are `MessageSigner` tokens, so they only
/// ever contain `[A-Za-z0-9-_.]`. Headers always carry `Path=/; HttpOnly; SameSite=Lax`.
///
/// ```swift
/// let cookie = SignedCookie(secret: secret, purpose: "session", name: "wr_session")
/// let value = cookie.sign(payload)
/// cookie.verify(value)                                           // payload; nil if tampered
/// SignedCookie.isFresh(issuedAt: issued, now: now, lifetime: 3600) // false once expired
/// response.headers.add("Set-Cookie", cookie.setCookieHeader(value: value, maxAge: 3600))
/// ```
struct SignedCookie: Sendable {
    /// A value issued up to this many seconds in the future is still accepted, so instances
    /// whose clocks differ slightly can share cookies and tokens.
    static let allowedClockSkew = 300

    /// The cookie's name.
    let name: String
    /// Whether the cookie carries `Secure` (serve over HTTPS, or behind a TLS proxy).
    private(set) var secure: Bool

    private let signer: MessageSigner

    /// A cookie named `name` whose values are signed with `secret`'s key for `purpose`.
    ///
    /// - Precondition: `name` is a valid cookie name (letters, digits, `_`, `-`, …); it is
    ///   configuration, not request input.
    init(secret: AppSecret, purpose: String, name: String, secure: Bool) {
        precondition(SetCookie.isValidName(name), "invalid cookie name \(name.debugDescription)")
        self.name = name
        self.secure = secure
        self.signer = MessageSigner(secret: secret, purpose: purpose)
    }

    /// The same cookie, with the same key, marked `Secure` (for requests that came over TLS).
    func markedSecure() -> SignedCookie {
        var copy = self
        copy.secure = true
        return copy
    }

    /// `payload` signed, so that it verifies only with the same `context` (empty: unbound).
    func sign(_ payload: [UInt8], boundTo context: [UInt8] = []) -> String {
        signer.sign(payload, boundTo: context)
    }

    /// The payload of a value `sign` made for `context`; `nil` for a tampered, forged or
    /// malformed value, or one bound to another context.
    func verify(_ value: String, boundTo context: [UInt8] = []) -> [UInt8]? {
        signer.verify(value, boundTo: context)
    }

    /// Whether something issued at `issuedAt` is still valid at `now` (Unix seconds): at most
    /// `lifetime` seconds old and at most `allowedClockSkew` seconds in the future.
    static func isFresh(issuedAt: Int, now: Int, lifetime: Int) -> Bool {
        let (age, overflow) = now.subtractingReportingOverflow(issuedAt)
        return !overflow && age <= lifetime && age >= -allowedClockSkew
    }

    /// The `Set-Cookie` header value storing `value` (`Path=/; HttpOnly; SameSite=Lax`, with
    /// `Max-Age` when given, and `Secure` when configured).
    func setCookieHeader(value: String, maxAge: Int?) -> String {
        SetCookie(name: name, value: value, maxAge: maxAge, secure: secure).headerValue
    }

    /// A `Set-Cookie` header value that removes the cookie (`Max-Age=0`).
    var clearCookieHeader: String {
        setCookieHeader(value: "", maxAge: 0)
    }
}
