import WebRouterHTML
import WebRouterHTTP
/// Cross-site request forgery protection with a signed double-submit token.
///
/// Each browser gets a random id in its own `HttpOnly` cookie; each form carries a token that
/// signs its issue time bound to that id (the id itself is not in the token). A POST is
/// accepted only when its token verifies against the id in the cookie and is not expired, which
/// a page on another site cannot arrange.
///
/// ```swift
/// let csrf = CSRFProtection(secret: secret)
/// let id = cookies[csrf.cookieName].flatMap { csrf.isWellFormedBrowserID($0) ? $0 : nil } ?? csrf.newBrowserID()
/// let field = csrf.token(for: id, now: now)            // <input type="hidden" name="csrf" value=…>
/// // on POST:
/// guard csrf.isValid(token: form["csrf"], browserID: cookies[csrf.cookieName], now: now) else { return .forbidden }
/// ```
struct CSRFProtection: Sendable {
    /// The number of random bytes in a browser id.
    static let browserIDByteCount = 16

    /// How long a form token stays valid, in seconds.
    let tokenLifetime: Int

    /// The browser-id cookie, whose key also signs the form tokens (purpose `"csrf"`).
    private var cookie: SignedCookie

    /// The name of the browser-id cookie.
    var cookieName: String { cookie.name }
    /// Whether the cookie carries `Secure`.
    var secure: Bool { cookie.secure }

    /// CSRF protection signing with `secret`'s CSRF key.
    ///
    /// - Precondition: `cookieName` is a valid cookie name and `tokenLifetime` is positive;
    ///   both are configuration, not request input.
    init(
        secret: AppSecret,
        cookieName: String = "wr_csrf",
        tokenLifetime: Int = 60 * 60 * 12,
        secure: Bool = false
    ) {
        precondition(tokenLifetime > 0, "tokenLifetime must be positive, got \(tokenLifetime)")
        self.tokenLifetime = tokenLifetime
        self.cookie = SignedCookie(secret: secret, purpose: "csrf", name: cookieName, secure: secure)
    }

    /// The same protection, with the same key, marking its cookie `Secure` (for requests that
    /// came over TLS).
    func markedSecure() -> CSRFProtection {
        var copy = self
        copy.cookie = cookie.markedSecure()
        return copy
    }

    /// A new random 128-bit browser id, base64url (22 characters).
    func newBrowserID() -> String {
        Base64URL.encode(CryptoPrimitives.randomBytes(Self.browserIDByteCount))
    }

    /// Whether `browserID` looks like one `newBrowserID()` made (a cookie value worth keeping).
    func isWellFormedBrowserID(_ browserID: String) -> Bool {
        browserID.utf8.count == Base64URL.encodedLength(of: Self.browserIDByteCount)
            && Base64URL.isCanonical(browserID)
    }

    /// A form token for `browserID`, issued at `now` (Unix seconds).
    func token(for browserID: String, now: Int) -> String {
        cookie.sign(Self.timestampBytes(now), boundTo: Array(browserID.utf8))
    }

    /// Whether `token` was issued for `browserID` and has not expired at `now`; `false` for a
    /// missing, forged, malformed or expired token, or one made for another browser.
    func isValid(token: String?, browserID: String?, now: Int) -> Bool {
        guard let token, let browserID, isWellFormedBrowserID(browserID),
              let payload = cookie.verify(token, boundTo: Array(browserID.utf8)),
              let issuedAt = Self.timestamp(from: payload)
        else { return false }
        return SignedCookie.isFresh(issuedAt: issuedAt, now: now, lifetime: tokenLifetime)
    }

    /// The `Set-Cookie` header value storing `browserID` (`Path=/; HttpOnly; SameSite=Lax`, and
    /// `Secure` when configured) for the browser's session. Pass an id from `newBrowserID()`;
    /// a malformed one yields a header that clears the cookie instead, so nothing from a
    /// request can reach the header.
    func setCookieHeader(browserID: String) -> String {
        guard isWellFormedBrowserID(browserID) else { return cookie.clearCookieHeader }
        return cookie.setCookieHeader(value: browserID, maxAge: nil)
    }

    private static func timestampBytes(_ time: Int) -> [UInt8] {
        let bits = UInt64(bitPattern: Int64(time))
        return (0..<8).map { UInt8(truncatingIfNeeded: bits >> UInt64(56 - 8 * $0)) }
    }

    private static func timestamp(from bytes: [UInt8]) -> Int? {
        guard bytes.count == 8 else { return nil }
        let bits = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(exactly: Int64(bitPattern: bits))
    }
}
