/// The request-header rules of RFC 9112 that the server enforces itself, on top of what
/// libmicrohttpd's strict mode (`MHD_OPTION_STRICT_FOR_CLIENT` = 1) rejects while parsing.
///
/// An HTTP/1.1 request needs exactly one `Host` (RFC 9112 §3.2), and no field name may hold
/// whitespace (§5.1: "No whitespace is allowed between the field name and colon"). Each broken
/// rule is a `400 Bad Request` whose page says which rule.
/// ```swift
/// HeaderValidation.problem(in: ["Host": "a", "Accept": "*/*"], isHTTP11: true)   // nil
/// HeaderValidation.problem(in: [], isHTTP11: true)          // "The request has no Host header."
/// ```
enum HeaderValidation {
    /// A readable sentence naming what is wrong, or `nil` when the headers are well formed.
    ///
    /// Every request passes here, a browser's with a dozen fields: each name is read once as
    /// bytes (``HeaderList/matches(_:_:)`` tells a `Host` by its length first), not through
    /// `String`'s generic views.
    static func problem(in headers: HTTPHeaders, isHTTP11: Bool) -> String? {
        var hosts = 0
        for field in headers.fields {
            var name = field.name
            let (isHost, isBlank) = name.withUTF8 { bytes in
                (HeaderList(bytes).matches(0..<bytes.count, "Host"),
                 bytes.isEmpty || bytes.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            }
            if isBlank { return "A header name holds whitespace (there may be none before its colon)." }
            if isHost { hosts += 1 }
        }
        if hosts > 1 { return "The request has more than one Host header." }
        if hosts == 0 && isHTTP11 { return "The request has no Host header." }
        return nil
    }
}
