/// Reads `type/subtype; key=value; key="quoted value"` header values such as
/// `Content-Type` and `Content-Disposition`.
///
/// ```swift
/// HeaderParameters.mediaType(of: "text/html; charset=utf-8")            // "text/html"
/// HeaderParameters.parameter("boundary", in: "multipart/form-data; boundary=xyz") // "xyz"
/// ```
enum HeaderParameters {
    /// The part before the first `;`, trimmed.
    static func mediaType(of value: String) -> String {
        let end = value.firstIndex(of: ";") ?? value.endIndex
        return trim(value[..<end])
    }

    /// The value of parameter `name` (case-insensitive), unquoted; `nil` when absent.
    static func parameter(_ name: String, in value: String) -> String? {
        var rest = Substring(value)
        // Skip the leading type or disposition.
        guard let first = rest.firstIndex(of: ";") else { return nil }
        rest = rest[rest.index(after: first)...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let key = trim(rest[..<equals])
            rest = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            var parsed = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                var closed = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaped {
                        parsed.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        parsed.append(character)
                    }
                }
                if !closed { return nil }
                if let semicolon = rest.firstIndex(of: ";") {
                    rest = rest[rest.index(after: semicolon)...]
                } else {
                    rest = ""
                }
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                parsed = trim(rest[..<end])
                rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
            }
            if HTTPHeaders.equalCaseInsensitive(key, name) { return parsed }
        }
        return nil
    }

    static func trim(_ text: Substring) -> String {
        var slice = text.drop { $0 == " " || $0 == "\t" }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
