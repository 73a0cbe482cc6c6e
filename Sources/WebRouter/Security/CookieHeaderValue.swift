/// Builds `Set-Cookie` header values for the security cookies, and checks cookie names.
///
/// Values passed in are already restricted to `[A-Za-z0-9-_.]` by their callers, so no
/// attribute can be injected through them.
///
/// ```swift
/// CookieHeaderValue.make(name: "wr_csrf", value: id, maxAge: nil, secure: false)
/// // "wr_csrf=…; Path=/; HttpOnly; SameSite=Lax"
/// ```
enum CookieHeaderValue {
    /// A `Set-Cookie` value with `Path=/`, `HttpOnly`, `SameSite=Lax`, `Max-Age` when given
    /// and `Secure` when asked for.
    static func make(name: String, value: String, maxAge: Int?, secure: Bool) -> String {
        var header = name + "=" + value + "; Path=/"
        if let maxAge {
            header += "; Max-Age=\(maxAge)"
            if maxAge == 0 { header += "; Expires=Thu, 01 Jan 1970 00:00:00 GMT" }
        }
        header += "; HttpOnly; SameSite=Lax"
        if secure { header += "; Secure" }
        return header
    }

    /// Whether `name` is a valid cookie name (an RFC 6265 token): printable ASCII without
    /// separators, so it can never break the header it is written into.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            byte > 0x20 && byte < 0x7F && !separators.contains(byte)
        }
    }

    private static let separators = Set("()<>@,;:\\\"/[]?={}".utf8)
}
