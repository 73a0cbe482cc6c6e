import Foundation
import WebRouterHTML

/// The web app manifest of an application (served at `/_webrouter/manifest.webmanifest`):
/// its names, `start_url` `/` (which opens the window case the visitor's session selects:
/// the tabs when signed in, the welcome screen when not), `display: standalone`, the theme's
/// colours, the icons and one shortcut per tab.
///
/// Its `scope` and `id` are `/`: the manifest lives under `/_webrouter/`, whose folder would
/// otherwise be the scope.
struct WebAppManifest: Encodable {
    struct Icon: Encodable {
        let src: String
        let sizes: String
        let type: String
        let purpose: String?
    }

    struct Shortcut: Encodable {
        let name: String
        let url: String
    }

    let id: String
    let name: String
    let shortName: String
    let description: String?
    let startUrl: String
    let scope: String
    let display: String
    let themeColor: String
    let backgroundColor: String
    let icons: [Icon]
    let shortcuts: [Shortcut]

    /// The framework's light and dark accent fills (webrouter.css) when the layout has no theme.
    static let defaultFills = (light: Theme.Color.hex("#0060df"), dark: Theme.Color.hex("#0066dd"))

    /// The colours of the browser's bar around the app: the accent fill, light and dark.
    static func themeColors(_ layout: PageLayout) -> (light: Theme.Color, dark: Theme.Color) {
        guard let theme = layout.theme else { return defaultFills }
        return (theme.light.fill, theme.dark.fill)
    }

    /// The icons the manifest lists, URLs resolved (see ``InstallableApp/icons``).
    static func icons(_ configuration: ApplicationConfiguration) -> [AppIcon] {
        let layout = configuration.layout
        let given = configuration.installable.icons
        if !given.isEmpty {
            return given.map { AppIcon(layout.assets.resolve($0.source), sizes: $0.sizes, type: $0.type, purpose: $0.purpose) }
        }
        if let icon = layout.icon {
            return [AppIcon(layout.assets.resolve(icon), sizes: icon.lowercased().hasSuffix(".svg") ? "any" : "192x192")]
        }
        return [
            AppIcon(ChromeAssets.icon.url, sizes: "any"),
            AppIcon(ChromeAssets.icon192.url, sizes: "192x192"),
            AppIcon(ChromeAssets.icon512.url, sizes: "512x512"),
        ]
    }

    init(table: RouteTable, configuration: ApplicationConfiguration) {
        let installable = configuration.installable
        id = "/"
        name = installable.name ?? configuration.appName
        shortName = installable.shortName ?? name
        description = installable.description
        startUrl = "/"
        scope = "/"
        display = "standalone"
        themeColor = Self.themeColors(configuration.layout).light.description
        backgroundColor = Theme.lightBackground.description
        icons = Self.icons(configuration).map { Icon(src: $0.source, sizes: $0.sizes, type: $0.type, purpose: $0.purpose) }
        shortcuts = table.nodes.compactMap { node in
            guard case .tab = node.kind else { return nil }
            return Shortcut(name: node.tabLabel, url: node.rootURL)
        }
    }

    var json: [UInt8] {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data("{}".utf8))
    }

    /// The tags every page's `<head>` carries for installing: the manifest link, the theme
    /// colours (light and dark), and what iOS reads (`apple-mobile-web-app-*`, the
    /// `apple-touch-icon`).
    static func headTags(configuration: ApplicationConfiguration, manifestURL: String) -> String {
        var output = HTMLOutput(capacity: 512)
        output.appendRaw("<link rel=\"manifest\"")
        output.urlAttribute("href", manifestURL)
        output.appendRaw(">")
        let colors = themeColors(configuration.layout)
        for (scheme, color) in [("light", colors.light), ("dark", colors.dark)] {
            output.appendRaw("<meta name=\"theme-color\"")
            output.attribute("media", "(prefers-color-scheme: \(scheme))")
            output.attribute("content", color.description)
            output.appendRaw(">")
        }
        output.appendRaw("<meta name=\"mobile-web-app-capable\" content=\"yes\"><meta name=\"apple-mobile-web-app-capable\" content=\"yes\">")
        output.appendRaw("<meta name=\"apple-mobile-web-app-status-bar-style\" content=\"default\"><meta name=\"apple-mobile-web-app-title\"")
        output.attribute("content", configuration.installable.shortName ?? configuration.installable.name ?? configuration.appName)
        output.appendRaw(">")
        // iOS wants a PNG, about 180 pixels: the nearest one given.
        let touch = icons(configuration).filter { $0.type == "image/png" && $0.pixels > 0 }
            .min { abs($0.pixels - 180) < abs($1.pixels - 180) }
        if let touch {
            output.appendRaw("<link rel=\"apple-touch-icon\"")
            output.urlAttribute("href", touch.source)
            output.appendRaw(">")
        }
        return String(decoding: output.bytes, as: UTF8.self)
    }
}
