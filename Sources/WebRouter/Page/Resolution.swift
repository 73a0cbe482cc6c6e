import WebRouterHTML
/// A parsed state laid out for the page: its tab bar, and its layers (the screen stack
/// underneath, then each modal) with their breadcrumbs, titles and dismiss links.
///
/// Computed in one pass over the steps; rendering the screens' fragments is separate.
struct Resolution: Sendable {
    struct Layer: Sendable {
        /// Steps `start..<end` of the state belong to this layer; `end - 1` is shown.
        let start: Int
        let end: Int
        /// Empty when the layer is not a navigation stack (or hides its bar); the page's own
        /// ``Crumb`` type, so the chrome takes it as is.
        let breadcrumb: [Crumb]
        let screenName: String
        let title: String
        let classes: [String]
        /// For a modal layer: its style and the URL without it.
        let style: ModalStyle?
        let dismissHref: String?
    }

    let path: ParsedPath
    /// The URL of every prefix of the state, `urls[i]` for its first `i + 1` steps (what
    /// `table.url(state, prefix: i + 1)` gives): breadcrumb links, and each rendered
    /// screen's own URL.
    let urls: [String]
    /// The URL of the whole state (what `table.print` gives).
    var url: String { urls[urls.count - 1] }
    /// The URL of the base stack alone (the page under every modal: what a tab remembers).
    var baseStackURL: String { urls[layers[0].end - 1] }
    /// The tab bar as the page draws it (built here once, not copied into the page model).
    let tabs: [TabItem]
    /// The URL name of the selected tab (what its memory is kept under).
    let selectedTabName: String?
    let tabBarClasses: [String]
    let layers: [Layer]

    /// The topmost layer (the last modal, or the base stack).
    var top: Layer { layers[layers.count - 1] }

    /// - Parameters:
    ///   - tabRoot: the root whose tab bar the page draws, when not the state's own (the
    ///     sign-in shown at a URL its visitor may not see yet keeps the wanted tab's bar).
    ///   - access: who is asking, when the tree has screens that need sign-in.
    init(
        table: RouteTable, path: ParsedPath, rememberedTabs: (String) -> String? = { _ in nil },
        tabRoot: Int? = nil, access: TabAccess? = nil
    ) {
        self.path = path
        let steps = path.state.steps
        /// A step's title, asked for only where the page shows it: a breadcrumb item, or the
        /// screen on top of a layer (a title may be a data lookup, such as a match's score).
        func title(at index: Int) -> String {
            let node = table.nodes[steps[index].node]
            return node.presentation.title ?? Self.title(of: node.content, context: path.values[index])
        }

        let urls = path.prefixURLs ?? table.prefixURLs(path.state)
        var layers: [Layer] = []
        var start = 0
        while start < steps.count {
            var end = start + 1
            while end < steps.count && !table.nodes[steps[end].node].kind.isPresent { end += 1 }
            let first = table.nodes[steps[start].node]
            let topNode = table.nodes[steps[end - 1].node]
            var crumbs: [Crumb] = []
            if first.inNavigationStack && first.presentation.showsBreadcrumb {
                crumbs.reserveCapacity(end - start)
                for index in start..<end {
                    crumbs.append(Crumb(label: title(at: index), href: urls[index]))
                }
            }
            var style: ModalStyle?
            if case .present(let presentStyle) = first.kind { style = presentStyle }
            layers.append(Layer(
                start: start, end: end, breadcrumb: crumbs, screenName: topNode.screenName,
                title: crumbs.last?.label ?? title(at: end - 1),
                classes: topNode.presentation.classes, style: style,
                dismissHref: start > 0 ? urls[start - 1] : nil))
            start = end
        }
        self.layers = layers
        self.urls = urls

        let bar = Self.tabBar(table: table, root: tabRoot ?? steps[0].node, rememberedTabs: rememberedTabs, access: access)
        tabs = bar.tabs
        selectedTabName = bar.selected
        tabBarClasses = bar.classes
    }

    /// The tab bar of a state whose first step is `root`: empty when the root is no tab. The
    /// error pages draw it too, for the nearest valid screen.
    static func tabBar(
        table: RouteTable, root rootID: Int, rememberedTabs: (String) -> String? = { _ in nil }, access: TabAccess? = nil
    ) -> (tabs: [TabItem], selected: String?, classes: [String]) {
        let root = table.nodes[rootID]
        guard case .tab(let caseIndex, let selected) = root.kind else { return ([], nil, []) }
        var tabs: [TabItem] = []
        var selectedTabName: String?
        tabs.reserveCapacity(table.caseRoots[caseIndex].count)
        for id in table.caseRoots[caseIndex] {
            let node = table.nodes[id]
            guard case .tab(_, let tabIndex) = node.kind else { continue }
            let isSelected = tabIndex == selected
            var locked = false
            if let access {
                guard let marked = access.show(node.access) else { continue }   // hidden
                locked = marked
            }
            if isSelected { selectedTabName = node.name }
            var item = TabItem(
                label: node.tabLabel,
                // A locked tab leads to its root, which presents the sign-in.
                href: isSelected || locked ? node.rootURL : (rememberedTabs(node.name) ?? node.rootURL),
                isSelected: isSelected,
                icon: node.tabIcon)
            item.requiresSignIn = locked
            tabs.append(item)
        }
        var classes: [String] = []
        if case .tabs(let bar) = table.window.cases[caseIndex].content { classes = bar.presentation.classes }
        return (tabs, selectedTabName, classes)
    }

    static func title(of screen: any ContentScreen, context: any Sendable) -> String {
        screen._title(forAnyContext: context)
    }
}
