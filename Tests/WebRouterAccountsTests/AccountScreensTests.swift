import Logging
import Synchronization
import Testing
import WebRouter
import WebRouterTesting
@testable import WebRouterAccounts

/// The ready screens mounted in a small app, as a person uses them: register, sign out, sign
/// in, change the password, delete the account, reset a forgotten password; and issue 42's
/// attacks on them (a padded name, a copied cookie, floods of password changes and
/// registrations). In process, on an in-memory store and a clock the test moves.
@Suite("WebRouterAccounts: the ready screens")
struct AccountScreensTests {
    /// A clock the test moves, in Unix seconds.
    final class TestClock: Sendable {
        private let seconds = Mutex(1_800_000_000)
        var now: Int { seconds.withLock { $0 } }
        func advance(by delta: Int) { seconds.withLock { $0 += delta } }
    }

    /// Links delivered by the reset hook.
    final class Outbox: PasswordResetHook {
        private let links = Mutex<[String]>([])
        var sent: [String] { links.withLock { $0 } }
        func deliver(resetLink link: String, for account: Account, logger: Logger) async throws {
            links.withLock { $0.append(link) }
        }
    }

    struct Welcome: ContentScreen {
        let title = "Welcome"
        var signIn: Present<Welcome, Navigation<SignInScreen>>
        var register: Present<Welcome, Navigation<RegistrationScreen>>
        var forgotPassword: Present<Welcome, Navigation<PasswordResetRequestScreen>>
        var resetPassword: Present<Welcome, Navigation<PasswordResetScreen>>

        func body(_ context: Void, router: Router<Welcome>) -> some HTML {
            h1 { "Welcome" }
            a(.href(router.link(\.signIn))) { "Sign in" }
            a(.href(router.link(\.register))) { "Register" }
        }
    }

    struct Home: ContentScreen {
        let title = "Home"
        let accounts: Accounts
        var changePassword: Push<Home, ChangePasswordScreen>
        var deleteAccount: Push<Home, DeleteAccountScreen>
        var signOut: Push<Home, SignOutScreen>

        func body(_ context: Void, router: Router<Home>) -> some HTML {
            h1 { "Home" }
            p { "Signed in as " + (accounts.username(of: router.request) ?? "nobody") }
        }
    }

    struct Fixture {
        let accounts: Accounts
        let outbox: Outbox
        let app: Application

        init(clock: TestClock) throws {
            let store = AccountStore(storage: InMemoryAccountStorage(), passwordIterations: 2, clock: { clock.now })
            let outbox = Outbox()
            let secret = AppSecret.random()
            let accounts = Accounts(store: store, secret: secret, passwordReset: outbox)
            let window = Window(selecting: { accounts.username(of: $0) == nil ? 0 : 1 }) {
                Navigation(Welcome(
                    signIn: Present(Navigation(SignInScreen(accounts: accounts, destination: "/home", passwordReset: "/welcome/~forgot-password"))),
                    register: Present(Navigation(RegistrationScreen(accounts: accounts, destination: "/home"))),
                    forgotPassword: Present(Navigation(PasswordResetRequestScreen(accounts: accounts, resetPage: "/welcome/~reset-password"))),
                    resetPassword: Present(Navigation(PasswordResetScreen(accounts: accounts, destination: "/home")))))
                Navigation(Home(
                    accounts: accounts,
                    changePassword: Push(ChangePasswordScreen(accounts: accounts, destination: "/home")),
                    deleteAccount: Push(DeleteAccountScreen(accounts: accounts, destination: "/welcome")),
                    signOut: Push(SignOutScreen(accounts: accounts, destination: "/welcome"))))
            }
            var configuration = ApplicationConfiguration(appName: "Accounts test", secret: secret)
            configuration.sessionRegistry = accounts.sessionRegistry
            configuration.clock = { clock.now }
            self.accounts = accounts
            self.outbox = outbox
            self.app = try Application(window, configuration: configuration)
        }

        func visitor() throws -> TestClient { try TestClient(app) }

        @discardableResult
        func register(_ client: TestClient, _ username: String, _ password: String = "correct horse") async throws -> TestPage {
            try await client.get("/welcome/~register")
            try await client.fill("Username", with: username)
            try await client.fill("Password", with: password)
            try await client.fill("Password again", with: password)
            return try await client.press("Create account")
        }

        @discardableResult
        func signIn(_ client: TestClient, _ username: String, _ password: String = "correct horse") async throws -> TestPage {
            try await client.get("/welcome/~sign-in")
            try await client.fill("Username", with: username)
            try await client.fill("Password", with: password)
            return try await client.press("Sign in")
        }

        @discardableResult
        func changePassword(_ client: TestClient, current: String, new: String = "battery staple") async throws -> TestPage {
            try await client.get("/home/change-password")
            try await client.fill("Current password", with: current)
            try await client.fill("New password", with: new)
            try await client.fill("New password again", with: new)
            return try await client.press("Change password")
        }
    }

    @Test func registerSignOutSignInChangePasswordAndDelete() async throws {
        let fixture = try Fixture(clock: TestClock())
        let client = try fixture.visitor()
        try await fixture.register(client, " Ada ").expect(screen: "Home", text: "Signed in as ada")

        try await client.get("/home/sign-out")
        try await client.press("Sign out").expect(screen: "Welcome")
        try await client.get("/home").expect(screen: "Welcome")

        try await fixture.signIn(client, "ada", "wrong").expect(status: 422, screen: "SignInScreen", text: "Wrong username or password.")
        try await fixture.signIn(client, "ADA").expect(screen: "Home", text: "Signed in as ada")

        try await fixture.changePassword(client, current: "correct horse").expect(screen: "Home")
        try await fixture.signIn(try fixture.visitor(), "ada").expect(status: 422)
        try await fixture.signIn(try fixture.visitor(), "ada", "battery staple").expect(screen: "Home")

        try await client.get("/home/delete-account")
        try await client.fill("Password", with: "wrong")
        try await client.press("Delete account").expect(status: 422, text: AccountStore.wrongCurrentPassword)
        try await client.fill("Password", with: "battery staple")
        try await client.press("Delete account").expect(screen: "Welcome")
        #expect(try await fixture.accounts.store.count() == 0)
    }

    @Test func aPaddedOrRecasedNameSharesTheLockOfTheAccount() async throws {
        let fixture = try Fixture(clock: TestClock())
        try await fixture.register(try fixture.visitor(), "demo")
        for _ in 0...fixture.accounts.throttles.signIn.freeAttemptsPerAccount {
            try await fixture.signIn(try fixture.visitor(), "demo", "wrong").expect(status: 422)
        }
        for spelling in ["demo ", "Demo", " DEMO"] {
            let refused = try await fixture.signIn(try fixture.visitor(), spelling)
            try refused.expect(status: 429, text: "Too many failed attempts.")
            #expect(refused.headers["Retry-After"] == "1", "\(spelling.debugDescription)")
        }
    }

    @Test func aPasswordChangeRenewsTheChangingSessionSoACopiedCookieIsSignedOut() async throws {
        let fixture = try Fixture(clock: TestClock())
        let owner = try fixture.visitor()
        try await fixture.register(owner, "ada")
        let copy = try fixture.visitor()
        copy.cookies = owner.cookies
        let other = try fixture.visitor()
        try await fixture.signIn(other, "ada")
        try await copy.get("/home").expect(screen: "Home")

        try await fixture.changePassword(owner, current: "correct horse").expect(screen: "Home")
        try await owner.get("/home").expect(screen: "Home", text: "Signed in as ada")
        try await copy.get("/home").expect(screen: "Welcome")
        try await other.get("/home").expect(screen: "Welcome")
    }

    @Test func changePasswordIsThrottledByAccount() async throws {
        let clock = TestClock()
        let fixture = try Fixture(clock: clock)
        let client = try fixture.visitor()
        try await fixture.register(client, "ada")
        let free = fixture.accounts.throttles.passwordChange.freeAttemptsPerAccount
        var statuses: [Int] = []
        for _ in 0..<12 { statuses.append(try await fixture.changePassword(client, current: "wrong").status.code) }
        #expect(statuses == Array(repeating: 422, count: free + 1) + Array(repeating: 429, count: 12 - free - 1))
        let refused = try await fixture.changePassword(client, current: "correct horse")
        #expect(refused.status.code == 429 && refused.headers["Retry-After"] == "1")
        clock.advance(by: 1)
        try await fixture.changePassword(client, current: "correct horse").expect(screen: "Home")
    }

    @Test func registrationIsThrottledByAddress() async throws {
        let clock = TestClock()
        let fixture = try Fixture(clock: clock)
        let free = fixture.accounts.throttles.registration.freeAttemptsPerClient
        for index in 0...free { try await fixture.register(try fixture.visitor(), "bot\(index)").expect(screen: "Home") }
        let refused = try await fixture.register(try fixture.visitor(), "late")
        try refused.expect(status: 429, text: "Too many accounts were created from your address.")
        #expect(refused.headers["Retry-After"] == "1")
        #expect(try await fixture.accounts.store.count() == free + 1)
        clock.advance(by: 1)
        try await fixture.register(try fixture.visitor(), "later").expect(screen: "Home")
    }

    @Test func aResetLinkSetsANewPasswordOnceAndEndsEverySession() async throws {
        let fixture = try Fixture(clock: TestClock())
        let owner = try fixture.visitor()
        try await fixture.register(owner, "ada")
        let visitor = try fixture.visitor()
        for name in ["ada", "nobody"] {
            try await visitor.get("/welcome/~forgot-password")
            try await visitor.fill("Username", with: name)
            try await visitor.press("Send a reset link").expect(text: Accounts.resetRequested)
        }
        #expect(fixture.outbox.sent.count == 1, "a link for the account that exists, none for the other")
        let link = try #require(fixture.outbox.sent.first)
        let start = try #require(link.range(of: "/welcome/~reset-password"))
        let path = String(link[start.lowerBound...])
        try await visitor.get(path)
        try await visitor.fill("New password", with: "battery staple")
        try await visitor.fill("New password again", with: "battery staple")
        try await visitor.press("Set the new password").expect(screen: "Home", text: "Signed in as ada")
        try await owner.get("/home").expect(screen: "Welcome")

        let again = try fixture.visitor()
        try await again.get(path)
        try await again.fill("New password", with: "another one")
        try await again.fill("New password again", with: "another one")
        try await again.press("Set the new password").expect(status: 422, text: "This reset link is no longer valid.")
    }
}
