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
        guard var header else { return 0 }
        var coding = coding
        return header.withUTF8 { header in coding.withUTF8 { coding in quality(of: coding, in: header) } }
    }

    /// The same over bytes: every request of a browser asks it for two codings.
    private static func quality(of coding: UnsafeBufferPointer<UInt8>, in header: UnsafeBufferPointer<UInt8>) -> Double {
        let list = HeaderList(header)
        let isGzip = HeaderList(coding).matches(0..<coding.count, "gzip")
        var explicit: Double?
        var wildcard: Double?
        list.forEachMember { name, quality in
            if list.matches(name, coding) || (isGzip && list.matches(name, "x-gzip")) {
                explicit = max(explicit ?? 0, quality)
            } else if list.matches(name, "*") {
                wildcard = quality
            }
        }
        return explicit ?? wildcard ?? 0
    }
}
