import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// Tab memory read from a cached cookie is the same as read afresh: the page a tab link
/// leads to never depends on whether the cookie was seen before.
@Suite struct TabMemoryCacheTests {
    @Test func aRepeatedCookieLeadsTheTabsToTheSamePages() async throws {
        let app = Application(table: SeedTree.table, configuration: .init(appName: "Scores"))
        let cookie = "wr_tabs=search=%2Fsearch%2F~user%2F7"
        var hrefs: [[String]] = []
        for _ in 0..<2 {
            let response = await app.respond(to: HTTPRequest(path: "/feed", headers: ["Cookie": cookie]))
            let html = String(decoding: response.body, as: UTF8.self)
            hrefs.append(html.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
        }
        #expect(hrefs[0] == hrefs[1])
        #expect(hrefs[0].contains("/search/~user/7"))
        #expect(app.tabMemories.count == 1)
    }

    @Test func anOversizedCookieStillWorksButIsNotKept() async throws {
        let app = Application(table: SeedTree.table, configuration: .init(appName: "Scores"))
        let padding = String(repeating: "a", count: Application.tabMemoryCacheLimit)
        let cookie = "wr_tabs=search=%2Fsearch%2F~user%2F7&zz=" + padding
        let response = await app.respond(to: HTTPRequest(path: "/feed", headers: ["Cookie": cookie]))
        #expect(String(decoding: response.body, as: UTF8.self).contains(#"href="/search/~user/7""#))
        #expect(app.tabMemories.count == 0)
    }

    /// A cookie is checked against the tree when it is decoded: the cookie the server sets
    /// next keeps the valid paths and drops the entries that never named a state of their tab.
    @Test func theCookieWrittenBackKeepsOnlyValidPaths() async throws {
        let app = Application(table: SeedTree.table, configuration: .init(appName: "Scores"))
        let cookie = "wr_tabs=search=%2Fsearch%2F~user%2F7&dashboard=%2Ffeed%2Fmatch%2F1&nope=%2Ffeed"
        let response = await app.respond(to: HTTPRequest(path: "/feed/tournament/5", headers: ["Cookie": cookie]))
        let set = response.headers.values(for: "Set-Cookie").first { $0.hasPrefix("wr_tabs=") }
        #expect(set?.hasPrefix("wr_tabs=feed=/feed/tournament/5&search=/search/~user/7;") == true, "\(set ?? "none")")
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.contains(#"href="/search/~user/7""#))
        #expect(html.contains(#"href="/dashboard""#))
    }
}
