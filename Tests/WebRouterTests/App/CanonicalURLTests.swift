import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting

/// Every state has one URL: other spellings of it (a trailing slash, empty segments,
/// escaped letters) answer `308 Permanent Redirect` to the printed URL, keeping the query.
@Suite("Canonical URLs")
struct CanonicalURLTests {
    let app = Application(table: SeedTree.table, configuration: .init(appName: "Scores"))

    func answer(_ target: String, method: HTTPMethod = .get) async -> HTTPResponse {
        await app.respond(to: HTTPRequest(method: method, path: target))
    }

    @Test(arguments: [
        ("/feed/", "/feed"),
        ("/feed//match/12", "/feed/match/12"),
        ("/feed/tournament/5/match/12/", "/feed/tournament/5/match/12"),
        ("//feed///tournament/5", "/feed/tournament/5"),
        ("/f%65ed/match/12", "/feed/match/12"),
        ("/feed/?x=1&y=two", "/feed?x=1&y=two"),
    ])
    func aNonCanonicalSpellingIs308ToThePrintedURL(target: String, canonical: String) async {
        let response = await answer(target)
        #expect(response.status == .permanentRedirect, "\(target)")
        #expect(response.headers["Location"] == canonical, "\(target)")
    }

    @Test func theCanonicalURLItselfIsServed() async {
        for target in ["/feed", "/feed/match/12", "/feed/tournament/5/match/12", "/feed?x=1"] {
            #expect(await answer(target).status == .ok, "\(target)")
        }
    }

    @Test func aPostToANonCanonicalURLIsRedirectedWithItsMethodKept() async {
        let response = await answer("/feed/", method: .post)
        #expect(response.status == .permanentRedirect, "308 keeps the method and the body")
        #expect(response.headers["Location"] == "/feed")
    }

    @Test func aPathThatNamesNoStateEvenWithoutEmptySegmentsIsStill404() async {
        #expect(await answer("/feed//nowhere").status == .notFound)
        #expect(await answer("/feed/match/abc/").status == .notFound)
    }

    @Test func theLiveServerRedirectsATrailingSlash() async throws {
        try await app.test(.live) { client in
            client.followsRedirects = false
            let page = try await client.get("/feed/")
            #expect(page.status == .permanentRedirect)
            #expect(page.location == "/feed")
        }
    }
}
