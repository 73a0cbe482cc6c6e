import WebRouter

/// In a sheet opened from search results (`/search/~team/3?q=kings`), a link back to those
/// results with the query: the chrome's close link leads to the layer underneath without
/// the query string.
///
/// ```swift
/// BackToResults(dismiss: router.dismiss, query: router.request.query)
/// ```
struct BackToResults: HTML {
    let dismiss: String?
    let query: QueryItems

    func render(into output: inout HTMLOutput) {
        guard let dismiss, let text = query["q"], !text.isEmpty else { return }
        p {
            a(.href(dismiss + "?" + query.encoded), .rel("up")) { "‹ Back to results for “" + text + "”" }
        }.render(into: &output)
    }
}
