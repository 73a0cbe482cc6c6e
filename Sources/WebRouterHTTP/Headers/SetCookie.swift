/// A cookie to set on the client with a `Set-Cookie` response header.
///
/// Defaults are the safe ones: `Path=/`, `HttpOnly`, `SameSite=Lax`.
/// ```swift
/// var response = HTTPResponse.redirect(to: "/feed")
/// response.setCookie(SetCookie(name: "session", value: token, maxAge: 86_400, secure: true))
/// response.setCookie(SetCookie(name: "old", value: "", maxAge: 0))   // deletes "old"
/// ```
/// Bytes that may not appear in a cookie name, value or path (controls, CR/LF, `;`, spaces,
/// quotes, …) are percent-encoded in ``headerValue``, so a cookie can never inject a header
/// or attribute; ``isValid`` tells whether that was needed.
public struct SetCookie: Sendable, Equatable {
    /// The `SameSite` attribute.
    public enum SameSite: String, Sendable {
        /// Sent only with requests from the site itself.
        case strict = "Strict"
        /// Also sent on top-level navigations from other sites (following a link); the default.
        case lax = "Lax"
        /// Sent with every request, cross-site ones included (implies `Secure`).
        case none = "None"
    }

    /// The cookie's name (an RFC 9110 token).
    public var name: String
    /// The cookie's value; an empty value with `maxAge: 0` deletes it.
    public var value: String
    /// The `Path` attribute: the URL prefix the cookie is sent to; `/` by default.
    public var path: String
    /// Lifetime in seconds; `0` deletes the cookie, `nil` makes it a session cookie.
    public var maxAge: Int?
    /// Hides the cookie from scripts (`HttpOnly`); `true` by default.
    public var httpOnly: Bool
    /// Sends the cookie over HTTPS only (`Secure`); `false` by default, always on with `SameSite=None`.
    public var secure: Bool
    /// The `SameSite` attribute; `.lax` by default, `nil` leaves it out.
    public var sameSite: SameSite?

    /// A cookie with the safe defaults: `Path=/`, `HttpOnly`, `SameSite=Lax`, kept for the browser session.
    public init(
        name: String, value: String, path: String = "/", maxAge: Int? = nil,
        httpOnly: Bool = true, secure: Bool = false, sameSite: SameSite? = .lax
    ) {
        self.name = name
        self.value = value
        self.path = path
        self.maxAge = maxAge
        self.httpOnly = httpOnly
        self.secure = secure
        self.sameSite = sameSite
    }

    /// Whether name, value and path are usable as they are (nothing needed encoding).
    public var isValid: Bool {
        !name.isEmpty && name.utf8.allSatisfy(Self.isTokenByte) && value.utf8.allSatisfy(Self.isCookieOctet)
            && path.utf8.allSatisfy(Self.isPathByte)
    }

    /// The value of the `Set-Cookie` header.
    public var headerValue: String {
        var result = Self.escape(name, allowed: Self.isTokenByte)
        result += "="
        result += Self.escape(value, allowed: Self.isCookieOctet)
        result += "; Path="
        result += Self.escape(path, allowed: Self.isPathByte)
        if let maxAge {
            result += "; Max-Age=\(max(0, maxAge))"
            // Clients that predate Max-Age (RFC 6265 §5.2.2) delete on a past Expires.
            if maxAge <= 0 { result += "; Expires=Thu, 01 Jan 1970 00:00:00 GMT" }
        }
        if httpOnly { result += "; HttpOnly" }
        // Browsers reject SameSite=None without Secure.
        if secure || sameSite == SameSite.none { result += "; Secure" }
        if let sameSite { result += "; SameSite=\(sameSite.rawValue)" }
        return result
    }

    private static func escape(_ text: String, allowed: (UInt8) -> Bool) -> String {
        if text.utf8.allSatisfy(allowed) { return text }
        var output = ""
        for byte in text.utf8 {
            if allowed(byte) && byte != 0x25 {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                output += "%"
                output.unicodeScalars.append(hex[Int(byte >> 4)])
                output.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return output
    }

    /// Whether `name` can be a cookie's name as it is: a non-empty RFC 9110 token, so it can
    /// never break the header it is written into.
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isTokenByte)
    }

    /// RFC 9110 token characters.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// RFC 6265 cookie-octet: visible ASCII except `"` `,` `;` `\`.
    static func isCookieOctet(_ byte: UInt8) -> Bool {
        byte == 0x21 || (0x23...0x2B).contains(byte) || (0x2D...0x3A).contains(byte)
            || (0x3C...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
    }

    /// RFC 6265 path-value: any visible ASCII except `;`.
    static func isPathByte(_ byte: UInt8) -> Bool {
        byte >= 0x21 && byte <= 0x7E && byte != 0x3B
    }
}
