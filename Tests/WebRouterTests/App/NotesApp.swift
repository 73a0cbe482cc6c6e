import WebRouter

// A small app with sign-in, a session, actions and modals, for the framework's
// HTTP-level tests of pages, forms, CSRF and sessions.

actor NoteStore {
    private var notes: [Int: String] = [1: "Groceries", 2: "<script>alert('x')</script> & \"friends\"", 3: "Ideas"]
    func note(_ id: Int) -> String? { notes[id] }
    func save(_ id: Int, _ text: String) { notes[id] = text }
}

struct SignIn: ContentScreen {
    enum Action: String, ScreenAction { case signIn = "sign-in" }
    let title = "Sign in"
    func body(_ context: Void, router: Router<SignIn>) -> some HTML {
        h1 { "Sign in" }
        router.form(.signIn) {
            router.field("username", label: "Username")
            button(.type("submit")) { "Sign in" }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<SignIn>) async throws -> ActionResult {
        let name = form["username"]?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !name.isEmpty else { return .invalid(FormErrors(fields: ["username": "Enter a username."], general: ["Check the form."])) }
        router.request.updateSession { $0["user"] = name }
        return .move(to: router.request.nextURL ?? "/notes")
    }
}

struct Notes: ContentScreen {
    let title = "Notes"
    let tabIcon: String? = "📝"
    var note: Push<Notes, Note>
    func body(_ context: Void, router: Router<Notes>) -> some HTML {
        h1 { "Notes of \(router.request.session["user"] ?? "nobody")" }
        ul { for id in 1...3 { li { a(.href(router.link(\.note, id))) { "Note \(id)" } } } }
    }
}

struct Note: ContentScreen {
    typealias Context = Int
    let store: NoteStore
    var edit: Present<Note, Navigation<EditNote>>
    func title(for context: Int) -> String { "Note \(context)" }
    func body(_ id: Int, router: Router<Note>) async throws -> some HTML {
        let text = try await store.note(id) ?? { throw HTTPError.notFound("No note \(id).") }()
        p(.class("note")) { text }
        a(.href(router.link(\.edit))) { "Edit" }
        if let back = router.back { a(.href(back)) { "All notes" } }
    }
}

struct EditNote: ContentScreen {
    enum Action: String, ScreenAction { case save }
    let store: NoteStore
    let title = "Edit"
    func body(_ context: Void, router: Router<EditNote>) async -> some HTML {
        let id = (router.context(of: Note.self) ?? 0)
        let current = await store.note(id) ?? ""
        router.form(.save) {
            router.field("text", label: "Text", value: current)
            button(.type("submit")) { "Save" }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<EditNote>) async throws -> ActionResult {
        let text = form["text"] ?? ""
        guard !text.isEmpty else { return .invalid(FormErrors(fields: ["text": "A note needs some text."])) }
        await store.save((router.context(of: Note.self) ?? 0), text)
        return .move(to: router.dismiss ?? "/notes")
    }
}

struct Profile: ContentScreen {
    enum Action: String, ScreenAction { case signOut = "sign-out" }
    let title = "Profile"
    func body(_ context: Void, router: Router<Profile>) -> some HTML {
        h1 { router.request.session["user"] ?? "" }
        router.form(.signOut) { button(.type("submit")) { "Sign out" } }
    }
    func perform(_ action: Action, form: FormData, router: Router<Profile>) async throws -> ActionResult {
        router.request.updateSession { $0.values = [:] }
        return .move(to: "/sign-in")
    }
}

enum NotesApp {
    static func make() throws -> Application {
        let store = NoteStore()
        let window = Window(selecting: { $0.session["user"] == nil ? 0 : 1 }) {
            SignIn()
            Tabs {
                Navigation(Notes(note: Push(Note(store: store, edit: Present(Navigation(EditNote(store: store)))))))
                Navigation(Profile())
            }
        }
        var configuration = ApplicationConfiguration(appName: "Notes", secret: AppSecret(passphrase: String(repeating: "test secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        return try Application(window, configuration: configuration)
    }
}

import Foundation
