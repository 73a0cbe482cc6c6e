extension HTTPHeaders {
    /// Adds `token` (a request header's name) to `Vary`, once: a response that varies by
    /// `Accept` and by `Accept-Encoding` says `Vary: Accept, Accept-Encoding`, one field.
    /// Nothing changes when `Vary` already lists it (any case) or is `*`.
    mutating func addVary(_ token: StaticString) {
        // One pass finds the field; the list is then edited in place (no second search).
        guard let index = fields.firstIndex(where: { Self.equalCaseInsensitive($0.name, "Vary") }) else {
            add(name: "Vary", value: token.description)
            return
        }
        let listed = fields[index].value.withUTF8 { bytes in
            // The usual field ends with the token (a page's `Accept, Accept-Encoding`): settled
            // by comparing its tail, without reading the list member by member.
            if Self.endsWithMember(bytes, token) { return true }
            let list = HeaderList(bytes)
            var found = false
            list.forEachMember { name, _ in found = found || list.matches(name, token) || list.matches(name, "*") }
            return found
        }
        if !listed {
            fields[index].value += ", "
            fields[index].value += token.description
        }
    }

    /// Whether `bytes` ends with `token` (exact case) as a whole member of the list: the
    /// field is the token, or the token follows a comma and optional spaces.
    private static func endsWithMember(_ bytes: UnsafeBufferPointer<UInt8>, _ token: StaticString) -> Bool {
        token.withUTF8Buffer { token in
            guard bytes.count >= token.count else { return false }
            let start = bytes.count - token.count
            for index in 0..<token.count where bytes[start + index] != token[index] { return false }
            var before = start - 1
            while before >= 0 && ASCII.isSpace(bytes[before]) { before -= 1 }
            return before < 0 || bytes[before] == UInt8(ascii: ",")
        }
    }
}
