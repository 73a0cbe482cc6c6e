import Foundation
import WebRouterHTML
@_spi(WebRouterInternals) import WebRouterHTTP

/// The Hotwire Native path configuration of a route table: `settings` (the app's name and
/// its tabs with their titles, icons and paths, for a native tab bar) and `rules`, one per
/// place of the tree, whose `patterns` match exactly the URLs of that place.
///
/// The first rule sets the defaults for every URL (`context: default`, pull to refresh,
/// Android's web fragment); each later rule overrides them for its place, since Hotwire
/// Native applies the matching rules in order:
/// - a tab or window-case root: `presentation: replace_root` (a tab is a stack of its own);
/// - a push: `context: default` (pushed on the current stack);
/// - a present and everything pushed inside its layer: `context: modal`, with
///   iOS's `modal_style` (`large` or `medium` sheet, `full` cover, `form_sheet` for a centred
///   card) and Android's bottom-sheet fragment for sheets; pull to refresh off;
/// - a ``Flow``'s steps after the first: `presentation: replace`, so next and previous replace
///   the screen instead of stacking it.
///
/// Served at `/_webrouter/path-configuration.json`; see <doc:InstallableAndNative>.
struct NativePathConfiguration: Encodable {
    struct Settings: Encodable {
        let appName: String
        let tabs: [Tab]
    }

    /// One tab of a tab bar, for a native one (`HotwireTab`, `HotwireBottomTab`).
    struct Tab: Encodable {
        let title: String
        let icon: String?
        let path: String
        let windowCase: Int
    }

    struct Rule: Encodable {
        let patterns: [String]
        let properties: Properties
    }

    struct Properties: Encodable {
        let context: String
        let presentation: String
        let pullToRefreshEnabled: Bool
        /// Android: the fragment that shows the page.
        let uri: String
        /// iOS: how a modal is presented.
        let modalStyle: String?
        /// The content screen shown there (WebRouter's own property, for reading).
        let screen: String?
    }

    let settings: Settings
    let rules: [Rule]

    static let webFragment = "hotwire://fragment/web"
    static let sheetFragment = "hotwire://fragment/web/modal/sheet"
    /// After a path: an optional query, then the end.
    static let queryTail = "(\\?.*)?$"
    /// One context segment: percent-encoded, so never a `/`, `?` or `#`.
    static let segment = "/[^/?#]+"

    init(table: RouteTable, appName: String) {
        var rules = [Rule(patterns: [".*"], properties: Properties(
            context: "default", presentation: "default", pullToRefreshEnabled: true, uri: Self.webFragment,
            modalStyle: nil, screen: nil))]
        var tabs: [Tab] = []
        let nodes = table.nodes
        /// The present that opened the layer of each node, if any.
        func layerStyle(_ id: Int) -> ModalStyle? {
            var current: Int? = id
            while let node = current.map({ nodes[$0] }) {
                if case .present(let style) = node.kind { return style }
                current = node.parent
            }
            return nil
        }
        func visit(_ id: Int, prefix: String) {
            let node = nodes[id]
            var path = prefix
            if !node.name.isEmpty {
                path += "/" + (node.kind.isPresent ? "~" : "") + NSRegularExpression.escapedPattern(for: node.name)
            }
            let stepsPrefix = path
            for _ in 0..<node.codec.segmentCount { path += Self.segment }
            let style = layerStyle(id)
            let presentation = node.kind.isRoot ? "replace_root" : "default"
            rules.append(Rule(
                patterns: ["^" + (path.isEmpty ? "/" : path) + Self.queryTail],
                properties: Self.properties(style: style, presentation: presentation, screen: node.screenName)))
            if let steps = node.codec.flowStepSegments, steps.count > 1 {
                let later = steps.dropFirst().map { step in
                    step.map { "/" + NSRegularExpression.escapedPattern(for: PathSegmentEncoding.encode($0)) }.joined()
                }
                rules.append(Rule(
                    patterns: ["^" + stepsPrefix + "(" + later.joined(separator: "|") + ")" + Self.queryTail],
                    properties: Self.properties(style: style, presentation: "replace", screen: node.screenName)))
            }
            if case .tab(let caseIndex, _) = node.kind {
                tabs.append(Tab(title: node.tabLabel, icon: node.tabIcon, path: node.rootURL, windowCase: caseIndex))
            }
            for child in node.children { visit(child, prefix: path) }
        }
        for roots in table.caseRoots { for root in roots { visit(root, prefix: "") } }
        self.settings = Settings(appName: appName, tabs: tabs)
        self.rules = rules
    }

    static func properties(style: ModalStyle?, presentation: String, screen: String) -> Properties {
        guard let style else {
            return Properties(context: "default", presentation: presentation, pullToRefreshEnabled: true,
                              uri: webFragment, modalStyle: nil, screen: screen)
        }
        let (modalStyle, uri): (String, String) = switch style {
        case .sheet(detent: .large): ("large", sheetFragment)
        case .sheet(detent: .medium): ("medium", sheetFragment)
        case .fullScreenCover: ("full", webFragment)
        case .centered: ("form_sheet", sheetFragment)
        }
        return Properties(context: "modal", presentation: presentation, pullToRefreshEnabled: false,
                          uri: uri, modalStyle: modalStyle, screen: screen)
    }

    /// The configuration as JSON, keys in snake case and sorted, one rule per place.
    var json: [UInt8] {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data("{\"settings\":{},\"rules\":[]}".utf8))
    }
}

extension RouteTable {
    /// The Hotwire Native path configuration of the tree, as JSON: the app's tabs in
    /// `settings.tabs` (title, icon, path) and one rule per place, so a native shell pushes
    /// what the tree pushes, presents modally what it presents and replaces a flow's steps.
    /// Applications serve it at `/_webrouter/path-configuration.json`.
    ///
    /// ```swift
    /// let json = app.table.hotwirePathConfiguration(appName: "Scores")
    /// // {"rules": [{"patterns": [".*"], …}, {"patterns": ["^/feed(\\?.*)?$"], …}, …], "settings": {…}}
    /// ```
    public func hotwirePathConfiguration(appName: String) -> String {
        String(decoding: NativePathConfiguration(table: self, appName: appName).json, as: UTF8.self)
    }
}
