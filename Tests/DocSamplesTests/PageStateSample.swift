// The sample of the "Page state as JSON" article: a page read as data from Swift.
import Foundation
import Testing
import WebRouter
import WebRouterTesting

@Suite struct PageStateSampleTests {
    let app = try! makeScoresApp()

    @Test func aPageAsJSON() async throws {
        try await app.test { client in
            let login = try await client.get("/welcome/~login")
            try await client.submit("sign-in", on: login, ["username": "demo", "password": "demo"])
            let page = try await client.request(.get, "/feed/match/12", headers: [("Accept", "application/json")])
            let state = try JSONDecoder().decode(PageState.self, from: Data(page.body))
            #expect(state.screen == "Match")
            #expect(state.tabs.first { $0.selected }?.label == "Feed")
            #expect(state.layers[0].breadcrumb.map(\.label) == ["Feed", "Match 12"])
        }
    }
}
