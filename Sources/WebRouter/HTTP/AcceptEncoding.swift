/// Reads a request's `Accept-Encoding` (RFC 9110 §12.5.3): whether a content coding is
/// acceptable, with q-values. A coding listed with `q=0` is refused; a coding not listed is
/// acceptable when `*` is, with `*`'s q-value; without the header, nothing is compressed.
///
/// ```swift
/// AcceptEncoding.allows("gzip", in: "gzip, deflate, br")     // true
/// AcceptEncoding.allows("gzip", in: "gzip;q=0, *")            // false
/// AcceptEncoding.allows("gzip", in: "br;q=1, *;q=0.5")        // true
/// AcceptEncoding.allows("gzip", in: nil)                      // false
/// ```
enum AcceptEncoding {
    /// Whether `coding` (lower-case, such as `gzip`) is acceptable in `header`.
    static func allows(_ coding: String, in header: String?) -> Bool {
        guard let header else { return false }
        var explicit: Bool?
        var wildcard: Bool?
        for member in header.split(separator: ",") {
            let parts = member.split(separator: ";")
            guard let name = parts.first.map({ trim($0).lowercased() }), !name.isEmpty else { continue }
            var quality = true
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, trim(pair[0]).lowercased() == "q" else { continue }
                quality = isPositive(trim(pair[1]))
            }
            if name == coding || (coding == "gzip" && name == "x-gzip") {
                explicit = (explicit ?? false) || quality
            } else if name == "*" {
                wildcard = quality
            }
        }
        return explicit ?? wildcard ?? false
    }

    /// Whether a q-value (`0`, `0.5`, `1.000`) is above zero; a malformed one is not.
    static func isPositive(_ value: Substring) -> Bool {
        guard let number = Double(value), number.isFinite, (0...1).contains(number), value.count <= 5 else { return false }
        return number > 0
    }

    private static func trim(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
