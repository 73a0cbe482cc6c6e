import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// What a target routes to is remembered per target: a page never depends on whether its
/// URL was asked for before, and a request changed after it was made routes by its new parts.
@Suite struct RouteCacheTests {
    private func page(_ app: Application, _ request: HTTPRequest) async -> String {
        String(decoding: await app.respond(to: request).body, as: UTF8.self)
    }

    @Test func aRepeatedTargetRendersTheSamePage() async throws {
        let app = Application(table: SeedTree.table, configuration: .init(appName: "Scores"))
        let first = await page(app, HTTPRequest(path: "/feed/tournament/5?x=1"))
        let second = await page(app, HTTPRequest(path: "/feed/tournament/5?x=1"))
        #expect(first == second)
        #expect(first.contains(#"<nav aria-label="Breadcrumb""#))
        #expect(app.routes.count == 1)
    }

    @Test func aQueryGivenApartRoutesByItAndIsNotKeptUnderTheTarget() async throws {
        let app = Application(table: SeedTree.table, configuration: .init(appName: "Scores"))
        _ = await page(app, HTTPRequest(path: "/feed"))
        let queried = HTTPRequest(path: "/feed", query: QueryItems([("x", "1")]))
        #expect(queried.rawQuery == "x=1" && queried.query["x"] == "1" && queried.pathSegments == ["feed"])
        #expect(await page(app, queried).contains(#"data-screen="Feed""#))
        #expect(app.routes.count == 1)   // only the target as sent is a key
    }

    /// Two raw targets that are canonically equivalent but differ in bytes (a precomposed `é`
    /// and `e` + U+0301) decode to different values, so neither may answer for the other.
    @Test func nonASCIITargetsAreNotKept() async throws {
        let app = Application(table: SeedTree.table, configuration: .init(appName: "Scores"))
        #expect(await app.respond(to: HTTPRequest(path: "/feed?x=caf\u{E9}")).status == .ok)
        #expect(await app.respond(to: HTTPRequest(path: "/feed?x=cafe\u{301}")).status == .ok)
        #expect(app.routes.count == 0)
        #expect(Application.routeCacheKey("/feed?x=caf%C3%A9") != nil)
    }

    @Test func unknownAndOversizedTargetsAreNotKept() async throws {
        let app = Application(table: SeedTree.table, configuration: .init(appName: "Scores"))
        #expect(await app.respond(to: HTTPRequest(path: "/nowhere")).status == .notFound)
        let long = "/feed?q=" + String(repeating: "a", count: Application.routeCacheKeyLimit)
        #expect(await app.respond(to: HTTPRequest(path: long)).status == .ok)
        #expect(app.routes.count == 0)
    }
}
