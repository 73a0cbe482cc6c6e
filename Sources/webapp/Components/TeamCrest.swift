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
        let hex = colour.utf8.count == 7 && colour.hasPrefix("#") && colour.dropFirst().allSatisfy(\.isHexDigit)
            ? String(colour.dropFirst()) : "8e8e93"
        let svg = "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'>"
            + "<circle cx='10' cy='10' r='9' fill='%23" + hex + "'/></svg>"
        img(.src(svg), .alt(""), .class("crest"), .custom(name: "width", value: "24"), .custom(name: "height", value: "24"))
            .render(into: &output)
    }
}
