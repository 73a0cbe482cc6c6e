import WebRouter

extension ScoresApp {
    /// A feed article (`/feed/page/3`), with the matches it is about.
    ///
    /// ```swift
    /// Feed(…, page: Push(Page(data: data)), …)
    /// ```
    struct Page: ContentScreen {
        typealias Context = Int
        let title = "Article"
        let data: DemoData

        func title(for id: Int) -> String { data.sample.page(id)?.title ?? title }

        @HTMLBuilder
        func body(_ id: Int, router: Router<Page>) throws -> some HTML {
            let page = try data.page(id)
            article(.class("card")) {
                h1 { page.title }
                p(.class("muted")) { time(.datetime(page.published.description)) { page.published.formatted } }
                p { strong { page.summary } }
                for paragraph in page.paragraphs { p { paragraph } }
            }
            ShareLink(href: router.link(universal: \.share))
            if !page.relatedMatchIDs.isEmpty {
                h2 { "Matches in this story" }
                ul(.class("list")) {
                    for match in page.relatedMatchIDs.compactMap(data.sample.match) {
                        MatchItem(match: match, words: data.words, href: router.matchPage(match.id))
                    }
                }
            }
        }
    }
}
