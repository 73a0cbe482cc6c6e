import WebRouter

/// The "Share" button of a page, opening its share card (`/feed/match/12/~share`).
///
/// ```swift
/// ShareLink(href: router.link(universal: \.share))
/// ```
struct ShareLink: HTML {
    let href: String

    func render(into output: inout HTMLOutput) {
        p(.class("page-actions")) {
            a(.href(href), .class("button")) { "Share" }
        }.render(into: &output)
    }
}
