public import Foundation
import WebRouterHTML
import WebRouterHTTP

/// The app's own files (its stylesheet, scripts, images, fonts) served like the framework's:
/// from memory under content-hashed URLs (`/_webrouter/app/travel.<hash>.css`), cached as
/// `immutable`, compressed once with brotli and gzip at their best levels when the assets are
/// made (at start), whatever the working directory, and from a copied binary when the bytes
/// are compiled in.
///
/// Compile the files into the app's target with SwiftPM's `embedInCode` resources (each
/// becomes a `PackageResources.<name>` byte array) and name them:
/// ```swift
/// // Package.swift: .target(name: "TravelApp", resources: [.embedInCode("travel.css")])
/// let assets = AppAssets(["travel.css": PackageResources.travel_css])
/// let layout = PageLayout(stylesheets: ["travel.css"], assets: assets)
/// assets.url("travel.css")   // "/_webrouter/app/travel.3f9c0e1a2b4d5c6e.css"
/// ```
/// A ``PageLayout``'s stylesheets, scripts and icon may name an asset by its logical name (no
/// leading `/`): the page links its current hashed URL. A screen links one with ``url(_:)``
/// (or ``Application/assetURL(_:)``). Files of a resource bundle (`.process` / `.copy`
/// resources, `Bundle.module`) work too, with ``init(bundle:_:)``, but SwiftPM's bundle sits
/// next to the binary, so a copied binary needs it copied along; bytes compiled in need nothing.
///
/// Files that change without a rebuild belong in the public directory instead (`--public`,
/// served under `/static/`).
public struct AppAssets: Sendable {
    /// Where the app's assets are served, inside the framework's reserved prefix.
    static let prefix = ChromeAssets.prefix + "app/"

    /// By logical name.
    private let byName: [String: ChromeAsset]
    /// By current URL.
    private let byURL: [String: ChromeAsset]

    /// No files: what a layout has unless told otherwise.
    public static let none = AppAssets([:])

    /// Files compiled into the app, by logical name (`"travel.css"`, `"img/logo.svg"`): the
    /// name's extension gives the content type. The bytes are hashed and compressed here, once.
    public init(_ files: [String: [UInt8]]) {
        var byName: [String: ChromeAsset] = [:]
        for (name, bytes) in files {
            byName[name] = ChromeAsset(
                name: name, contentType: MIMETypes.contentType(forPath: name), bytes: bytes, prefix: Self.prefix)
        }
        self.byName = byName
        self.byURL = Dictionary(uniqueKeysWithValues: byName.values.map { ($0.url, $0) })
    }

    /// Files of a resource bundle, read once, by their paths inside it:
    /// `try AppAssets(bundle: .module, ["travel.css"])`.
    /// - Throws: ``AppAssetError`` naming the first file the bundle does not hold.
    public init(bundle: Bundle, _ names: [String]) throws(AppAssetError) {
        var files: [String: [UInt8]] = [:]
        let root = bundle.resourceURL ?? bundle.bundleURL
        for name in names {
            let url = root.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw AppAssetError(name: name, description: "The bundle at \(root.path) holds no \(name)")
            }
            files[name] = Array(data)
        }
        self.init(files)
    }

    /// The logical names of the files, sorted.
    public var names: [String] { byName.keys.sorted() }

    /// The current URL of a file, content-hashed: `/_webrouter/app/<stem>.<hash>.<ext>`. For
    /// a name the assets do not hold, `/_webrouter/app/<name>`, which answers `404` (and
    /// ``Application/missingLayoutFiles(_:)`` names it at start when the layout links it).
    public func url(_ name: String) -> String {
        byName[name]?.url ?? Self.prefix + name
    }

    /// What a layout's `href` names: itself when it is a URL (`/…`, `https:…`), else the
    /// current URL of the asset of that logical name.
    func resolve(_ href: String) -> String {
        if href.utf8.first == UInt8(ascii: "/") || href.contains(":") { return href }
        return url(href)
    }

    /// Whether `url` is the current URL of one of the files.
    func isCurrentURL(_ url: String) -> Bool { byURL[url] != nil }

    /// The answer to a request under ``prefix``: the file (`200`, compressed when the client
    /// accepts it, `304` when its copy is current), `404` for any other name (an old hash
    /// included); other methods as for any static file.
    func response(for path: String, method: HTTPMethod, headers: HTTPHeaders) -> Result<HTTPResponse, HTTPError> {
        if let refusal = StaticAsset.methodRefusal(method) { return refusal }
        guard let asset = byURL[path] else {
            return .failure(HTTPError(.notFound, "The app has no such file (an older version's URL, perhaps)."))
        }
        return .success(asset.file.response(method: method, headers: headers, cacheControl: ChromeAssets.cacheControl))
    }
}

/// A file ``AppAssets/init(bundle:_:)`` could not read.
///
/// ```swift
/// do { _ = try AppAssets(bundle: .module, ["missing.css"]) }
/// catch { print(error) }   // The bundle at … holds no missing.css
/// ```
public struct AppAssetError: Error, CustomStringConvertible, Sendable {
    /// The logical name asked for.
    public let name: String
    /// What went wrong, naming the file and the bundle.
    public let description: String
}
