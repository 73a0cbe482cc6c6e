import WebRouterHTML
/// Checks that a URL is a path of this site, for redirects taken from input (`next=`).
enum LocalPath {
    /// The path itself when it starts with a single `/` and holds no control character,
    /// backslash or scheme trick; `nil` otherwise (`https://x`, `//x`, `/\x`, CR/LF).
    static func sanitized(_ candidate: String?) -> String? {
        guard let candidate, candidate.utf8.count <= 2048 else { return nil }
        let bytes = Array(candidate.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        if bytes.count > 1 && (bytes[1] == UInt8(ascii: "/") || bytes[1] == UInt8(ascii: "\\")) { return nil }
        for byte in bytes where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") { return nil }
        return candidate
    }
}
