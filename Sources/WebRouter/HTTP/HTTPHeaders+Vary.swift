extension HTTPHeaders {
    /// Adds `token` (a request header's name) to `Vary`, once: a response that varies by
    /// `Accept` and by `Accept-Encoding` says `Vary: Accept, Accept-Encoding`, one field.
    /// Nothing changes when `Vary` already lists it (any case) or is `*`. Every page passes
    /// here twice, so the list is scanned in place, without splitting it into strings.
    mutating func addVary(_ token: StaticString) {
        guard let vary = self["Vary"] else {
            add(name: "Vary", value: token.description)
            return
        }
        // Every page: `Accept` from the content negotiation, then `Accept-Encoding`.
        if vary == "Accept" && token.description == "Accept-Encoding" {
            set(name: "Vary", value: "Accept, Accept-Encoding")
            return
        }
        if !Self.vary(vary, lists: token) { set(name: "Vary", value: vary + ", " + token.description) }
    }

    /// Whether the `Vary` value `vary` lists `token` (ASCII case ignored) or `*`.
    static func vary(_ vary: String, lists token: StaticString) -> Bool {
        var vary = vary
        return vary.withUTF8 { lists(token, in: $0) }
    }

    private static func lists(_ token: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: ",") { end += 1 }
            var low = start, high = end
            while low < high && (bytes[low] == 32 || bytes[low] == 9) { low += 1 }
            while high > low && (bytes[high - 1] == 32 || bytes[high - 1] == 9) { high -= 1 }
            if high - low == 1 && bytes[low] == UInt8(ascii: "*") { return true }
            if high - low == token.utf8CodeUnitCount {
                let matches = token.withUTF8Buffer { wanted in
                    (0..<wanted.count).allSatisfy { Self.lowercased(bytes[low + $0]) == Self.lowercased(wanted[$0]) }
                }
                if matches { return true }
            }
            start = end + 1
        }
        return false
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
