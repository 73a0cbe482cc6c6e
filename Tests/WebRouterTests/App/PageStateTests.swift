import Foundation
import Logging
import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting

/// Pages answered as their state in JSON (`Accept: application/json`): the schema read from
/// the page's own HTML, content negotiation by q-values, `Vary`, errors, HEAD, compression.
@Suite("Page state as JSON")
struct PageStateTests {
    let seedApp = Application(table: SeedTree.table, configuration: .init(appName: "Scores"))

    /// Asks `app` directly (no client), with `accept` as the `Accept` header.
    func respond(
        _ app: Application, _ path: String, method: HTTPMethod = .get, accept: String? = "application/json"
    ) async -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "127.0.0.1")
        if let accept { headers.add(name: "Accept", value: accept) }
        // The whole pipeline, as a client gets it (compression adds its part of `Vary`).
        let pipeline = RequestPipeline(
            responder: app, configuration: ServerConfiguration(), accessLog: AccessLog(logger: Logger(label: "test"), enabled: false))
        return await pipeline.respond(to: IncomingRequest(method: method.rawValue, target: path, headers: headers))
    }

    func decode(_ body: [UInt8]) throws -> PageState {
        try JSONDecoder().decode(PageState.self, from: Data(body))
    }

    // MARK: - The schema

    @Test func aDeepStackAnswersItsLandmarks() async throws {
        let response = await respond(seedApp, "/dashboard/league/2/tournament/5/match/12")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(response.headers["Vary"] == "Accept, Accept-Encoding")
        let state = try decode(response.body)
        #expect(state.schema == "webrouter.page-state/1")
        #expect(state.status == 200)
        #expect(state.url == "/dashboard/league/2/tournament/5/match/12")
        #expect(state.title == "Match 12 · Scores")
        #expect(state.screen == "Match")
        #expect(state.baseScreen == "Match")
        #expect(state.tabs.map(\.label) == ["Feed", "Search", "Dashboard", "Messages"])
        #expect(state.tabs.filter(\.selected).map(\.href) == ["/dashboard"])
        #expect(state.layers.count == 1)
        let base = try #require(state.layers.first)
        #expect(base.kind == .base && base.style == nil && base.dismiss == nil)
        #expect(base.title == "Match 12")
        #expect(base.breadcrumb == [
            PageState.Crumb(label: "Dashboard", href: "/dashboard"),
            PageState.Crumb(label: "League", href: "/dashboard/league/2"),
            PageState.Crumb(label: "Tournament 5", href: "/dashboard/league/2/tournament/5"),
            PageState.Crumb(label: "Match 12", href: nil),
        ])
        #expect(state.alerts.isEmpty && state.forms.isEmpty)
        // Tab links sit outside the layers; breadcrumb links inside the base.
        #expect(state.links.contains(PageState.Link(name: "Dashboard", href: "/dashboard", rel: nil, current: true, layer: nil, alert: nil)))
        #expect(state.links.contains(PageState.Link(name: "League", href: "/dashboard/league/2", rel: nil, current: false, layer: 0, alert: nil)))
        #expect(state.text.contains("Match"))
        // Every key is written, absent ones as null, so other languages can rely on them.
        let json = String(decoding: response.body, as: UTF8.self)
        #expect(json.hasPrefix(#"{"alerts":[],"baseScreen":"Match","forms":[]"#))
        #expect(json.contains(#"{"href":null,"label":"Match 12"}"#))
        #expect(json.contains(#""dismiss":null,"kind":"base","#))
    }

    @Test func aModalLayerHasItsOwnBreadcrumbAndWayOut() async throws {
        let state = try decode(await respond(seedApp, "/search/~user/7/team/3").body)
        #expect(state.screen == "Team")
        #expect(state.baseScreen == "Search")
        #expect(state.title == "Team 3 · Scores")
        #expect(state.layers.map(\.kind) == [.base, .modal])
        let modal = try #require(state.layers.last)
        #expect(modal.screen == "Team")
        #expect(modal.style == "sheet")
        #expect(modal.dismiss == "/search")
        #expect(modal.breadcrumb.map(\.label) == ["Player 7", "Team 3"])
        #expect(modal.breadcrumb.map(\.href) == ["/search/~user/7", nil])
        #expect(state.layers[0].breadcrumb.map(\.label) == ["Search"])
        #expect(state.links.contains { $0.rel == "dismiss" && $0.href == "/search" && $0.layer == 1 })
        #expect(state.text.contains("Team"))
        #expect(!state.text.contains("Search"))   // the top layer's text only
    }

    @Test func theStateIsWhatTheHTMLLandmarksSay() async throws {
        try await seedApp.test { client in
            for path in ["/feed/tournament/5/match/12", "/search/~user/7/team/3", "/dashboard/user/7/~team/3"] {
                let html = try await client.get(path)
                let state = try decode(try await client.request(.get, path, headers: [("Accept", "application/json")]).body)
                #expect(state == PageState(document: html.document, status: 200, url: path))
                #expect(state.screen == html.screen && state.baseScreen == html.baseScreen && state.title == html.title)
                #expect(state.layers.map(\.breadcrumb).map { $0.map(\.label) } == html.layers.map(\.breadcrumb).filter { !$0.isEmpty }.map { $0.map(\.label) })
                #expect(state.layers.dropFirst().map(\.screen) == html.modals.map(\.screen))
                #expect(state.tabs.map(\.label) == html.tabs.map(\.label))
            }
        }
    }

    @Test func formsListTheirFieldsWithLabelsAndTheCSRFToken() async throws {
        let app = try NotesApp.make()
        try await app.test { client in
            let page = try await client.request(.get, "/sign-in", headers: [("Accept", "application/json")])
            let state = try decode(page.body)
            #expect(state.screen == "SignIn")
            let form = try #require(state.forms.first)
            #expect(form.method == "post" && form.action == "/sign-in" && form.layer == 0 && form.alert == nil)
            #expect(form.enctype == "application/x-www-form-urlencoded")
            let csrf = try #require(form.fields.first { $0.name == "_csrf" })
            #expect(csrf.type == "hidden" && csrf.label == nil && csrf.value?.isEmpty == false)
            let username = try #require(form.fields.first { $0.name == "username" })
            #expect(username.label == "Username" && username.type == "text" && username.value == "" && username.checked == nil)
            #expect(form.buttons.map(\.label) == ["Sign in"])

            // A client with only the JSON can post: the form's own fields plus its own.
            var fields = form.fields.map { ($0.name, $0.value ?? "") }.filter { $0.0 != "username" }
            fields.append(("username", ""))
            client.followsRedirects = false
            let invalid = try await client.request(
                .post, form.action, headers: [("Accept", "application/json"), ("Content-Type", "application/x-www-form-urlencoded")],
                body: Array(QueryItems(fields).encoded.utf8))
            #expect(invalid.status.code == 422)
            let again = try decode(invalid.body)
            #expect(again.status == 422)
            #expect(again.forms.first?.fields.first { $0.name == "username" }?.error == "Enter a username.")
            #expect(again.forms.first?.errors == ["Check the form."])

            fields.removeLast()
            fields.append(("username", "ada"))
            let signedIn = try await client.request(
                .post, form.action, headers: [("Accept", "application/json"), ("Content-Type", "application/x-www-form-urlencoded")],
                body: Array(QueryItems(fields).encoded.utf8))
            // An action's answer stays a redirect: only pages become JSON.
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.headers["Content-Type"] == nil)
            #expect(signedIn.headers["Vary"] == nil)
            #expect(signedIn.location == "/notes")
        }
    }

    @Test func readingMarkupByHand() {
        let html = """
            <html><head><title>Edit · Notes</title></head><body data-screen="Edit">
            <main data-screen="Notes"><nav aria-label="Breadcrumb"><ol><li aria-current="page"><span>Notes</span></li></ol></nav>
            <h1>Notes</h1><p hidden>secret</p><a href="/gone" hidden>Gone</a></main>
            <dialog open aria-modal="true" data-screen="Edit" class="modal modal-centered" aria-labelledby="t" data-dismiss="/notes">
            <h2 id="t">Edit</h2><a rel="dismiss" href="/notes" aria-label="Close">✕</a>
            <form method="POST" action="/notes/~edit" enctype="multipart/form-data">
            <input type="hidden" name="_csrf" value="tok">
            <label>Done <input type="checkbox" name="done" checked></label>
            <label for="k">Kind</label><select id="k" name="kind"><option value="a">A</option><option disabled>B</option></select>
            <label for="b">Body</label><textarea id="b" name="body" required>
            Hello</textarea>
            <fieldset disabled><input name="old" aria-label="Old"></fieldset>
            <button type="submit" name="_action" value="save">Save</button><button type="button">Other</button>
            </form></dialog>
            <dialog role="alertdialog" aria-modal="true" open aria-labelledby="a" class="alert"><h2 id="a">Sure?</h2>
            <a href="/notes" rel="dismiss" class="button button-cancel">Cancel</a></dialog>
            </body></html>
            """
        let state = PageState(html: html, status: 200, url: "/notes/~edit")
        #expect(state.layers.map(\.style) == [nil, "centered"])
        #expect(state.layers.map(\.title) == ["Notes", "Edit"])
        #expect(state.layers.last?.dismiss == "/notes")
        #expect(state.links.map(\.href) == ["/notes", "/notes"])   // the hidden one is left out
        #expect(state.links.map(\.alert) == [nil, 0])
        let headings: [PageState.Heading] = [.init(level: 1, text: "Notes"), .init(level: 2, text: "Edit"), .init(level: 2, text: "Sure?")]
        #expect(state.headings == headings)
        let form = try! #require(state.forms.first)
        #expect(form.method == "post" && form.enctype == "multipart/form-data" && form.layer == 1)
        #expect(form.fields.map(\.name) == ["_csrf", "done", "kind", "body", "old"])
        #expect(form.fields[1] == PageState.Field(name: "done", label: "Done", type: "checkbox", value: "on", checked: true,
                                                  disabled: false, required: false, error: nil, options: nil))
        #expect(form.fields[2].options == [PageState.Option(label: "A", value: "a", selected: true, disabled: false),
                                           PageState.Option(label: "B", value: "B", selected: false, disabled: true)])
        #expect(form.fields[3].value == "Hello")   // the newline after <textarea> is not part of it
        #expect(form.fields[3].required && form.fields[3].label == "Body")
        #expect(form.fields[4].disabled)
        #expect(form.buttons == [PageState.Button(label: "Save", name: "_action", value: "save", formaction: nil, formmethod: nil, disabled: false)])
        #expect(state.alerts.first?.actions == [PageState.AlertAction(label: "Cancel", kind: .link, role: "cancel", href: "/notes", form: nil)])
        #expect(state.alerts.first?.kind == "alert" && state.alerts.first?.message == nil)
        #expect(state.text == "Sure? Cancel")
    }

    // MARK: - Negotiation

    @Test(arguments: [
        (nil, false),
        ("", false),
        ("application/json", true),
        ("APPLICATION/JSON; charset=utf-8", true),
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", false),
        ("*/*", false),
        ("application/json;q=0", false),
        ("application/json;q=0, */*", false),
        ("application/json, text/html", false),           // a tie keeps HTML
        ("text/html;q=0.5, application/json", true),
        ("application/json;q=0.9, text/html", false),
        ("text/*;q=0.3, application/json;q=0.4", true),
        ("application/*", true),
        ("text/html;q=0.1, */*", true),
        ("image/png", false),
        ("application/json;q=nonsense", false),
        ("text/html,application/json", false),          // a browser's list opens with bare text/html
        ("TEXT/HTML", false),
        ("text/html;q=0.2,application/json", true),     // not bare: the whole list is read
        ("text/htmlx,application/json", true),
    ] as [(String?, Bool)])
    func negotiationByQValues(accept: String?, json: Bool) {
        #expect(ContentNegotiation.prefersJSON(accept) == json)
    }

    /// One `Vary` field, naming `Accept` (HTML or JSON) and `Accept-Encoding` (pages are compressed).
    @Test func aBrowserStillGetsHTMLThatVariesByAccept() async throws {
        let accept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
        for value in [accept, "*/*", nil, "application/json;q=0"] as [String?] {
            let response = await respond(seedApp, "/feed", accept: value)
            #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
            #expect(response.headers.values(for: "Vary") == ["Accept, Accept-Encoding"])
        }
    }

    @Test func compressionAddsItsVaryToTheSameHeader() async throws {
        for accept in ["application/json", "text/html"] {
            var headers = HTTPHeaders()
            headers.add(name: "Accept", value: accept)
            headers.add(name: "Accept-Encoding", value: "gzip")
            let request = HTTPRequest(method: .get, path: "/dashboard/league/2/tournament/5/match/12", headers: headers)
            let sent = ResponseCompression.compressed(await seedApp.respond(to: request), for: request)
            #expect(sent.headers.values(for: "Vary") == ["Accept, Accept-Encoding"])
            if sent.headers["Content-Encoding"] == nil {  // sent as it is only when it fits one segment
                #expect(ResponseCompression.fitsOneSegment(bodyCount: sent.body.count, headers: sent.headers))
            } else {
                #expect(sent.headers["Content-Encoding"] == "gzip")
            }
        }
    }

    @Test func errorPagesAnswerInJSONWithTheirStatus() async throws {
        let response = await respond(seedApp, "/feed/nowhere")
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        let state = try decode(response.body)
        #expect(state.status == 404 && state.screen == "Error" && state.url == "/feed/nowhere")
        #expect(state.headings.first?.text == "Not Found")
        #expect(state.links.contains { $0.rel == "up" && $0.href == "/feed" })

        let refused = await respond(seedApp, "/feed", method: .delete)
        #expect(refused.status == .methodNotAllowed)
        #expect(refused.headers["Allow"] != nil)
        #expect(try decode(refused.body).status == 405)

        // A form without its CSRF token is refused in JSON too.
        let notes = try NotesApp.make()
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "127.0.0.1")
        headers.add(name: "Accept", value: "application/json")
        headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        let forged = await notes.respond(to: HTTPRequest(method: .post, path: "/sign-in", headers: headers,
                                                         body: Array("_action=sign-in&username=eve".utf8)))
        #expect(forged.status == .forbidden)
        #expect(try decode(forged.body).screen == "Error")
    }

    @Test func redirectsStayRedirects() async throws {
        let response = await respond(seedApp, "/feed/")
        #expect(response.status == .permanentRedirect)
        #expect(response.headers["Location"] == "/feed")
        #expect(response.body.isEmpty && response.headers["Content-Type"] == nil && response.headers["Vary"] == nil)
    }

    @Test func headIsLikeGet() async throws {
        let get = await respond(seedApp, "/search/~user/7/team/3")
        let head = await respond(seedApp, "/search/~user/7/team/3", method: .head)
        #expect(head.status == .ok)
        #expect(head.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(head.body == get.body)   // the server sends the headers only, with this length
        try await seedApp.test(.live) { client in
            let page = try await client.request(.head, "/search/~user/7/team/3", headers: [("Accept", "application/json")])
            #expect(page.status == .ok)
            #expect(page.headers["Content-Type"] == "application/json; charset=utf-8")
            #expect(page.headers["Content-Length"] == String(get.body.count))
            #expect(page.body.isEmpty)
        }
    }

    @Test func overTheSocketTheJSONIsCompressedLikeHTML() async throws {
        try await seedApp.test(.live) { client in
            let page = try await client.request(
                .get, "/dashboard/league/2/tournament/5/match/12",
                headers: [("Accept", "application/json"), ("Accept-Encoding", "gzip")])
            #expect(page.headers["Content-Type"] == "application/json; charset=utf-8")
            #expect(page.headers["Vary"] == "Accept, Accept-Encoding")
            #expect(page.headers["Content-Encoding"] == "gzip")
        }
    }
}
