import Foundation
import Testing
import WebRouter
import WebRouterTesting

extension BrowserTests {
    /// axe-core over what a signed-out person meets in a partly public app: a tab bar with
    /// locked tabs (a lock and "Sign-in required" as the description), the sign-in presented
    /// at a protected deep link over the nearest public screen, and the same over a tab whose
    /// screen is not rendered; in light mode, dark mode and on a phone.
    @Suite("axe-core on the sign-in per screen")
    struct SignInAccessibilityTests {
        struct Lobby: ContentScreen {
            let title = "Lobby"
            let tabIcon: String? = "🏠"
            func body(_ context: Void, router: Router<Lobby>) -> some HTML { h1 { "Lobby" } }
        }

        struct Notebook: ContentScreen {
            let title = "Notebook"
            let tabIcon: String? = "📓"
            var page: Push<Notebook, NotePage>
            func body(_ context: Void, router: Router<Notebook>) -> some HTML { h1 { "Notebook" } }
        }

        struct NotePage: ContentScreen {
            typealias Context = Int
            func title(for number: Int) -> String { "Page \(number)" }
            func body(_ number: Int, router: Router<NotePage>) -> some HTML { h1 { "Page \(number)" } }
        }

        struct SignInSheet: ContentScreen {
            enum Action: String, ScreenAction { case signIn = "sign-in" }
            let title = "Sign in"
            func body(_ context: Void, router: Router<SignInSheet>) -> some HTML {
                router.form(.signIn) {
                    router.field("username", label: "Username")
                    button(.type("submit")) { "Sign in" }
                }
            }
            func perform(_ action: Action, form: FormData, router: Router<SignInSheet>) async throws -> ActionResult {
                router.request.updateSession { $0["user"] = form["username"] }
                return .move(to: "/lobby")
            }
        }

        @Test func axeFindsNoViolationWhereTheSignInIsPresented() async throws {
            guard let axePath = AccessibilityTests.axePath, let axeSource = try? String(contentsOfFile: axePath, encoding: .utf8) else {
                try Browser.skip("axe.min.js not found: `make browser-deps` installs axe-playwright-python with pip (or set AXE_JS)")
            }
            let partlyPublic = try Application(
                Window(Tabs {
                    Navigation(Lobby())
                    Navigation(Notebook(page: Push(NotePage()))).requiresSignIn()
                }).signIn(SignInSheet()),
                configuration: ApplicationConfiguration(appName: "Desk"))
            try await partlyPublic.test(.browser, browser: Browser.wide) { client in
                try await client.webDriverSession().setScriptTimeout(.seconds(60))
                let audit = AccessibilityTests.Audit(client, axeSource: axeSource)
                let lobby = try await client.get("/lobby")
                #expect(lobby.tabs.map(\.requiresSignIn) == [false, true])
                try await audit.run("/lobby (a locked tab)")
                let wanted = try await client.get("/notebook/page/3")
                try wanted.expect(url: "/notebook/page/3", screen: "SignInSheet", modals: ["SignInSheet"])
                try await audit.run("/notebook/page/3 (the sign-in over the Lobby)")
                #expect(audit.pages == 2)
                #expect(audit.violations.isEmpty, "axe-core found violations:\n\(audit.report)")
            }
            let allPrivate = try Application(
                Window(Tabs { Navigation(Notebook(page: Push(NotePage()))).requiresSignIn() }).signIn(SignInSheet()),
                configuration: ApplicationConfiguration(appName: "Desk"))
            try await allPrivate.test(.browser, browser: Browser.wide) { client in
                try await client.webDriverSession().setScriptTimeout(.seconds(60))
                let audit = AccessibilityTests.Audit(client, axeSource: axeSource)
                let wanted = try await client.get("/notebook")
                try wanted.expect(url: "/notebook", screen: "SignInSheet")
                try await audit.run("/notebook (the sign-in over a screen not rendered)")
                #expect(audit.violations.isEmpty, "axe-core found violations:\n\(audit.report)")
            }
        }
    }
}
