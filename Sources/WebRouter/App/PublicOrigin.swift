import WebRouterHTML
import WebRouterHTTP
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The scheme, host and port visitors reach the application at (`https://scores.example`),
/// validated once at start-up. Absolute URLs (share links, anything meant to leave the site)
/// are built from it, never from the request's `Host` header, which any client can set.
///
/// ```swift
/// var configuration = ApplicationConfiguration(appName: "Scores")
/// configuration.publicOrigin = try PublicOrigin("https://scores.example")
/// configuration.publicOrigin = try PublicOrigin.fromEnvironment()   // WEBROUTER_PUBLIC_URL, or nil
/// ```
public struct PublicOrigin: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`.
    public let scheme: String
    /// A host name (lower-cased), an IPv4 address or a bracketed IPv6 address (`[::1]`).
    public let host: String
    /// The port, `nil` when it is the scheme's default.
    public let port: Int?

    /// The environment variable ``fromEnvironment(_:environment:)`` reads.
    public static let environmentVariable = "WEBROUTER_PUBLIC_URL"

    /// What is wrong with a public URL.
    public struct InvalidOrigin: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses `scheme://host[:port]` (a trailing `/` is allowed; a path, query, fragment or
    /// user name is not). The scheme must be `http` or `https`.
    public init(_ text: String) throws(InvalidOrigin) {
        func invalid(_ why: String) -> InvalidOrigin {
            InvalidOrigin(description: "\"\(text)\" is not a public URL: \(why) (expected e.g. https://app.example.com)")
        }
        var rest = Substring(text)
        guard let separator = rest.range(of: "://") else { throw invalid("no scheme") }
        let scheme = rest[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { throw invalid("the scheme must be http or https") }
        rest = rest[separator.upperBound...]
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.isEmpty else { throw invalid("no host") }
        guard !rest.contains(where: { "/?#@\\ \t".contains($0) }) else {
            throw invalid("only a scheme, a host and a port are allowed")
        }
        guard let authority = HostAndPort(rest) else { throw invalid("the host or port is malformed") }
        self.scheme = scheme
        self.host = authority.host
        let isDefault = authority.port == nil || authority.port == (scheme == "https" ? 443 : 80)
        self.port = isDefault ? nil : authority.port
    }

    /// The origin in `WEBROUTER_PUBLIC_URL` (or `variable`); `nil` when it is unset or empty,
    /// and an error naming the variable when it is set but invalid.
    public static func fromEnvironment(
        _ variable: String = environmentVariable, environment: [String: String]? = nil
    ) throws(InvalidOrigin) -> PublicOrigin? {
        let value = environment.map { $0[variable] } ?? getenv(variable).map { String(cString: $0) }
        guard let value, !value.isEmpty else { return nil }
        do {
            return try PublicOrigin(value)
        } catch {
            throw InvalidOrigin(description: "\(variable): \(error.description)")
        }
    }

    /// `https://scores.example` or `http://127.0.0.1:8080`: no trailing slash.
    public var description: String {
        scheme + "://" + host + (port.map { ":\($0)" } ?? "")
    }

    /// The absolute URL of a local path: `origin.url(for: "/feed")` is `https://scores.example/feed`.
    public func url(for path: String) -> String {
        description + path
    }
}
