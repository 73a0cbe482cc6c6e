import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
@testable import WebRouterTesting

@Suite("The WebRouterTesting kit")
struct TestingKitTests {
    /// Raw on purpose: this is the parser the locators stand on, so it is tested by its nodes.
    @Test func parsesElementsAttributesEntitiesAndVoidElements() {
        let document = HTMLNode.parse(#"""
        <!doctype html><html><head><title>A &amp; B</title><script>if (a < b) {}</script></head>
        <body data-screen="X"><!-- note --><p class=intro>Hello <b>world</b><br>again&#39;s &#x27;&quot;</p>
        <input name="q" value="a&lt;b" disabled><img src=x.png alt=""><a href="/y" aria-current="page">Y</a></body></html>
        """#)
        #expect(document.first { $0.tag == "title" }?.text == "A & B")
        #expect(document.first { $0.tag == "script" }?.children.first?.textValue == "if (a < b) {}")
        #expect(document.first { $0.tag == "body" }?["data-screen"] == "X")
        let paragraph = document.first { $0.tag == "p" }
        #expect(paragraph?["class"] == "intro")
        #expect(paragraph?.text == "Hello world again's '\"")
        let input = document.first { $0.tag == "input" }
        #expect(input?["value"] == "a<b" && input?["disabled"] == "")
        #expect(input?.children.isEmpty == true)
        #expect(document.first { $0.tag == "a" }?.isInside(document.first { $0.tag == "body" }!) == true)
    }

    @Test func landmarksOfARenderedPage() throws {
        let page = PageModel(
            title: "Team 3", appName: "Scores", screenName: "Team",
            tabs: [TabItem(label: "Feed", href: "/feed", isSelected: false, icon: "⚽"),
                   TabItem(label: "Search", href: "/search", isSelected: true)],
            base: LayerModel(screenName: "Search", breadcrumb: [Crumb(label: "Search", href: "/search")], content: AnyHTML("")),
            modals: [ModalLayer(layer: LayerModel(screenName: "Team", breadcrumb: [Crumb(label: "Player 7", href: "/search/~user/7"),
                                                                                   Crumb(label: "Team 3", href: "/search/~user/7/team/3")],
                                                  content: AnyHTML(form(.method(.post), .action("/x")) {
                                                      input(.type("hidden"), .name("_csrf"), .value("t"))
                                                      input(.type("text"), .name("name"), .value("Ada"))
                                                      input(.type("checkbox"), .name("off"))
                                                      button(.type("submit"), .name("_action"), .value("save")) { "Save" }
                                                  })),
                                dismissHref: "/search", title: "Team 3")])
        let response = HTTPResponse.html(PageRenderer.render(page))
        let test = TestPage(method: "GET", url: "/search/~user/7/team/3", response: response, redirects: [])
        #expect(test.screen == "Team" && test.baseScreen == "Search" && test.title == "Team 3 · Scores")
        #expect(test.tabs == [PageState.Tab(label: "Feed", href: "/feed", selected: false), PageState.Tab(label: "Search", href: "/search", selected: true)])
        #expect(test.breadcrumb.map(\.label) == ["Player 7", "Team 3"])
        #expect(test.breadcrumb.map(\.href) == ["/search/~user/7", nil])
        #expect(test.modals.map(\.dismiss) == ["/search"])
        let form = try test.form("save")
        #expect(form.method == "post" && form.action == "/x")
        #expect(form.fields.map(\.name) == ["_csrf", "name", "off"])
        #expect(form["name"] == "Ada" && form.fields.last?.checked == false)
        withKnownIssue { _ = try test.form("delete") }
        #expect(try test.link("Player 7").href == "/search/~user/7")
    }

    @Test func failuresNameTheRequestStatusAndLandmark() throws {
        let response = HTTPResponse.html(#"<html><body data-screen="Error"></body></html>"#, status: .notFound)
        let page = TestPage(method: "GET", url: "/feed/match/99", response: response, redirects: [])
        try withKnownIssue {
            try page.expect(status: nil, screen: "Match")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix(#"GET /feed/match/99 → 404: expected screen "Match""#) && $0.rawValue.contains(#"found screen "Error""#) }
        }
        withKnownIssue { try page.expect(screen: "Error") }   // status 200 expected
    }

    @Test func theCookieJarFollowsSetCookie() {
        var jar = CookieJar()
        jar.apply(["Set-Cookie": "a=1; Path=/; HttpOnly", "Set-Cookie": "b=2"])
        #expect(jar.header == "a=1; b=2")
        jar.apply(["Set-Cookie": "a=; Max-Age=0; Path=/"])
        #expect(jar.header == "b=2")
    }

    @Test func redirectsCanBeReadInsteadOfFollowed() async throws {
        let app = Application(table: SeedTree.table, configuration: .init())
        try await app.test { client in
            let followed = try await client.get("/")
            #expect(followed.url == "/feed" && followed.redirects.map(\.status) == [302])
            client.followsRedirects = false
            let redirect = try await client.get("/")
            #expect(redirect.status == .found && redirect.location == "/feed")
        }
    }

    @Test func bothModesGiveTheSamePage() async throws {
        let app = Application(table: SeedTree.table, configuration: .init())
        let inProcess = try await app.test(.inProcess) { try await $0.get("/search/~user/7/team/3") }
        let live = try await app.test(.live) { try await $0.get("/search/~user/7/team/3") }
        #expect(inProcess.status == live.status)
        #expect(inProcess.text == live.text)
        #expect(live.headers["Date"] != nil)
    }
}
