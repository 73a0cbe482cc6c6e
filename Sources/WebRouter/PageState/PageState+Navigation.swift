import WebRouterHTML
extension PageState {
    /// A tab of the tab bar (`<nav aria-label="Tabs">`).
    /// ```swift
    /// PageState.Tab(label: "Feed", href: "/feed", selected: true)
    /// ```
    public struct Tab: Codable, Sendable, Equatable {
        /// The tab's accessible name: its label, without the decorative icon.
        public var label: String
        /// Where the tab leads (its remembered stack, or its root).
        public var href: String
        /// Whether it is the selected tab (`aria-current="page"`).
        public var selected: Bool
        /// Whether the tab is marked as needing a signed-in person (a lock, described as
        /// "Sign-in required"): opening it presents the sign-in (see <doc:SignInPerScreen>).
        public var requiresSignIn: Bool

        /// A tab labelled `label` leading to `href`.
        /// ```swift
        /// PageState.Tab(label: "Search", href: "/search", selected: false)
        /// ```
        public init(label: String, href: String, selected: Bool, requiresSignIn: Bool = false) {
            self.label = label
            self.href = href
            self.selected = selected
            self.requiresSignIn = requiresSignIn
        }

        private enum CodingKeys: String, CodingKey { case label, href, selected, requiresSignIn }

        /// Reads a tab; a state written before `requiresSignIn` existed reads as `false`.
        /// ```swift
        /// try JSONDecoder().decode(PageState.Tab.self, from: Data(#"{"label":"Feed","href":"/feed","selected":true}"#.utf8))
        /// ```
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            label = try container.decode(String.self, forKey: .label)
            href = try container.decode(String.self, forKey: .href)
            selected = try container.decode(Bool.self, forKey: .selected)
            requiresSignIn = try container.decodeIfPresent(Bool.self, forKey: .requiresSignIn) ?? false
        }

        /// Writes every key.
        /// ```swift
        /// try JSONEncoder().encode(tab)   // {"href":"/journal","label":"Journal","requiresSignIn":true,"selected":false}
        /// ```
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .label)
            try container.encode(href, forKey: .href)
            try container.encode(selected, forKey: .selected)
            try container.encode(requiresSignIn, forKey: .requiresSignIn)
        }
    }

    /// An entry of a layer's breadcrumb (`<nav aria-label="Breadcrumb">`): a step of its stack.
    /// ```swift
    /// PageState.Crumb(label: "Tournament 5", href: "/feed/tournament/5")
    /// ```
    public struct Crumb: Codable, Sendable, Equatable {
        /// The step's title.
        public var label: String
        /// The URL of that step; `nil` for the last entry, the screen shown (`aria-current="page"`).
        public var href: String?

        /// An entry labelled `label`; `href` is `nil` for the current screen.
        /// ```swift
        /// PageState.Crumb(label: "Match 12", href: nil)
        /// ```
        public init(label: String, href: String?) {
            self.label = label
            self.href = href
        }

        private enum CodingKeys: String, CodingKey { case label, href }

        /// Writes both keys, `href` as `null` for the current screen.
        /// ```swift
        /// try JSONEncoder().encode(PageState.Crumb(label: "Match 12", href: nil))   // {"href":null,"label":"Match 12"}
        /// ```
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .label)
            try container.encode(href, forKey: .href)
        }
    }

    /// A visible link (`<a href>`), with where it sits: in which layer or alert, if any.
    /// ```swift
    /// PageState.Link(name: "Close", href: "/feed", rel: "dismiss", current: false, layer: 1, alert: nil)
    /// ```
    public struct Link: Codable, Sendable, Equatable {
        /// The link's accessible name (its text, or `aria-label`).
        public var name: String
        /// The `href`, as written in the page.
        public var href: String
        /// The `rel` attribute (`dismiss` closes a layer, `up` leads to a prefix), if any.
        public var rel: String?
        /// Whether the link marks where the person is (`aria-current`): the selected tab, a
        /// picker's chosen option.
        public var current: Bool
        /// The index in ``PageState/layers`` of the layer holding the link; `nil` outside any
        /// layer (tab bar, header, footer) and inside alerts.
        public var layer: Int?
        /// The index in ``PageState/alerts`` of the alert holding the link, if any.
        public var alert: Int?

        /// A link named `name` to `href`.
        /// ```swift
        /// PageState.Link(name: "Match 12", href: "/feed/match/12", rel: nil, current: false, layer: 0, alert: nil)
        /// ```
        public init(name: String, href: String, rel: String?, current: Bool, layer: Int?, alert: Int?) {
            self.name = name
            self.href = href
            self.rel = rel
            self.current = current
            self.layer = layer
            self.alert = alert
        }

        private enum CodingKeys: String, CodingKey { case name, href, rel, current, layer, alert }

        /// Writes every key, `null` for what is absent.
        /// ```swift
        /// try JSONEncoder().encode(link)   // {"alert":null,"current":true,"href":"/feed","layer":null,"name":"Feed","rel":null}
        /// ```
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(href, forKey: .href)
            try container.encode(rel, forKey: .rel)
            try container.encode(current, forKey: .current)
            try container.encode(layer, forKey: .layer)
            try container.encode(alert, forKey: .alert)
        }
    }

    /// A visible heading (`<h1>`…`<h6>`, or `role="heading"` with `aria-level`).
    /// ```swift
    /// PageState.Heading(level: 1, text: "Match 12")
    /// ```
    public struct Heading: Codable, Sendable, Equatable {
        /// The heading's level, 1 to 6.
        public var level: Int
        /// Its accessible name: the visible text.
        public var text: String

        /// A heading of `level` reading `text`.
        /// ```swift
        /// PageState.Heading(level: 2, text: "Lineups")
        /// ```
        public init(level: Int, text: String) {
            self.level = level
            self.text = text
        }
    }
}
