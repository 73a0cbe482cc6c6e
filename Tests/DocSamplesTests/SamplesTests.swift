// The samples run: what the articles say they print or answer.
import Testing
import WebRouter
import WebRouterTesting

@Suite struct GettingStartedTests {
    @Test func aGreetingIsOneStepDeeper() async throws {
        let app = try makeApp()
        try await app.test { client in
            var page = try await client.get("/")
            try page.expect(screen: "Home", breadcrumb: ["Hello"])
            page = try await client.follow("Ada", on: page)
            try page.expect(screen: "Greeting", breadcrumb: ["Hello", "Hello, Ada"])
            #expect(page.url == "/greeting/Ada")
        }
    }
}

@Suite struct ScoresSampleTests {
    let app = try! makeScoresApp()

    @Test func signInLandsOnTheWantedPage() async throws {
        try await app.test(.live) { client in
            var page = try await client.get("/feed/match/12")            // signed out: redirected to /welcome
            page = try await client.get("/welcome/~login?next=/feed/match/12")
            try await client.fill("Username", with: "demo")
            try await client.fill("Password", with: "demo")
            page = try await client.press("Sign in")
            try page.expect(screen: "Match", selectedTab: "Feed", breadcrumb: ["Feed", "Match 12"])
            page = try await client.back(from: page)
            #expect(page.url == "/feed")
        }
    }

    @Test func theLinksTheSamplesPrint() async throws {
        let root = app.root()
        #expect(root.tab(Feed.self)?.move(\.match, 12).url == "/feed/match/12")
        #expect(root.tab(Feed.self)?.move(\.settings).url == "/feed/~settings")
        #expect(root.tab(Search.self)?.move(\.user, 7).move(\.team, 3).url == "/search/~user/7/team/3")
        #expect(root.case(Welcome.self)?.move(\.login).url == "/welcome/~login")
    }

    @Test func aWrongPasswordIsA422() async throws {
        try await app.test { client in
            try await client.get("/welcome/~login")
            try await client.fill("Username", with: "demo")
            try await client.fill("Password", with: "nope")
            let page = try await client.press("Sign in")
            try page.expect(status: 422, screen: "Login", text: "Wrong username or password.")
        }
    }

    @Test func theSignOutConfirmation() async throws {
        try await app.test { client in
            var page = try await client.get("/welcome/~login")
            try await client.fill("Username", with: "demo")
            try await client.fill("Password", with: "demo")
            page = try await client.press("Sign in")
            page = try await client.get("/feed/~settings?confirm=sign-out")
            #expect(page.alerts.first?.title == "Sign out?")
            #expect(page.alerts.first?.actions.map(\.label) == ["Sign out", "Cancel"])
            page = try await client.dismiss(from: page)
            #expect(page.url == "/feed/~settings")
        }
    }
}

@Suite struct ConceptSampleTests {
    @Test func aFlowHasOneURLPerStep() async throws {
        let app = try Application(Window(Tabs { Navigation(Dashboard(edit: Flow(base: ProfileEdit()).present())) }))
        try await app.test { client in
            var page = try await client.get("/dashboard/~edit/name")
            try page.expect(text: "Step 1 of 3")
            client.followsRedirects = false
            try await client.fill("Name", with: "Ada")
            page = try await client.press("Next")
            #expect(page.location == "/dashboard/~edit/team")
        }
    }

    @Test func modalStylesAndUniversalTransitions() async throws {
        let app = try Application(makeGalleryWindow())
        try await app.test { client in
            var page = try await client.get("/gallery/~share")
            try page.expect(screen: "Share", modals: ["Share"])
            page = try await client.get("/gallery/~photo/1")
            #expect(page.modals.first?.style == "full-screen-cover")
        }
    }

    @Test func theConfigurationBuilds() throws {
        let configuration = makeConfiguration()
        #expect(configuration.layout.stylesheets == ["/static/app.css"])
    }
}
