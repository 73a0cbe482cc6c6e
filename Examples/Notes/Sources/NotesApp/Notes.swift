import WebRouter

/// The data tab's root: the list of notes, each a link to its detail.
struct Notes: ContentScreen {
    let title = "Notes"
    let tabIcon: String? = "📝"
    let store: NoteStore
    var note: Push<Notes, NoteDetail>                 // /notes/note/3
    var compose: Present<Notes, Navigation<Compose>>  // /notes/~compose

    func body(_ context: Void, router: Router<Notes>) async -> some HTML {
        let notes = await store.all()
        h1 { "Notes" }
        a(.href(router.link(\.compose)), .class("button button-primary")) { "New note" }
        ul(.class("list")) {
            for note in notes {
                li(.class("list-item")) { a(.href(router.link(\.note, note.id))) { note.title } }
            }
        }
    }
}

/// One note; its id travels in the URL (`/notes/note/3`).
struct NoteDetail: ContentScreen {
    typealias Context = Int
    let store: NoteStore

    func title(for id: Int) -> String { "Note \(id)" }

    func body(_ id: Int, router: Router<NoteDetail>) async throws -> some HTML {
        let note = try await load(id)
        h1 { note.title }
        p(.class("note")) { note.text }
        p(.class("muted")) { "Tagged \(note.tag)" }
        if let back = router.back { a(.href(back)) { "All notes" } }
    }

    /// The note, or a `404` page when there is none (`body` is a result builder: no `guard`).
    func load(_ id: Int) async throws -> Note {
        guard let note = await store.note(id) else { throw HTTPError.notFound("There is no note \(id).") }
        return note
    }
}
