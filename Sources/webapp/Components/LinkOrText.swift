import WebRouter

/// A link when there is a URL, plain text otherwise: for moves the tree has in one place and
/// not in another (`router.link(\.team, id)` is `nil` where the move is absent).
///
/// ```swift
/// LinkOrText(text: team.name, href: router.link(\.team, team.id))
/// ```
struct LinkOrText: HTML {
    let text: String
    let href: String?

    func render(into output: inout HTMLOutput) {
        if let href {
            a(.href(href)) { text }.render(into: &output)
        } else {
            text.render(into: &output)
        }
    }
}
