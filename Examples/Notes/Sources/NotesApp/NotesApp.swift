import WebRouter

/// The whole app: its screen tree, declared once, and its configuration.
public enum NotesApp {
    /// The tree: three tabs. `/home`, `/notes` (→ `/notes/note/3`, `/notes/~compose`) and
    /// `/tags` (→ `/tags/tag/home?order=title`).
    public static func window(store: NoteStore) -> Window {
        Window(Tabs {
            Home()
            Navigation(Notes(
                store: store,
                note: Push(NoteDetail(store: store)),
                compose: Present(Navigation(Compose(store: store)))))
            Navigation(Tags(store: store, tag: Push(TagNotes(store: store))))
        })
    }

    /// The application. Start-up checks the tree and throws a `RouteTableError` naming the
    /// screens if something is wrong with it.
    public static func make(store: NoteStore = NoteStore(), secret: AppSecret = AppSecret.fromEnvironment().secret) throws -> Application {
        try Application(window(store: store), configuration: ApplicationConfiguration(appName: "Notes", secret: secret))
    }
}
