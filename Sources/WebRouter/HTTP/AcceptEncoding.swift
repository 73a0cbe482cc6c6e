/// Reads a request's `Accept-Encoding` (RFC 9110 §12.5.3) with q-values: a coding listed
/// with `q=0` is refused; a coding not listed is acceptable when `*` is, with `*`'s q-value;
/// without the header, nothing is compressed.
///
/// ```swift
/// AcceptEncoding.allows("gzip", in: "gzip, deflate, br")     // true
/// AcceptEncoding.allows("gzip", in: "gzip;q=0, *")            // false
/// AcceptEncoding.allows("gzip", in: "br;q=1, *;q=0.5")        // true
/// AcceptEncoding.preferred(in: "gzip, br;q=0.5", among: ContentCoding.allCases)   // .gzip
/// ```
enum AcceptEncoding {
    /// Whether `coding` (lower-case, such as `gzip`) is acceptable in `header`.
    static func allows(_ coding: String, in header: String?) -> Bool {
        quality(of: coding, in: header) > 0
    }

    /// The acceptable coding of `codings` with the highest q-value (the earlier one on a tie);
    /// `nil` when none is acceptable.
    static func preferred(in header: String?, among codings: [ContentCoding]) -> ContentCoding? {
        guard header != nil else { return nil }
        var best: (coding: ContentCoding, quality: Double)?
        for coding in codings {
            let quality = quality(of: coding.token, in: header)
            if quality > 0, quality > (best?.quality ?? 0) { best = (coding, quality) }
        }
        return best?.coding
    }

    /// The q-value `header` gives `coding` (0 when refused or not acceptable).
    static func quality(of coding: String, in header: String?) -> Double {
        guard let header else { return 0 }
        var explicit: Double?
        var wildcard: Double?
        for member in header.split(separator: ",") {
            let parts = member.split(separator: ";")
            guard let name = parts.first.map({ trim($0).lowercased() }), !name.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, trim(pair[0]).lowercased() == "q" else { continue }
                quality = qValue(trim(pair[1]))
            }
            if name == coding || (coding == "gzip" && name == "x-gzip") {
                explicit = max(explicit ?? 0, quality)
            } else if name == "*" {
                wildcard = quality
            }
        }
        return explicit ?? wildcard ?? 0
    }

    /// A q-value (`0`, `0.5`, `1.000`) as a number; a malformed one counts as 0.
    static func qValue(_ value: Substring) -> Double {
        guard value.count <= 5, let number = Double(value), number.isFinite, (0...1).contains(number) else { return 0 }
        return number
    }

    private static func trim(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
