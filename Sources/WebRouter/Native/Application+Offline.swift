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
        // Every page names it, so the message is built in one buffer and the MAC finished
        // from a keyed state (the key's pads hashed once, at start-up).
        var keys: [String] = []
        var length = 0
        for (key, value) in session.values where !key.hasPrefix("draft.") {
            keys.append(key)
            length += key.utf8.count + value.utf8.count + 2
        }
        guard !keys.isEmpty else { return "public" }
        keys.sort()
        var message: [UInt8] = []
        message.reserveCapacity(length)
        for key in keys {
            message.append(contentsOf: key.utf8)
            message.append(0)
            message.append(contentsOf: (session.values[key] ?? "").utf8)
            message.append(0)
        }
        return Base64URL.encode(offlineAccountMAC.code(message).prefix(12))
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
