import WebRouterHTML
import WebRouterHTTP
/// Decides the origin of the absolute URLs a page offers (share links), from the
/// configuration only: the configured ``PublicOrigin`` when there is one; otherwise the
/// request's host, but only when the configuration allows that host (by default the
/// loopback names, on any port); otherwise none, and the page uses the local path.
/// `X-Forwarded-Host` and `X-Forwarded-Proto` count only with
/// ``ApplicationConfiguration/trustsForwardedProto``, and a forwarded host must be allowed too.
///
/// ```swift
/// let policy = OriginPolicy(configuration)
/// policy.absoluteURL(for: "/feed", request: request)
/// // "https://scores.example/feed" with a public origin,
/// // "http://127.0.0.1:8080/feed" for Host: 127.0.0.1:8080 without one,
/// // "/feed" for Host: evil.example
/// ```
struct OriginPolicy: Sendable {
    let publicOrigin: PublicOrigin?
    /// Lower-cased host names and addresses (`[::1]` bracketed) a request's host may be.
    let allowedHosts: Set<String>
    let trustsForwardedHeaders: Bool
    let secureCookies: Bool

    init(_ configuration: ApplicationConfiguration) {
        self.init(publicOrigin: configuration.publicOrigin, allowedHosts: configuration.allowedHosts,
                  trustsForwardedHeaders: configuration.trustsForwardedProto, secureCookies: configuration.secureCookies)
    }

    init(publicOrigin: PublicOrigin?, allowedHosts: [String], trustsForwardedHeaders: Bool, secureCookies: Bool) {
        self.publicOrigin = publicOrigin
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
        self.trustsForwardedHeaders = trustsForwardedHeaders
        self.secureCookies = secureCookies
    }

    /// With only the loopback names allowed: for contexts made in tests.
    static let loopbackOnly = OriginPolicy(
        publicOrigin: nil, allowedHosts: ApplicationConfiguration.loopbackHosts, trustsForwardedHeaders: false,
        secureCookies: false)

    /// `path` made absolute when an origin is known, else `path` itself. Only a local path
    /// (`/…`, not `//…`) is made absolute; anything else is returned unchanged.
    func absoluteURL(for path: String, request: HTTPRequest) -> String {
        guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\") else { return path }
        if let publicOrigin { return publicOrigin.url(for: path) }
        guard let origin = requestOrigin(request) else { return path }
        return origin + path
    }

    /// `scheme://host[:port]` of the request when its host is allowed.
    func requestOrigin(_ request: HTTPRequest) -> String? {
        var hostValue = request.headers["Host"]
        if trustsForwardedHeaders, let forwarded = request.headers["X-Forwarded-Host"] {
            // A proxy appends: the last value is the one it saw.
            hostValue = forwarded.split(separator: ",").last.map { String($0.trimmingSpaces()) }
        }
        guard let hostValue, let authority = HostAndPort(Substring(hostValue)),
            allowedHosts.contains(authority.host)
        else { return nil }
        let forwardedHTTPS = trustsForwardedHeaders
            && request.headers["X-Forwarded-Proto"]?.lowercased() == "https"
        let scheme = secureCookies || forwardedHTTPS ? "https" : "http"
        return scheme + "://" + authority.host + (authority.port.map { ":\($0)" } ?? "")
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
