import Foundation
import Testing
import WebRouter
import WebRouterTesting

/// What the conformance checks visit in the demo app, found from the app itself: the
/// storyboard page `/_map` (every screen of the tree has an example link there), the states
/// the map does not draw, the forms that answer 422, and a breadth-first crawl of same-origin
/// links through a ``TestClient``. (Was Tests/Browser/demo_site.py.)
enum DemoSite {
    static let login = "/welcome/~login"
    static let changePassword = "/messages/~settings/change-password"

    /// Pages no `/_map` link reaches, signed out: each kind of state the chrome draws differently.
    static let signedOutExtras = [
        "/no-such-page",                  // 404 page (no parse)
        "/feed/match/abc",                // 404 page (a context that doesn't decode)
        "/_webrouter/offline",            // the service worker's offline page
        "/_webrouter/offline?form",       // … for a form sent offline
    ]
    /// The same, signed in.
    static let signedInExtras = [
        "/no-such-page",
        "/feed/tournament/999",                  // 404 inside a tab: the tab bar kept
        "/feed/tournament/5/match/99999",        // 404 deeper in the tab's stack
        "/messages/~settings?confirm=sign-out",  // a confirmation dialog over a sheet
        "/search/~user/7/~share",                // two stacked modals
        "/search/~user/7/team/3/~share",         // stacked modals, the lower one a stack
        "/_webrouter/offline",                   // the offline page in the signed-in chrome
        "/_webrouter/offline?form",              // … for a form sent offline
    ]

    /// A form that answers 422 with the form shown again, with its wrong values: its page, the
    /// values by label, the button that sends it.
    struct InvalidForm {
        var page: String
        var values: [(label: String, value: String)]
        var button: String
    }

    static let invalidSignIn = InvalidForm(page: login, values: [("Username", "demo"), ("Password", "wrong")], button: "Sign in")
    static let invalidPasswordChange = InvalidForm(
        page: changePassword, values: [("Current password", "wrong"), ("New password", "better"), ("New password again", "better")],
        button: "Change password")
    static let signIn = InvalidForm(page: login, values: [("Username", "demo"), ("Password", "demo")], button: "Sign in")
    /// A registration whose username is taken: a message on the field itself (`aria-invalid`).
    static let takenUsername = InvalidForm(
        page: "/welcome/~registration", values: [("Username", "demo"), ("Display name", "Another Demo"), ("Password", "long enough")],
        button: "Create account")

    /// Every form of the demo app, for the states axe audits (empty, filled, a 422 with a
    /// message on each field): its page, whether it needs a signed-in visitor, and how a person
    /// fills it in (by label, as the kit fills: by value for selects and boxes).
    struct DemoForm {
        var page: String
        var signedIn: Bool
        var fill: @Sendable (TestClient) async throws -> Void
    }

    static let forms: [DemoForm] = [
        DemoForm(page: login, signedIn: false) { client in
            try await client.fill("Username", with: "demo")
            try await client.fill("Password", with: "demo")
        },
        DemoForm(page: "/welcome/~registration", signedIn: false) { client in
            try await client.fill("Username", with: "ada")
            try await client.fill("Display name", with: "Ada Lovelace")
            try await client.fill("Password", with: "long enough")
        },
        DemoForm(page: "/dashboard/~edit/name", signedIn: true) { client in
            try await client.fill("Display name", with: "Ada Lovelace")
        },
        DemoForm(page: "/dashboard/~edit/team", signedIn: true) { client in
            try await client.select("No favourite team", from: "Favourite team")
        },
        DemoForm(page: changePassword, signedIn: true) { client in
            try await client.fill("Current password", with: "demo")
            try await client.fill("New password", with: "better")
            try await client.fill("New password again", with: "better")
        },
        DemoForm(page: "/search/~filter?q=united", signedIn: true) { client in
            try await client.select("By name", from: "Order")
        },
    ]

    /// Submits the open page's first posting form with a value that breaks each field's rules,
    /// past the browser's own checks (`novalidate`), as a forged request would: an empty text,
    /// an option no menu offers, a box value no form prints. The server answers 422.
    static let forgedSubmission = """
        const forms = [...document.querySelectorAll('form[method="POST" i]')].filter(f => f.querySelector('[type=submit]') && [...f.elements].some(e => e.type !== 'hidden' && e.type !== 'submit'));
        const form = forms[forms.length - 1];
        form.noValidate = true;
        for (const element of form.elements) {
            if (element.type === 'hidden' || element.type === 'submit') continue;
            if (element.tagName === 'SELECT') element.add(new Option('forged', 'forged', true, true));
            else if (element.type === 'checkbox' || element.type === 'radio') { element.value = 'forged'; element.checked = true; }
            else element.value = '';
        }
        form.requestSubmit(form.querySelector('[type=submit]'));
        """

    /// The same-origin page links of the storyboard page, in document order, without repeats.
    static func mapLinks(_ page: TestPage) -> [String] {
        var seen: [String] = []
        for link in page.links where link.href.hasPrefix("/") && !link.href.hasPrefix("//") && !link.href.hasPrefix("/static/") {
            if !seen.contains(link.href) { seen.append(link.href) }
        }
        return seen
    }

    /// `href` of a link on the page at `pageURL`, resolved; its path and query when it is a
    /// page of this server (`http://127.0.0.1:port`), without the fragment; else `nil`.
    static func sameOriginTarget(_ href: String, on pageURL: String, port: Int) -> String? {
        let origin = "http://127.0.0.1:\(port)"
        guard let base = URL(string: origin + pageURL), let url = URL(string: href, relativeTo: base),
              let parts = URLComponents(url: url.absoluteURL, resolvingAgainstBaseURL: true),
              parts.scheme == "http", parts.host == "127.0.0.1", parts.port == port else { return nil }
        let path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        return path + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// Breadth-first over same-origin HTML links from `starts`, at most `limit` new pages;
    /// `seen` (requested and final paths) is shared across calls so no page is fetched twice.
    static func crawl(_ client: TestClient, from starts: [String], limit: Int, seen: inout Set<String>) async throws -> [TestPage] {
        let port = try #require(client.port)
        var queue = starts
        var next = 0
        var pages: [TestPage] = []
        while next < queue.count && pages.count < limit {
            let path = queue[next]
            next += 1
            guard seen.insert(path).inserted else { continue }
            let page = try await client.get(path)
            if page.url != path && seen.contains(page.url) { continue }
            seen.insert(page.url)
            guard page.headers["Content-Type"]?.contains("text/html") == true else { continue }
            pages.append(page)
            for link in page.links {
                guard let target = sameOriginTarget(link.href, on: page.url, port: port),
                      !target.hasPrefix("/static/"), !seen.contains(target) else { continue }
                queue.append(target)
            }
        }
        return pages
    }
}

extension TestClient {
    /// Opens a form's page, fills it by its labels and presses its button; in `.browser` mode
    /// first waits until the enhancement script has moved the sheet into the top layer and
    /// its entry animation has ended (a field found before that is not interactable yet).
    @discardableResult
    func send(_ form: DemoSite.InvalidForm, opening: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestPage {
        if opening { try await get(form.page) }
        if mode == .browser {
            try await waitUntil("the enhancement script", sourceLocation: sourceLocation,
                                "return document.documentElement.classList.contains('js-dialogs')")
            try await animationsDone(sourceLocation: sourceLocation)
        }
        for (label, value) in form.values { try await fill(label, with: value, sourceLocation: sourceLocation) }
        return try await press(form.button, sourceLocation: sourceLocation)
    }
}
