import WebRouter
import WebRouterAccounts

/// The third tab's root (signed in only): a navigation stack of the person's tags.
struct Tags: ContentScreen {
    let title = "Tags"
    let tabIcon: String? = "🏷"
    let store: NoteStore
    let accounts: Accounts
    var tag: Push<Tags, TagNotes>                     // /tags/tag/home

    func body(_ context: Void, router: Router<Tags>) async throws -> some HTML {
        let tags = try await store.tags(of: try accounts.owner(of: router.request))
        h1 { "Tags" }
        ul(.class("list")) {
            for tag in tags {
                li(.class("list-item")) { a(.href(router.link(\.tag, tag))) { tag } }
            }
        }
    }

    func liveKeys(for context: Void) -> [LiveKey] { [Note.liveKey] }
}

/// How a tag's notes are sorted: state of the screen that is not a screen, kept in the query.
enum NoteOrder: String, URLContext, CaseIterable {
    case newest, oldest, title
}

/// The stack's second screen: the notes of one tag, with a picker in the query
/// (`/tags/tag/home?order=title`; the default, `newest`, is left out of the URL).
struct TagNotes: ContentScreen {
    typealias Context = String

    struct Query: ScreenQuery {
        var order: NoteOrder = .newest
        static let fields: [QueryField<Query>] = [.init("order", \.order)]
    }

    let store: NoteStore
    let accounts: Accounts
    func title(for tag: String) -> String { "#\(tag)" }

    func body(_ tag: String, router: Router<TagNotes>) async throws -> some HTML {
        let notes = try await store.all(of: try accounts.owner(of: router.request)).filter { $0.tag == tag }
        h1 { "Notes tagged \(tag)" }
        router.picker(\.order, label: "Sort") { $0.rawValue.capitalized }
        ul(.class("list"), .aria("label", "Notes tagged \(tag)")) {
            for note in sorted(notes, by: router.query.order) {
                li(.class("list-item")) { note.title }
            }
        }
    }

    func liveKeys(for tag: String) -> [LiveKey] { [Note.liveKey] }

    func sorted(_ notes: [Note], by order: NoteOrder) -> [Note] {
        switch order {
        case .newest: notes.sorted { $0.id > $1.id }
        case .oldest: notes.sorted { $0.id < $1.id }
        case .title: notes.sorted { $0.title < $1.title }
        }
    }
}
