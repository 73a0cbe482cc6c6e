/// The headers every page carries: no inline script, no framing, no MIME sniffing, no
/// cross-site referrer, and no caching of pages that depend on the session.
enum SecurityHeaders {
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    static func apply(to headers: inout HTTPHeaders) {
        headers.reserveCapacity(headers.count + 6)   // these five and usually one Set-Cookie
        headers.set(name: "Content-Security-Policy", value: contentSecurityPolicy)
        headers.set(name: "X-Content-Type-Options", value: "nosniff")
        headers.set(name: "Referrer-Policy", value: "same-origin")
        headers.set(name: "X-Frame-Options", value: "DENY")
        headers.set(name: "Cache-Control", value: "no-store")
    }
}
