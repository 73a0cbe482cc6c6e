import WebRouterHTML
import WebRouterHTTP

extension Application {
    /// The offline page in the app's chrome (the tab bar of the visitor's window case), which
    /// the service worker keeps and shows for a page never visited while the network is gone;
    /// with `form`, the page for a form sent offline, saying it was not sent. Fetched again by
    /// the worker whenever the account changes, so its tab bar is the current one's.
    func offlinePage(form: Bool, context: RequestContext) -> HTTPResponse {
        let caseIndex = selectedCase(context)
        let tabs = Resolution.tabBar(table: table, root: table.caseRoots[caseIndex][0]).tabs.map { tab in
            var tab = tab
            tab.isSelected = false
            return tab
        }
        let title = form ? "Not sent: you are offline" : "You are offline"
        var page = PageModel(
            title: title, appName: configuration.appName, screenName: "Offline",
            tabs: tabs,
            base: LayerModel(screenName: "Offline", breadcrumb: [], content: AnyHTML(OfflineFragment(title: title, form: form)),
                             classes: ["error-page", "offline-page"]),
            layout: configuration.layout)
        page.request = context
        return HTTPResponse.html(PageRenderer.render(page))
    }

    /// The opaque tag of the account a session belongs to, which pages name in their
    /// `WebRouter-Account` header for the service worker: `public` when signed out, else an
    /// HMAC of the session's entries (a flow's draft left out), so the worker drops every
    /// page it kept when the account changes, without learning who it is.
    func offlineAccountTag(_ session: Session) -> String {
        let entries = session.values.filter { !$0.key.hasPrefix("draft.") }
        guard !entries.isEmpty else { return "public" }
        var message: [UInt8] = []
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            message += Array(key.utf8) + [0] + Array(value.utf8) + [0]
        }
        let code = HMACSHA256.code(key: offlineAccountKey, message: message)
        return Base64URL.encode(code.prefix(12))
    }
}

/// The content of the offline pages.
struct OfflineFragment: HTML {
    let title: String
    let form: Bool

    func render(into output: inout HTMLOutput) {
        div(.class("error offline")) {
            h1 { title }
            if form {
                p { "Your form was not sent, and nothing was saved." }
                p { "Go back with your browser's Back button to find what you typed, and send it again when you are online." }
            } else {
                p { "This page was not saved on this device: only the pages you opened while online are kept." }
                p { "The pages you visited before still open. Try this one again when you are online." }
            }
        }.render(into: &output)
    }
}
