extension HTTPHeaders {
    /// Adds `token` (a request header's name) to `Vary`, once: a response that varies by
    /// `Accept` and by `Accept-Encoding` says `Vary: Accept, Accept-Encoding`, one field.
    /// Nothing changes when `Vary` already lists it (any case) or is `*`.
    package mutating func addVary(_ token: StaticString) {
        // One pass finds the field; the list is then edited in place (no second search).
        guard let index = fields.firstIndex(where: { Self.equalCaseInsensitive($0.name, "Vary") }) else {
            add(name: "Vary", value: token.description)
            return
        }
        // Read from a copy of the value (a retain): `withUTF8` on the field itself is a mutating
        // access, which copied the whole header list when the response shared it, on every page.
        var value = fields[index].value
        let listed = value.withUTF8 { bytes in
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
}
