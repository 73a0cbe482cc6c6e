import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// Real links of the demo app (sample data): Dashboard › Albion Premier League ›
/// Albion Premier League 2026/27 › Westmoor Town v Stonehaven City.
enum DemoLinks {
    static let league = "/dashboard/league/1"
    static let tournament = "/dashboard/league/1/tournament/2"
    static let match = "/dashboard/league/1/tournament/2/match/235"
    static let deepLink = "/search/~user/7/team/3"
    static let player = "/search/~user/7"
    static let crumbsToTournament = ["Dashboard", "Albion Premier League", "Albion Premier League 2026/27"]
}

extension TestPage {
    /// The `href` of the tab bar's current tab.
    var selectedTabHref: String? {
        document.first { $0.tag == "nav" && $0["aria-label"] == "Tabs" }?.first { $0.tag == "a" && $0["aria-current"] == "page" }?["href"]
    }

    /// The screens of the open `<dialog>` elements, bottom to top, as the browser's DOM has them.
    var openDialogs: [String] {
        document.all { $0.tag == "dialog" && $0["open"] != nil }.map { $0["data-screen"] ?? "" }
    }
}

extension TestClient {
    /// Whether the element a CSS selector finds is rendered where a person sees it (not
    /// `display: none`, not `visibility: hidden`, not transparent, not of zero size).
    func isDisplayed(_ selector: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Bool {
        try await isTrue("""
            (e => !!e && e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})
                  && e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height > 0)(document.querySelector(\(jsString(selector))))
            """, sourceLocation: sourceLocation)
    }
}

/// A JavaScript string literal for `text`.
func jsString(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

extension BrowserTests {
    /// What only a real browser shows about the demo app: the enhancement script, history,
    /// focus, reloads and fresh sessions, and the same flows with JavaScript off.
    /// (Was Tests/Browser/test_browser.py.)
    @Suite("Flows: script, history, focus, reloads, JavaScript off")
    struct FlowTests {
        // MARK: - With JavaScript

        @Test func theSignInFormLandsOnTheWantedPage() async throws {
            try await Browser.test { client in
                try await client.get("/messages")
                try client.expect(decodedURL: "/welcome?next=/messages", screen: "Welcome")
                try await client.click(.link("Sign in").within(.role(.main)))
                try client.expect(decodedURL: "/welcome/~login?next=/messages", screen: "Login")
                // The enhancement script moved the sheet into the top layer and focus into the form.
                #expect(try await client.isTrue(#"document.querySelector('dialog[open][data-screen="Login"]').matches(':modal')"#))
                try await client.waitUntil("the focus in the Username field", """
                    const labels = document.activeElement.labels;
                    return labels && labels.length > 0 && labels[0].textContent.trim() === 'Username';
                    """)
                try await client.animationsDone()
                try await client.saveScreenshot("login.png")

                try await client.fill("Username", with: "demo")
                try await client.fill("Password", with: "wrong")
                try await client.type([.enter], into: "Password", navigates: true)
                try client.expect(status: nil, decodedURL: "/welcome/~login?next=/messages", screen: "Login")
                #expect(try client.element(.dialog()).text.contains("Wrong username or password."))

                try await client.fill("Password", with: "demo")
                try await client.type([.enter], into: "Password", navigates: true)
                try client.expect(url: "/messages", screen: "Messages", selectedTab: "Messages", modals: [])
                #expect(client.page?.selectedTabHref == "/messages")
                #expect(client.page?.openDialogs == [])
            }
        }

        @Test func clickingATabAndABreadcrumb() async throws {
            try await Browser.test { client in
                try await client.signIn()
                try await client.animationsDone()
                try await client.saveScreenshot("feed.png")

                #expect(try client.element(.link("Dashboard").within(.navigation("Tabs"))).href == "/dashboard")
                try await client.click(.link("Dashboard").within(.navigation("Tabs")))
                try client.expect(url: "/dashboard", screen: "Dashboard", selectedTab: "Dashboard")
                #expect(client.page?.selectedTabHref == "/dashboard")

                // On a phone the breadcrumb shows the parent as a back button beside the current title.
                try await client.get(DemoLinks.match)
                try client.expect(url: DemoLinks.match, screen: "Match")
                #expect(Array(client.page?.breadcrumb.map(\.label).prefix(3) ?? []) == DemoLinks.crumbsToTournament)
                let parent = Locator.link("Albion Premier League 2026/27").within(.navigation("Breadcrumb")).within(.role(.main))
                #expect(try client.element(parent).href == DemoLinks.tournament)
                #expect(try await client.isDisplayed(#"main nav[aria-label="Breadcrumb"] a[href="\#(DemoLinks.tournament)"]"#))
                try await client.click(parent)
                try client.expect(url: DemoLinks.tournament, screen: "Tournament", selectedTab: "Dashboard",
                                  breadcrumb: DemoLinks.crumbsToTournament)
                #expect(client.page?.selectedTabHref == "/dashboard")
            }
        }

        @Test func aWideBreadcrumbJumpsToTheRoot() async throws {
            try await Browser.test(Browser.wide) { client in
                try await client.signIn(landingOn: DemoLinks.match, screen: "Match")
                let root = Locator.link("Dashboard").within(.navigation("Breadcrumb")).within(.role(.main))
                #expect(try client.element(root).href == "/dashboard")
                #expect(try await client.isDisplayed(#"main nav[aria-label="Breadcrumb"] a[href="/dashboard"]"#))
                try await client.click(root)
                try client.expect(url: "/dashboard", screen: "Dashboard", selectedTab: "Dashboard", breadcrumb: ["Dashboard"])
                #expect(client.page?.selectedTabHref == "/dashboard")
            }
        }

        @Test func pushThreeLevelsThenBackThreeTimes() async throws {
            try await Browser.test { client in
                try await client.signIn(landingOn: "/dashboard", screen: "Dashboard")

                try await client.click(.link("Albion Premier League").within(.role(.main)))
                try client.expect(url: DemoLinks.league, screen: "League")
                try await client.click(.link("Albion Premier League 2026/27").within(.role(.main)))
                try client.expect(url: DemoLinks.tournament, screen: "Tournament")
                try await client.click(.link("Westmoor Town v Stonehaven City").within(.role(.main)))
                try client.expect(url: DemoLinks.match, screen: "Match")
                #expect(client.page?.breadcrumb.count == 4)
                try await client.animationsDone()
                try await client.saveScreenshot("match.png")

                try await client.goBack()
                try client.expect(url: DemoLinks.tournament, screen: "Tournament")
                try await client.goBack()
                try client.expect(url: DemoLinks.league, screen: "League")
                try await client.goBack()
                try client.expect(url: "/dashboard", screen: "Dashboard", breadcrumb: ["Dashboard"])
            }
        }

        @Test func aModalSurvivesAReloadAndEscapeReturnsFocusToItsOpener() async throws {
            try await Browser.test { client in
                try await client.signIn(landingOn: "/messages", screen: "Messages")
                try await client.click(.link("Settings"))
                try client.expect(url: "/messages/~settings", screen: "Settings")

                try await client.reload()
                try client.expect(url: "/messages/~settings", screen: "Settings", modals: ["Settings"])
                #expect(try await client.isTrue(#"document.querySelector('dialog[open][data-screen="Settings"]').matches(':modal')"#))
                // showModal() moved focus into the sheet, so Escape reaches the dialog.
                try await client.waitUntil("the focus inside the open dialog", "return !!document.activeElement.closest('dialog[open]')")

                try await client.pressEscape()
                try client.expect(url: "/messages", screen: "Messages", modals: [])
                #expect(client.page?.openDialogs == [])
                let opener = try #require(try client.element(.link("Settings")).href)
                #expect(opener == "/messages/~settings")
                try await client.waitUntil("the focus back on the link that opened the sheet",
                                          "return document.activeElement === document.querySelector('a[href=\(jsString(opener))]')")
            }
        }

        @Test func aDeepLinkInAFreshBrowserShowsTheWholeStackAndModal() async throws {
            try await Browser.test { client in
                try await client.signIn()
                try await client.get(DemoLinks.deepLink)
                try client.expect(url: DemoLinks.deepLink, screen: "Team", selectedTab: "Search",
                                  breadcrumb: ["Takumi Morita", "Kingsbridge United"], modals: ["Team"])
                let page = try #require(client.page)
                #expect(page.selectedTabHref == "/search")
                #expect(page.layers.first?.breadcrumb.map(\.label) == ["Search"])
                #expect(page.openDialogs == ["Team"])
                let player = try client.element(.link("Takumi Morita").within(.dialog()))
                #expect(player.href == DemoLinks.player)
                #expect(player.text == "Takumi Morita")
                #expect(page.modals.first?.dismiss == "/search")
                #expect(page.title?.hasPrefix("Kingsbridge United") == true)
                try await client.animationsDone()
                try await client.saveScreenshot("modal.png")

                // Back inside the sheet's own stack: the breadcrumb pops to the player.
                try await client.click(.link("Takumi Morita").within(.dialog()))
                try client.expect(url: DemoLinks.player, screen: "Player", breadcrumb: ["Takumi Morita"])
            }
        }

        // MARK: - With JavaScript off

        @Test func withoutJavaScriptLinksAndFormsDoEverything() async throws {
            try await Browser.test(BrowserOptions(width: 390, height: 844, javaScript: false)) { client in
                try await client.signIn(landingOn: "/messages", screen: "Messages")
                #expect(client.page?.openDialogs == [])

                try await client.click(.link("Settings"))
                try client.expect(url: "/messages/~settings", screen: "Settings")
                #expect(client.page?.openDialogs.contains("Settings") == true)
                // The script never ran: the server-rendered open dialog is all there is.
                let htmlClasses = client.page?.document.first { $0.tag == "html" }?["class"] ?? ""
                #expect(!htmlClasses.split(separator: " ").contains("js-dialogs"))
                try await client.click(.link("Close").within(.dialog()))
                try client.expect(url: "/messages", screen: "Messages")
                #expect(client.page?.openDialogs == [])

                #expect(try client.element(.link("Dashboard").within(.navigation("Tabs"))).href == "/dashboard")
                try await client.click(.link("Dashboard").within(.navigation("Tabs")))
                try client.expect(url: "/dashboard", screen: "Dashboard")
                try await client.click(.link("Albion Premier League").within(.role(.main)))
                try client.expect(url: DemoLinks.league, screen: "League")
                try await client.click(.link("Dashboard").within(.navigation("Breadcrumb")).within(.role(.main)))
                try client.expect(url: "/dashboard", screen: "Dashboard")
                try await client.goBack()
                try client.expect(url: DemoLinks.league, screen: "League")
            }
        }
    }
}
