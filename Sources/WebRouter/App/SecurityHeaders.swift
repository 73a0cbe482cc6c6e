import WebRouterHTML
import WebRouterHTTP
/// The headers every page carries: no inline script, no framing by other sites, no MIME
/// sniffing, no cross-site referrer, and no caching of pages that depend on the session.
///
/// Pages may be framed by pages of the same origin only (`frame-ancestors 'self'`,
/// `X-Frame-Options: SAMEORIGIN`), and frame nothing themselves (`frame-src 'none'`), except
/// the storyboard map: its cards hold live miniatures of the app's own pages, so its policy
/// alone allows `frame-src 'self'` (``storyboardFields``).
enum SecurityHeaders {
    /// The Content-Security-Policy of pages whose frames may load `frameSource`.
    static func contentSecurityPolicy(frameSource: String) -> String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
            + "frame-src \(frameSource); base-uri 'none'; form-action 'self'; frame-ancestors 'self'"
    }

    /// The policy of every page: no frames.
    static let contentSecurityPolicy = contentSecurityPolicy(frameSource: "'none'")
    /// The storyboard map's policy: frames of its own origin (the miniatures).
    static let storyboardContentSecurityPolicy = contentSecurityPolicy(frameSource: "'self'")

    /// The headers, in the order they are sent.
    static let fields = fields(contentSecurityPolicy: contentSecurityPolicy)
    /// The storyboard map's headers: the same, with its own policy.
    static let storyboardFields = fields(contentSecurityPolicy: storyboardContentSecurityPolicy)

    private static func fields(contentSecurityPolicy: String) -> [(name: String, value: String)] {
        [
            ("Content-Security-Policy", contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "same-origin"),
            ("X-Frame-Options", "SAMEORIGIN"),
            ("Cache-Control", "no-store"),
        ]
    }

    /// Sets every security header, replacing one the handler set under the same name.
    static func apply(to headers: inout HTTPHeaders) {
        apply(fields, to: &headers)
    }

    /// Sets the storyboard map's headers (``storyboardFields``).
    static func applyForStoryboard(to headers: inout HTTPHeaders) {
        apply(storyboardFields, to: &headers)
    }

    private static func apply(_ fields: [(name: String, value: String)], to headers: inout HTTPHeaders) {
        headers.reserveCapacity(headers.count + fields.count + 1)   // and usually one Set-Cookie
        // Usually the response has none of them yet (only its Content-Type): one pass over
        // its few fields settles that, and the five are appended without five more searches.
        let hasAny = headers.fields.contains { field in
            fields.contains { HTTPHeaders.equalCaseInsensitive($0.name, field.name) }
        }
        if hasAny {
            for field in fields { headers.set(name: field.name, value: field.value) }
        } else {
            headers.fields.append(contentsOf: fields)
        }
    }
}
