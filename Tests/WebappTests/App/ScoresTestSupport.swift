import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// A fresh demo app per test (its own accounts database, in memory) and clients for it.
struct ScoresFixture {
    let data: DemoData
    let app: Application

    init(observers: [any RouteObserver] = []) async throws {
        try self.init(data: await DemoData.forTests(), observers: observers)
    }

    /// The app over the given data (a database set up by the test); `configure` changes its
    /// configuration (a clock the test moves, a public origin).
    init(data: DemoData, observers: [any RouteObserver] = [], secret: AppSecret = .random(),
         configure: (inout ApplicationConfiguration) -> Void = { _ in }) throws {
        self.data = data
        app = try ScoresApp.application(data: data, secret: secret, observers: observers, configure: configure)
    }

    /// Runs a test body over HTTP against a live server, signed in as `demo` unless told not
    /// to, then stops the server.
    func test<Result>(signedIn: Bool = true, _ body: (TestClient) async throws -> Result) async throws -> Result {
        try await app.test(.live) { client in
            if signedIn { try await signIn(client) }
            return try await body(client)
        }
    }

    /// A client that is not signed in.
    func visitor(_ mode: TestClient.Mode = .inProcess) throws -> TestClient {
        try TestClient(app, mode: mode)
    }

    /// A client signed in through the login form.
    func signedIn(as username: String = "demo", password: String = "demo", _ mode: TestClient.Mode = .inProcess) async throws -> TestClient {
        let client = try visitor(mode)
        try await signIn(client, as: username, password: password)
        return client
    }

    /// Signs a client in through the login form.
    func signIn(_ client: TestClient, as username: String = "demo", password: String = "demo") async throws {
        try await client.get("/welcome/~login")
        try await client.fill("Username", with: username)
        try await client.fill("Password", with: password)
        try await client.press("Sign in").expect(screen: "Feed")
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
        guard let selected = selectedTab else { return nil }
        return ["Feed", "Search", "Dashboard", "Messages"].first { selected.hasSuffix($0) } ?? selected
    }
}

extension DemoData {
    /// The demo's data over fresh accounts and a fresh store in memory (the demo account
    /// seeded), hashing passwords with 2 PBKDF2 iterations instead of 210,000 so signing in
    /// costs the tests nothing.
    static func forTests() async throws -> DemoData {
        try await DemoData.open(storage: try await DemoStorage.inMemory(), passwordIterations: 2)
    }
}
