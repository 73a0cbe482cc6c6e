public import Logging
public import Foundation
import WebRouterHTML

/// How an ``Application`` presents itself and signs its cookies.
///
/// ```swift
/// let (secret, isEphemeral) = AppSecret.fromEnvironment()
/// var configuration = ApplicationConfiguration(appName: "Scores", secret: secret)
/// configuration.layout = PageLayout(footer: { _ in AnyHTML { small { "Sample data" } } })
/// ```
public struct ApplicationConfiguration: Sendable {
    /// The suffix of every `<title>`.
    public var appName: String
    /// The key material for session cookies and CSRF tokens; instances that serve the same
    /// visitors must share it (`WEBROUTER_SECRET`).
    public var secret: AppSecret
    /// Head tags, header and footer around every page.
    public var layout: PageLayout
    /// Marks every cookie `Secure` and names it with the `__Host-` prefix (the app is only
    /// reached over TLS). An `https` ``publicOrigin`` does the same.
    public var secureCookies: Bool
    /// Behind a TLS-terminating proxy that sets `X-Forwarded-Proto`: cookies of requests the
    /// proxy says came over `https` are marked `Secure`, and absolute URLs use the proxy's
    /// `X-Forwarded-Proto` and `X-Forwarded-Host` (the host must still be allowed). Leave it off when clients can reach
    /// the app directly, since they could send the header themselves. This trusts every
    /// peer; ``trustedProxies`` trusts the headers of the named addresses only.
    public var trustsForwardedProto = false
    /// The addresses of the reverse proxies (`10.0.0.5`, `::1`) whose `X-Forwarded-Proto`,
    /// `X-Forwarded-Host` and `X-Forwarded-For` are believed, as with ``trustsForwardedProto``
    /// but only for requests whose peer is one of them (`--trusted-proxy`). Behind one, the
    /// client address of ``RequestContext/clientAddress`` is the last `X-Forwarded-For` entry.
    public var trustedProxies: [String] = []
    /// The `max-age` of `Strict-Transport-Security`, in seconds, sent on every page answered
    /// to a request that came over TLS (an `https` ``publicOrigin``, ``secureCookies``, or a
    /// trusted proxy's `X-Forwarded-Proto: https`): browsers then use `https` only for that
    /// long. Never sent over plain `http`; `0` sends none (`--hsts-max-age`). Default: one year.
    public var strictTransportSecurityMaxAge = 31_536_000
    /// The app's record of active sessions: when set, a session is valid only while the
    /// registry says so, which lets sign-out and password changes end sessions on the server
    /// (see ``SessionRegistry``). `nil`: a session is valid until its cookie expires.
    public var sessionRegistry: (any SessionRegistry)?
    /// Seconds for which this instance reuses the registry's "active" for the same session
    /// cookie instead of asking again (`--session-check-interval`); `0`, the default, asks on
    /// every request. A session that changes (sign-out) is forgotten at once, and
    /// ``RequestContext/sessionsEnded()`` forgets them all (after a password change); a
    /// session ended on another instance stays usable here for at most this long.
    public var sessionCheckInterval = 0
    /// Where visitors reach the app (`https://scores.example`): the origin of every absolute
    /// URL a page offers, such as share links (``RequestContext/absoluteURL(for:)``). Without
    /// one, absolute URLs use the request's host only when it is in ``allowedHosts``, and
    /// pages otherwise offer the local path: a `Host` header is never trusted by itself.
    public var publicOrigin: PublicOrigin?
    /// The hosts (names or addresses, any port) a request's `Host` may name for absolute URLs
    /// when there is no ``publicOrigin``. Default: the loopback names.
    public var allowedHosts: [String] = ApplicationConfiguration.loopbackHosts
    /// `localhost`, `127.0.0.1` and `[::1]`.
    public static let loopbackHosts = ["localhost", "127.0.0.1", "[::1]"]
    /// How long a session lasts, in seconds.
    public var sessionLifetime: Int
    /// Where the application logs (failed screens, rejected forms).
    public var logger: Logger
    /// The path of the storyboard map of the tree (`nil` turns it off).
    public var storyboardPath: String?
    /// The route patterns an app's tests landed on (WebRouterTesting writes them to
    /// `.build/state-check/<app>.coverage.txt`): when set, the storyboard map marks each
    /// transition `tested` or `untested` (see <doc:CheckingEveryState>).
    /// ```swift
    /// configuration.storyboardCoverage = try StateCheckOptions.readCoverage(at: ".build/state-check/Notes.coverage.txt")
    /// ```
    public var storyboardCoverage: Set<String>? = nil
    /// How the application tells who is signed in and their roles, for the screens that need
    /// a signed-in person (`.requiresSignIn()`), and how the tab bar shows those tabs to
    /// someone signed out. By default the session's `user` entry is the person, its `roles`
    /// entry their roles, and locked tabs are shown marked (see <doc:SignInPerScreen>).
    /// ```swift
    /// configuration.signIn = SignInPolicy(person: { $0.session["account"] }, lockedTabs: .hidden)
    /// ```
    public var signIn = SignInPolicy()
    /// Told of every screen view and every move.
    public var observers: [any RouteObserver] = []
    /// Pages the server updates: the bounds on event streams and the broadcaster that
    /// carries `Application.refresh(_:)` (see ``LiveKey``).
    public var live = LiveConfiguration()
    /// Whether the speculation rules every page names (`Speculation-Rules` header) *prerender*
    /// same-origin links on intent rather than *prefetch* them (the default). Prefetch fetches
    /// the page on hover or pointer down and the click is an ordinary navigation that uses it;
    /// prerender also renders it in a hidden tab, so the click shows it at once, but the
    /// activation is a navigation tools that drive a browser (chromedriver's Back, after one)
    /// do not handle yet, and the page's scripts run before the person sees it. Browsers
    /// without speculation rules get the script's prefetch on intent either way.
    /// ```swift
    /// configuration.prerendersLinks = true
    /// ```
    public var prerendersLinks = false
    /// The server the app runs on, set once and used everywhere: the command line's `serve`
    /// starts from it (its options override what they name), and the test kit's clients run
    /// the same limits in every mode (`app.test`, `TestClient`), on a port of their own.
    /// ```swift
    /// configuration.server.maxBodySize = 4 << 20        // 4 MiB for every request
    /// configuration.server.maxOversizedFormSize = 64 << 20
    /// ```
    /// A typed form may take more than this for its own screen (``Form/maxBodySize`` and
    /// ``ScreenAction/formType``).
    public var server = ServerConfiguration()
    /// The time zone the app's days are counted in (`Day.today`, `router.request.today`);
    /// `nil` (the default) is the machine's.
    /// ```swift
    /// configuration.timeZone = TimeZone(identifier: "Europe/Paris")
    /// ```
    public var timeZone: TimeZone?
    /// How the app installs on a phone: its web app manifest's names and icons, and the
    /// service worker that keeps visited pages for offline use (see ``InstallableApp``).
    /// ```swift
    /// configuration.installable.serviceWorker = false   // no offline pages
    /// ```
    public var installable = InstallableApp()
    /// The time in Unix seconds, read once per request (session expiry, CSRF tokens' issue
    /// time). The wall clock; the package's tests fix it to compare two runs byte for byte.
    package var clock: @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }

    /// A configuration with a random secret (sessions end when the process does), the default layout, two-week sessions and the storyboard map at `/_map`, unless told otherwise.
    public init(
        appName: String = "WebRouter",
        secret: AppSecret = .random(),
        layout: PageLayout = .default,
        secureCookies: Bool = false,
        sessionLifetime: Int = 60 * 60 * 24 * 14,
        logger: Logger = Logger(label: "webrouter.app"),
        storyboardPath: String? = "/_map"
    ) {
        self.storyboardPath = storyboardPath
        self.appName = appName
        self.secret = secret
        self.layout = layout
        self.secureCookies = secureCookies
        self.sessionLifetime = sessionLifetime
        self.logger = logger
    }
}
