import Foundation
import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// The demo answered as JSON (`Accept: application/json`): what a pytest or Jest suite of the
/// app reads — the deep link of the issue, signing in from the JSON alone, a sheet with a
/// confirmation dialog whose button is pressed from the JSON.
@Suite("Scores: page state as JSON")
struct ScoresPageStateTests {
    static let json = [("Accept", "application/json")]

    func state(_ page: TestPage) throws -> PageState {
        #expect(page.headers["Content-Type"] == "application/json; charset=utf-8")
        return try JSONDecoder().decode(PageState.self, from: Data(page.body))
    }

    /// Posts `form` the way a browser would when `button` is pressed, from the JSON alone.
    func press(_ button: PageState.Button, of form: PageState.Form, _ client: TestClient,
               filling values: [String: String] = [:]) async throws -> TestPage {
        var fields = form.fields.filter { !$0.disabled && ($0.checked ?? true) }.map { ($0.name, values[$0.name] ?? $0.value ?? "") }
        if let name = button.name { fields.append((name, button.value ?? "")) }
        return try await client.request(
            .post, button.formaction ?? form.action,
            headers: Self.json + [("Content-Type", "application/x-www-form-urlencoded")],
            body: Array(QueryItems(fields).encoded.utf8))
    }

    @Test func theDeepLinkOfTheMatchAnswersItsLandmarks() async throws {
        let fixture = try await ScoresFixture()
        try await fixture.test { client in
            let page = try await client.request(.get, "/feed/tournament/5/match/12", headers: Self.json)
            #expect(page.status == .ok)
            #expect(page.headers["Vary"] == "Accept, Accept-Encoding")   // one header, over the socket
            let state = try state(page)
            #expect(state.schema == PageState.currentSchema)
            #expect(state.url == "/feed/tournament/5/match/12")
            #expect(state.screen == "Match" && state.baseScreen == "Match")
            #expect(state.title == "\(try fixture.matchTitle(12)) · Scores")
            #expect(state.tabs.map(\.label) == ["Feed", "Search", "Dashboard", "Messages"])
            #expect(state.tabs.first { $0.selected }?.label == "Feed")
            #expect(state.layers.count == 1)
            #expect(state.layers[0].breadcrumb == [
                PageState.Crumb(label: "Feed", href: "/feed"),
                PageState.Crumb(label: try fixture.tournamentName(5), href: "/feed/tournament/5"),
                PageState.Crumb(label: try fixture.matchTitle(12), href: nil),
            ])
            #expect(state.links.contains { $0.name == "Share" && $0.href == "/feed/tournament/5/match/12/~share" && $0.layer == 0 })
            #expect(state.links.contains { $0.href == "/feed/tournament/5/match/12" && $0.current })   // the picker's chosen section
            #expect(state.alerts.isEmpty)
            #expect(state.headings.first?.level == 1)
            #expect(state.text.contains(try fixture.tournamentName(5)))

            // The same page as HTML says the same.
            let html = try await client.get("/feed/tournament/5/match/12")
            #expect(PageState(document: html.document, status: 200, url: html.url) == state)
        }
    }

    @Test func signingInFromTheJSONAlone() async throws {
        let fixture = try await ScoresFixture()
        try await fixture.test(signedIn: false) { client in
            let login = try state(try await client.request(.get, "/welcome/~login", headers: Self.json))
            #expect(login.screen == "Login" && login.baseScreen == "Welcome")
            #expect(login.layers.last?.kind == .modal && login.layers.last?.dismiss == "/welcome")
            let form = try #require(login.forms.first { $0.fields.contains { $0.name == "username" } })
            #expect(form.layer == 1)
            #expect(form.fields.first { $0.name == "_csrf" }?.value?.isEmpty == false)
            #expect(form.fields.filter { $0.type != "hidden" }.map(\.label) == ["Username", "Password"])
            #expect(form.fields.first { $0.name == "password" }?.type == "password")
            let button = try #require(form.buttons.first { $0.label == "Sign in" })
            let feed = try await press(button, of: form, client, filling: ["username": "demo", "password": "demo"])
            #expect(feed.redirects.map(\.status) == [303])
            #expect(try state(feed).screen == "Feed")
        }
    }

    @Test func aConfirmationDialogOverASheet() async throws {
        let fixture = try await ScoresFixture()
        try await fixture.test { client in
            let state = try state(try await client.request(.get, "/messages/~settings?confirm=sign-out", headers: Self.json))
            #expect(state.screen == "Settings" && state.baseScreen == "Messages")
            #expect(state.layers.map(\.screen) == ["Messages", "Settings"])
            #expect(state.layers[1].style == "sheet" && state.layers[1].dismiss == "/messages")
            let alert = try #require(state.alerts.first)
            #expect(alert.kind == "confirmation-dialog" && alert.title == "Sign out?")
            #expect(alert.dismiss == "/messages/~settings")
            #expect(alert.actions.map(\.label) == ["Sign out", "Cancel"])
            #expect(alert.actions.map(\.kind) == [.button, .link])
            #expect(alert.actions[1].href == "/messages/~settings" && alert.actions[1].role == "cancel")
            #expect(state.text.hasPrefix("Sign out?"))   // the top layer is the alert

            let form = state.forms[try #require(alert.actions[0].form)]
            #expect(form.alert == 0 && form.layer == nil && form.fields.contains { $0.name == "_csrf" })
            let signedOut = try await press(form.buttons[0], of: form, client)
            #expect(signedOut.redirects.first?.status == 303)
            #expect(try self.state(signedOut).screen == "Welcome")
        }
    }

    @Test func anUnknownMatchIsA404InJSON() async throws {
        let fixture = try await ScoresFixture()
        try await fixture.test { client in
            let page = try await client.request(.get, "/feed/tournament/5/match/99999", headers: Self.json)
            #expect(page.status == .notFound)
            let state = try state(page)
            #expect(state.status == 404 && state.screen == "Error")
        }
    }
}
