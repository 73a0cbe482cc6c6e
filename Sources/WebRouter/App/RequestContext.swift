public import Logging
import WebRouterHTML
@_spi(WebRouterInternals) import WebRouterHTTP
/// What a screen, an action and the window's condition know about the request being
/// answered: the request itself, the signed session, the CSRF token for forms, and, when a
/// form is rendered again after a failed action, what was submitted and what was wrong.
///
/// ```swift
/// Window(selecting: { $0.session["user"] == nil ? 1 : 2 }) { … }
///
/// func body(_ context: Void, router: Router<Search>) -> some HTML {
///     let query = router.request.query["q"] ?? ""
///     …
/// }
/// ```
public final class RequestContext: Sendable {
    /// The HTTP request.
    public let request: HTTPRequest
    /// What the browser fetched this page for ahead of a move (`Sec-Purpose`), or `nil` for a
    /// visit. A prefetched or prerendered page is not a visit: count a view when it is `nil`.
    /// ```swift
    /// if router.request.speculative == nil { await views.count(match.id) }
    /// ```
    /// The service worker's copy of a page it keeps says `Purpose: prefetch` (a script may not
    /// send `Sec-Purpose`): not a visit either.
    public var speculative: SpeculativeRequest? {
        SpeculativeRequest(secPurpose: request.headers["Sec-Purpose"] ?? request.headers["Purpose"])
    }

    /// Today in the app's time zone (``ApplicationConfiguration/timeZone``, else the machine's).
    /// ```swift
    /// router.form(.book, Booking(checkIn: router.request.today.adding(days: 1))) { fields in fields }
    /// ```
    public var today: Day { Day.today }
    /// The time of the request, in seconds since 1970.
    public let now: Int
    /// The token every form of this page carries in its `_csrf` field (signed the first time
    /// a form asks for it, so pages without forms sign nothing).
    public var csrfToken: String {
        mutable.withLock { state in
            if let cached = state.csrfToken { return cached }
            let made: String
            switch tokenSource {
            case .fixed(let token): made = token
            case .signed(let protection): made = protection.token(for: browserID, now: now)
            }
            state.csrfToken = made
            return made
        }
    }
    private let tokenSource: CSRFTokenSource
    /// The values of the form being rendered again after an action answered `.invalid`.
    public let submittedForm: FormData?
    /// The messages of that failed action.
    public let formErrors: FormErrors

    let browserID: String
    let issuesBrowserID: Bool
    /// The request's tab-memory cookie, read with the session and CSRF cookies.
    let tabMemoryCookie: String?
    /// Where absolute URLs point (see ``absoluteURL(for:)``).
    let origins: OriginPolicy
    /// The application's remembered registry answers, when it keeps them.
    let verifiedSessions: BoundedCache<Session, Int>?
    /// The application's logger (``ApplicationConfiguration/logger``), before the request's id.
    let appLogger: Logger?
    /// What the handler can change or fills in lazily: one lock (and one allocation) for both.
    private let mutable: Locked<MutableState>

    private struct MutableState: Sendable {
        var csrfToken: String?
        var session: Session
        var sessionChanged = false
        var brokenLinks: [String] = []
        var liveKeys: [LiveKey] = []
        /// Who the request comes from, once the application has asked its ``SignInPolicy``.
        var viewer: Viewer?
    }

    init(request: HTTPRequest, now: Int, session: Session, browserID: String, issuesBrowserID: Bool,
         tabMemoryCookie: String?, csrfToken: CSRFTokenSource, submittedForm: FormData? = nil,
         formErrors: FormErrors = FormErrors(), origins: OriginPolicy = .loopbackOnly, clearsSession: Bool = false,
         verifiedSessions: BoundedCache<Session, Int>? = nil, logger: Logger? = nil) {
        self.verifiedSessions = verifiedSessions
        self.request = request
        self.appLogger = logger
        self.origins = origins
        self.tabMemoryCookie = tabMemoryCookie
        self.now = now
        self.browserID = browserID
        self.issuesBrowserID = issuesBrowserID
        self.tokenSource = csrfToken
        self.submittedForm = submittedForm
        self.formErrors = formErrors
        self.mutable = Locked(MutableState(session: session, sessionChanged: clearsSession))
    }

    /// A context for a request in tests, with an empty session and a fixed token.
    public convenience init(request: HTTPRequest = HTTPRequest(method: .get, path: "/"), session: Session? = nil) {
        self.init(request: request, now: 0, session: session ?? Session(issuedAt: 0), browserID: "test",
                  issuesBrowserID: false, tabMemoryCookie: request.cookie(TabMemory.cookieName), csrfToken: .fixed("test"))
    }

    /// The client's IP address: the peer's, or behind a trusted proxy
    /// (``ApplicationConfiguration/trustedProxies``) the last `X-Forwarded-For` entry. What an
    /// ``AttemptThrottle`` keys a client by.
    /// ```swift
    /// let keys = [AttemptThrottle.Key.account(username), .client(router.request)]
    /// ```
    public var clientAddress: String? { origins.clientAddress(request) }

    /// The query items of the request URL.
    public var query: QueryItems { request.query }

    /// The application's logger with this request's id as `request-id` metadata: the id the
    /// access log shows, the response's `X-Request-Id` and the request's span carry. Made when
    /// asked for, so requests that log nothing pay nothing.
    /// ```swift
    /// router.request.logger.warning("no seat left on trip \(id)")
    /// // … warning webrouter.app: request-id=3f9c0e-0000001a [TravelApp] no seat left on trip 3
    /// ```
    public var logger: Logger {
        var logger = appLogger ?? Logger(label: "webrouter.app")
        if !request.requestID.isEmpty { logger[metadataKey: RequestID.metadataKey] = .string(request.requestID) }
        return logger
    }

    /// The signed session (empty for a new visitor).
    public var session: Session { mutable.withLock { $0.session } }

    /// Changes the session; the new value is sent back in its signed cookie.
    /// ```swift
    /// router.request.updateSession { $0["user"] = "demo" }     // sign in
    /// router.request.updateSession { $0.values = [:] }         // sign out
    /// ```
    public func updateSession(_ change: (inout Session) -> Void) {
        mutable.withLock { state in
            change(&state.session)
            state.session.issuedAt = now
            state.sessionChanged = true
        }
    }

    /// Tells the application that sessions were ended in the app's store (a password change
    /// ended the account's other sessions): the answers it kept from the
    /// ``ApplicationConfiguration/sessionRegistry`` are forgotten, so each session is asked
    /// about again on its next request (see ``ApplicationConfiguration/sessionCheckInterval``).
    /// ```swift
    /// try await accounts.endSessions(of: user, except: router.request.session.id)
    /// router.request.sessionsEnded()
    /// ```
    public func sessionsEnded() {
        verifiedSessions?.removeAll()
    }

    /// Programming errors met while rendering (a link along a transition the route table
    /// never saw): the page is answered `500` naming them instead of linking somewhere wrong.
    var brokenLinks: [String] { mutable.withLock { $0.brokenLinks } }
    /// The keys the page's screens show (``ContentScreen/liveKeys(for:)``).
    var liveKeys: [LiveKey] { mutable.withLock { $0.liveKeys } }
    func showLive(_ keys: [LiveKey]) { mutable.withLock { $0.liveKeys += keys } }

    func reportBrokenLink(_ problem: String) {
        mutable.withLock { $0.brokenLinks.append(problem) }
    }

    /// The person the ``SignInPolicy`` found, once asked (see `Application.viewer(for:)`).
    var viewer: Viewer? {
        get { mutable.withLock { $0.viewer } }
        set { mutable.withLock { $0.viewer = newValue } }
    }

    var sessionChange: Session? {
        mutable.withLock { $0.sessionChanged ? $0.session : nil }
    }

    /// The `next` query parameter when it is a local path (the page a visitor wanted before
    /// being sent to sign in); anything else is ignored. Every link printed while it is set
    /// carries it, so it survives the moves inside the sign-in case until an action uses it:
    /// ```swift
    /// return .move(to: router.request.nextURL ?? "/feed")
    /// ```
    public var nextURL: String? { LocalPath.sanitized(request.query["next"]) }

    /// The absolute URL of a local path, for links meant to leave the site (a share box):
    /// on the configured ``ApplicationConfiguration/publicOrigin``, else on the request's host
    /// when the configuration allows it (by default only loopback hosts), else `path` as it
    /// is. Never built from an arbitrary `Host` header.
    /// ```swift
    /// router.request.absoluteURL(for: "/feed/match/12")   // "https://scores.example/feed/match/12"
    /// ```
    public func absoluteURL(for path: String) -> String {
        origins.absoluteURL(for: path, request: request)
    }

    /// A submitted value to put back into a field of a form rendered again.
    public func submitted(_ field: String) -> String? { submittedForm?[field] }
}

/// Where a request's CSRF token comes from: signed for its browser on first use (a value, so
/// a request context allocates no closure for it), or fixed (tests, a form shown again).
enum CSRFTokenSource: Sendable {
    case fixed(String)
    case signed(CSRFProtection)
}
