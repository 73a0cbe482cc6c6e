import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting

private let tabs = [
    TabItem(label: "Feed", href: "/feed", isSelected: true, icon: "⚽"),
    TabItem(label: "Search", href: "/search/~user/7", isSelected: false, icon: "🔍"),
    TabItem(label: "Messages", href: "/messages", isSelected: false),
]

private func render(_ page: PageModel) -> String {
    String(decoding: PageRenderer.render(page), as: UTF8.self)
}

/// The text from the first occurrence of `start` through the next `end` after it.
private func section(_ html: String, from start: String, to end: String) -> String? {
    guard let lower = find(start, in: html, from: html.startIndex),
          let upper = find(end, in: html, from: html.index(lower, offsetBy: start.count))
    else { return nil }
    return String(html[lower..<html.index(upper, offsetBy: end.count)])
}

private func find(_ needle: String, in html: String, from index: String.Index) -> String.Index? {
    var current = index
    while current < html.endIndex {
        if html[current...].hasPrefix(needle) { return current }
        current = html.index(after: current)
    }
    return nil
}

private func occurrences(of needle: String, in html: String) -> Int {
    var count = 0
    var current = html.startIndex
    while let found = find(needle, in: html, from: current) {
        count += 1
        current = html.index(found, offsetBy: needle.count)
    }
    return count
}

private let matchStack = [
    Crumb(label: "Feed", href: "/feed"),
    Crumb(label: "Tournament 5", href: "/feed/tournament/5"),
    Crumb(label: "Match 12", href: "/feed/tournament/5/match/12"),
]

/// The chrome's landmarks, per DESIGN.md.
///
/// Raw markup on purpose, all through: these pin the HTML contract of DESIGN.md that browsers,
/// the chrome's script and assistive tools rely on (`data-screen`, `inert`, `aria-current`,
/// `rel="dismiss"`, `aria-labelledby`, the class hooks, escaping), byte for byte, from a
/// `PageModel` rendered without a server — there is no `TestPage` to locate in.
@Suite struct PageRendererTests {
    @Test func tabRootIsACompleteDocumentWithAOneItemBreadcrumb() {
        let page = PageModel(
            title: "Feed", appName: "Scores", screenName: "Feed", tabs: tabs,
            base: LayerModel(screenName: "Feed", breadcrumb: [Crumb(label: "Feed", href: "/feed")],
                             content: AnyHTML { h1 { "Feed" } }))
        #expect(render(page) == """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Feed · Scores</title><link rel="stylesheet" href="\(ChromeAssets.stylesheet.url)">\
            <script src="\(ChromeAssets.script.url)" defer blocking="render"></script><link rel="icon" href="\(ChromeAssets.icon.url)"></head>
            <body data-screen="Feed" class="has-tabs">
            <a class="skip-link" href="#main">Skip to content</a>
            <nav aria-label="Tabs" class="tabbar"><ul>\
            <li><a href="/feed" aria-current="page"><span class="tab-icon" aria-hidden="true">⚽</span><span class="tab-label">Feed</span></a></li>\
            <li><a href="/search/~user/7"><span class="tab-icon" aria-hidden="true">🔍</span><span class="tab-label">Search</span></a></li>\
            <li><a href="/messages"><span class="tab-label">Messages</span></a></li></ul></nav>
            <main id="main" class="layer layer-base" data-screen="Feed">
            <nav aria-label="Breadcrumb" class="breadcrumb"><ol><li aria-current="page"><span>Feed</span></li></ol></nav>
            <div class="screen"><h1>Feed</h1></div>
            </main>
            </body></html>

            """)
    }

    @Test func threeLevelStackLinksEachPrefixButTheLast() throws {
        let page = PageModel(
            title: "Match 12", appName: "Scores", screenName: "Match", tabs: tabs,
            base: LayerModel(screenName: "Match", breadcrumb: matchStack, content: AnyHTML(p { "1 : 0" })))
        let html = render(page)
        let crumbs = try #require(section(html, from: "<nav aria-label=\"Breadcrumb\"", to: "</nav>"))
        #expect(crumbs == """
            <nav aria-label="Breadcrumb" class="breadcrumb"><ol><li><a href="/feed">Feed</a></li>\
            <li><a href="/feed/tournament/5">Tournament 5</a></li>\
            <li aria-current="page"><span>Match 12</span></li></ol></nav>
            """)
        #expect(TestPage(html: html).title == "Match 12 · Scores")
        #expect(!TestPage(html: html).has(.dialog()))
        #expect(html.contains("<body data-screen=\"Match\" class=\"has-tabs\">"))
        #expect(!html.contains(" inert"))
    }

    @Test func modalWithItsOwnStackOverAStack() throws {
        let modal = ModalLayer(
            layer: LayerModel(screenName: "Team", breadcrumb: [
                Crumb(label: "Player 7", href: "/feed/tournament/5/match/12/~user/7"),
                Crumb(label: "Team 3", href: "/feed/tournament/5/match/12/~user/7/team/3"),
            ], content: AnyHTML { h1 { "Team 3" } }),
            dismissHref: "/feed/tournament/5/match/12", style: .sheet(), title: "Team 3")
        let page = PageModel(
            title: "Team 3", appName: "Scores", screenName: "Team", tabs: tabs,
            base: LayerModel(screenName: "Match", breadcrumb: matchStack, content: AnyHTML(p { "base" })),
            modals: [modal])
        let html = render(page)
        #expect(html.contains("<body data-screen=\"Team\" class=\"has-tabs has-modal\">"))
        #expect(html.contains("<main id=\"main\" class=\"layer layer-base\" data-screen=\"Match\" inert>"))
        #expect(html.contains("<nav aria-label=\"Tabs\" class=\"tabbar\" inert>"))
        #expect(!html.contains("skip-link"), "no skip link to the inert #main: the first Tab goes into the dialog")
        #expect(html.contains("<div class=\"screen\"><p>base</p></div>"), "the screen underneath is rendered too")
        let dialog = try #require(section(html, from: "<dialog", to: "</dialog>"))
        #expect(dialog == """
            <dialog open aria-modal="true" data-screen="Team" class="modal modal-sheet" aria-labelledby="modal-1-title" \
            data-depth="1" data-dismiss="/feed/tournament/5/match/12">
            <div class="modal-bar"><nav aria-label="Breadcrumb" class="breadcrumb"><ol>\
            <li><a href="/feed/tournament/5/match/12/~user/7">Player 7</a></li>\
            <li aria-current="page"><span>Team 3</span></li></ol></nav>
            <h2 id="modal-1-title" class="visually-hidden">Team 3</h2>\
            <a rel="dismiss" class="modal-close" href="/feed/tournament/5/match/12" aria-label="Close">✕</a></div>
            <div class="screen"><h1>Team 3</h1></div>
            </dialog>
            """)
        #expect(occurrences(of: "aria-label=\"Breadcrumb\"", in: html) == 2)
    }

    @Test func nestedModalsEachHaveTheirOwnDismissLink() throws {
        let settings = ModalLayer(
            layer: LayerModel(screenName: "Settings", breadcrumb: [Crumb(label: "Settings", href: "/messages/~settings")],
                              content: AnyHTML("settings")),
            dismissHref: "/messages", style: .fullScreenCover, title: "Settings")
        let confirm = ModalLayer(
            layer: LayerModel(screenName: "ChangePassword", breadcrumb: [], content: AnyHTML("form"), classes: ["narrow"]),
            dismissHref: "/messages/~settings", style: .sheet(detent: .medium), title: "Change password")
        let page = PageModel(
            title: "Change password", appName: "Scores", screenName: "ChangePassword",
            base: LayerModel(screenName: "Messages", breadcrumb: [Crumb(label: "Messages", href: "/messages")],
                             content: AnyHTML("inbox")),
            modals: [settings, confirm])
        let html = render(page)
        #expect(html.contains("<body data-screen=\"ChangePassword\" class=\"has-modal\">"))
        #expect(occurrences(of: "<dialog open aria-modal=\"true\"", in: html) == 2)
        #expect(html.contains("""
            <dialog open aria-modal="true" data-screen="Settings" class="modal modal-full" \
            aria-labelledby="modal-1-title" data-depth="1" data-dismiss="/messages" inert>
            """))
        #expect(html.contains("""
            <dialog open aria-modal="true" data-screen="ChangePassword" class="modal modal-sheet modal-sheet-medium narrow" \
            aria-labelledby="modal-2-title" data-depth="2" data-dismiss="/messages/~settings">
            """))
        let read = TestPage(html: html)
        #expect(read.elements(.link("Close")).map(\.href) == ["/messages", "/messages/~settings"])
        #expect(read.elements(.link("Close")).allSatisfy { $0["rel"] == "dismiss" })
        #expect(try read.element(.dialog("Change password")).node["aria-labelledby"] == "modal-2-title")
        #expect(try read.element(.heading("Change password", level: 2)).node["class"] == "modal-title")
        // The second modal has no stack to show: no breadcrumb inside it.
        #expect(occurrences(of: "aria-label=\"Breadcrumb\"", in: html) == 2)
        #expect(!html.contains("has-tabs"))
        #expect(!html.contains("tabbar"))
    }

    @Test func centeredModalClass() {
        let page = PageModel(
            title: "T", appName: "A", screenName: "S",
            base: LayerModel(screenName: "B", content: AnyHTML("b")),
            modals: [ModalLayer(layer: LayerModel(screenName: "S", content: AnyHTML("s")), dismissHref: "/", style: .centered, title: "T")])
        #expect(render(page).contains("class=\"modal modal-centered\""))
        #expect(!render(page).contains("aria-label=\"Breadcrumb\""))
    }

    @Test func alertWithPostActionCarriesTheCSRFToken() throws {
        let alert = AlertModel(
            title: "Sign out?", message: "You can sign in again any time.",
            actions: [
                AlertAction(label: "Sign out", kind: .post(action: "signOut", formAction: "/messages", hiddenFields: [("from", "menu")]),
                            role: .destructive),
                AlertAction(label: "Cancel", kind: .link(href: "/messages"), role: .cancel),
            ],
            dismissHref: "/messages")
        let page = PageModel(
            title: "Messages", appName: "Scores", screenName: "Messages", tabs: tabs,
            base: LayerModel(screenName: "Messages", breadcrumb: [Crumb(label: "Messages", href: "/messages")], content: AnyHTML("inbox")),
            alerts: [alert], csrfToken: "tok.en/1")
        let html = render(page)
        #expect(html.contains("<body data-screen=\"Messages\" class=\"has-tabs has-alert\">"))
        #expect(html.contains("data-screen=\"Messages\" inert>"))
        let dialog = try #require(section(html, from: "<dialog", to: "</dialog>"))
        #expect(dialog == """
            <dialog open role="alertdialog" aria-modal="true" class="alert" aria-labelledby="alert-1-title" \
            aria-describedby="alert-1-message" data-dismiss="/messages">
            <h2 id="alert-1-title">Sign out?</h2><p id="alert-1-message">You can sign in again any time.</p>
            <div class="alert-actions"><form method="post" action="/messages">\
            <input type="hidden" name="_csrf" value="tok.en/1"><input type="hidden" name="from" value="menu">\
            <button type="submit" class="button button-destructive" name="_action" value="signOut">Sign out</button></form>\
            <a class="button button-cancel" href="/messages" rel="dismiss" autofocus>Cancel</a></div>
            </dialog>
            """)
    }

    @Test func alertOverAModalMakesTheModalInertAndConfirmationHasItsClass() throws {
        let page = PageModel(
            title: "T", appName: "A", screenName: "S",
            base: LayerModel(screenName: "B", content: AnyHTML("b")),
            modals: [ModalLayer(layer: LayerModel(screenName: "S", content: AnyHTML("s")), dismissHref: "/b", title: "S")],
            alerts: [AlertModel(title: "Delete?", role: .confirmationDialog,
                                actions: [AlertAction(label: "OK", kind: .link(href: "/b"))], dismissHref: "/b/~s")])
        let html = render(page)
        #expect(html.contains("class=\"has-modal has-alert\""))
        #expect(html.contains("data-depth=\"1\" data-dismiss=\"/b\" inert>"))
        #expect(html.contains("class=\"alert alert-confirmation\" aria-labelledby=\"alert-1-title\" data-dismiss=\"/b/~s\">"))
        #expect(!html.contains("aria-describedby"), "no message, no description")
        #expect(try TestPage(html: html).element(.link("OK").within(.alertDialog("Delete?"))).href == "/b")
    }

    @Test func alertTextFieldSharesOneFormWithThePostActions() throws {
        let alert = AlertModel(
            title: "Rename", actions: [
                AlertAction(label: "Cancel", kind: .link(href: "/t/3"), role: .cancel),
                AlertAction(label: "Save", kind: .post(action: "rename", formAction: "/t/3", hiddenFields: [("id", "3")])),
                AlertAction(label: "Save copy", kind: .post(action: "copy", formAction: "/t/3/copy", hiddenFields: [])),
            ], dismissHref: "/t/3",
            textField: AlertTextField(name: "name", label: "Team name", value: "Lions", placeholder: "Name"))
        let page = PageModel(title: "T", appName: "A", screenName: "S",
                             base: LayerModel(screenName: "S", content: AnyHTML("s")), alerts: [alert], csrfToken: "c")
        let html = render(page)
        let form = try #require(section(html, from: "<form", to: "</form>"))
        #expect(form == """
            <form method="post" class="alert-form" action="/t/3"><input type="hidden" name="_csrf" value="c">\
            <input type="hidden" name="id" value="3"><div class="field"><label for="alert-1-field">Team name</label>\
            <input type="text" id="alert-1-field" name="name" value="Lions" placeholder="Name" autofocus></div>
            <div class="alert-actions"><a class="button button-cancel" href="/t/3" rel="dismiss">Cancel</a>\
            <button type="submit" class="button" name="_action" value="rename">Save</button>\
            <button type="submit" class="button" name="_action" value="copy" formaction="/t/3/copy">Save copy</button></div></form>
            """)
        #expect(occurrences(of: "<form", in: html) == 1)
    }

    /// A flow or a centered card has no stack, so no breadcrumb: its bar shows the title
    /// beside the close button instead of an empty bar holding only ×.
    @Test func aModalWithoutAStackShowsItsTitleInItsBar() {
        let page = PageModel(
            title: "Edit profile", appName: "Scores", screenName: "UserEdit",
            base: LayerModel(screenName: "Dashboard", content: AnyHTML("d")),
            modals: [ModalLayer(layer: LayerModel(screenName: "UserEdit", content: AnyHTML("step")),
                                dismissHref: "/dashboard", style: .centered, title: "Edit profile")])
        let html = render(page)
        #expect(html.contains("<div class=\"modal-bar\"><h2 id=\"modal-1-title\" class=\"modal-title\">Edit profile</h2><a rel=\"dismiss\""))
    }

    /// One action, three choices: each valued button posts the action as a hidden field
    /// and its choice as `_value`.
    @Test func alertButtonsCarryAValue() {
        let resolve = { (label: String, value: String) in
            AlertAction(label: label, kind: .post(action: "resolve", formAction: "/n/3", hiddenFields: []), value: value)
        }
        let page = PageModel(
            title: "T", appName: "A", screenName: "S", base: LayerModel(screenName: "S", content: AnyHTML("s")),
            alerts: [AlertModel(title: "Conflict", actions: [resolve("Keep mine", "mine"), resolve("Keep both", "both")],
                                dismissHref: "/n/3")])
        let html = render(page)
        #expect(html.contains("""
            <form method="post" action="/n/3"><input type="hidden" name="_action" value="resolve">\
            <button type="submit" class="button" name="_value" value="mine">Keep mine</button></form>
            """.replacingOccurrences(of: "\n", with: "")))
        #expect(html.contains("name=\"_value\" value=\"both\">Keep both</button>"))
        #expect(FormData(fields: [("_action", "resolve"), ("_value", "both")]).alertValue == "both")
    }

    @Test func withoutATokenNoCSRFFieldIsInvented() {
        let page = PageModel(
            title: "T", appName: "A", screenName: "S", base: LayerModel(screenName: "S", content: AnyHTML("s")),
            alerts: [AlertModel(title: "x", actions: [AlertAction(label: "Go", kind: .post(action: "go", formAction: "/", hiddenFields: []))],
                                dismissHref: "/")])
        #expect(!render(page).contains("_csrf"))
    }

    @Test func layoutHooksAddHeadHeaderAndFooter() {
        let layout = PageLayout(
            stylesheets: ["/assets/s.css"], scripts: ["/assets/a.js"], icon: "/assets/i.svg",
            head: { _ in AnyHTML(meta(.name("theme-color"), .content("#0a84ff"))) },
            header: { page in AnyHTML { a(.href("/"), .class("app-name")) { page.appName } } },
            footer: { _ in AnyHTML { small { "© <Scores>" } } })
        let page = PageModel(title: "", appName: "Scores", screenName: "Feed",
                             base: LayerModel(screenName: "Feed", content: AnyHTML("x")), layout: layout, lang: "fr")
        let html = render(page)
        #expect(html.contains("<html lang=\"fr\">"))
        #expect(TestPage(html: html).title == "Scores")
        #expect(html.contains("""
            <link rel="stylesheet" href="\(ChromeAssets.stylesheet.url)"><script src="\(ChromeAssets.script.url)" defer blocking="render"></script>\
            <link rel="stylesheet" href="/assets/s.css"><link rel="icon" href="/assets/i.svg">\
            <script src="/assets/a.js" defer></script><meta name="theme-color" content="#0a84ff"></head>
            """))
        #expect(html.contains("<header class=\"app-header\"><a href=\"/\" class=\"app-name\">Scores</a></header>\n<main"))
        #expect(html.contains("</main>\n<footer class=\"app-footer\"><small>© &lt;Scores&gt;</small></footer>\n</body>"))
        #expect(!render(PageModel(title: "", appName: "S", screenName: "F", base: LayerModel(screenName: "F", content: AnyHTML("x"))))
            .contains("<header"))
    }

    @Test func hostileStringsInEveryModelFieldAreEscaped() {
        let evil = "\"><script>alert(1)</script>'"
        let bad = " JaVa\tScRiPt:alert(1)"
        let page = PageModel(
            title: evil, appName: evil, screenName: evil,
            tabs: [TabItem(label: evil, href: bad, isSelected: true, icon: evil)],
            base: LayerModel(screenName: evil, breadcrumb: [Crumb(label: evil, href: bad), Crumb(label: evil, href: bad)],
                             content: AnyHTML(evil), classes: [evil]),
            modals: [ModalLayer(layer: LayerModel(screenName: evil, breadcrumb: [Crumb(label: evil, href: "data:text/html,x"), Crumb(label: evil, href: bad)],
                                                  content: AnyHTML(evil), classes: [evil]),
                                dismissHref: bad, style: .sheet(), title: evil)],
            alerts: [AlertModel(title: evil, message: evil,
                                actions: [AlertAction(label: evil, kind: .link(href: bad), role: .cancel),
                                          AlertAction(label: evil, kind: .post(action: evil, formAction: bad, hiddenFields: [(evil, evil)]))],
                                dismissHref: bad,
                                textField: AlertTextField(name: evil, label: evil, value: evil, placeholder: evil))],
            lang: evil, csrfToken: evil)
        let html = render(page)
        #expect(!html.contains("<script>"))
        #expect(!html.contains("'"))
        #expect(!html.lowercased().contains("javascript"))
        #expect(!html.contains("data:text"))
        #expect(html.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39;"))
        #expect(occurrences(of: "\"#blocked\"", in: html) == 8)
        // Only the chrome's own script tag is present.
        #expect(occurrences(of: "<script", in: html) == 1)
    }
}
