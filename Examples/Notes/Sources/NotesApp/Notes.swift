import WebRouter
import WebRouterAccounts

/// The data tab's root (signed in only): the signed-in person's notes, each a link to its detail.
struct Notes: ContentScreen {
    let title = "Notes"
    let tabIcon: String? = "📝"
    let store: NoteStore
    let accounts: Accounts
    var note: Push<Notes, NoteDetail>                 // /notes/note/3
    var compose: Present<Notes, Navigation<Compose>>  // /notes/~compose

    func body(_ context: Void, router: Router<Notes>) async throws -> some HTML {
        let notes = try await store.all(of: try accounts.owner(of: router.request))
        h1 { "Notes" }
        a(.href(router.link(\.compose)), .class("button button-primary")) { "New note" }
        if notes.isEmpty { p(.class("muted")) { "No notes yet." } }
        ul(.class("list"), .aria("label", "Your notes")) {
            for note in notes {
                li(.class("list-item")) { a(.href(router.link(\.note, note.id))) { note.title } }
            }
        }
    }

    /// Any write to the notes refreshes this page when it is open, on every instance sharing
    /// the database (the store's broadcaster carries the change).
    func liveKeys(for context: Void) -> [LiveKey] { [Note.liveKey] }
}

/// One note; its id travels in the URL (`/notes/note/3`). Another account's note is a `404`.
struct NoteDetail: ContentScreen {
    typealias Context = Int
    let store: NoteStore
    let accounts: Accounts

    func title(for id: Int) -> String { "Note \(id)" }

    func body(_ id: Int, router: Router<NoteDetail>) async throws -> some HTML {
        let note = try await load(id, router: router)
        h1 { note.title }
        p(.class("note")) { note.text }
        p(.class("muted")) { "Tagged \(note.tag)" }
        if let back = router.back { a(.href(back)) { "All notes" } }
    }

    func liveKeys(for id: Int) -> [LiveKey] { [Note.liveKey(id: id)] }

    /// The note, or a `404` page when there is none (`body` is a result builder: no `guard`).
    func load(_ id: Int, router: Router<NoteDetail>) async throws -> Note {
        guard let note = try await store.note(id, of: try accounts.owner(of: router.request)) else {
            throw HTTPError.notFound("There is no note \(id).")
        }
        return note
    }
}
