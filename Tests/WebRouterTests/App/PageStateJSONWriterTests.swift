import Foundation
import Testing
@testable import WebRouter
import WebRouterTesting

/// The JSON page state is written by hand (`PageStateJSONWriter`) for speed; these hold its
/// bytes equal to `JSONEncoder`'s with sorted keys and unescaped slashes, so clients that
/// compared or hashed the old output see no change.
@Suite("Page state JSON bytes")
struct PageStateJSONWriterTests {
    static func foundationBytes(_ state: PageState) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(state))
    }

    /// Every kind of value the schema holds, with text that needs escaping: quotes,
    /// backslashes, control characters, slashes, non-ASCII and emoji.
    static let tricky = "a\"b\\c/d\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}é 日本 🏳️‍🌈 \u{7F}\u{2028}"

    @Test func everyFieldAndEscapeMatchesFoundation() throws {
        let state = PageState(
            status: 422, url: "/a/~b?q=\(Self.tricky)", title: Self.tricky, screen: nil, baseScreen: "Feed",
            tabs: [.init(label: "Feed", href: "/feed", selected: true), .init(label: Self.tricky, href: "/", selected: false)],
            layers: [
                .init(screen: "Feed", kind: .base, style: nil, title: nil, breadcrumb: [.init(label: "Feed", href: nil)], dismiss: nil),
                .init(screen: nil, kind: .modal, style: "sheet", title: Self.tricky,
                      breadcrumb: [.init(label: "x", href: "/x"), .init(label: Self.tricky, href: nil)], dismiss: "/feed"),
            ],
            alerts: [.init(kind: "alert", title: Self.tricky, message: nil,
                           actions: [.init(label: "OK", kind: .link, role: "cancel", href: "/", form: nil),
                                     .init(label: "Go", kind: .button, role: "destructive", href: nil, form: 0)],
                           dismiss: nil)],
            links: [.init(name: Self.tricky, href: "/a", rel: nil, current: true, layer: 0, alert: nil),
                    .init(name: "b", href: "/b", rel: "dismiss", current: false, layer: nil, alert: 0)],
            forms: [.init(action: "/f", method: "post", enctype: "multipart/form-data", layer: nil, alert: 0,
                          fields: [.init(name: "_csrf", label: nil, type: "hidden", value: Self.tricky, checked: nil,
                                         disabled: false, required: false, error: nil, options: nil),
                                   .init(name: "kind", label: "Kind", type: "select", value: nil, checked: true,
                                         disabled: true, required: true, error: Self.tricky,
                                         options: [.init(label: Self.tricky, value: "v", selected: true, disabled: false)],
                                         rules: ["required": "", "maxlength": "2", "maxSize": Self.tricky, "min": "1", "custom": ""])],
                          buttons: [.init(label: "Save", name: "_action", value: "save", formaction: "/g", formmethod: "get", disabled: true),
                                    .init(label: "Plain", name: nil, value: nil, formaction: nil, formmethod: nil, disabled: false)],
                          errors: [Self.tricky, ""])],
            headings: [.init(level: 1, text: Self.tricky), .init(level: 6, text: "")],
            text: Self.tricky)
        #expect(PageStateJSONWriter.encode(state) == (try Self.foundationBytes(state)))
        let empty = PageState(status: 200, url: "/", title: "", screen: nil, baseScreen: nil)
        #expect(PageStateJSONWriter.encode(empty) == (try Self.foundationBytes(empty)))
    }

    /// What the server sends for real pages decodes, and re-encoding it with Foundation gives
    /// the same bytes.
    @Test(arguments: ["/notes", "/notes/~compose", "/sign-in", "/notes/note/1"])
    func servedPagesAreFoundationsBytes(path: String) async throws {
        let app = try NotesApp.make()
        try await app.test(.inProcess) { client in
            _ = try await client.submit("sign-in", on: client.get("/sign-in"), ["username": "ada"])
            client.defaultHeaders = [("Accept", "application/json")]
            let served = try await client.get(path)
            let state = try JSONDecoder().decode(PageState.self, from: Data(served.body))
            #expect(!state.links.isEmpty)
            #expect(served.body == (try Self.foundationBytes(state)))
        }
    }
}
