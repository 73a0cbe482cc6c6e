import WebRouter
import WebRouterAccounts

/// The whole app: its screen tree, declared once, and its configuration.
public enum NotesApp {
    /// The tree: a public tab and three that need a signed-in person. `/home` (→
    /// `/home/~register`), `/notes` (→ `/notes/note/3`, `/notes/~compose`), `/tags` (→
    /// `/tags/tag/home?order=title`) and `/account` (→ `/account/change-password`,
    /// `/account/sign-out`). The framework's sign-in screen is presented over the nearest
    /// public screen wherever a signed-out person opens a protected URL (`…/~sign-in`), and
    /// lands them on that URL once they are in.
    public static func window(data: NotesData) -> Window {
        let notes = data.notes, accounts = data.accounts
        return Window(Tabs {
            Navigation(Home(
                accounts: accounts,
                register: Present(Navigation(RegistrationScreen(accounts: accounts, destination: "/notes")))))
            Navigation(Notes(
                store: notes, accounts: accounts,
                note: Push(NoteDetail(store: notes, accounts: accounts)),
                compose: Present(Navigation(Compose(store: notes, accounts: accounts)))))
                .requiresSignIn()
            Navigation(Tags(store: notes, accounts: accounts, tag: Push(TagNotes(store: notes, accounts: accounts))))
                .requiresSignIn()
            Navigation(AccountTab(
                accounts: accounts,
                changePassword: Push(ChangePasswordScreen(accounts: accounts, destination: "/account")),
                signOut: Push(SignOutScreen(accounts: accounts, destination: "/home"))))
                .named("account")
                .requiresSignIn()
        })
        .signIn(SignInScreen(accounts: accounts, destination: "/notes", registration: "/home/~register"))
    }

    /// The application over `data`. Start-up checks the tree and throws a `RouteTableError`
    /// naming the screens if something is wrong with it.
    public static func make(data: NotesData, secret: AppSecret = AppSecret.fromEnvironment().secret) throws -> Application {
        var configuration = ApplicationConfiguration(appName: "Notes", secret: secret)
        configure(&configuration, data: data)
        return try Application(window(data: data), configuration: configuration)
    }

    /// What the app adds to a configuration: sign-out ends a session everywhere (the accounts'
    /// session registry), and a write on any instance sharing the database refreshes the open
    /// pages of every instance (the store's broadcaster).
    public static func configure(_ configuration: inout ApplicationConfiguration, data: NotesData) {
        configuration.sessionRegistry = data.accounts.sessionRegistry
        configuration.live.broadcaster = data.notes.store.broadcaster
    }
}
