import WebRouterHTML
/// How the app installs on a phone or a desktop: the names and icons of its web app manifest,
/// and whether a service worker keeps it working offline (``ApplicationConfiguration/installable``).
///
/// Everything has a default: the names are the app's name, the icons the framework's (an SVG
/// and 192 and 512 pixel PNGs), the colours the theme's, and the worker is on. The manifest is
/// served at `/_webrouter/manifest.webmanifest` and linked from every page with the tags iOS
/// reads (see <doc:InstallableAndNative>):
/// ```swift
/// configuration.installable.shortName = "Scores"
/// configuration.installable.icons = [
///     AppIcon("icon-192.png", sizes: "192x192"),      // logical names of PageLayout.assets
///     AppIcon("icon-512.png", sizes: "512x512"),
/// ]
/// configuration.installable.serviceWorker = false     // no offline pages
/// ```
public struct InstallableApp: Sendable {
    /// The installed app's name; `nil` uses ``ApplicationConfiguration/appName``.
    public var name: String?
    /// The name under its icon on a home screen, about 12 characters; `nil` uses the name.
    public var shortName: String?
    /// One sentence on what the app does, for install prompts and stores.
    public var description: String?
    /// The icons, each a URL or a logical name of ``PageLayout/assets``. Browsers ask for
    /// PNGs of 192 and 512 pixels; iOS takes the PNG nearest 180 as its home-screen icon.
    /// Empty uses the layout's SVG icon (sizes `any`) when it names one, else the framework's
    /// SVG and its 192 and 512 pixel PNGs.
    public var icons: [AppIcon]
    /// Whether pages register the service worker that keeps the chrome's files, shows the
    /// pages a person visited when the network is gone (marked offline) and an offline page
    /// for others (on by default; `false` is the one-line opt-out).
    public var serviceWorker: Bool

    /// An installable app with the given names and icons; every part has a default.
    public init(name: String? = nil, shortName: String? = nil, description: String? = nil,
                icons: [AppIcon] = [], serviceWorker: Bool = true) {
        self.name = name
        self.shortName = shortName
        self.description = description
        self.icons = icons
        self.serviceWorker = serviceWorker
    }
}

/// One icon of the web app manifest.
///
/// ```swift
/// AppIcon("icon-512.png", sizes: "512x512")
/// AppIcon("/static/icon.svg", sizes: "any")           // type image/svg+xml, from the extension
/// ```
public struct AppIcon: Sendable, Equatable {
    /// A URL (`/static/icon.png`) or a logical name of ``PageLayout/assets`` (`icon.png`).
    public var source: String
    /// `192x192`, `512x512`, or `any` for an SVG.
    public var sizes: String
    /// The MIME type (`image/png`); from the extension when not given.
    public var type: String
    /// `any`, `maskable` or `monochrome` (`nil` is `any`).
    public var purpose: String?

    /// An icon at `source` of `sizes`; the type follows the extension unless given.
    public init(_ source: String, sizes: String, type: String? = nil, purpose: String? = nil) {
        self.source = source
        self.sizes = sizes
        self.purpose = purpose
        if let type {
            self.type = type
        } else {
            let lower = source.lowercased()
            self.type = lower.hasSuffix(".svg") ? "image/svg+xml"
                : lower.hasSuffix(".webp") ? "image/webp"
                : lower.hasSuffix(".ico") ? "image/x-icon" : "image/png"
        }
    }

    /// The larger side in pixels (`0` for `any`).
    var pixels: Int {
        sizes.split(separator: " ").compactMap { $0.split(separator: "x").first.flatMap { Int($0) } }.max() ?? 0
    }
}
