import WebRouter
import WebRouterAccounts

/// A typed form with server-side validation, shown as a sheet over the notes list
/// (`/notes/~compose`). An empty title answers `422` with the form and its messages; a valid
/// note is saved for the signed-in person and the browser is sent (`303`) to it.
struct Compose: ContentScreen {
    enum Action: String, ScreenAction { case save }
    let title = "New note"
    let store: NoteStore
    let accounts: Accounts

    /// The note's fields and rules, declared once: rendered, decoded and checked from here.
    struct NewNote: Form {
        var title = ""
        var text = ""
        var tag = "home"
        static let fields: [Field<NewNote>] = [
            .text("title", \.title, label: "Title", .required("Give the note a title."),
                  .maxLength(80, "Keep the title under 80 characters.")),
            .multiline("text", \.text, label: "Text"),
            .text("tag", \.tag, label: "Tag", .required("A tag is one word: letters, digits and dashes."),
                  .custom("A tag is one word: letters, digits and dashes.") { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }),
        ]
    }

    func body(_ context: Void, router: Router<Compose>) -> some HTML {
        router.form(.save, NewNote(), .class("form")) { fields in
            fields
            button(.type("submit"), .class("button button-primary")) { "Save" }
        }
    }

    func perform(_ action: Action, form: FormData, router: Router<Compose>) async throws -> ActionResult {
        let owner = try accounts.owner(of: router.request)
        return try await router.validate(NewNote.self, form) { new in          // 422 with the form when a rule fails
            let note = try await store.add(owner: owner, title: new.title, text: new.text, tag: new.tag.lowercased())
            let created = router.root().tab(Notes.self)?.move(\.note, note.id).url
            return .move(to: created ?? router.dismissAll)                  // 303 to /notes/note/5
        }
    }
}
