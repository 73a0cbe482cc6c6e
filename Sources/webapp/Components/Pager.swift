import WebRouter

/// Previous / next links of a paged list, as a segmented control.
///
/// ```swift
/// Pager(page: list.page, pageCount: list.pageCount) { QueryURL.make(router.url, [("page", String($0))]) }
/// ```
struct Pager: HTML {
    let page: Int
    let pageCount: Int
    let url: (Int) -> String

    func render(into output: inout HTMLOutput) {
        guard pageCount > 1 else { return }
        nav(.class("segmented"), .aria("label", "Pages")) {
            ul {
                if page > 1 { li { a(.href(url(page - 1)), .rel("prev")) { "‹ Newer" } } }
                li { a(.href(url(page)), .aria("current", "page")) { "Page \(page) of \(pageCount)" } }
                if page < pageCount { li { a(.href(url(page + 1)), .rel("next")) { "Older ›" } } }
            }
        }.render(into: &output)
    }
}
