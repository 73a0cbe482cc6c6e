import Foundation
import WebRouterHTML
import WebRouterHTTP

/// The chrome's own files, compiled into the framework (SwiftPM's `embedInCode` resources), so
/// every app's pages are fully styled whatever its working directory, with or without a
/// `Public/` folder, and a copied binary still serves them.
///
/// They are answered by ``Application`` under the reserved prefix `/_webrouter/`, with
/// content-hashed names (a page always links the current bytes), `immutable` caching,
/// `nosniff` and a strong `ETag`. The files live in `Sources/WebRouter/Assets/Files/`.
/// ```swift
/// ChromeAssets.stylesheet.url                   // "/_webrouter/webrouter.<hash>.css"
/// ChromeAssets.response(for: "/_webrouter/webrouter.<hash>.css", method: .get, headers: [:])
/// ```
enum ChromeAssets {
    /// The reserved path prefix; no tab or window case may be named `_webrouter`.
    static let prefix = "/_webrouter/"
    /// How long a browser may keep an asset: a year, without revalidating, since its URL
    /// changes with its content.
    static let cacheControl = "public, max-age=31536000, immutable"

    /// The chrome's stylesheet: tab bar, breadcrumb, sheets, covers, alerts and the generic
    /// content classes.
    static let stylesheet = ChromeAsset(
        name: "webrouter.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.webrouter_css)
    /// The enhancement script: `showModal()`, Escape to dismiss, focus return.
    static let script = ChromeAsset(
        name: "webrouter.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.webrouter_js)
    /// The icon pages use when the layout names none.
    static let icon = ChromeAsset(
        name: "icon.svg", contentType: "image/svg+xml", bytes: PackageResources.icon_svg)
    /// The same icon as 192 and 512 pixel PNGs (drawn from `icon.svg`), the sizes browsers
    /// ask an installable app's manifest for; iOS's home-screen icon is the first.
    static let icon192 = ChromeAsset(
        name: "icon-192.png", contentType: "image/png", bytes: PackageResources.icon_192_png)
    static let icon512 = ChromeAsset(
        name: "icon-512.png", contentType: "image/png", bytes: PackageResources.icon_512_png)

    /// The speculation rules pages name in their `Speculation-Rules` header: Chromium
    /// prerenders same-origin links on intent (hover, pointer down), never the framework's own
    /// files, sign-out links or links marked ``WebRouterHTML/HTMLAttribute/neverPrefetch``.
    static let speculationRules = ChromeAsset(
        name: "speculation-rules.json", contentType: "application/speculationrules+json",
        bytes: PackageResources.speculation_rules_json)

    /// The same rules with `prefetch` for `prerender`, the default
    /// (``ApplicationConfiguration/prerendersLinks`` off): Chromium fetches the page on intent,
    /// and the click is an ordinary navigation that uses it.
    static let prefetchRules = ChromeAsset(
        name: "speculation-prefetch.json", contentType: "application/speculationrules+json",
        bytes: Array(String(decoding: PackageResources.speculation_rules_json, as: UTF8.self)
            .replacingOccurrences(of: "\"prerender\":", with: "\"prefetch\":").utf8))

    /// Registers the service worker (``InstallableFiles``) when the app keeps pages offline.
    static let registerWorker = ChromeAsset(
        name: "register-worker.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.register_worker_js)

    static let all = [stylesheet, script, icon, icon192, icon512, registerWorker, speculationRules, prefetchRules]

    /// The asset a path names, if it is the current URL of one.
    static func asset(at path: String) -> ChromeAsset? {
        for asset in all where asset.url == path { return asset }
        return nil
    }

    /// The answer to a request under ``prefix``: the asset (`200`, compressed when the
    /// client accepts it, or `304` when its copy is current), `404` for any other name (an
    /// old hash included); other methods as for any static file.
    /// - Parameter theme: the app's theme stylesheet (``PageLayout/theme``), when it has one.
    static func response(
        for path: String, method: HTTPMethod, headers: HTTPHeaders, theme: ChromeAsset? = nil
    ) -> Result<HTTPResponse, HTTPError> {
        if let refusal = StaticAsset.methodRefusal(method) { return refusal }
        guard let asset = asset(at: path) ?? theme.flatMap({ $0.url == path ? $0 : nil }) else {
            return .failure(HTTPError(.notFound, "No such asset of the page chrome."))
        }
        return .success(asset.file.response(method: method, headers: headers, cacheControl: cacheControl))
    }

    /// When this process first served the assets: their `Last-Modified` (the URL's hash is
    /// what tells versions apart).
    static let loadedAt = Int(Date().timeIntervalSince1970)
}
