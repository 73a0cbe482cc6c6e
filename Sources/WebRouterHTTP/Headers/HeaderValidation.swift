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
    /// bytes (a `Host` is told by its length first), not through `String`'s generic views.
    static func problem(in headers: HTTPHeaders, isHTTP11: Bool) -> String? {
        var hosts = 0
        var blank = false
        for field in headers.fields {
            var name = field.name
            let (isHost, isBlank) = name.withUTF8 { bytes -> (Bool, Bool) in
                var isBlank = bytes.isEmpty
                for byte in bytes where byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    isBlank = true
                    break
                }
                let isHost = bytes.count == 4 && ASCII.lower(bytes[0]) == UInt8(ascii: "h")
                    && ASCII.lower(bytes[1]) == UInt8(ascii: "o") && ASCII.lower(bytes[2]) == UInt8(ascii: "s")
                    && ASCII.lower(bytes[3]) == UInt8(ascii: "t")
                return (isHost, isBlank)
            }
            if isBlank { blank = true; break }
            if isHost { hosts += 1 }
        }
        if blank { return "A header name holds whitespace (there may be none before its colon)." }
        if hosts > 1 { return "The request has more than one Host header." }
        if hosts == 0 && isHTTP11 { return "The request has no Host header." }
        return nil
    }
}
