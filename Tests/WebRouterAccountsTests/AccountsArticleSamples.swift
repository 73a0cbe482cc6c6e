// The samples of the WebRouterAccounts article (Sources/WebRouterAccounts/WebRouterAccounts.docc),
// compiled here so they stay real code; `Tests/Docs/check_samples.py` finds each one.
import Foundation
import Logging
import Testing
import WebRouter
import WebRouterAccounts
#if SQLite
import GRDB
#endif

enum AccountsArticle {
    // Mounting the ready screens.
    struct Welcome: ContentScreen {
        let title = "Welcome"
        var signIn: Present<Welcome, Navigation<SignInScreen>>
        var register: Present<Welcome, Navigation<RegistrationScreen>>

        func body(_ context: Void, router: Router<Welcome>) -> some HTML {
            h1 { "Notes" }
            a(.href(router.link(\.signIn))) { "Sign in" }
        }
    }

    struct Notes: ContentScreen {
        let title = "Notes"
        var changePassword: Push<Notes, ChangePasswordScreen>
        var deleteAccount: Push<Notes, DeleteAccountScreen>
        var signOut: Push<Notes, SignOutScreen>

        func body(_ context: Void, router: Router<Notes>) -> some HTML {
            h1 { "Your notes" }
        }
    }

    static func makeApp(accounts: Accounts, secret: AppSecret) throws -> Application {
        let window = Window(selecting: { accounts.username(of: $0) == nil ? 0 : 1 }) {
            Navigation(Welcome(
                signIn: Present(Navigation(SignInScreen(accounts: accounts, destination: "/notes", registration: "/welcome/~register"))),
                register: Present(Navigation(RegistrationScreen(accounts: accounts, destination: "/notes")))))
            Navigation(Notes(
                changePassword: Push(ChangePasswordScreen(accounts: accounts, destination: "/notes")),
                deleteAccount: Push(DeleteAccountScreen(accounts: accounts, destination: "/welcome")),
                signOut: Push(SignOutScreen(accounts: accounts, destination: "/welcome"))))
        }
        var configuration = ApplicationConfiguration(appName: "Notes", secret: secret)
        configuration.sessionRegistry = accounts.sessionRegistry   // sign-out ends a session everywhere
        return try Application(window, configuration: configuration)
    }

    #if SQLite
    static func openAccounts(secret: AppSecret) throws -> Accounts {
        let database = try SQLiteAccountDatabase.open(path: "notes.sqlite")
        let store = AccountStore(storage: SQLiteAccountStorage(database: database))
        return Accounts(store: store, secret: secret)
    }

    // An app's own fields beside the account: its table, its migration, the same file.
    static let profiles = AccountMigration(name: "notes v1: profiles", sql: [
        """
        CREATE TABLE profile (username TEXT NOT NULL PRIMARY KEY \
        REFERENCES accounts(username) ON DELETE CASCADE, display_name TEXT NOT NULL)
        """,
    ])

    static func openWithProfiles() throws -> DatabasePool {
        try SQLiteAccountDatabase.open(path: "notes.sqlite", appMigrations: [profiles])
    }
    #endif

    // Drawing one's own sign-in screen with the API.
    struct MySignIn: ContentScreen {
        enum Action: String, ScreenAction { case signIn = "sign-in" }
        let title = "Sign in"
        let accounts: Accounts

        func body(_ context: Void, router: Router<MySignIn>) -> some HTML {
            router.form(.signIn, SignInScreen.Credentials()) { fields in
                fields
                button(.type("submit")) { "Let me in" }
            }
        }

        func perform(_ action: Action, form: FormData, router: Router<MySignIn>) async throws -> ActionResult {
            try await router.validate(SignInScreen.Credentials.self, form) { credentials in
                await accounts.signIn(username: credentials.username, password: credentials.password, request: router.request)
                    .actionResult(onSuccess: router.request.nextURL ?? "/notes")
            }
        }
    }

    // Roles: written into the session at sign-in, where SignInPolicy's default reads them.
    static func openAccounts(store: AccountStore, editors: Set<String>) -> Accounts {
        Accounts(store: store, roles: { username in editors.contains(username) ? ["editor"] : [] })
    }

    // A password-reset hook that mails the link (here: prints it).
    struct MailedReset: PasswordResetHook {
        func deliver(resetLink link: String, for account: Account, logger: Logger) async throws {
            print("To \(account.username): choose a new password at \(link)")
        }
    }
}

@Suite("WebRouterAccounts: the article's samples")
struct AccountsArticleSampleTests {
    @Test func theMountedScreensMakeAValidApp() throws {
        let accounts = Accounts(store: AccountStore(storage: InMemoryAccountStorage()))
        _ = try AccountsArticle.makeApp(accounts: accounts, secret: .random())
    }
}
