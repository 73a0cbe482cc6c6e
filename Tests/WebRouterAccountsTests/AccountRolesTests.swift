import Testing
import WebRouter
import WebRouterTesting
@testable import WebRouterAccounts

/// `Accounts(roles:)`: the roles an app gives an account are written into the session at
/// sign-in, where `SignInPolicy`'s default reads them, so `.requiresSignIn(role:)` lets that
/// account in and refuses the others (`403`), with no policy of the app's own.
@Suite("WebRouterAccounts: roles in the session")
struct AccountRolesTests {
    struct Lobby: ContentScreen {
        let title = "Lobby"
        func body(_ context: Void, router: Router<Lobby>) -> some HTML { h1 { "Lobby" } }
    }

    struct Desk: ContentScreen {
        let title = "Desk"
        func body(_ context: Void, router: Router<Desk>) -> some HTML { h1 { "Editors' desk" } }
    }

    struct Unreadable: Error {}

    static let password = "correct horse"

    /// Ada and Bob have accounts; `roles` says who is what.
    static func makeApp(roles: @escaping @Sendable (String) async throws -> Set<String>) async throws -> Application {
        let store = AccountStore(storage: InMemoryAccountStorage(), passwordIterations: 2)
        _ = try await store.register(username: "ada", password: password)
        _ = try await store.register(username: "bob", password: password)
        let accounts = Accounts(store: store, roles: roles)
        let window = Window(Tabs {
            Navigation(Lobby())
            Navigation(Desk()).requiresSignIn(role: "editor")
        })
        .signIn(SignInScreen(accounts: accounts, destination: "/lobby"))
        var configuration = ApplicationConfiguration(appName: "Roles test", secret: .random())
        configuration.sessionRegistry = accounts.sessionRegistry
        return try Application(window, configuration: configuration)
    }

    /// Signs `username` in through the sign-in presented over the protected `/desk`.
    static func signInAtTheDesk(_ client: TestClient, as username: String) async throws -> TestPage {
        let page = try await client.get("/desk")
        try page.expect(url: "/desk", screen: "SignInScreen")
        try await client.fill("Username", with: username)
        try await client.fill("Password", with: password)
        return try await client.press("Sign in")
    }

    @Test func anAccountWithTheRoleOpensTheScreenAndOneWithoutIsRefused() async throws {
        let app = try await Self.makeApp(roles: { $0 == "ada" ? ["editor", "author"] : [] })
        try await app.test { client in
            let landed = try await Self.signInAtTheDesk(client, as: "ada")
            try landed.expect(url: "/desk", screen: "Desk", text: "Editors' desk")
        }
        try await app.test { client in
            let refused = try await Self.signInAtTheDesk(client, as: "bob")
            #expect(refused.status.code == 403)
            #expect(!refused.text.contains("Editors' desk"))
        }
    }

    @Test func rolesThatCannotBeReadSignInWithNone() async throws {
        let app = try await Self.makeApp(roles: { _ in throw Unreadable() })
        try await app.test { client in
            let refused = try await Self.signInAtTheDesk(client, as: "ada")
            #expect(refused.status.code == 403)
            // Signed in all the same: the public tab is open and nothing asks to sign in again.
            try await client.get("/lobby").expect(screen: "Lobby")
        }
    }

    @Test func withoutRolesTheSessionHasNone() async throws {
        let app = try await Self.makeApp(roles: { _ in [] })
        try await app.test { client in
            let refused = try await Self.signInAtTheDesk(client, as: "ada")
            #expect(refused.status.code == 403)
        }
    }
}
