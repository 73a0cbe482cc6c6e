/// The headers every page carries: no inline script, no framing, no MIME sniffing, no
/// cross-site referrer, and no caching of pages that depend on the session.
enum SecurityHeaders {
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The headers, in the order they are sent.
    static let fields: [(name: String, value: String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
        ("X-Frame-Options", "DENY"),
        ("Cache-Control", "no-store"),
    ]

    /// Sets every security header, replacing one the handler set under the same name.
    static func apply(to headers: inout HTTPHeaders) {
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
