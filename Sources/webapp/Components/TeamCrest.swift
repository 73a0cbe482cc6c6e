import WebRouter

/// A team's badge: a disc in the club colour, drawn as an inline SVG image (the content
/// security policy allows `data:` images, not inline styles).
///
/// ```swift
/// h1 { TeamCrest(colour: team.colour); team.name }
/// ```
struct TeamCrest: HTML {
    let colour: String

    func render(into output: inout HTMLOutput) {
        // Only "#rrggbb" is put into the SVG; anything else falls back to grey.
        // Checked over the bytes, not Characters (a page draws several crests).
        let bytes = colour.utf8
        let hex = bytes.count == 7 && bytes.first == UInt8(ascii: "#") && bytes.dropFirst().allSatisfy(Self.isHexDigit)
            ? String(Substring(bytes.dropFirst())) : "8e8e93"
        // A URL may not hold a raw `<`, `>`, space or `#` (the HTML checker rejects the `src`):
        // they are percent-encoded; the `'` quotes around SVG attribute values are fine as they are.
        let svg = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2020%2020'%3E"
            + "%3Ccircle%20cx='10'%20cy='10'%20r='9'%20fill='%23" + hex + "'/%3E%3C/svg%3E"
        img(.src(svg), .alt(""), .class("crest"), .custom(name: "width", value: "24"), .custom(name: "height", value: "24"))
            .render(into: &output)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
