/// The request-header rules of RFC 9112 that the server enforces itself, on top of what
/// libmicrohttpd's strict mode (`MHD_OPTION_STRICT_FOR_CLIENT` = 1) rejects while parsing.
///
/// An HTTP/1.1 request needs exactly one `Host` (RFC 9112 §3.2) whose value is a valid
/// authority, `uri-host [":" port]` (RFC 3986 §3.2.2: `a@b`, `exa mple` and `[::1` are not);
/// no field name may hold whitespace (§5.1: "No whitespace is allowed between the field name
/// and colon"), and no field value a NUL, CR or LF (RFC 9110 §5.5). Each broken rule is a
/// `400 Bad Request` whose page says which rule.
/// ```swift
/// HeaderValidation.problem(in: ["Host": "a", "Accept": "*/*"], isHTTP11: true)   // nil
/// HeaderValidation.problem(in: [], isHTTP11: true)          // "The request has no Host header."
/// ```
enum HeaderValidation {
    /// A readable sentence naming what is wrong, or `nil` when the headers are well formed.
    ///
    /// Every request passes here, a browser's with a dozen fields: each name and value is
    /// read once as bytes (``HeaderList/matches(_:_:)`` tells a `Host` by its length first),
    /// not through `String`'s generic views.
    static func problem(in headers: HTTPHeaders, isHTTP11: Bool) -> String? {
        var hosts = 0
        for field in headers.fields {
            var name = field.name
            let (isHost, isBlank) = name.withUTF8 { bytes in
                (HeaderList(bytes).matches(0..<bytes.count, "Host"),
                 bytes.isEmpty || bytes.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            }
            if isBlank { return "A header name holds whitespace (there may be none before its colon)." }
            var value = field.value
            let (forbidden, validHost) = value.withUTF8 { bytes in
                (bytes.contains { $0 == 0 || $0 == 10 || $0 == 13 }, !isHost || isAuthority(bytes))
            }
            if forbidden { return "A header value holds a NUL, CR or LF character." }
            if isHost {
                hosts += 1
                if !validHost { return "The request's Host header is not a valid host name." }
            }
        }
        if hosts > 1 { return "The request has more than one Host header." }
        if hosts == 0 && isHTTP11 { return "The request has no Host header." }
        return nil
    }

    /// Whether `bytes` is `uri-host [":" port]` (RFC 3986 §3.2.2, §3.2.3): an IP literal in
    /// brackets, or a name of unreserved characters, sub-delims and `%HH`; the port digits
    /// only. Empty is allowed (RFC 9112 §3.2: the target had no authority).
    static func isAuthority(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        // Trailing whitespace is not part of a field value (RFC 9110 §5.5).
        var length = value.count
        while length > 0, ASCII.isSpace(value[length - 1]) { length -= 1 }
        let bytes = UnsafeBufferPointer(rebasing: value[0..<length])
        if bytes.first == UInt8(ascii: "[") {
            // IP-literal: IPv6address or IPvFuture, both within this alphabet, then the port.
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 1,
                bytes[1..<close].allSatisfy({ isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") })
            else { return false }
            return isPort(UnsafeBufferPointer(rebasing: bytes[(close + 1)...]))
        }
        var end = bytes.count
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            guard isPort(UnsafeBufferPointer(rebasing: bytes[colon...])) else { return false }
            end = colon
        }
        let host = UnsafeBufferPointer(rebasing: bytes[0..<end])
        var index = 0
        while index < host.count {
            let byte = host[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < host.count, isHexDigit(host[index + 1]), isHexDigit(host[index + 2]) else {
                    return false
                }
                index += 3
                continue
            }
            guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
            index += 1
        }
        return true
    }

    /// Whether `bytes` is empty or `":" *DIGIT`.
    private static func isPort(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.isEmpty || (bytes.first == UInt8(ascii: ":") && bytes.dropFirst().allSatisfy { $0 >= 0x30 && $0 <= 0x39 })
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (ASCII.lower(byte) >= UInt8(ascii: "a") && ASCII.lower(byte) <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (ASCII.lower(byte) >= UInt8(ascii: "a") && ASCII.lower(byte) <= UInt8(ascii: "f"))
    }

    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }
}
