import Foundation
import WebRouterHTML
import WebRouterHTTP

/// The files an app serves so it installs on a phone and runs in a native shell, generated
/// once from its tree and configuration and answered from memory under `/_webrouter/` at
/// stable URLs (a native shell and a browser ask for them by name): the Hotwire Native path
/// configuration, the web app manifest (``WebAppManifest``) and the service worker that keeps
/// visited pages for offline use (`service-worker.js`, with the list of the chrome's files
/// written in). Each carries a strong `ETag`, so asking again costs a `304`.
/// ```swift
/// let files = InstallableFiles(table: app.table, configuration: app.configuration)
/// files.response(for: "/_webrouter/path-configuration.json", method: .get, headers: [:])
/// ```
struct InstallableFiles: Sendable {
    /// The Hotwire Native path configuration (``NativePathConfiguration``).
    static let pathConfigurationPath = ChromeAssets.prefix + "path-configuration.json"
    /// The web app manifest (``WebAppManifest``).
    static let manifestPath = ChromeAssets.prefix + "manifest.webmanifest"
    /// The service worker's script; its scope is the whole site (`Service-Worker-Allowed: /`).
    static let serviceWorkerPath = ChromeAssets.prefix + "service-worker.js"
    /// The offline page in the chrome the worker shows for a page never visited (a form's
    /// with `?form`), answered by the application (``Application/offlinePage(form:context:)``).
    static let offlinePath = ChromeAssets.prefix + "offline"
    /// Native shells, browsers and the worker's updates ask again each time; a `304` when unchanged.
    static let revalidate = "public, no-cache"

    let pathConfiguration: StaticAsset
    let manifest: StaticAsset
    let serviceWorker: StaticAsset
    /// What every page's `<head>` carries for installing (``PageLayout/installableHead``).
    let headTags: String
    /// Whether pages register the worker (``InstallableApp/serviceWorker``).
    let keepsPagesOffline: Bool

    init(table: RouteTable, configuration: ApplicationConfiguration) {
        pathConfiguration = StaticAsset(
            bytes: NativePathConfiguration(table: table, appName: configuration.appName).json,
            contentType: "application/json", lastModified: ChromeAssets.loadedAt)
        manifest = StaticAsset(
            bytes: WebAppManifest(table: table, configuration: configuration).json,
            contentType: "application/manifest+json", lastModified: ChromeAssets.loadedAt)
        let enabled = configuration.installable.serviceWorker
        keepsPagesOffline = enabled
        serviceWorker = StaticAsset(
            bytes: enabled ? Self.workerScript(configuration) : Array(Self.retiringWorker.utf8),
            contentType: "text/javascript; charset=utf-8", lastModified: ChromeAssets.loadedAt)
        var head = WebAppManifest.headTags(configuration: configuration, manifestURL: Self.manifestPath)
        if enabled { head += "<script src=\"\(ChromeAssets.registerWorker.url)\" defer></script>" }
        headTags = head
    }

    /// The answer for one of the files, `nil` for any other path.
    func response(for path: String, method: HTTPMethod, headers: HTTPHeaders) -> Result<HTTPResponse, HTTPError>? {
        let file: StaticAsset
        switch path {
        case Self.pathConfigurationPath: file = pathConfiguration
        case Self.manifestPath: file = manifest
        case Self.serviceWorkerPath: file = serviceWorker
        default: return nil
        }
        if let refusal = StaticAsset.methodRefusal(method) { return refusal }
        var response = file.response(method: method, headers: headers, cacheControl: Self.revalidate)
        if path == Self.serviceWorkerPath { response.headers.set(name: "Service-Worker-Allowed", value: "/") }
        return .success(response)
    }

    /// What the worker is told: the files to keep at install (the chrome's, the theme, the
    /// layout's, the icons), where pages and files go, and a version that changes with them.
    struct WorkerConfiguration: Encodable {
        var version = ""
        let assets: [String]
        let appAssets: String
        let networkFirst: [String]
        /// The framework's prefix: nothing under it is a page to keep.
        let reserved: String
        let events: String
        let offline: String
    }

    /// `service-worker.js` with its configuration written in. It keeps what pages load: the
    /// chrome's stylesheet and script, the registration, the theme, the layout's files and its
    /// icon (the framework's when it names none); not the manifest's icons, which only an
    /// install asks for.
    static func workerScript(_ configuration: ApplicationConfiguration) -> [UInt8] {
        let layout = configuration.layout
        var assets = [ChromeAssets.stylesheet, ChromeAssets.script, ChromeAssets.registerWorker].map(\.url)
        if let theme = layout.themeStylesheet { assets.append(theme.url) }
        if layout.icon == nil { assets.append(ChromeAssets.icon.url) }
        for url in layout.linkedURLs where !assets.contains(url) { assets.append(url) }
        var worker = WorkerConfiguration(
            assets: assets, appAssets: AppAssets.prefix, networkFirst: ["/static/", manifestPath],
            reserved: ChromeAssets.prefix, events: LiveHub.path, offline: offlinePath)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let template = String(decoding: PackageResources.service_worker_js, as: UTF8.self)
        let unversioned = Array(((try? encoder.encode(worker)) ?? Data()) + Array(template.utf8))
        let hash = StaticAsset(bytes: unversioned, contentType: "text/plain", lastModified: 0, compresses: false).contentHash
        worker.version = String(hash, radix: 16)
        let json = String(decoding: (try? encoder.encode(worker)) ?? Data("{}".utf8), as: UTF8.self)
        return Array(template.replacingOccurrences(of: "/*WEBROUTER_CONFIG*/{}", with: json).utf8)
    }

    /// The worker served when the app opts out: it drops what an earlier one kept and
    /// unregisters itself, so turning the worker off takes effect in every browser.
    static let retiringWorker = """
        'use strict';
        self.addEventListener('install', () => self.skipWaiting());
        self.addEventListener('activate', (event) => event.waitUntil(caches.keys()
          .then((names) => Promise.all(names.filter((name) => name.startsWith('webrouter-')).map((name) => caches.delete(name))))
          .then(() => self.registration.unregister())));

        """
}
