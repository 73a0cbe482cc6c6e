/// An absolute `http` URL for a local path, on the host the visitor asked for: the deep links
/// the Share card offers. A Host header that is not a plain host name (with an optional
/// port) leaves the path as it is.
///
/// ```swift
/// AbsoluteURL.make("/feed/match/12", host: "scores.example:8080")   // "http://scores.example:8080/feed/match/12"
/// AbsoluteURL.make("/feed/match/12", host: "evil/\"x")              // "/feed/match/12"
/// ```
enum AbsoluteURL {
    static func make(_ path: String, host: String?) -> String {
        guard let host, isPlainHost(host) else { return path }
        return "http://" + host + path
    }

    /// Letters, digits, `.`, `-`, `:` and the brackets of an IPv6 literal, at most 255 bytes.
    static func isPlainHost(_ host: String) -> Bool {
        let bytes = host.utf8
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
                true
            default:
                false
            }
        }
    }
}
