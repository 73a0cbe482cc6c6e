import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// A fresh demo app per test (its own in-memory accounts) and clients for it.
struct ScoresFixture {
    let data = DemoData()
    let app: Application

    init() throws {
        app = try ScoresApp.application(data: data, secret: .random())
    }

    /// A client that is not signed in.
    func visitor(_ mode: TestClient.Mode = .inProcess) throws -> TestClient {
        try TestClient(app, mode: mode)
    }

    /// A client signed in through the login form.
    func signedIn(as username: String = "demo", password: String = "demo", _ mode: TestClient.Mode = .inProcess) async throws -> TestClient {
        let client = try visitor(mode)
        let login = try await client.get("/welcome/~login")
        let feed = try await client.submit("sign-in", on: login, ["username": username, "password": password])
        try feed.expect(screen: "Feed")
        return client
    }

    /// Names from the sample data, as screens title them.
    func matchTitle(_ id: Int) throws -> String { data.words.scoreline(try #require(data.sample.match(id))) }
    func teamName(_ id: Int) throws -> String { try #require(data.sample.team(id)).name }
    func playerName(_ id: Int) throws -> String { try #require(data.sample.player(id)).name }
    func leagueName(_ id: Int) throws -> String { try #require(data.sample.league(id)).name }
    func tournamentName(_ id: Int) throws -> String { try #require(data.sample.tournament(id)).name }
}

extension TestPage {
    /// The selected tab's label without its icon.
    var selectedTabLabel: String? {
        guard let selected = tabBar?.selected else { return nil }
        return ["Feed", "Search", "Dashboard", "Messages"].first { selected.hasSuffix($0) } ?? selected
    }
}
