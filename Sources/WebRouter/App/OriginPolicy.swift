import WebRouterHTML
import WebRouterHTTP
/// Decides the origin of the absolute URLs a page offers (share links), from the
/// configuration only: the configured ``PublicOrigin`` when there is one; otherwise the
/// request's host, but only when the configuration allows that host (by default the
/// loopback names, on any port); otherwise none, and the page uses the local path.
/// `X-Forwarded-Host`, `X-Forwarded-Proto` and `X-Forwarded-For` count only with
/// ``ApplicationConfiguration/trustsForwardedProto``, or from a peer among
/// ``ApplicationConfiguration/trustedProxies``, and a forwarded host must be allowed too.
/// The same policy says whether a request came over TLS (its cookies `Secure`, HSTS sent).
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
    /// Whether every peer's `X-Forwarded-*` headers are believed (``ApplicationConfiguration/trustsForwardedProto``).
    let trustsForwardedHeaders: Bool
    /// The peers whose `X-Forwarded-*` headers are believed (``ApplicationConfiguration/trustedProxies``).
    let trustedProxies: Set<String>
    /// Every request is over TLS: `secureCookies`, or an `https` public origin.
    let secureCookies: Bool

    init(_ configuration: ApplicationConfiguration) {
        self.init(publicOrigin: configuration.publicOrigin, allowedHosts: configuration.allowedHosts,
                  trustsForwardedHeaders: configuration.trustsForwardedProto,
                  secureCookies: configuration.secureCookies || configuration.publicOrigin?.scheme == "https",
                  trustedProxies: configuration.trustedProxies)
    }

    init(publicOrigin: PublicOrigin?, allowedHosts: [String], trustsForwardedHeaders: Bool, secureCookies: Bool,
         trustedProxies: [String] = []) {
        self.publicOrigin = publicOrigin
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
        self.trustsForwardedHeaders = trustsForwardedHeaders
        self.trustedProxies = Set(trustedProxies.map { Self.normalizedAddress($0) })
        self.secureCookies = secureCookies
    }

    /// With only the loopback names allowed: for contexts made in tests.
    static let loopbackOnly = OriginPolicy(
        publicOrigin: nil, allowedHosts: ApplicationConfiguration.loopbackHosts, trustsForwardedHeaders: false,
        secureCookies: false)

    /// Whether the `X-Forwarded-*` headers of a request from `remoteAddress` are believed.
    func trustsForwardedHeaders(from remoteAddress: String?) -> Bool {
        if trustsForwardedHeaders { return true }
        guard !trustedProxies.isEmpty, let remoteAddress else { return false }
        return trustedProxies.contains(Self.normalizedAddress(remoteAddress))
    }

    /// Whether a request (its headers and peer) came over TLS: always with ``secureCookies``,
    /// else when a trusted proxy says `X-Forwarded-Proto: https`.
    func isSecure(headers: HTTPHeaders, remoteAddress: String?) -> Bool {
        if secureCookies { return true }
        guard trustsForwardedHeaders(from: remoteAddress), let proto = headers["X-Forwarded-Proto"] else { return false }
        // A proxy appends: the last value is the one it saw.
        let last = proto.split(separator: ",").last.map { $0.trimmingSpaces() } ?? ""
        return last.lowercased() == "https"
    }

    /// Whether `request` came over TLS (see ``isSecure(headers:remoteAddress:)``).
    func isSecure(_ request: HTTPRequest) -> Bool {
        isSecure(headers: request.headers, remoteAddress: request.remoteAddress)
    }

    /// The client's address: the peer's, or behind a trusted proxy the last `X-Forwarded-For`
    /// entry, the address the proxy appended (nginx's `$proxy_add_x_forwarded_for`); entries
    /// before it are what the client claimed, which it can forge.
    func clientAddress(_ request: HTTPRequest) -> String? {
        if trustsForwardedHeaders(from: request.remoteAddress), let forwarded = request.headers["X-Forwarded-For"],
           let last = forwarded.split(separator: ",").last.map({ String($0.trimmingSpaces()) }), !last.isEmpty {
            return last
        }
        return request.remoteAddress
    }

    /// Whether `address` is one of ``trustedProxies`` (not merely believed by
    /// ``trustsForwardedHeaders``).
    func isTrustedProxy(_ address: String?) -> Bool {
        guard !trustedProxies.isEmpty, let address else { return false }
        return trustedProxies.contains(Self.normalizedAddress(address))
    }

    /// An address as compared: lower-cased, without brackets, an IPv4-mapped IPv6 address as IPv4.
    static func normalizedAddress(_ address: String) -> String {
        var text = Substring(address.lowercased())
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if text.hasPrefix("::ffff:"), text.contains(".") { text = text.dropFirst(7) }
        return String(text)
    }

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
        let trusted = trustsForwardedHeaders(from: request.remoteAddress)
        if trusted, let forwarded = request.headers["X-Forwarded-Host"] {
            // A proxy appends: the last value is the one it saw.
            hostValue = forwarded.split(separator: ",").last.map { String($0.trimmingSpaces()) }
        }
        guard let hostValue, let authority = HostAndPort(Substring(hostValue)),
            allowedHosts.contains(authority.host)
        else { return nil }
        let scheme = isSecure(request) ? "https" : "http"
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
