import WebRouter

/// A form with server-side validation, shown as a sheet over the notes list
/// (`/notes/~compose`). An empty title answers `422` with the form and its messages; a valid
/// note is saved and the browser is sent (`303`) to it.
struct Compose: ContentScreen {
    enum Action: String, ScreenAction { case save }
    let title = "New note"
    let store: NoteStore

    func body(_ context: Void, router: Router<Compose>) -> some HTML {
        router.form(.save, .class("form")) {
            router.field("title", label: "Title")
            router.field("text", label: "Text")
            router.field("tag", label: "Tag", value: "home")
            button(.type("submit"), .class("button button-primary")) { "Save" }
        }
    }

    func perform(_ action: Action, form: FormData, router: Router<Compose>) async throws -> ActionResult {
        let title = form["title"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let tag = form["tag"]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        var errors = FormErrors()
        if title.isEmpty { errors["title"] = "Give the note a title." }
        if title.count > 80 { errors["title"] = "Keep the title under 80 characters." }
        if tag.isEmpty || !tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) {
            errors["tag"] = "A tag is one word: letters, digits and dashes."
        }
        if !errors.isEmpty { return .invalid(errors) }                       // 422, the form again

        let note = await store.add(title: title, text: form["text"] ?? "", tag: tag)
        let created = router.root().tab(Notes.self)?.move(\.note, note.id).url
        return .move(to: created ?? router.dismissAll)                      // 303 to /notes/note/5
    }
}

import Foundation
